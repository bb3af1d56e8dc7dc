'use strict';
/**
 * Real-n8n check of the Content Platform Trigger when the API's clock and n8n's disagree (issue
 * 22), for any n8n version the package supports (only the stack's REST, activate / deactivate and
 * executions helpers are used, as in e2e/trigger-adversity.js):
 *
 * the sandbox's clock 10 minutes ahead of the n8n host (records dated by it, its `Date` header
 * from it), a New Order trigger polling every 20 s (filter site 1, so its requests are told apart
 * from the other triggers'), a burst of 500 new orders, then at least 3 idle polls: each order
 * emitted exactly once, the idle polls emit nothing.
 *
 * The workflow is created through n8n's REST API while n8n runs, so run.js calls this module with
 * one line.
 */
const assert = require('node:assert/strict');
const { waitFor } = require('./lib/wait');
const { retryWhile404 } = require('./lib/standalone');
const { API_CREDENTIAL } = require('./lib/stack');
const { emitted, assertExactlyOnce, EVERY_20_SECONDS, NODE } = require('./trigger-adversity');

const TRIGGER = 'n8n-nodes-content-platform.contentPlatformTrigger';
const SKEW_MS = 10 * 60_000;
const BURST = 500;
const IDLE_POLLS = 3;

/** The workflow (no ID: n8n gives one). */
function clockWorkflow(credential) {
	return {
		name: 'e2e: trigger, API clock 10 min ahead',
		nodes: [
			{
				id: 'e2e-trigger-clock',
				name: NODE,
				type: TRIGGER,
				typeVersion: 1,
				position: [0, 0],
				parameters: { event: 'newOrder', filters: { site_id: '1' }, pollTimes: EVERY_20_SECONDS },
				credentials: { contentPlatformApi: credential },
			},
		],
		connections: {},
		// n8n 1.x's REST create needs `active` (NOT NULL column); 2.x accepts it.
		active: false,
		settings: { executionOrder: 'v1' },
	};
}

/**
 * Calls `fn` (an n8n REST call) until n8n 1.x has mounted its REST routes, some seconds after it
 * reports ready: 404 (retryWhile404), a reset connection or a 503 ("Database is not ready!")
 * meanwhile; any other error is thrown.
 */
async function whenRoutesReady(fn) {
	for (let attempt = 1; ; attempt++) {
		try {
			return await retryWhile404(fn);
		} catch (error) {
			if (!/ECONNRESET|socket hang up|failed: 503|-> 503/.test(String(error && error.message)) || attempt >= 30)
				throw error;
			await new Promise((resolve) => setTimeout(resolve, 2000));
		}
	}
}

/** The trigger's list requests (site filter 1). */
const polls = (sandbox) =>
	sandbox.requests.filter((r) => r.method === 'GET' && r.rawPath === '/v1/orders' && r.query['filter[site_id]'] === '1')
		.length;

/**
 * Runs the check on a started n8n with the package installed and the access-token credential
 * `credential` (default: the stack's).
 * @param {{ check: (name: string, fn: () => unknown) => Promise<void>, n8n: object, sandbox: object, credential?: object }} stack
 */
async function runTriggerClockCheck({ check, n8n, sandbox, credential = API_CREDENTIAL }) {
	const created = await whenRoutesReady(() => n8n.rest('POST', '/rest/workflows', clockWorkflow(credential)));
	const workflowId = created.id;
	sandbox.adversity.clockOffsetMs = SKEW_MS;
	try {
		await n8n.activateWorkflow(workflowId);
		await waitFor(() => polls(sandbox) >= 1, 60000, 'the activation poll');
		const orders = sandbox.insertMany('orders', BURST).map((r) => r.id);
		await waitFor(() => emitted(n8n, workflowId).ids.length >= BURST, 180000, `the ${BURST} orders`).catch(
			() => undefined,
		);
		const afterBurst = emitted(n8n, workflowId);
		const pollsAfter = polls(sandbox);
		// At least IDLE_POLLS more polls (one request each when idle), then one more poll time of margin.
		await waitFor(() => polls(sandbox) >= pollsAfter + IDLE_POLLS, 120000, `${IDLE_POLLS} idle polls`).catch(
			() => undefined,
		);
		await new Promise((resolve) => setTimeout(resolve, 3000));
		await n8n.deactivateWorkflow(workflowId);
		const idlePolls = polls(sandbox) - pollsAfter;
		const final = emitted(n8n, workflowId);
		await check(
			`trigger, the API's clock 10 min ahead of n8n's: each of ${BURST} new orders emitted exactly once, then ${IDLE_POLLS}+ idle polls emit nothing`,
			() => {
				assert.deepEqual(final.errors, []);
				assertExactlyOnce(final.ids, orders);
				assert.ok(idlePolls >= IDLE_POLLS, `only ${idlePolls} polls after the burst was emitted`);
				assert.equal(final.statuses.length, afterBurst.statuses.length, 'an idle poll started an execution');
			},
		);
	} finally {
		sandbox.adversity.clockOffsetMs = 0;
	}
}

module.exports = { runTriggerClockCheck };

/** `[E2E_N8N=1.x] node e2e/trigger-clock.js` (after `npm run build`): this check alone, in a fresh stack. */
if (require.main === module) {
	const { runStandalone } = require('./lib/standalone');
	runStandalone({ name: 'e2e-trigger-clock', workflows: () => [], checks: runTriggerClockCheck });
}
