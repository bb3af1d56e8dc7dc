/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- the test reads docs/contract.md */
/**
 * The API contract: the platform's OpenAPI document (spec/platform-openapi-v1.1.0.yaml) checks
 * every request the node can make and every sandbox answer (docs/contract.md).
 *
 * The field sweep (test/helpers/sweep.ts) runs all operations of the action node through n8n's
 * engine against the sandbox, every field filled, then every read once more plain, the editor's
 * lookups and both triggers' requests for every event. Each request
 * (method, path, query by literal names, headers, body) is validated against the document's
 * operation for its method and path template, each answer against the document's response for
 * its status (test/contract/openapi.ts, openapi-backend's router and validator). Every documented
 * query parameter and every include value of the document's examples must be sent at least once.
 *
 * What differs lives in ONE table, test/contract/deviations.ts: the test fails on a finding
 * that is not a row, and on a row that is no longer found. The figures (parameters reachable,
 * answers conforming, table rows) are printed and must match the ones docs/contract.md states.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties } from 'n8n-workflow';

import { ContentPlatform } from '../nodes/ContentPlatform/ContentPlatform.node';
import type { RecordedRequest, Sandbox } from './sandbox';
import { accessTokenCredentials, useSandbox } from './helpers/fixtures';
import { registerNodeType, runNode } from './helpers/harness';
import { ALL_OPERATIONS, runSweep, type SweepRun } from './helpers/sweep';
import { DEVIATIONS } from './contract/deviations';
import {
	DOCUMENT,
	DOCUMENT_LINES,
	checkAnswer,
	checkRequest,
	evaluate,
	findingKey,
	loadContract,
	type Contract,
	type Evaluation,
} from './contract/openapi';

let sandbox: Sandbox;
useSandbox((started) => {
	sandbox = started;
});

let contract: Contract;
let runs: SweepRun[];
let result: Evaluation;
const TABLE = new Set(DEVIATIONS.map(findingKey));

beforeAll(async () => {
	contract = loadContract();
	runs = await runSweep(sandbox);
	result = evaluate(
		contract,
		runs.flatMap((run) => run.requests),
	);
}, 120_000);

/** Findings that are not rows of the table, one line each. */
const unlisted = (evaluation: Evaluation) =>
	[...evaluation.findings.values()]
		.filter((f) => !TABLE.has(findingKey(f)))
		.map((f) => `${findingKey(f)}: ${f.message}`);

describe('the sweep', () => {
	test('runs every operation of the node (73) with every field, every read (49) plain, every editor lookup and every trigger event, without an error', () => {
		expect(ALL_OPERATIONS).toHaveLength(73);
		expect(runs.filter((run) => run.fill === 'every')).toHaveLength(73);
		// 49 reads, the hook sample once for each of its 6 events.
		expect(runs.filter((run) => run.fill === 'plain')).toHaveLength(54);
		// 20 list searches without and with a search text, 2 option lists, the custom-field mapping.
		expect(runs.filter((run) => run.fill === 'editor')).toHaveLength(43);
		// The polling trigger's 7 events, the webhook trigger's 6.
		expect(runs.filter((run) => run.fill === 'trigger')).toHaveLength(13);
		expect(runs.filter((run) => run.error).map((run) => `${run.resource}.${run.operation}: ${run.error}`)).toEqual([]);
		for (const run of runs) {
			expect([`${run.resource}.${run.operation}`, run.requests.length > 0]).toEqual([
				`${run.resource}.${run.operation}`,
				true,
			]);
		}
		expect(runs.flatMap((run) => run.requests).filter((r) => !r.answer)).toEqual([]);
	});

	test("reaches the 75 operations of the document that are not OAuth (n8n's OAuth2 client gets tokens; nothing revokes them)", () => {
		const reached = new Set(
			runs
				.flatMap((run) => run.requests)
				.map((r) => contract.router.matchOperation({ ...r, method: r.method.toLowerCase(), headers: {} })?.operationId),
		);
		const all = contract.router.getOperations().map((op) => op.operationId!);
		expect(all).toHaveLength(77);
		expect(all.filter((id) => !reached.has(id))).toEqual(['POST /v1/oauth/token', 'POST /v1/oauth/revoke']);
	});
});

describe('the contract', () => {
	test('every finding is a row of the deviation table', () => {
		expect(unlisted(result)).toEqual([]);
	});

	test('every row of the deviation table still occurs', () => {
		expect(DEVIATIONS.map(findingKey).filter((key) => !result.findings.has(key))).toEqual([]);
	});

	test('rows are unique, explained, and cite a line of the document', () => {
		expect(TABLE.size).toBe(DEVIATIONS.length);
		for (const row of DEVIATIONS) {
			const [file, line] = row.line.split(':');
			expect([findingKey(row), file]).toEqual([findingKey(row), DOCUMENT]);
			expect(DOCUMENT_LINES[Number(line) - 1]?.trim() || 'no such line').not.toBe('no such line');
			expect(row.why.length).toBeGreaterThan(20);
		}
	});
});

