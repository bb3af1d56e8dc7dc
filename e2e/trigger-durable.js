'use strict';
/**
 * Real-n8n checks of the Content Platform Trigger on n8n's durable poll path (n8n 2.41.1 with
 * N8N_SCHEDULER_ENABLED, N8N_SCHEDULER_POLL_TRIGGERS_ENABLED, N8N_USE_WORKFLOW_PUBLICATION_SERVICE
 * and N8N_POLLER_DURABLE_CURSORS_ENABLED on: each poll a database-backed task, the node's static data
 * a staged copy of its `poller_state` row). Called by run.js on the 2.x runtime (its own n8n: the
 * variables apply to the whole process); alone: `node e2e/trigger-durable.js`.
 *
 * Three workflows (New Order, New Form Submission, New Transaction; Poll Times every 20 s) go
 * through four phases, and every record of each phase must be emitted exactly once, counted from
 * n8n's own execution records (lost and repeated per event are printed):
 * 1. activation: records created right after the activation poll (which n8n does not commit);
 * 2. a restart between polls (SIGTERM): records created while n8n is down and right after start-up;
 * 3. a poll slower than the scheduler's timeout (45 s): the API answers after 50 s, n8n abandons
 *    the poll (nothing committed), then answers at once again;
 * 4. a restart during a poll: the API answers after 12 s, SIGTERM after the poll's first request.
 */
const assert = require('node:assert/strict');

const { waitFor } = require('./lib/wait');
const { emitted, EVERY_20_SECONDS, NODE } = require('./trigger-adversity');

const TRIGGER = 'n8n-nodes-content-platform.contentPlatformTrigger';

/** The four variables of n8n's durable poll path (n8n 2.41.1: `@n8n/config` scheduler and workflows configs). */
const DURABLE_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};

/** The three events: workflow ID, event, the sandbox type and list path. */
const EVENTS = [
	{ id: 'e2eDurableOrder1', event: 'newOrder', type: 'orders', path: '/v1/orders' },
	{ id: 'e2eDurableForms1', event: 'newFormSubmission', type: 'form_submissions', path: '/v1/form_submissions' },
	{ id: 'e2eDurableTrans1', event: 'newTransaction', type: 'transactions', path: '/v1/transactions' },
];

