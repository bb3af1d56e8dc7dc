'use strict';
/**
 * The queue-mode suite's trigger scenario (part 4 of e2e/queue.js): polls on the main only (none
 * while the main is down; polls go on while no worker runs), its executions run on workers; bursts
 * over several pages with records sharing an instant, a main restart and a worker restart between
 * polls: every record exactly once.
 */
const assert = require('node:assert/strict');

const { waitFor } = require('../lib/wait');
const { check, figures, say, sleep, TRIGGER_ID } = require('./common');

async function triggerScenario({ stack, sandbox, n8nMain, w1, w2 }) {
	const polls = () => sandbox.requests.filter((r) => r.rawPath === '/v1/orders').length;
	const pollWaves = [];
	const inserted = [];
	let instantBase = Date.parse('2026-11-23T00:00:00Z');
	/** n orders; every group of `tie` shares one created_at instant (all after the previous burst). */
	const burst = (n, tie) => {
		const now = Math.max(Date.now() - 60000, instantBase);
		const records = sandbox.insertMany('orders', n, (i) => ({
			created_at: new Date(now + Math.floor(i / tie) * 1000).toISOString(),
			relationships: { customer: String((i % 20) + 1) },
		}));
		instantBase = now + Math.ceil(n / tie) * 1000 + 1000;
		inserted.push(...records.map((r) => r.id));
		return records;
	};
	const waitPoll = async (what) => {
		const before = polls();
		await waitFor(() => polls() > before, 40000, `a poll (${what})`);
		await sleep(1500); // the poll's further pages
		pollWaves.push(what);
	};

	sandbox.clearRequests();
	await n8nMain.activateWorkflow(TRIGGER_ID);
	// the activation poll only notes where the list stands (orders inserted before it are history)
	await waitFor(() => polls() >= 1, 60000, 'the activation poll');
	await sleep(1500);
	const sinceTrigger = stack.maxExecutionId();
	burst(250, 25); // 3 pages of 100, 10 instants shared by 25 orders each
	await waitPoll('burst 1: 250 orders');
	burst(7, 7);
	await waitPoll('burst 2: 7 orders in one instant');

	// restart the main between polls; records inserted while it is down
	await stack.stopMain();
	const pollsWhileMainDown0 = polls();
	burst(120, 40);
	await sleep(12000); // longer than the 10 s poll interval: the workers never poll
	const pollsWhileMainDown = polls() - pollsWhileMainDown0;
	await stack.startMain();
	await waitPoll('after the main restart');

	// restart a worker between polls
	figures.workerStopIdleMs2 = await stack.stopWorker(w1);
	burst(30, 3);
	await waitPoll('one worker down');
	await stack.startWorker(w1);

	// no worker at all: the main still polls, the executions wait in Redis
	await stack.stopWorker(w1);
	await stack.stopWorker(w2);
	const pollsNoWorker0 = polls();
	burst(101, 101);
	await waitPoll('no worker running');
	const pollsNoWorker = polls() - pollsNoWorker0;
	// The poll reads two pages and then enqueues its execution: wait for it (status `new`, no
	// worker to take it) rather than assume it is written within the 1.5 s after its first request.
	const waiting = () =>
		stack.executions({ workflowId: TRIGGER_ID, sinceId: sinceTrigger }).filter((e) => e.status === 'new').length;
	const queued = await waitFor(waiting, 40000, 'the execution waiting in the queue').catch(() => waiting());
	await Promise.all([stack.startWorker(w1), stack.startWorker(w2)]);
	burst(1, 1);
	await waitPoll('workers back');
	await sleep(3000);
	// Every execution finished, and (up to 120 s) every inserted order among what they emitted: the
	// last poll's execution may be written some seconds after its first request (a loaded machine),
	// and an execution not yet written would read as an order lost. Then the checks below.
	const finished = () => {
		const all = stack.executions({ workflowId: TRIGGER_ID, sinceId: sinceTrigger });
		return all.every((e) => !['new', 'running'].includes(e.status)) && all;
	};
	const emittedBy = (all) =>
		all.flatMap((e) => (e.nodes['New order'] ? e.nodes['New order'].items.map((i) => i.id) : []));
	await waitFor(
		() => {
			const all = finished();
			if (!all) return false;
			const seen = new Set(emittedBy(all));
			return inserted.every((id) => seen.has(id));
		},
		120000,
		'every inserted order emitted',
	).catch(() => undefined);
	const executions = await waitFor(finished, 60000, 'queued trigger executions to finish');

	if (process.env.E2E_QUEUE_DEBUG) {
		for (const e of executions) {
			const ids = e.nodes['New order'] ? e.nodes['New order'].items.map((i) => Number(i.id)) : [];
			say(
				`  exec ${e.id} ${e.worker} ${e.status} started ${e.startedAt}: ${ids.length} ids ${Math.min(...ids)}..${Math.max(...ids)}`,
			);
		}
		say(
			`  staticData: ${stack.pg.psql(`SELECT "staticData" FROM workflow_entity WHERE id = '${TRIGGER_ID}'`).slice(0, 600)}`,
		);
		say(
			`  polls: ${JSON.stringify(pollWaves)}; order requests: ${sandbox.requests
				.filter((r) => r.rawPath === '/v1/orders')
				.map((r) => r.rawQuery)
				.join(' | ')}`,
		);
	}
	const emitted = emittedBy(executions);
	figures.trigger = {
		inserted: inserted.length,
		emitted: emitted.length,
		distinct: new Set(emitted).size,
		executions: executions.length,
		byWorker: executions.reduce((m, e) => ({ ...m, [e.worker]: (m[e.worker] || 0) + 1 }), {}),
		pollsWhileMainDown,
		pollsNoWorker,
		queuedWhileNoWorker: queued,
		orderRequests: polls(),
	};
	await check('trigger: polls only on the main (0 requests while the main is down, polls go on with no worker)', () => {
		assert.equal(pollsWhileMainDown, 0);
		assert.ok(pollsNoWorker >= 1);
		assert.ok(queued >= 1, 'the poll with no worker running left an execution waiting in the queue');
	});
	await check('trigger: every execution ran on a worker and succeeded', () => {
		for (const e of executions) {
			assert.equal(e.mode, 'trigger');
			assert.equal(e.status, 'success', JSON.stringify(e.error));
			assert.ok(/^worker\d$/.test(e.worker || ''), `execution ${e.id} ran on ${e.worker}`);
		}
	});
	await check(
		`trigger: ${inserted.length} orders in bursts (pages, shared instants, main + worker restart) emitted exactly once`,
		() => {
			assert.equal(emitted.length, new Set(emitted).size, 'no order twice');
			assert.deepEqual([...emitted].sort(), [...inserted].sort());
		},
	);
}

module.exports = { triggerScenario };
