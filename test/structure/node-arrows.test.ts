/**
 * The plan of the package's own code: its imports point one way.
 *
 *   nodes/api/                         what all three nodes use: the API's tables, the JSON:API model, the
 *                                      transport with its one door, errors, redaction, IDs, paging, and the
 *                                      n8n properties built from the tables
 *   nodes/ContentPlatform/             the action node: its builders, routing and resources
 *   nodes/ContentPlatformTrigger/      the polling trigger
 *   nodes/ContentPlatformWebhookTrigger/  the webhook trigger
 *   credentials/                       declarations n8n loads by themselves
 *
 * - No file under `nodes/api/` reaches a node's folder, directly or through other files.
 * - The triggers reach nothing under `nodes/ContentPlatform/` (the action node), nor each other.
 * - Nothing under `nodes/` imports `credentials/`: the nodes name a credential by its type name
 *   (`nodes/api/transport/credentials.ts`), and what they run lives in their transport.
 * - A credential file imports only `n8n-workflow` and exports only its class (n8n loads the class
 *   named as the file).
 * Imports are read with TypeScript's parser (test/helpers/imports.ts); type-only imports count too.
 */
import * as accessToken from '../../credentials/ContentPlatformApi.credentials';
import * as oAuth2 from '../../credentials/ContentPlatformOAuth2Api.credentials';
import { importsOf, sources, specifiers } from '../helpers/imports';

const API = 'nodes/api/';
const ACTION = 'nodes/ContentPlatform/';
const POLLING = 'nodes/ContentPlatformTrigger/';
const WEBHOOK = 'nodes/ContentPlatformWebhookTrigger/';

/**
 * For each file under `from`, the shortest chain of imports (file → the files it imports) to a
 * file under `to`, as "a → b → c"; one chain per file, sorted.
 */
export function arrowsInto(graph: Map<string, string[]>, from: string, to: string): string[] {
	const found: string[] = [];
	for (const start of [...graph.keys()].filter((file) => file.startsWith(from)).sort()) {
		const previous = new Map<string, string>([[start, '']]);
		const queue = [start];
		let hit: string | undefined;
		while (queue.length && hit === undefined) {
			const file = queue.shift()!;
			for (const target of graph.get(file) ?? []) {
				if (previous.has(target)) continue;
				previous.set(target, file);
				if (target.startsWith(to)) {
					hit = target;
					break;
				}
				queue.push(target);
			}
		}
		if (hit === undefined) continue;
		const chain = [hit];
		while (previous.get(chain[0])) chain.unshift(previous.get(chain[0])!);
		found.push(chain.join(' → '));
	}
	return found;
}

const nodeFiles = sources('nodes');
const graph = new Map(nodeFiles.map((file) => [file, importsOf(file)]));

describe('the shared home and the nodes: arrows point one way', () => {
	test('reads the node code and sees the imports it judges', () => {
		expect(nodeFiles.filter((file) => file.startsWith(API)).length).toBeGreaterThan(20);
		expect(graph.get(`${API}tables/registry.ts`)).toContain(`${API}tables/resources/order.ts`);
		// Downward, allowed: a node's file imports the shared home.
		expect(graph.get(`${ACTION}resources/hook/create.ts`)).toContain(`${API}tables/resources/hook.ts`);
		expect(graph.get(`${WEBHOOK}hooksApi.ts`)).toContain(`${API}transport/apiRequest.ts`);
	});

	test('the rule finds an arrow up, direct or through another file', () => {
		const old = new Map([
			[`${API}tables/registry.ts`, [`${ACTION}resources/order/table.ts`]],
			[`${API}tables/filters.ts`, [`${API}tables/types.ts`]],
			[`${API}properties/fields.ts`, [`${API}tables/registry.ts`]],
			[`${ACTION}resources/contact/index.ts`, [`${API}properties/fields.ts`]],
		]);
		expect(arrowsInto(old, API, ACTION)).toEqual([
			`${API}properties/fields.ts → ${API}tables/registry.ts → ${ACTION}resources/order/table.ts`,
			`${API}tables/registry.ts → ${ACTION}resources/order/table.ts`,
		]);
	});

	test.each([
		[API, ACTION],
		[API, POLLING],
		[API, WEBHOOK],
		[POLLING, ACTION],
		[POLLING, WEBHOOK],
		[WEBHOOK, ACTION],
		[WEBHOOK, POLLING],
		[ACTION, POLLING],
		[ACTION, WEBHOOK],
	])('no file under %s reaches a file under %s', (from, to) => {
		expect(arrowsInto(graph, from, to)).toEqual([]);
	});

	test('every file under nodes/ belongs to the home or to one node', () => {
		expect(nodeFiles.filter((file) => ![API, ACTION, POLLING, WEBHOOK].some((home) => file.startsWith(home)))).toEqual(
			[],
		);
	});
});

describe('credentials are declarations', () => {
	test('nothing under nodes/ imports credentials/', () => {
		expect(nodeFiles.flatMap((file) => specifiers(file).filter((s) => /(^|\/)credentials\//.test(s)))).toEqual([]);
		expect(arrowsInto(graph, 'nodes/', 'credentials/')).toEqual([]);
	});

	test('a credential imports only n8n-workflow, the shared account test and the Base URL rule, and exports only its class', () => {
		const files = sources('credentials');
		expect(files).toEqual([
			'credentials/ContentPlatformApi.credentials.ts',
			'credentials/ContentPlatformOAuth2Api.credentials.ts',
			'credentials/accountTest.ts',
		]);
		expect(new Set(specifiers('credentials/ContentPlatformApi.credentials.ts'))).toEqual(
			new Set(['n8n-workflow', '../nodes/api/transport/baseUrl', './accountTest']),
		);
		expect(new Set(specifiers('credentials/ContentPlatformOAuth2Api.credentials.ts'))).toEqual(
			new Set(['n8n-workflow', '../nodes/api/transport/baseUrl', './accountTest']),
		);
		expect(new Set(specifiers('credentials/accountTest.ts'))).toEqual(
			new Set(['n8n-workflow', '../nodes/api/transport/baseUrl']),
		);
		// The Base URL rule the credentials import is a leaf: it imports nothing.
		expect(specifiers('nodes/api/transport/baseUrl.ts')).toEqual([]);
		expect([Object.keys(accessToken), Object.keys(oAuth2)]).toEqual([
			['ContentPlatformApi'],
			['ContentPlatformOAuth2Api'],
		]);
	});
});
