'use strict';
/**
 * Stopping a running execution in a real n8n stops its requests: a production webhook starts Order → Get Many with Return All on an endless,
 * well-formed list (every page 100 new orders and a `links.next`, each page answered after 100 ms),
 * the execution is stopped with n8n's own `POST /rest/executions/{id}/stop` (the editor's Stop
 * button), and the sandbox counts the node's requests after the stop.
 *
 * What it measures: n8n (1.x and 2.x) gives a node without `execute()` (a declarative node) an
 * `execute` that runs n8n-core's RoutingNode on the execution's context (n8n's NodeTypes), so the
 * node has the execution's cancel signal: the stop aborts the page in flight and the node's
 * paging (`readGetMany`, ContentPlatform/routing/pages.ts) sends no further request.
 *
 * Used by e2e/run.js: `workflows()` (imported and published before `n8n.start()`), then
 * `checks({ sandbox, n8n, check })`. Alone: `npm run build && node e2e/cancel.js`.
 */
const assert = require('node:assert/strict');

const { endlessOrders } = require('../test/sandbox/fault-bodies');
const { retryWhile404, runStandalone } = require('./lib/standalone');
const { waitFor } = require('./lib/wait');

/** How often the waits ask: a page takes 100 ms. */
const EVERY_100_MS = { everyMs: 100 };

const WORKFLOW_ID = 'e2eCancelRetAll1';
const WEBHOOK_PATH = 'e2e-cancel-return-all';
const CUSTOMER = 'e2e-cancel';
const CREDENTIAL = { id: 'cpApiCredential1', name: 'Content Platform account' };
/** How long each page of the endless list takes to answer, and how long requests are counted after the stop. */
const PAGE_DELAY_MS = 100;
const WINDOW_MS = 3000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The workflow: a GET webhook (answers at once) → Order → Get Many, Return All, filtered to one customer. */
function workflows() {
	return [
		{
			id: WORKFLOW_ID,
			name: 'e2e: stop a running Return All',
			nodes: [
				{
					id: `${WORKFLOW_ID}-hook`,
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					webhookId: '6d1f4f0e-2b7a-4f7e-9a51-3c0de1a2c001',
					parameters: { httpMethod: 'GET', path: WEBHOOK_PATH, responseMode: 'onReceived', options: {} },
				},
				{
					id: `${WORKFLOW_ID}-list`,
					name: 'All orders',
					type: 'n8n-nodes-content-platform.contentPlatform',
					typeVersion: 1,
					position: [220, 0],
					parameters: { resource: 'order', operation: 'getAll', returnAll: true, filters: { customer_id: CUSTOMER } },
					credentials: { contentPlatformApi: CREDENTIAL },
				},
			],
			connections: { Webhook: { main: [[{ node: 'All orders', type: 'main', index: 0 }]] } },
			active: false,
			settings: { executionOrder: 'v1' },
			pinData: {},
		},
	];
}

/** The workflow ids to publish before `n8n.start()`. */
const publish = [WORKFLOW_ID];

/**
 * The checks, once n8n runs with the workflow published. Returns the figures
 * `{ pagesBeforeStop, requestsAfterStop, windowMs, pageDelayMs, status }`.
 */
async function checks({ sandbox, n8n, check }) {
	const isList = (r) => r.path === '/v1/orders' && r.query['filter[customer_id]'] === CUSTOMER;
	const pages = () => sandbox.requests.filter(isList).length;
	sandbox.failNext({ status: 200, body: endlessOrders(), delayMs: PAGE_DELAY_MS, times: 1_000_000, match: isList });
	const figures = { pageDelayMs: PAGE_DELAY_MS, windowMs: WINDOW_MS };
	try {
		const before = pages();
		await retryWhile404(async () => {
			const res = await fetch(`${n8n.baseUrl}/webhook/${WEBHOOK_PATH}`);
			if (res.status >= 400) throw new Error(`GET /webhook/${WEBHOOK_PATH} failed: ${res.status}`);
		});
		await waitFor(() => pages() >= before + 5, 60000, 'five pages', EVERY_100_MS);
		let execution;
		await waitFor(
			() => (execution = n8n.getExecutions({ workflowId: WORKFLOW_ID }).find((e) => e.status === 'running')),
			30000,
			'the running execution',
			EVERY_100_MS,
		);
		await n8n.rest('POST', `/rest/executions/${execution.id}/stop`, {});
		const atStop = pages();
		figures.pagesBeforeStop = atStop - before;
		await sleep(WINDOW_MS);
		figures.requestsAfterStop = pages() - atStop;
		await waitFor(
			() => n8n.getExecutions({ workflowId: WORKFLOW_ID }).find((e) => e.id === execution.id && e.status !== 'running'),
			30000,
			'the stopped execution',
			EVERY_100_MS,
		);
		figures.status = n8n.getExecutions({ workflowId: WORKFLOW_ID }).find((e) => e.id === execution.id).status;
	} finally {
		// the list ends: the next page comes from the sandbox's real (empty) list of that customer
		sandbox.clearFaults();
	}
	await sleep(1000);
	const settled = pages();
	await sleep(2000);
	figures.requestsAfterListEnded = pages() - settled;
	await check(
		`stop during Return All: the execution is canceled, the page in flight aborted, no request after Stop (${figures.pagesBeforeStop} pages before it)`,
		() => {
			assert.equal(figures.status, 'canceled');
			assert.ok(figures.pagesBeforeStop >= 5);
			assert.equal(figures.requestsAfterStop, 0);
			assert.equal(figures.requestsAfterListEnded, 0);
		},
	);
	process.stdout.write(`  cancel figures: ${JSON.stringify(figures)}\n`);
	return figures;
}

module.exports = { workflows, publish, checks };

if (require.main === module) runStandalone({ name: 'e2e-cancel', workflows, publish, checks });
