'use strict';
/**
 * The webhook trigger's confirming read in a real n8n, the checks e2e/webhook.js runs on its purchase
 * workflow (node version 2: Confirm With API on): a purchase the API reads only at its third read, one
 * it cannot read until the first delivery was answered (503, then delivered again), and 50 purchases
 * delivered at once with some reads answered 429 or 404 once. Each takes `{ sandbox, n8n, check, flow }`
 * (`flow`: the purchase workflow's `{ id, node }`) and returns what it measured.
 */
const assert = require('node:assert/strict');

const { waitFor } = require('./lib/wait');

/** How often the waits ask. */
const EVERY_100_MS = { everyMs: 100 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many times the sandbox was asked for the purchase `id` (the confirming reads). */
const readsOf = (sandbox, id) =>
	sandbox.requests.filter((r) => r.method === 'GET' && r.path === `/v1/purchases/${id}`).length;

/** The executions of the purchase workflow `flow` that emitted the purchase `id`. */
const executionsOf = (n8n, flow, id) =>
	n8n.getExecutions({ workflowId: flow.id }).filter((execution) => execution.nodes[flow.node]?.items[0]?.id === id);

/**
 * A purchase the API reads only at its third read (404 twice), and one it cannot read for the 4
 * reads of a delivery (404 four times) delivered again afterwards.
 */
async function notYetReadableChecks({ sandbox, n8n, check, flow }) {
	const late = sandbox.hookPayload('purchase');
	const lateId = late[0].id;
	sandbox.failNext({ status: 404, times: 2, match: (r) => r.path === `/v1/purchases/${lateId}` });
	const lateStatus = await sandbox.deliver('purchase', late);
	await waitFor(() => executionsOf(n8n, flow, lateId).length > 0, 60000, 'the late purchase executed', EVERY_100_MS);
	await check('webhook: a purchase the API reads only at the third read is emitted once', () => {
		assert.equal(lateStatus, 200);
		assert.equal(readsOf(sandbox, lateId), 3);
		assert.equal(executionsOf(n8n, flow, lateId).length, 1);
	});

	// The API cannot read this purchase until the first delivery was answered.
	const unknown = sandbox.hookPayload('purchase');
	const unknownId = unknown[0].id;
	let readable = false;
	sandbox.failNext({ status: 404, times: 1000, match: (r) => !readable && r.path === `/v1/purchases/${unknownId}` });
	const t0 = Date.now();
	const firstStatus = await sandbox.deliver('purchase', unknown);
	const unknownMs = Date.now() - t0;
	const firstReads = readsOf(sandbox, unknownId);
	readable = true;
	await sleep(1500);
	const executedAfterFirst = executionsOf(n8n, flow, unknownId).length;
	const againStatus = await sandbox.deliver('purchase', unknown);
	await waitFor(
		() => executionsOf(n8n, flow, unknownId).length > 0,
		60000,
		'the purchase delivered again',
		EVERY_100_MS,
	);
	const repeatStatus = await sandbox.deliver('purchase', unknown);
	await sleep(1500);
	await check(
		'webhook: a purchase the API cannot read yet gets 503 after its re-reads, then delivered again is emitted once',
		() => {
			assert.deepEqual([firstStatus, executedAfterFirst], [503, 0]);
			assert.ok(firstReads >= 2 && firstReads <= 4, `read ${firstReads} times`);
			assert.deepEqual([againStatus, repeatStatus], [200, 200]);
			assert.equal(readsOf(sandbox, unknownId), firstReads + 1);
			assert.equal(executionsOf(n8n, flow, unknownId).length, 1);
		},
	);
	sandbox.clearFaults();
	return { unknownAnswerMs: unknownMs, unknownReads: firstReads };
}

/**
 * 50 purchases delivered at once, every fifth read answered 429 (Retry-After: 0) once and every
 * fifth 404 once; a purchase answered 503 is delivered again, as a sender honouring the 503 would (at
 * once here, not after its Retry-After), until it is answered 200; then the same 50 again at once.
 */
async function burstChecks({ sandbox, n8n, check, flow }) {
	const before = n8n.getExecutions({ workflowId: flow.id }).length;
	const payloads = Array.from({ length: 50 }, () => sandbox.hookPayload('purchase'));
	payloads.forEach((payload, i) => {
		const path = `/v1/purchases/${payload[0].id}`;
		if (i % 5 === 1) sandbox.failNext({ status: 429, headers: { 'Retry-After': '0' }, match: (r) => r.path === path });
		if (i % 5 === 3) sandbox.failNext({ status: 404, match: (r) => r.path === path });
	});
	const deliverAll = (list) => Promise.all(list.map((payload) => sandbox.deliver('purchase', payload)));
	const t0 = Date.now();
	const rounds = [await deliverAll(payloads)];
	const answeredMs = Date.now() - t0;
	let pending = payloads.filter((_, i) => rounds[0][i] !== 200);
	while (pending.length > 0 && rounds.length < 5 && rounds[rounds.length - 1].every((s) => s === 200 || s === 503)) {
		const statuses = await deliverAll(pending);
		rounds.push(statuses);
		pending = pending.filter((_, i) => statuses[i] !== 200);
	}
	await n8n.waitForExecutions({ workflowId: flow.id, count: before + 50, timeoutMs: 120000 }).catch(() => undefined);
	const again = await deliverAll(payloads);
	await sleep(1500);
	const tally = (statuses) =>
		statuses.reduce((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
	const figures = { answeredMs, rounds: rounds.map(tally) };
	await check(
		'webhook: 50 purchases at once, some reads answered 429 or 404 once: 50 executions, one per purchase; delivered again: none',
		() => {
			for (const statuses of rounds) for (const status of statuses) assert.ok([200, 503].includes(status), `${status}`);
			assert.deepEqual(pending, [], `still not 200 after ${rounds.length} rounds: ${JSON.stringify(figures.rounds)}`);
			assert.deepEqual(again, Array(50).fill(200));
			assert.equal(n8n.getExecutions({ workflowId: flow.id }).length, before + 50);
			for (const payload of payloads) assert.equal(executionsOf(n8n, flow, payload[0].id).length, 1, payload[0].id);
		},
	);
	return { payloads, figures };
}

module.exports = { burstChecks, notYetReadableChecks, readsOf };
