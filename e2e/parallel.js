'use strict';
/**
 * Parallel page requests in a real n8n: one workflow reads the same list twice with
 * Get Many → Return All (two nodes in a chain, each Execute Once), once with "Parallel Page
 * Requests" = 4 and once with 1 (one page after the other), against a sandbox list of 300 orders that answers each page after 300 ms and carries
 * no paging links (so its end is seen on the empty page 4; 300 keeps n8n's printed run small).
 * Checks: both nodes return the same 300 orders in the same order; with 4 the sandbox had 4 pages
 * in flight at once, and got at most 3 pages past the end; with 1 never more than one, and exactly
 * pages 1…4.
 *
 * Used by e2e/run.js (`checks({ sandbox, n8n, check })`, before `n8n start`: it imports its
 * workflow and runs it with `n8n execute`). Alone: `npm run build && node e2e/parallel.js`
 * (E2E_N8N=1.x for the 1.x runtime).
 */
const assert = require('node:assert/strict');

const { meterConcurrency } = require('../test/sandbox/concurrency');
const { chainWorkflow: workflow } = require('./lib/chain');
const { runStandalone } = require('./lib/standalone');

const WORKFLOW_ID = 'e2eParallelPages';
const ORDERS = 300;
const PAGE_DELAY_MS = 300;
const CUSTOMER = (k) => `e2e-parallel-${k}`;
const NODE = (k) => (k === 1 ? 'All orders, one page at a time' : `All orders, ${k} pages at once`);

/** A finite list of `ORDERS` orders, pages of `page[size]`, `links` without `next`/`last`, no `meta`. */
function ordersBody(recorded) {
	const page = Number(recorded.query['page[number]'] || 1);
	const size = Number(recorded.query['page[size]'] || 20);
	const from = (page - 1) * size;
	const data = [];
	for (let i = from; i < Math.min(ORDERS, from + size); i++) {
		data.push({ id: `p${i + 1}`, type: 'orders', attributes: { order_number: i + 1 }, relationships: {} });
	}
	return { data, links: { self: recorded.rawPath } };
}

/** Manual Trigger → 4 pages at once → 1 page at a time, each Execute Once (e2e/run.js `workflow`). */
function parallelWorkflow() {
	const reader = (k) => ({
		name: NODE(k),
		parameters: {
			resource: 'order',
			operation: 'getAll',
			returnAll: true,
			filters: { customer_id: CUSTOMER(k) },
			requestSettings: { parallelPages: k },
		},
	});
	return workflow(WORKFLOW_ID, 'e2e: parallel page requests', [reader(4), reader(1)]);
}

/**
 * Imports the workflow, runs it with `n8n execute` (n8n must not be started yet) and checks it.
 * @returns the figures `{ pages: { 4: n, 1: n }, inFlight: { 4: n, 1: n }, ms: { 4: n, 1: n } }`
 */
async function checks({ sandbox, n8n, check }) {
	n8n.importWorkflows([parallelWorkflow()]);
	const meter = meterConcurrency(sandbox, (req) => /^\/v1\/orders\?.*e2e-parallel-/.test(req.url || ''));
	const ofNode = (k) => (r) => r.path === '/v1/orders' && r.query['filter[customer_id]'] === CUSTOMER(k);
	const isOurs = (r) => ofNode(4)(r) || ofNode(1)(r);
	sandbox.failNext({ status: 200, body: ordersBody, delayMs: PAGE_DELAY_MS, times: 1_000_000, match: isOurs });
	let run;
	const figures = { pages: {}, inFlight: {}, ms: {} };
	try {
		run = await n8n.execute(WORKFLOW_ID);
	} finally {
		sandbox.clearFaults();
	}
	const inFlightOf = (k) => {
		let now = 0;
		let most = 0;
		const mine = (e) => new URL(e.url, sandbox.url).searchParams.get('filter[customer_id]') === CUSTOMER(k);
		for (const event of meter.events.filter(mine)) {
			now += event.kind === 'start' ? 1 : -1;
			most = Math.max(most, now);
		}
		return most;
	};
	for (const k of [4, 1]) {
		figures.pages[k] = sandbox.requests.filter(ofNode(k)).map((r) => Number(r.query['page[number]']));
		figures.inFlight[k] = inFlightOf(k);
		figures.ms[k] = run.nodes[NODE(k)] && run.nodes[NODE(k)].executionTime;
	}
	await check('parallel page requests: 4 at once and 1 at a time return the same 300 orders, in list order', () => {
		assert.ok(run.ok, JSON.stringify(run.error || run.nodes));
		const ids = (k) => run.nodes[NODE(k)].items.map((item) => item.id);
		assert.deepEqual(
			ids(1),
			Array.from({ length: ORDERS }, (_, i) => `p${i + 1}`),
		);
		assert.deepEqual(ids(4), ids(1));
	});
	await check(
		`parallel page requests: 4 pages in flight at once, at most 3 past the end; 1 keeps one page at a time (${JSON.stringify(figures)})`,
		() => {
			assert.equal(figures.inFlight[4], 4);
			assert.equal(figures.inFlight[1], 1);
			assert.deepEqual(
				figures.pages[1],
				Array.from({ length: 4 }, (_, i) => i + 1),
			);
			const sorted = [...figures.pages[4]].sort((a, b) => a - b);
			assert.deepEqual(
				sorted,
				sorted.map((_, i) => i + 1),
			);
			assert.ok(sorted.length >= 4 && sorted.length <= 7, `${sorted.length} pages`);
		},
	);
	process.stdout.write(`  parallel figures: ${JSON.stringify(figures)}\n`);
	return figures;
}

module.exports = { checks };

if (require.main === module) {
	// the workflow is imported and run by `checks` with `n8n execute`: no `n8n start`
	runStandalone({ name: 'e2e-parallel', workflows: () => [], checks, start: false });
}
