'use strict';
/**
 * Real-n8n check of the Content Platform Trigger when the API's clock and n8n's disagree (issue
 * 22), for any n8n version the package supports (only the stack's REST, activate / deactivate and
 * executions helpers are used, as in e2e/trigger-adversity.js).
 *
 * Two phases, the sandbox's clock first 10 minutes behind the n8n host, then 10 minutes ahead
 * (records dated by it, its `Date` header from it). In each, two triggers polling every 20 s run
 * side by side: New Order and New Contact, both filtered on one site (site 2 behind, site 1
 * ahead: the records of one phase are not in the other's lists, and the trigger's requests are
 * told apart from other workflows'). After their activation polls:
 *
 * - every answer of the API is delayed (DELAY_MS), and a burst of new records is inserted (500
 *   orders, 300 contacts);
 * - while the poll that reads the burst runs, on each of its first WAVES requests still awaiting
 *   their answer, WAVE more records are inserted (so the list grows on top of the pages being read);
 * - then at least 3 idle polls.
 *
 * Checked per phase and event: each record of the burst and the waves emitted exactly once over
 * all the executions (0 lost, 0 repeated, nothing else), the waves really inserted during a poll
 * (a request of it in flight), the idle polls start no execution.
 *
 * The workflows are created through n8n's REST API while n8n runs, so run.js calls this module with
 * one line.
 */
const assert = require('node:assert/strict');
const { waitFor } = require('./lib/wait');
const { retryWhile404 } = require('./lib/standalone');
const { API_CREDENTIAL } = require('./lib/stack');
const { emitted, assertExactlyOnce, EVERY_20_SECONDS, NODE } = require('./trigger-adversity');

