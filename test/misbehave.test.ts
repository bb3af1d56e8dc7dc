/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test: waits for the sandbox with setTimeout */
/**
 * Issue 13.3–13.7 through n8n's engine against a misbehaving sandbox: Return All always ends
 * (repeated pages, contradicting paging, cancellation), malformed By-URL escapes, the Base URL
 * rule at run time, Retry-After dates, the request timeout, and what n8n's item handling does
 * to writes when one item fails.
 */
import { DirectoryLoader, ExecuteContext, RoutingNode } from 'n8n-core';
import {
	Workflow,
	type IDataObject,
	type INode,
	type INodeParameters,
	type INodeType,
	type IRunExecutionData,
} from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import { endlessOrders } from './sandbox/misbehave';
import { accessTokenCredentials, ONE_PAGE_AT_A_TIME, rl, useSandbox } from './helpers/fixtures';
import {
	nodeTypes,
	PACKAGE,
	registerNodeType,
	runNode,
	testAdditionalData,
	TestCredentialsHelper,
	type RunOptions,
} from './helpers/harness';
import { ContentPlatform } from '../nodes/ContentPlatform/ContentPlatform.node';
import { retryAfterText } from '../nodes/ContentPlatform/shared/errors';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
		const loaded = new ContentPlatform();
		DirectoryLoader.applyDeclarativeNodeOptionParameters(loaded);
		registerNodeType('contentPlatformWithRequestOptions', loaded);
	},
	{ clearBeforeEach: true },
);

const returnAll: INodeParameters = { resource: 'order', operation: 'getAll', returnAll: true };
const isList = (r: RecordedRequest) => r.rawPath === '/v1/orders';
const pageNumbers = () => sandbox.requests.map((r) => Number(r.query['page[number]']));

async function run(parameters: INodeParameters, options: Partial<RunOptions> = {}) {
	return await runNode({
		parameters: { ...ONE_PAGE_AT_A_TIME, ...parameters },
		credentials: accessTokenCredentials(sandbox),
		...options,
	});
}

/**
 * n8n's RoutingNode for the node, on an ExecuteContext that carries an execution cancel signal (as
 * n8n's NodeTypes and WorkflowExecute build it for every node that has an `execute()`).
 */
