/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test: waits for the sandbox with setTimeout */
/**
 * Return All always ends, through n8n's engine against a sandbox that misbehaves: repeated pages,
 * links or page counters that contradict each other, more records than the total says, an endless
 * list with a Limit, and cancellation (no page after the one in flight).
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
import { endlessOrders } from './sandbox/fault-bodies';
import { accessTokenCredentials, ONE_PAGE_AT_A_TIME, useSandbox, nodeRunner } from './helpers/fixtures';
import { nodeTypes, PACKAGE, registerNodeType, testAdditionalData, TestCredentialsHelper } from './helpers/harness';
import { ContentPlatform } from '../nodes/ContentPlatform/ContentPlatform.node';

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

const run = nodeRunner(() => sandbox, { parameters: ONE_PAGE_AT_A_TIME, options: { keepRequests: true } });

const returnAll: INodeParameters = { resource: 'order', operation: 'getAll', returnAll: true };
const isList = (r: RecordedRequest) => r.rawPath === '/v1/orders';
const pageNumbers = () => sandbox.requests.map((r) => Number(r.query['page[number]']));

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