const TRIGGER = 'n8n-nodes-content-platform.contentPlatformTrigger';
const SKEW_MS = 10 * 60_000;
/** Behind first: the records of the "ahead" phase would be dated after the "behind" phase's clock. */
const PHASES = [
	{ name: 'behind', words: 'behind', skewMs: -SKEW_MS, site: '2' },
	{ name: 'ahead', words: 'ahead of', skewMs: SKEW_MS, site: '1' },
];
const EVENTS = [
	{ event: 'newOrder', type: 'orders', label: 'orders', burst: 500 },
	{ event: 'newContact', type: 'contacts', label: 'contacts', burst: 300 },
];
/** Every API answer waits this long while the burst is read, so a poll spans several insertions. */
const DELAY_MS = 1500;
/** Records inserted on each of the first WAVES requests of the burst's poll, while it is in flight. */
const WAVE = 20;
const WAVES = 3;
const IDLE_POLLS = 3;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The workflow of one trigger (no ID: n8n gives one). */
function clockWorkflow(credential, phase, spec) {
	return {
		name: `e2e: trigger ${spec.event}, API clock 10 min ${phase.words} n8n's`,
		nodes: [
			{
				id: `e2e-trigger-clock-${phase.name}-${spec.event}`,
				name: NODE,
				type: TRIGGER,
				typeVersion: 1,
				position: [0, 0],
				parameters: { event: spec.event, filters: { site_id: phase.site }, pollTimes: EVERY_20_SECONDS },
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
			await sleep(2000);
		}
	}
}

/** The trigger's list requests (its path, its site filter), in order of arrival. */
const listRequests = (sandbox, type, site) =>
	sandbox.requests.filter(
		(r) => r.method === 'GET' && r.rawPath === `/v1/${type}` && r.query['filter[site_id]'] === site,
	);

/**
 * One phase: the two triggers activated with the sandbox's clock at `phase.skewMs`, a burst and
 * the waves inserted during its poll, the idle polls; one check per event.
 */
async function runPhase({ check, n8n, sandbox, credential }, phase) {
	const triggers = [];
	for (const spec of EVENTS) {
		const created = await whenRoutesReady(() =>
			n8n.rest('POST', '/rest/workflows', clockWorkflow(credential, phase, spec)),
		);
		triggers.push({ spec, workflowId: created.id, waves: [] });
	}
	sandbox.adversity.clockOffsetMs = phase.skewMs;
	const insert = (spec, n) =>
		sandbox.insertMany(spec.type, n, () => ({ relationships: { site: phase.site } })).map((r) => String(r.id));
	let watcher;
	try {
		for (const t of triggers) await n8n.activateWorkflow(t.workflowId);
		// The activation polls (baseline only) answered before anything is inserted.
		await waitFor(
			() =>
				triggers.every((t) => {
					const requests = listRequests(sandbox, t.spec.type, phase.site);
					return requests.length >= 1 && requests.every((r) => r.status !== 0);
				}),
			60000,
			'the activation polls',
		);
		await sleep(1000);
		sandbox.adversity.delayMs = DELAY_MS;
		for (const t of triggers) {
			t.seen = listRequests(sandbox, t.spec.type, phase.site).length;
			t.expected = insert(t.spec, t.spec.burst);
		}
		// While the burst's poll runs: on each of its first WAVES requests still waiting for their
		// answer, a wave of new records (the request's index noted, to show it was in flight).
		const handled = new Set();
		watcher = setInterval(() => {
			for (const t of triggers) {
				if (t.waves.length >= WAVES) continue;
				const requests = listRequests(sandbox, t.spec.type, phase.site).slice(t.seen);
				for (const request of requests) {
					if (t.waves.length >= WAVES || handled.has(request) || request.status !== 0) continue;
					handled.add(request);
					const ids = insert(t.spec, WAVE);
					t.waves.push({ request: t.seen + requests.indexOf(request), inFlight: request.status === 0, ids });
					t.expected.push(...ids);
				}
			}
		}, 20);
		for (const t of triggers) {
			const total = t.spec.burst + WAVE * WAVES;
			await waitFor(
				() => t.waves.length >= WAVES && emitted(n8n, t.workflowId).ids.length >= total,
				240000,
				`the ${total} ${t.spec.label}`,
			).catch(() => undefined);
		}
		clearInterval(watcher);
		sandbox.adversity.delayMs = 0;
		for (const t of triggers) {
			t.afterBurst = emitted(n8n, t.workflowId);
			t.pollsAfter = listRequests(sandbox, t.spec.type, phase.site).length;
		}
		// At least IDLE_POLLS more polls of each (one request each when idle), then a margin.
		await waitFor(
			() => triggers.every((t) => listRequests(sandbox, t.spec.type, phase.site).length >= t.pollsAfter + IDLE_POLLS),
			120000,
			`${IDLE_POLLS} idle polls`,
		).catch(() => undefined);
		await sleep(3000);
		for (const t of triggers) await n8n.deactivateWorkflow(t.workflowId);
	} finally {
		clearInterval(watcher);
		sandbox.adversity.delayMs = 0;
		sandbox.adversity.clockOffsetMs = 0;
	}
	for (const t of triggers) {
		const idlePolls = listRequests(sandbox, t.spec.type, phase.site).length - t.pollsAfter;
		const final = emitted(n8n, t.workflowId);
		await check(
			`trigger, the API's clock 10 min ${phase.words} n8n's: ${t.spec.burst} new ${t.spec.label} and ${WAVES} × ${WAVE} inserted while a poll ran, each emitted exactly once; ${IDLE_POLLS}+ idle polls emit nothing`,
			() => {
				assert.deepEqual(final.errors, []);
				assert.equal(t.waves.length, WAVES, `waves inserted during the poll: ${t.waves.length}`);
				assert.ok(
					t.waves.every((w) => w.inFlight),
					'each wave inserted while a request of the poll awaited its answer',
				);
				const counts = new Map();
				for (const id of final.ids) counts.set(id, (counts.get(id) || 0) + 1);
				const wanted = new Set(t.expected);
				const tally = {
					lost: t.expected.filter((id) => !counts.has(id)).length,
					repeated: [...counts].filter(([id, n]) => wanted.has(id) && n > 1).length,
					other: [...counts.keys()].filter((id) => !wanted.has(id)).length,
				};
				assert.deepEqual(tally, { lost: 0, repeated: 0, other: 0 }, `of ${t.expected.length} ${t.spec.label}`);
				assertExactlyOnce(final.ids, t.expected);
				assert.ok(idlePolls >= IDLE_POLLS, `only ${idlePolls} polls after the burst was emitted`);
				assert.equal(final.statuses.length, t.afterBurst.statuses.length, 'an idle poll started an execution');
			},
		);
	}
}

/**
 * Runs the check on a started n8n with the package installed and the access-token credential
 * `credential` (default: the stack's): the "behind" phase, then the "ahead" phase.
 * @param {{ check: (name: string, fn: () => unknown) => Promise<void>, n8n: object, sandbox: object, credential?: object }} stack
 */
async function runTriggerClockCheck({ check, n8n, sandbox, credential = API_CREDENTIAL }) {
	for (const phase of PHASES) await runPhase({ check, n8n, sandbox, credential }, phase);
}

module.exports = { runTriggerClockCheck };

/** `[E2E_N8N=1.x] node e2e/trigger-clock.js` (after `npm run build`): this check alone, in a fresh stack. */
if (require.main === module) {
	const { runStandalone } = require('./lib/standalone');
	runStandalone({ name: 'e2e-trigger-clock', workflows: () => [], checks: runTriggerClockCheck });
}