function routingNodeWithSignal(parameters: INodeParameters, signal: AbortSignal): RoutingNode {
	const node: INode = {
		id: 'node-1',
		name: 'Content Platform',
		type: `${PACKAGE}.contentPlatform`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { contentPlatformApi: { id: '1', name: 'Content Platform account' } },
	};
	const workflow = new Workflow({ id: 'test', nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = testAdditionalData(new TestCredentialsHelper(accessTokenCredentials(sandbox)));
	const inputData = { main: [[{ json: {} }]] };
	const runExecutionData = { resultData: { runData: {} } } as unknown as IRunExecutionData;
	const executeData = { node, data: inputData, source: null };
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'manual',
		runExecutionData,
		0,
		[],
		inputData,
		executeData,
		[],
		signal,
	);
	return new RoutingNode(context, nodeTypes.getByNameAndVersion(node.type) as INodeType);
}

/** A page of `size` orders with IDs `<prefix>0 …`, as a list document. */
function page(prefix: string, size: number, extra: IDataObject = {}): IDataObject {
	return {
		data: Array.from({ length: size }, (_, i) => ({
			id: `${prefix}${i}`,
			type: 'orders',
			attributes: {},
			relationships: {},
		})),
		...extra,
	};
}

describe('Return All always ends', () => {
	test('a server that ignores page[number] (the same full page every time) → error at page 2, 2 requests', async () => {
		sandbox.failNext({ status: 200, body: page('same-', 100), times: 100_000, match: isList });
		const result = await run(returnAll);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe(
			'Return All stopped at page 2: page 2 holds only records already received on earlier pages (the API seems to ignore page[number]) (page 2, after 100 records)',
		);
		expect(pageNumbers()).toEqual([1, 2]);
	});

	test('the same page with links.next every time → error at page 2', async () => {
		const body = page('same-', 100, { links: { next: 'http://x/v1/orders?page[number]=2&page[size]=100' } });
		sandbox.failNext({ status: 200, body, times: 100_000, match: isList });
		const result = await run(returnAll);
		expect(result.error?.message).toMatch(/^Return All stopped at page 2: page 2 holds only records already received/);
		expect(pageNumbers()).toEqual([1, 2]);
	});

	test('links.next that points back to the same page → error at page 1, 1 request', async () => {
		sandbox.failNext({
			status: 200,
			body: (r) =>
				page(`p${r.query['page[number]']}-`, 100, {
					links: { next: `http://x/v1/orders?page[number]=${r.query['page[number]']}&page[size]=100` },
				}),
			times: 100_000,
			match: isList,
		});
		const result = await run(returnAll);
		expect(result.error?.message).toBe(
			'Return All stopped at page 1: links.next of page 1 points to page 1, not after it (page 1, after 0 records)',
		);
		expect(pageNumbers()).toEqual([1]);
	});

	test('meta.current_page stuck at 1 with meta.total_pages growing → error at page 2', async () => {
		sandbox.failNext({
			status: 200,
			body: (r) => page(`p${r.query['page[number]']}-`, 100, { meta: { current_page: 1, total_pages: 1_000_000 } }),
			times: 100_000,
			match: isList,
		});
		const result = await run(returnAll);
		expect(result.error?.message).toBe(
			'Return All stopped at page 2: page 2 says it is page 1 (meta.current_page) (page 2, after 100 records)',
		);
		expect(pageNumbers()).toEqual([1, 2]);
	});

	test('more records than meta.total_count says → error at the page that exceeds it', async () => {
		sandbox.failNext({
			status: 200,
			body: (r) => page(`p${r.query['page[number]']}-`, 100, { meta: { total_count: 150 } }),
			times: 100_000,
			match: isList,
		});
		const result = await run(returnAll);
		expect(result.error?.message).toBe(
			'Return All stopped at page 2: 200 records were received but meta.total_count says 150 (page 2, after 100 records)',
		);
	});

	test('with On Error: Continue → one error item naming the page', async () => {
		sandbox.failNext({ status: 200, body: page('same-', 100), times: 100_000, match: isList });
		const result = await run(returnAll, { continueOnFail: true });
		expect(result.items).toHaveLength(1);
		expect(String(result.items[0].json.error)).toMatch(/^Return All stopped at page 2: /);
	});

	test('a legitimate list of 2,050 orders: 21 pages, every record once, no cap', async () => {
		sandbox.insertMany('orders', 2050 - sandbox.store.orders.length);
		const result = await run(returnAll);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2050);
		expect(new Set(result.items.map((i) => i.json.id)).size).toBe(2050);
		expect(pageNumbers()).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
	});

	test('an endless well-formed list with a Limit of 5,000: exactly 5,000 records in 50 requests', async () => {
		sandbox.failNext({ status: 200, body: endlessOrders(), times: 100_000, match: isList });
		const result = await run({ resource: 'order', operation: 'getAll', returnAll: false, limit: 5000 });
		expect(result.items).toHaveLength(5000);
		expect(sandbox.requests).toHaveLength(50);
	});

	test("cancelling: with the execution's cancel signal (n8n's RoutingNode + ExecuteContext), no page after the one in flight", async () => {
		// each page answered after 100 ms: the execution is cancelled while page 6 is in flight
		sandbox.failNext({ status: 200, body: endlessOrders(), delayMs: 100, times: 100_000, match: isList });
		const controller = new AbortController();
		const routing = routingNodeWithSignal({ ...ONE_PAGE_AT_A_TIME, ...returnAll }, controller.signal);
		const outcome = routing.runNode().then(
			() => 'finished',
			(error: Error) => error.message,
		);
		while (sandbox.requests.length < 6) await new Promise((resolve) => setTimeout(resolve, 10));
		controller.abort();
		expect(await outcome).toBe('The execution was cancelled: no further request is sent (page 6, after 500 records)');
		expect(pageNumbers()).toEqual([1, 2, 3, 4, 5, 6]);
		sandbox.clearFaults();
	});

	test('cancelling through WorkflowExecute, as n8n runs the node: the page in flight is aborted, no further page', async () => {
		// each page answered after 100 ms; n8n's NodeTypes gives the node an execute() that runs its
		// routing on the execution's context, cancel signal included (test/helpers/harness.ts)
		sandbox.failNext({ status: 200, body: endlessOrders(), delayMs: 100, times: 100_000, match: isList });
		let cancel!: () => void;
		// n8n's cancelled execution promise does not settle in this harness: it is not awaited
		void run(returnAll, { onExecution: (execution) => (cancel = () => execution.cancel()) }).catch(() => undefined);
		while (sandbox.requests.length < 6) await new Promise((resolve) => setTimeout(resolve, 10));
		cancel();
		const atCancel = sandbox.requests.length;
		// ten page times: an engine without the signal would have asked for about ten more pages
		await new Promise((resolve) => setTimeout(resolve, 1000));
		sandbox.clearFaults();
		expect(sandbox.requests).toHaveLength(atCancel);
		expect(pageNumbers()).toEqual(Array.from({ length: atCancel }, (_, i) => i + 1));
	});
});