describe('the validator', () => {
	const request = (over: Partial<RecordedRequest>): RecordedRequest => ({
		method: 'GET',
		rawPath: '/v1/contacts',
		path: '/v1/contacts',
		rawQuery: '',
		query: {},
		headers: { accept: 'application/vnd.api+json' },
		body: undefined,
		status: 200,
		...over,
	});
	const at = (r: RecordedRequest) => [...checkRequest(contract, r), ...checkAnswer(contract, r)].map(findingKey);

	test('takes bracketed query names literally, repeated ones as lists, and flags an unknown one', () => {
		const products = request({ path: '/v1/products', rawPath: '/v1/products' });
		expect(
			at({
				...products,
				rawQuery: 'filter%5Bexclude_product_types%5D%5B%5D=a&filter%5Bexclude_product_types%5D%5B%5D=b',
			}),
		).toEqual([]);
		expect(at({ ...products, rawQuery: 'fields%5Bproducts%5D=title&filter%5Bsite_id%5D=1' })).toEqual([]);
		expect(at({ ...products, rawQuery: 'filter%5Bfoo%5D=1' })).toEqual(['request GET /v1/products query filter[foo]']);
		expect(at({ ...products, rawQuery: 'page%5Bsize%5D=many' })).toEqual(['request GET /v1/products query page[size]']);
	});

	test('validates application/vnd.api+json bodies and answers, and path templates', () => {
		const patch = request({
			method: 'PATCH',
			path: '/v1/contacts/7',
			rawPath: '/v1/contacts/7',
			headers: { 'content-type': 'application/vnd.api+json' },
			body: { data: { id: '7', type: 'contacts', attributes: { subscribed: 'yes' } } },
			answer: { contentType: 'application/vnd.api+json', text: JSON.stringify({ data: [] }) },
		});
		expect(at(patch)).toEqual([
			'request PATCH /v1/contacts/{id} body /data/attributes/subscribed',
			'response PATCH /v1/contacts/{id} 200 /data',
		]);
		expect(at({ ...patch, headers: { 'content-type': 'application/json' }, answer: undefined })).toEqual([
			'request PATCH /v1/contacts/{id} body /data/attributes/subscribed',
			'request PATCH /v1/contacts/{id} header content-type',
		]);
		expect(at({ ...patch, body: undefined, status: 418 })).toEqual(['response PATCH /v1/contacts/{id} 418 status']);
	});

	test('a planted deviation (a test-only extra query parameter) fails the check', async () => {
		const planted = new ContentPlatform();
		const extra: INodeProperties = {
			displayName: 'Planted',
			name: 'planted',
			type: 'string',
			default: 'x',
			displayOptions: { show: { resource: ['contact'], operation: ['getAll'] } },
			routing: { send: { type: 'query', property: 'filter[foo]' } },
		};
		planted.description = { ...planted.description, properties: [...planted.description.properties, extra] };
		registerNodeType('contentPlatformPlanted', planted);
		sandbox.clearRequests();
		const { error } = await runNode({
			type: 'contentPlatformPlanted',
			parameters: { resource: 'contact', operation: 'getAll', limit: 1, planted: 'x' },
			credentials: accessTokenCredentials(sandbox),
		});
		// The sandbox refuses it too (400); the contract names the parameter before any answer.
		expect(error?.message).toContain("'foo' is not a valid filter");
		expect(sandbox.requests.flatMap((r) => checkRequest(contract, r)).map(findingKey)).toEqual([
			'request GET /v1/contacts query filter[foo]',
		]);
		const withPlanted = evaluate(contract, [...runs.flatMap((run) => run.requests), ...sandbox.requests]);
		expect(unlisted(withPlanted)).toContain(
			'request GET /v1/contacts query filter[foo]: must NOT have additional properties',
		);
	});
});

/** The figures line of docs/contract.md: `parameters reachable / documented: N / M; answers conforming / checked: N / M; deviation table rows: N`. */
const FIGURES =
	/parameters reachable \/ documented: (\d+) \/ (\d+); answers conforming \/ checked: (\d+) \/ (\d+); deviation table rows: (\d+)/;

test('the figures docs/contract.md states are the measured ones', () => {
	const measured = [
		result.reachable,
		result.documented,
		result.answersConforming,
		result.answersChecked,
		DEVIATIONS.length,
	];
	const summary = `parameters reachable / documented: ${measured[0]} / ${measured[1]}; answers conforming / checked: ${measured[2]} / ${measured[3]}; deviation table rows: ${measured[4]}`;
	process.stdout.write(`\nContract figures: ${summary}\n`);
	const doc = readFileSync(join(__dirname, '..', 'docs', 'contract.md'), 'utf8');
	expect(FIGURES.exec(doc)?.slice(1).map(Number)).toEqual(measured);
});