function durableWorkflow({ id, event }, credential) {
	return {
		id,
		name: `e2e: durable poll path, ${event}`,
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

/** The three workflows, to import before n8n starts. */
function durableWorkflows(credential) {
	return EVENTS.map((e) => durableWorkflow(e, credential));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const listRequests = (sandbox, path) => sandbox.requests.filter((r) => r.method === 'GET' && r.rawPath === path);

/** `n` new records of each event's type: { [workflow ID]: IDs }. */
function insertEach(sandbox, n) {
	return Object.fromEntries(EVENTS.map((e) => [e.id, sandbox.insertMany(e.type, n).map((r) => String(r.id))]));
}

/** Lost (never emitted) and repeated (emitted more than once) of `expected` in `ids`. */
function tally(ids, expected) {
	const counts = new Map();
	for (const id of ids) counts.set(id, (counts.get(id) || 0) + 1);
	return {
		lost: expected.filter((id) => !counts.has(id)).length,
		repeated: expected.reduce((sum, id) => sum + Math.max(0, (counts.get(id) || 0) - 1), 0),
	};
}

/** Waits until every workflow has emitted all of `expected` (or `ms` passed; the check then tells what is missing). */
async function waitForAll(n8n, expected, ms, what) {
	await waitFor(() => EVENTS.every((e) => tally(emitted(n8n, e.id).ids, expected[e.id]).lost === 0), ms, what).catch(
		() => undefined,
	);
}

/**
 * Runs the phases and their checks on a stack whose n8n is not started yet and has the
 * `durableWorkflows` imported; starts n8n with DURABLE_ENV and stops it at the end.
 * @param {{ check: (name: string, fn: () => unknown) => Promise<void>, n8n: object, sandbox: object }} stack
 * @returns {Promise<Array<{ phase: string, event: string, created: number, lost: number, repeated: number }>>}
 */
async function runTriggerDurableChecks({ check, n8n, sandbox }) {
	Object.assign(n8n.env, DURABLE_ENV);
	const t0 = Date.now();
	const phases = [];
	const all = Object.fromEntries(EVENTS.map((e) => [e.id, []]));
	const record = (phase, expected) => {
		phases.push({ phase, expected });
		for (const e of EVENTS) all[e.id].push(...expected[e.id]);
	};
	sandbox.clearRequests();
	await n8n.start();

	// 1. Activation: records created right after the activation poll.
	for (const e of EVENTS) await n8n.activateWorkflow(e.id);
	await waitFor(() => EVENTS.every((e) => listRequests(sandbox, e.path).length >= 1), 60000, 'the activation polls');
	const activation = insertEach(sandbox, 40);
	record('records created right after the activation poll (40 each)', activation);
	await waitForAll(n8n, activation, 60000, 'the records created after activation');

	// 2. A restart between polls: records created while n8n is down and right after start-up.
	await n8n.stop();
	const down = insertEach(sandbox, 30);
	await n8n.start();
	n8n._cookie = undefined;
	const startup = insertEach(sandbox, 20);
	record('restart: records created while n8n was down (30 each)', down);
	record('restart: records created right after start-up (20 each)', startup);
	await waitForAll(
		n8n,
		{ ...Object.fromEntries(EVENTS.map((e) => [e.id, [...down[e.id], ...startup[e.id]]])) },
		90000,
		'the records of the restart',
	);

	// 3. A poll slower than the scheduler's timeout (45 s): abandoned by n8n, nothing committed.
	const before = EVENTS.map((e) => listRequests(sandbox, e.path).length);
	sandbox.adversity.delayMs = 50000;
	const slow = insertEach(sandbox, 25);
	record('a poll slower than the scheduler timeout, abandoned (25 each)', slow);
	await waitFor(
		() => EVENTS.every((e, i) => listRequests(sandbox, e.path).length > before[i]),
		60000,
		'the slow polls',
	);
	await n8n.waitForLog('Poll exceeded its timeout and was abandoned', { timeoutMs: 70000 }).catch(() => undefined);
	const abandoned = n8n.serverLogs().filter((l) => String(l.message).includes('Poll exceeded its timeout')).length;
	sandbox.adversity.delayMs = 0;
	await waitForAll(n8n, slow, 120000, 'the records of the slow poll');

	// 4. A restart during a poll (SIGTERM after its first request; the API answers after 12 s).
	sandbox.adversity.delayMs = 12000;
	const during = insertEach(sandbox, 30);
	record('restart during a poll (30 each)', during);
	const inFlight = EVENTS.map((e) => listRequests(sandbox, e.path).length);
	await waitFor(
		() => EVENTS.some((e, i) => listRequests(sandbox, e.path).length > inFlight[i]),
		60000,
		'a poll in flight',
	);
	await n8n.stop();
	sandbox.adversity.delayMs = 0;
	await n8n.start();
	n8n._cookie = undefined;
	await waitForAll(n8n, during, 120000, 'the records of the restart during a poll');
	await sleep(25000); // a poll time more: nothing more may come
	for (const e of EVENTS) await n8n.deactivateWorkflow(e.id);

	const rows = [];
	for (const { phase, expected } of phases) {
		for (const e of EVENTS) {
			const { lost, repeated } = tally(emitted(n8n, e.id).ids, expected[e.id]);
			rows.push({ phase, event: e.event, created: expected[e.id].length, lost, repeated });
		}
	}
	process.stdout.write(
		`  durable poll path, n8n ${n8n.runtime.version} (${Math.round((Date.now() - t0) / 1000)} s; ${abandoned} poll(s) abandoned by n8n's timeout):\n` +
			rows
				.map((r) => `    ${r.phase}: ${r.event} ${r.created} created, ${r.lost} lost, ${r.repeated} repeated\n`)
				.join(''),
	);
	await check('durable poll path: n8n abandoned the slow polls (the scheduler timeout was exceeded)', () => {
		assert.ok(abandoned >= 1, 'n8n logged no abandoned poll');
	});
	for (const e of EVENTS) {
		await check(
			`durable poll path, ${e.event}: ${all[e.id].length} records over activation, two restarts and an abandoned poll, each emitted exactly once`,
			() => {
				const { ids, statuses, errors } = emitted(n8n, e.id);
				assert.ok(
					statuses.every((s) => s === 'success'),
					`statuses ${statuses}: ${errors.join(' | ')}`,
				);
				const counts = tally(ids, all[e.id]);
				const extra = ids.filter((id) => !all[e.id].includes(id));
				assert.deepEqual({ ...counts, extra: extra.length }, { lost: 0, repeated: 0, extra: 0 });
			},
		);
	}
	await n8n.stop();
	return rows;
}

/**
 * run.js's entry: a fresh stack of its own (the variables apply to the whole n8n process), the
 * checks, the teardown. Only n8n 2.x has the durable poll path: call it on the 2.x runtime.
 * @param {{ runtime: string, check: (name: string, fn: () => unknown) => Promise<void> }} options
 */
async function durablePathChecks({ runtime, check }) {
	const { startStack, API_CREDENTIAL } = require('./lib/stack');
	const { sandbox, n8n } = await startStack({
		name: 'e2e-durable',
		runtime,
		workflows: durableWorkflows(API_CREDENTIAL),
	});
	try {
		await runTriggerDurableChecks({ check, n8n, sandbox });
	} finally {
		await n8n.cleanup().catch(() => undefined);
		await sandbox.close();
	}
}

module.exports = { durableWorkflows, runTriggerDurableChecks, durablePathChecks, DURABLE_ENV, tally };

/** `node e2e/trigger-durable.js` (after `npm run build`): these checks alone, in a fresh stack (n8n 2.x). */
if (require.main === module) {
	const { API_CREDENTIAL } = require('./lib/stack');
	const { runStandalone } = require('./lib/standalone');
	runStandalone({
		name: 'e2e-durable',
		workflows: () => durableWorkflows(API_CREDENTIAL),
		start: false,
		checks: runTriggerDurableChecks,
	});
}
