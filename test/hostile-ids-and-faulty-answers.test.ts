/**
 * Hostile IDs, malformed or unusual answers, and server faults during Return All, through n8n's
 * real engine against the sandbox (docs/hardening.md lists every case → expected → test name). Nothing may crash, go to another endpoint, or be half-reported
 * as success; the access token appears in no error, item or run data.
 */
import { DirectoryLoader } from 'n8n-core';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Fault, RecordedRequest, Sandbox } from './sandbox';
import { accessTokenCredentials, ONE_PAGE_AT_A_TIME, useSandbox, nodeRunner, rl } from './helpers/fixtures';
import { DEFAULT_PARALLEL_PAGES } from '../nodes/ContentPlatform/routing/pageScheduler';
import { registerNodeType, runNode } from './helpers/harness';
import { ContentPlatform } from '../nodes/ContentPlatform/ContentPlatform.node';
import { expectNoSecret } from './helpers/secrets';

const CANARY = 'cp-hardening-secret-91f2a';

/** Orders in the store for the Return All cases: 450 = 5 pages of 100. */
const ORDERS = 450;

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
		sandbox.insertMany('orders', ORDERS - sandbox.store.orders.length);
		// The node type as n8n's loader registers it: with the "Request Options" (timeout, ...) that
		// n8n adds to every declarative node (n8n-core DirectoryLoader.applyDeclarativeNodeOptionParameters).
		const loaded = new ContentPlatform();
		DirectoryLoader.applyDeclarativeNodeOptionParameters(loaded);
		registerNodeType('contentPlatformAsLoaded', loaded);
	},
	{ token: CANARY, clearBeforeEach: true },
);

const returnAllOrders: INodeParameters = { resource: 'order', operation: 'getAll', returnAll: true };
const onPage = (n: number) => (request: RecordedRequest) => request.query['page[number]'] === String(n);

const runOnePageAtATime = nodeRunner(() => sandbox, {
	parameters: ONE_PAGE_AT_A_TIME,
	options: { keepRequests: true },
});

/** Runs the node one page at a time and checks that the token is nowhere in what the run produced. */
async function runLeakingNothing(
	parameters: INodeParameters,
	options: { continueOnFail?: boolean; type?: string } = {},
) {
	const result = await runOnePageAtATime(parameters, options);
	expectNoSecret(result, CANARY);
	return result;
}

/** Statuses of the list requests, as `page:status` (0 = connection reset / aborted). */
const pageStatuses = () => sandbox.requests.map((r) => `${r.query['page[number]']}:${r.status}`);

/** A page of orders as the API serves it (fetched directly), to replay with changes. */
async function ordersPage(number: number, size = 100): Promise<IDataObject> {
	const response = await fetch(`${sandbox.url}/v1/orders?page[number]=${number}&page[size]=${size}`, {
		headers: { Authorization: `Bearer ${CANARY}` },
	});
	return (await response.json()) as IDataObject;
}