describe('By URL: an ID that cannot be decoded is refused before any request', () => {
	test.each([
		['Order → Get', '%E0%A4%A', { resource: 'order', operation: 'get' }, 'orderId', 'Order', 'orders'],
		['Order → Get', '100%', { resource: 'order', operation: 'get' }, 'orderId', 'Order', 'orders'],
		[
			'Form → Submit',
			'%zz',
			{ resource: 'form', operation: 'submit', email: 'a@example.com' },
			'formId',
			'Form',
			'forms',
		],
	])('%s with the ID %s in the URL', async (_name, id, parameters, locator, label, type) => {
		const url = `${sandbox.url}/v1/${type}/${id}${type === 'forms' ? '/submit' : ''}`;
		const result = await run({ ...parameters, [locator]: rl(url, 'url') } as INodeParameters);
		expect(result.error?.message).toBe(
			`"${label}": the ID "${id}" in the URL has a malformed % escape: copy the URL again, or enter the ID By ID`,
		);
		expect(sandbox.requests).toEqual([]);
	});
});

describe('the Base URL at run time', () => {
	const getOrder: INodeParameters = { resource: 'order', operation: 'get', orderId: rl('5') };

	test.each([
		['a trailing /v1', (u: string) => `${u}/v1`],
		['a trailing /v1/', (u: string) => `${u}/v1/`],
		['trailing slashes and spaces', (u: string) => ` ${u}// `],
	])('%s is normalised: GET /v1/orders/5', async (_name, baseUrl) => {
		const result = await runNode({
			parameters: getOrder,
			credentials: { contentPlatformApi: { baseUrl: baseUrl(sandbox.url), accessToken: sandbox.token } },
		});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual(['/v1/orders/5']);
	});

	test.each([
		['a query', (u: string) => `${u}?tenant=1`, /has a query/],
		['a fragment', (u: string) => `${u}#top`, /has a fragment/],
		['user:pass@', (u: string) => u.replace('//', '//ada:pa55@'), /contains a user name or password/],
		['no scheme', (u: string) => u.replace('http://', ''), /has no scheme: write it with https:\/\//],
		['an empty value', () => '  ', /Base URL is empty/],
	])('%s is refused before any request, with the fix', async (_name, baseUrl, message) => {
		const result = await runNode({
			parameters: getOrder,
			credentials: { contentPlatformApi: { baseUrl: baseUrl(sandbox.url), accessToken: sandbox.token } },
		});
		expect(result.error?.message).toMatch(message);
		expect(result.error?.message).not.toContain('pa55');
		expect(sandbox.requests).toEqual([]);
	});

	test('OAuth2 with a Base URL ending in /v1/: the token URL and the requests are normalised', async () => {
		const helper = new TestCredentialsHelper({
			contentPlatformOAuth2Api: { baseUrl: `${sandbox.url}/v1/`, clientId: 'client-id', clientSecret: 'client-secret' },
		});
		const result = await runNode({ parameters: { ...getOrder, authentication: 'oAuth2' }, credentials: helper });
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => `${r.method} ${r.rawPath}`)).toEqual([
			'POST /v1/oauth/token',
			'GET /v1/orders/5',
		]);
	});

	test('OAuth2 with a query in the Base URL: refused before the token request', async () => {
		const helper = new TestCredentialsHelper({
			contentPlatformOAuth2Api: { baseUrl: `${sandbox.url}?x=1`, clientId: 'client-id', clientSecret: 'client-secret' },
		});
		const result = await runNode({ parameters: { ...getOrder, authentication: 'oAuth2' }, credentials: helper });
		expect(result.error?.message).toMatch(/has a query/);
		expect(sandbox.requests).toEqual([]);
	});
});

describe('Retry-After', () => {
	test('an HTTP date prints as the date and the seconds left', async () => {
		const at = new Date(Date.now() + 90_000).toUTCString();
		sandbox.failNext({ status: 429, headers: { 'Retry-After': at }, body: '' });
		const result = await run({ resource: 'order', operation: 'get', orderId: rl('5') });
		expect(result.error?.message).toMatch(
			new RegExp(`^Rate limited by the Content Platform API: retry after ${at} \\(in (8\\d|9\\d) seconds\\)$`),
		);
	});

	test.each([
		['7', '7 seconds'],
		['1', '1 second'],
		['Wed, 21 Oct 2015 07:28:00 GMT', 'Wed, 21 Oct 2015 07:28:00 GMT (in 0 seconds)'],
		['soon', undefined],
	])('Retry-After %j → %j', (value, text) => {
		expect(retryAfterText(value)).toBe(text);
	});
});

