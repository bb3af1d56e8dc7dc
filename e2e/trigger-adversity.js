'use strict';
/**
 * Real-n8n checks of the Content Platform Trigger under adversity, called by run.js
 * with its `check()` on a started n8n (any version the package supports: only the stack's
 * activate / stop / start / executions helpers are used):
 *
 * - overlapping polls: Poll Times at seconds 0, 20 and 40 (n8n polls each entry at most once a
 *   minute) and a sandbox that answers every request after 9 s, so one poll of 250 new contacts
 *   lasts over 20 s and the next poll time starts while it runs (n8n does not wait for it): every
 *   contact is emitted exactly once, and n8n's log shows the skipped poll;
 * - a restart of n8n while a poll runs: 150 new customers, a sandbox answering after 12 s, n8n
 *   stopped after the poll's first request and started again: every customer emitted exactly
 *   once over the executions before and after the restart.
 */
const assert = require('node:assert/strict');
const { waitFor } = require('./lib/wait');

const TRIGGER = 'n8n-nodes-content-platform.contentPlatformTrigger';
const OVERLAP_ID = 'e2eTrigOverlap01';
const RESTART_ID = 'e2eTrigRestart01';
const NODE = 'New record';

/** Poll Times every 20 s: three entries, one per second field (n8n accepts one integer there). */
const EVERY_20_SECONDS = {
	item: [0, 20, 40].map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })),
};

function triggerWorkflow(id, name, event, credential) {
	return {
		id,
		name,
		nodes: [
			{
				id: `${id}-trigger`,
				name: NODE,
				type: TRIGGER,
				typeVersion: 1,
				position: [0, 0],
				parameters: { event, pollTimes: EVERY_20_SECONDS },
				credentials: { contentPlatformApi: credential },
			},
		],
		connections: {},
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/** The two workflows, to import before `n8n.start()`. */
function triggerAdversityWorkflows(credential) {
	return [
		triggerWorkflow(OVERLAP_ID, 'e2e: trigger, overlapping polls', 'newContact', credential),
		triggerWorkflow(RESTART_ID, 'e2e: trigger, restart during a poll', 'newCustomer', credential),
	];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** IDs emitted by the workflow's executions, in order, and the executions' statuses. */
function emitted(n8n, workflowId) {
	const executions = n8n.getExecutions({ workflowId });
	const ids = [];
	for (const execution of executions) {
		const node = execution.nodes && execution.nodes[NODE];
		if (node && node.items) ids.push(...node.items.map((item) => String(item.id)));
	}
	return {
		ids,
		statuses: executions.map((e) => e.status),
		errors: executions
			.filter((e) => e.status !== 'success')
			.map((e) => (e.error && e.error.message) || JSON.stringify(e.error)),
	};
}

/** Every ID in `expected` once, nothing else. */
function assertExactlyOnce(ids, expected) {
	const counts = new Map();
	for (const id of ids) counts.set(id, (counts.get(id) || 0) + 1);
	const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
	const missing = expected.filter((id) => !counts.has(id));
	const extra = [...counts.keys()].filter((id) => !expected.includes(id));
	assert.deepEqual({ twice, missing, extra }, { twice: [], missing: [], extra: [] });
}

const listRequests = (sandbox, path) => sandbox.requests.filter((r) => r.method === 'GET' && r.rawPath === path);

/**
 * Runs the checks (n8n started, the workflows of `triggerAdversityWorkflows` imported).
 * @param {{ check: (name: string, fn: () => unknown) => Promise<void>, n8n: object, sandbox: object }} stack
 */
async function runTriggerAdversityChecks({ check, n8n, sandbox }) {
	// (a) Overlapping polls.
	sandbox.clearRequests();
	await n8n.activateWorkflow(OVERLAP_ID);
	await waitFor(() => listRequests(sandbox, '/v1/contacts').length >= 1, 60000, 'the activation poll');
	await sleep(1000);
	sandbox.adversity.delayMs = 9000;
	const contacts = sandbox.insertMany('contacts', 250).map((r) => r.id);
	await waitFor(() => emitted(n8n, OVERLAP_ID).ids.length >= contacts.length, 240000, 'the 250 contacts').catch(
		() => undefined,
	);
	sandbox.adversity.delayMs = 0;
	await sleep(45000); // two more poll times: nothing more may come
	await n8n.deactivateWorkflow(OVERLAP_ID);
	await check(
		'trigger, overlapping polls (a poll outlasts the 20 s interval): each of 250 new contacts emitted exactly once',
		() => {
			const { ids, statuses, errors } = emitted(n8n, OVERLAP_ID);
			assert.ok(
				statuses.every((s) => s === 'success'),
				`statuses ${statuses}: ${errors.join(' | ')}`,
			);
			assertExactlyOnce(ids, contacts);
			const skipped = n8n
				.serverLogs()
				.filter((l) => String(l.message).includes('another poll of this trigger is still running'));
			assert.ok(skipped.length >= 1, 'n8n started a poll while the previous one ran (logged as skipped)');
		},
	);

	// (b) A restart of n8n while a poll runs.
	sandbox.clearRequests();
	await n8n.activateWorkflow(RESTART_ID);
	await waitFor(() => listRequests(sandbox, '/v1/customers').length >= 1, 60000, 'the activation poll');
	await sleep(1000);
	sandbox.adversity.delayMs = 12000;
	const customers = sandbox.insertMany('customers', 150).map((r) => r.id);
	const before = listRequests(sandbox, '/v1/customers').length;
	await waitFor(() => listRequests(sandbox, '/v1/customers').length > before, 70000, 'a poll in flight');
	await n8n.stop();
	sandbox.adversity.delayMs = 0;
	await n8n.start();
	n8n._cookie = undefined; // log in again to the new process
	await waitFor(() => emitted(n8n, RESTART_ID).ids.length >= customers.length, 150000, 'the 150 customers').catch(
		() => undefined,
	);
	await sleep(25000);
	await n8n.deactivateWorkflow(RESTART_ID);
	await check('trigger, n8n restarted while a poll ran: each of 150 new customers emitted exactly once', () => {
		const { ids, statuses, errors } = emitted(n8n, RESTART_ID);
		assert.ok(
			statuses.every((s) => s === 'success'),
			`statuses ${statuses}: ${errors.join(' | ')}`,
		);
		assertExactlyOnce(ids, customers);
	});
}

module.exports = {
	triggerAdversityWorkflows,
	runTriggerAdversityChecks,
	emitted,
	assertExactlyOnce,
	EVERY_20_SECONDS,
	NODE,
};

/** `node e2e/trigger-adversity.js` (after `npm run build`): these checks alone, in a fresh stack. */
if (require.main === module) {
	const { API_CREDENTIAL } = require('./lib/stack');
	const { runStandalone } = require('./lib/standalone');
	runStandalone({
		name: 'e2e-trigger',
		workflows: () => triggerAdversityWorkflows(API_CREDENTIAL),
		checks: runTriggerAdversityChecks,
	});
}