describe('hostile IDs: one encoded path segment, never another endpoint', () => {
	test.each([
		['a slash', 'a/b', '/v1/orders/a%2Fb'],
		['a parent path', '../contacts', '/v1/orders/..%2Fcontacts'],
		['a query', '12?include=customer', '/v1/orders/12%3Finclude%3Dcustomer'],
		['a fragment', '12#x', '/v1/orders/12%23x'],
		['a percent sign', '100%', '/v1/orders/100%25'],
		['an encoded slash typed literally', '%2F', '/v1/orders/%252F'],
		['spaces inside', 'a b', '/v1/orders/a%20b'],
		['unicode', 'ünï/çødé', '/v1/orders/%C3%BCn%C3%AF%2F%C3%A7%C3%B8d%C3%A9'],
		['an emoji', '😀', '/v1/orders/%F0%9F%98%80'],
		['a backslash', 'a\\b', '/v1/orders/a%5Cb'],
	])('ID with %s (%j) → %s, a clear 404 naming the ID', async (_name, id, path) => {
		const result = await runLeakingNothing({ resource: 'order', operation: 'get', orderId: rl(id) });
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual([path]);
		expect(sandbox.requests[0].rawQuery).toBe('');
		expect(result.error?.message).toBe(`No order with ID "${id}" — Not Found: Couldn't find Order with 'id'=${id}`);
		expect(result.items).toEqual([]);
	});

	test('a record whose ID has a slash, spaces and unicode is found by that ID', async () => {
		const record = sandbox.insert('podcasts', {}, {}, { id: 'pod/2026 ü#1' });
		const result = await runLeakingNothing({ resource: 'podcast', operation: 'get', podcastId: rl(record.id) });
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual(['/v1/podcasts/pod%2F2026%20%C3%BC%231']);
		expect(result.items.map((i) => i.json.id)).toEqual([record.id]);
	});

	test('By URL: a URL whose ID is percent-encoded is decoded once, never twice', async () => {
		const result = await runLeakingNothing({
			resource: 'order',
			operation: 'get',
			orderId: rl(`${sandbox.url}/v1/orders/a%2Fb`, 'url'),
		});
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual(['/v1/orders/a%2Fb']);
		expect(result.error?.message).toMatch(/^No order with ID "a\/b"/);
	});

	test.each([
		['two dots', '..'],
		['one dot', '.'],
	])('ID of %s stays on /v1/orders/<id> or is refused', async (_name, id) => {
		const result = await runLeakingNothing({ resource: 'order', operation: 'get', orderId: rl(id) });
		expect(result.error).toBeDefined();
		expect(sandbox.requests.every((r) => /^\/v1\/orders\/[^/]+$/.test(r.rawPath))).toBe(true);
	});
});