describe('request timeout (Request Settings → Timeout, default 60 s)', () => {
	test('Get: an API that accepts the connection and stalls → "did not answer within 1 s"', async () => {
		sandbox.failNext({ delayMs: 4000 });
		const result = await run({
			resource: 'order',
			operation: 'get',
			orderId: rl('5'),
			requestSettings: { timeout: 1 },
		});
		expect(result.error?.message).toBe('The Content Platform API did not answer within 1 s');
		expect(sandbox.requests.map((r) => r.status)).toEqual([0]);
	});

	test('Contact Note → Create stalling → the same message; the write is not sent again', async () => {
		sandbox.failNext({ delayMs: 4000 });
		const result = await run({
			resource: 'contactNote',
			operation: 'create',
			contactId: rl('1'),
			body: 'x',
			requestSettings: { timeout: 1 },
		});
		expect(result.error?.message).toBe('The Content Platform API did not answer within 1 s');
		expect(sandbox.requests).toHaveLength(1);
	});

	test("n8n's own Request Options → Timeout (ms), when set, is used instead", async () => {
		sandbox.failNext({ delayMs: 4000 });
		const result = await run(
			{ resource: 'order', operation: 'get', orderId: rl('5'), requestOptions: { timeout: 500 } },
			{ type: 'contentPlatformWithRequestOptions' },
		);
		expect(result.error?.message).toBe('The Content Platform API did not answer within 0.5 s');
	});
});

describe('writes with several items, the middle one failing (measured)', () => {
	const notes = ['note 1', 'note 2', 'note 3'].map((body) => ({ body }));
	const createNotes: INodeParameters = {
		resource: 'contactNote',
		operation: 'create',
		contactId: rl('1'),
		body: '={{ $json.body }}',
	};
	const failSecond = (delayMs?: number) =>
		sandbox.failNext({
			status: 500,
			delayMs,
			match: (r) => (r.body as { data?: { attributes?: { body?: string } } })?.data?.attributes?.body === 'note 2',
		});
	const written = (before: number) => sandbox.store.contact_notes.slice(before).map((n) => n.attributes.body);

	test('"Stop Workflow" (default): the node fails, yet notes 1 and 3 are written', async () => {
		const before = sandbox.store.contact_notes.length;
		failSecond();
		const result = await run(createNotes, { input: notes });
		expect(result.error?.message).toMatch(/^The Content Platform API answered 500/);
		expect(result.items).toEqual([]);
		expect(written(before).sort()).toEqual(['note 1', 'note 3']);
		expect(sandbox.requests).toHaveLength(3);
	});

	test("n8n's batching (Request Options → Batching, 1 item per 200 ms) still sends every item", async () => {
		const before = sandbox.store.contact_notes.length;
		// answered after the last item was sent (n8n does not await a batch before the next one;
		// a failure during the interval is an unhandled rejection that n8n only logs)
		failSecond(500);
		const result = await run(
			{ ...createNotes, requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 200 } } } },
			{ input: notes, type: 'contentPlatformWithRequestOptions' },
		);
		expect(result.error).toBeDefined();
		expect(written(before)).toEqual(['note 1', 'note 3']);
		expect(sandbox.requests.map((r) => r.status)).toEqual([201, 500, 201]);
	});

	test('"Continue (using error output)": notes 1 and 3 on the success output, note 2 on the error output', async () => {
		const before = sandbox.store.contact_notes.length;
		failSecond();
		const result = await run(createNotes, { input: notes, settings: { onError: 'continueErrorOutput' } });
		expect(result.error).toBeUndefined();
		const outputs = result.run.data.resultData.runData['Content Platform'][0].data!.main;
		expect(outputs[0]!.map((i) => i.json.body)).toEqual(['note 1', 'note 3']);
		expect(outputs[1]!.map((i) => String(i.json.error ?? i.error?.message))).toEqual([
			'The Content Platform API answered 500: Internal Server Error: Injected fault',
		]);
		expect(written(before)).toEqual(['note 1', 'note 3']);
		expect(sandbox.requests).toHaveLength(3);
	});

	test('"Retry On Fail" (2 tries): the whole node runs again, 5 notes for 3 items', async () => {
		const before = sandbox.store.contact_notes.length;
		failSecond();
		const result = await run(createNotes, {
			input: notes,
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(written(before).sort()).toEqual(['note 1', 'note 1', 'note 2', 'note 3', 'note 3']);
		expect(sandbox.requests).toHaveLength(6);
	});
});
