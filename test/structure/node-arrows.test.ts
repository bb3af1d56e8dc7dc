/**
 * The plan of the package's own code: its imports point one way.
 *
 *   nodes/ContentPlatform/resources/   the resources' descriptions (operations and fields)
 *   nodes/ContentPlatform/shared/      tables, builders, transport: what the descriptions stand on
 *   credentials/                       declarations n8n loads by themselves
 *
 * - No file under `shared/` reaches a file under `resources/`, directly or through other files: the
 *   tables (`shared/tables/resources/<resource>.ts`) live with the other tables, and the resources'
 *   descriptions import them, never the other way round.
 * - Nothing under `nodes/` imports `credentials/`: the nodes name a credential by its type name
 *   (`shared/transport/credentials.ts`), and what they run lives in their transport.
 * - A credential file imports only `n8n-workflow` and exports only its class (n8n loads the class
 *   named as the file).
 * Imports are read with TypeScript's parser (test/helpers/imports.ts); type-only imports count too.
 */
import * as accessToken from '../../credentials/ContentPlatformApi.credentials';
import * as oAuth2 from '../../credentials/ContentPlatformOAuth2Api.credentials';
import { importsOf, sources, specifiers } from '../helpers/imports';

const NODE = 'nodes/ContentPlatform';
const SHARED = `${NODE}/shared/`;
const RESOURCES = `${NODE}/resources/`;

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

describe('shared/ never imports resources/', () => {
	test('reads the node code and sees the imports it judges', () => {
		expect(nodeFiles.filter((file) => file.startsWith(SHARED)).length).toBeGreaterThan(20);
		expect(graph.get(`${SHARED}tables/registry.ts`)).toContain(`${SHARED}tables/resources/order.ts`);
		// Downward, allowed: a resource's operation imports its table.
		expect(graph.get(`${RESOURCES}hook/create.ts`)).toContain(`${SHARED}tables/resources/hook.ts`);
	});

	test('the rule finds an arrow up, direct or through another file', () => {
		const old = new Map([
			[`${SHARED}tables/registry.ts`, [`${RESOURCES}order/table.ts`]],
			[`${SHARED}tables/filters.ts`, [`${SHARED}tables/types.ts`]],
			[`${SHARED}builders/read.ts`, [`${SHARED}tables/registry.ts`]],
			[`${RESOURCES}contact/index.ts`, [`${SHARED}builders/read.ts`]],
		]);
		expect(arrowsInto(old, SHARED, RESOURCES)).toEqual([
			`${SHARED}builders/read.ts → ${SHARED}tables/registry.ts → ${RESOURCES}order/table.ts`,
			`${SHARED}tables/registry.ts → ${RESOURCES}order/table.ts`,
		]);
	});

	test('no file under shared/ reaches a file under resources/', () => {
		expect(arrowsInto(graph, SHARED, RESOURCES)).toEqual([]);
	});
});

describe('credentials are declarations', () => {
	test('nothing under nodes/ imports credentials/', () => {
		expect(nodeFiles.flatMap((file) => specifiers(file).filter((s) => /(^|\/)credentials\//.test(s)))).toEqual([]);
		expect(arrowsInto(graph, 'nodes/', 'credentials/')).toEqual([]);
	});

	test('a credential file imports only n8n-workflow and exports only its class', () => {
		const files = sources('credentials');
		expect(files).toEqual([
			'credentials/ContentPlatformApi.credentials.ts',
			'credentials/ContentPlatformOAuth2Api.credentials.ts',
		]);
		for (const file of files) expect([file, [...new Set(specifiers(file))]]).toEqual([file, ['n8n-workflow']]);
		expect([Object.keys(accessToken), Object.keys(oAuth2)]).toEqual([
			['ContentPlatformApi'],
			['ContentPlatformOAuth2Api'],
		]);
	});
});