describe('unusual answers: a clear error or the correct items', () => {
	const notJsonApi = 'The Content Platform API answered with something that is not a JSON:API document: ';

	test.each<[string, Fault, string]>([
		[
			'an empty body',
			{ status: 200, headers: { 'Content-Type': 'application/vnd.api+json' }, body: '' },
			`${notJsonApi}an empty body`,
		],
		[
			'an HTML error page with status 200',
			{
				status: 200,
				headers: { 'Content-Type': 'text/html' },
				body: '<!DOCTYPE html><html><body><h1>Down for maintenance</h1></body></html>',
			},
			`${notJsonApi}<!DOCTYPE html><html><body><h1>Down for maintenance</h1></body></html>`,
		],
		[
			'an HTML error page with status 503',
			{
				status: 503,
				headers: { 'Content-Type': 'text/html' },
				body: '<html><body>503 Service Temporarily Unavailable</body></html>',
			},
			'The Content Platform API answered 503 with <html><body>503 Service Temporarily Unavailable</body></html>',
		],
		[
			'truncated JSON',
			{ status: 200, body: '{"data":[{"id":"1","type":"orders","attributes":{"order_nu' },
			`${notJsonApi}{"data":[{"id":"1","type":"orders","attributes":{"order_nu`,
		],
		['data: null', { status: 200, body: { data: null, links: {} } }, `${notJsonApi}{"data":null,"links":{}}`],
		[
			'data holding non-resources',
			{ status: 200, body: { data: [{ name: 'x' }] } },
			`${notJsonApi}{"data":[{"name":"x"}]}`,
		],
	])('Get Many answered with %s → error, no items', async (_name, fault, message) => {
		sandbox.failNext(fault);
		const result = await runLeakingNothing({ resource: 'order', operation: 'getAll', returnAll: false, limit: 10 });
		expect(result.items).toEqual([]);
		expect(result.error?.message.startsWith(message)).toBe(true);
	});

	test.each<[string, Fault]>([
		['an empty body', { status: 200, body: '' }],
		['an HTML page', { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html>oops</html>' }],
		['truncated JSON', { status: 200, body: '{"data":{"id":"5","ty' }],
		['data: null', { status: 200, body: { data: null } }],
	])('Get answered with %s → error, no items', async (_name, fault) => {
		sandbox.failNext(fault);
		const result = await runLeakingNothing({ resource: 'order', operation: 'get', orderId: rl('5') });
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(
			/^The Content Platform API answered with something that is not a JSON:API document: /,
		);
	});

	test('an empty list (data: []) is a correct empty result, not an error', async () => {
		const result = await runLeakingNothing({
			resource: 'order',
			operation: 'getAll',
			returnAll: true,
			filters: { customer_id: 'nobody' },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
		expect(sandbox.requests).toHaveLength(1);
	});

	test('pages without "links": Return All still reads every page, by page length', async () => {
		for (const n of [1, 2, 3, 4, 5]) {
			const page = await ordersPage(n);
			delete page.links;
			sandbox.failNext({ status: 200, body: page, match: onPage(n) });
		}
		sandbox.clearRequests();
		const result = await runLeakingNothing(returnAllOrders);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(ORDERS);
		expect(new Set(result.items.map((i) => i.json.id)).size).toBe(ORDERS);
		expect(pageStatuses()).toEqual(['1:200', '2:200', '3:200', '4:200', '5:200']);
	});

	test('unknown extra members (document, resource, attributes, relationships) are carried, not fatal', async () => {
		sandbox.failNext({
			status: 200,
			body: {
				jsonapi: { version: '1.1' },
				meta: { request_id: 'r-1' },
				data: {
					id: '5',
					type: 'orders',
					attributes: { order_number: 1005, loyalty_points: 12, gift: { wrap: true } },
					relationships: { coupon: { data: { id: 'C1', type: 'coupons' } }, notes: { meta: { count: 2 } } },
					meta: { etag: 'abc' },
				},
				links: { self: 'x' },
			},
		});
		const [simple] = (await runLeakingNothing({ resource: 'order', operation: 'get', orderId: rl('5') })).items.map(
			(i) => i.json,
		);
		expect(simple).toEqual({
			id: '5',
			type: 'orders',
			order_number: 1005,
			loyalty_points: 12,
			gift: { wrap: true },
			coupon_id: 'C1',
		});

		sandbox.failNext({
			status: 200,
			body: { data: { id: '5', type: 'orders', attributes: { extra: 1 }, meta: { etag: 'abc' } }, jsonapi: {} },
		});
		const [raw] = (
			await runLeakingNothing({ resource: 'order', operation: 'get', orderId: rl('5'), simple: false })
		).items.map((i) => i.json);
		expect(raw).toEqual({ id: '5', type: 'orders', attributes: { extra: 1 }, meta: { etag: 'abc' } });
	});

	test('a page larger than asked with a Limit: exactly Limit items, the first ones', async () => {
		const big = await ordersPage(1, 25);
		sandbox.failNext({ status: 200, body: big });
		sandbox.clearRequests();
		const result = await runLeakingNothing({ resource: 'order', operation: 'getAll', returnAll: false, limit: 10 });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual((big.data as IDataObject[]).slice(0, 10).map((r) => r.id));
		expect(pageStatuses()).toEqual(['1:200']);
	});

	test('a page larger than asked during Return All (server pages of 150): every record once', async () => {
		const first = await ordersPage(1, 150);
		const rest = [await ordersPage(2, 150), await ordersPage(3, 150), await ordersPage(4, 150)];
		sandbox.failNext({ status: 200, body: first, match: onPage(1) });
		rest.forEach((body, i) => sandbox.failNext({ status: 200, body, match: onPage(i + 2) }));
		sandbox.clearRequests();
		const result = await runLeakingNothing(returnAllOrders);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(ORDERS);
		expect(new Set(result.items.map((i) => i.json.id)).size).toBe(ORDERS);
	});

	test('a Get answered with a list document → error, not N items', async () => {
		sandbox.failNext({ status: 200, body: await ordersPage(1, 3) });
		const result = await runLeakingNothing({ resource: 'order', operation: 'get', orderId: rl('5') });
		expect(result.error).toBeDefined();
		expect(result.items).toEqual([]);
	});
});

describe('server faults during Return All (5 pages): fail, or an error item, never half a success', () => {
	const FAULTS: Array<[string, Fault, RegExp]> = [
		['a 500 on page 3', { status: 500, match: onPage(3) }, /^The Content Platform API answered 500: /],
		['a connection reset on page 3', { destroy: true, match: onPage(3) }, /connection .*closed unexpectedly/],
		[
			// beyond the 60 s the package waits for (the 429 rule, transport/throttle.ts): not sent again
			'a 429 with Retry-After on page 3',
			{ status: 429, headers: { 'Retry-After': '120' }, body: '', match: onPage(3) },
			/^Rate limited by the Content Platform API: retry after 120 seconds/,
		],
		[
			'truncated JSON on page 3',
			{ status: 200, body: '{"data":[{"id":', match: onPage(3) },
			/^The Content Platform API answered with something that is not a JSON:API document/,
		],
		[
			'data: null on page 3',
			{ status: 200, body: { data: null }, match: onPage(3) },
			/^The Content Platform API answered with something that is not a JSON:API document/,
		],
	];

	test.each(FAULTS)('%s → the node fails, no items; pages 4 and 5 are not requested', async (_name, fault, message) => {
		sandbox.failNext(fault);
		const result = await runLeakingNothing(returnAllOrders);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(message);
		expect(pageStatuses()).toEqual(['1:200', '2:200', `3:${fault.destroy ? 0 : (fault.status ?? 500)}`]);
	});

	test.each(FAULTS)(
		'%s with Continue On Fail → exactly one error item, none of the 200 records read',
		async (_name, fault, message) => {
			sandbox.failNext(fault);
			const result = await runLeakingNothing(returnAllOrders, { continueOnFail: true });
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(1);
			expect(Object.keys(result.items[0].json)).toEqual(['error']);
			expect(String(result.items[0].json.error)).toMatch(message);
		},
	);

	test('a slow page beyond the timeout (Request Options → Timeout, as n8n adds it) → fails, no items', async () => {
		sandbox.failNext({ delayMs: 3000, match: onPage(3) });
		const result = await runLeakingNothing(
			{ ...returnAllOrders, requestOptions: { timeout: 300 } },
			{ type: 'contentPlatformAsLoaded' },
		);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe(
			'The Content Platform API did not answer within 0.3 s (page 3, after 200 records)',
		);
		expect(pageStatuses()).toEqual(['1:200', '2:200', '3:0']);
	});

	test('the node declares Request Settings → Timeout (60 s); n8n adds Request Options → Timeout when it loads the node', () => {
		const loaded = new ContentPlatform();
		DirectoryLoader.applyDeclarativeNodeOptionParameters(loaded);
		const requestOptions = loaded.description.properties.find((p) => p.name === 'requestOptions');
		expect(requestOptions?.options?.map((o) => o.name)).toContain('timeout');
		const settings = new ContentPlatform().description.properties.find((p) => p.name === 'requestSettings');
		expect(settings?.options?.map((o) => [o.name, (o as { default?: unknown }).default])).toEqual([
			['timeout', 60],
			['parallelPages', DEFAULT_PARALLEL_PAGES],
		]);
	});

	test('a fault on one input item with Continue On Fail does not spoil the other items', async () => {
		sandbox.failNext({ status: 500, match: (r) => r.rawPath === '/v1/orders/2' });
		const multi = await runNode({
			parameters: { resource: 'order', operation: 'get', orderId: rl('={{ $json.id }}') },
			credentials: accessTokenCredentials(sandbox),
			input: [{ id: '1' }, { id: '2' }, { id: '3' }],
			continueOnFail: true,
		});
		expectNoSecret(multi, CANARY);
		expect(multi.error).toBeUndefined();
		expect(multi.items.map((i) => i.json.error ?? i.json.id)).toEqual([
			'1',
			'The Content Platform API answered 500: Internal Server Error: Injected fault',
			'3',
		]);
		expect(sandbox.requests.map((r) => `${r.rawPath}:${r.status}`)).toEqual([
			'/v1/orders/1:200',
			'/v1/orders/2:500',
			'/v1/orders/3:200',
		]);
	});

	test.each(FAULTS)('%s → the error names the page: "(page 3, after 200 records)"', async (_name, fault) => {
		sandbox.failNext(fault);
		const result = await runLeakingNothing(returnAllOrders);
		expect(result.error?.message).toMatch(/ \(page 3, after 200 records\)$/);
	});
});
