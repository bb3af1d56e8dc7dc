'use strict';
/**
 * The queue-mode suite's scenarios that stop a worker's execution (parts 5 and 6 of
 * e2e/queue.js): a worker SIGTERMed while it runs a write of this package (within and beyond n8n's
 * graceful shutdown window: what n8n does, and nothing written twice), and a Return All running on
 * a worker stopped from the main (no request after the stop).
 */
const assert = require('node:assert/strict');

const { endlessOrders } = require('../../test/sandbox/fault-bodies');
const { waitFor } = require('../lib/wait');
const { check, figures, post, sleep, SLOW_WRITE_ID, STOP_CUSTOMER, STOP_WF_ID } = require('./common');

/** The first execution of a workflow after `since`, once a worker has taken its job (30 s at most). */
async function pickedUp(stack, workflowId, since) {
	return await waitFor(
		() => {
			const [execution] = stack.executions({ workflowId, sinceId: since });
			return execution && execution.worker && execution;
		},
		30000,
		'the worker to pick up the job',
	);
}

/**
 * A Return All over an endless list (100 new orders a page, 100 ms a page) runs on a worker; the
 * main stops the execution (the editor's Stop). n8n forwards the stop to the worker, whose engine
 * aborts the node's page in flight; the node sends no further page.
 */
async function stopScenario({ stack, sandbox, n8nMain, webhookUrl }) {
	const isList = (r) => r.path === '/v1/orders' && r.query['filter[customer_id]'] === STOP_CUSTOMER;
	const pages = () => sandbox.requests.filter(isList).length;
	sandbox.clearRequests();
	sandbox.failNext({ status: 200, body: endlessOrders(), delayMs: 100, times: 1_000_000, match: isList });
	const result = {};
	try {
		const since = stack.maxExecutionId();
		const res = await post(webhookUrl(STOP_WF_ID));
		assert.equal(res.status, 200, res.text);
		await waitFor(() => pages() >= 5, 60000, 'five pages');
		const execution = await pickedUp(stack, STOP_WF_ID, since);
		result.worker = execution.worker;
		await n8nMain.rest('POST', `/rest/executions/${execution.id}/stop`, {});
		const atStop = pages();
		result.pagesBeforeStop = atStop;
		await sleep(3000);
		result.requestsAfterStop = pages() - atStop;
		const settled = await waitFor(
			() => {
				const [e] = stack.executions({ workflowId: STOP_WF_ID, sinceId: since });
				return e && !['new', 'running'].includes(e.status) && e;
			},
			60000,
			'the stopped execution',
		);
		result.status = settled.status;
	} finally {
		sandbox.clearFaults();
	}
	await check(
		`stop a Return All running on a worker: execution canceled, no request after Stop (${result.requestsAfterStop} in 3 s)`,
		() => {
			assert.ok(/^worker\d$/.test(result.worker || ''), `ran on ${result.worker}`);
			assert.equal(result.status, 'canceled');
			assert.equal(result.requestsAfterStop, 0);
		},
	);
	figures.stop = result;
}

async function sigtermScenario({ stack, sandbox, workers, webhookUrl }) {
	const notes = (tag) => sandbox.store.contact_notes.filter((n) => n.attributes.body === `sigterm ${tag}`);
	const runAndStop = async (tag, delayMs) => {
		sandbox.failNext({ delayMs, match: (r) => r.method === 'POST' && r.rawPath === '/v1/contact_notes' });
		const since = stack.maxExecutionId();
		const res = await post(webhookUrl(SLOW_WRITE_ID), { tag });
		assert.equal(res.status, 200, res.text);
		await waitFor(
			() =>
				sandbox.requests.some(
					(r) =>
						r.method === 'POST' &&
						r.rawPath === '/v1/contact_notes' &&
						r.body?.data?.attributes?.body === `sigterm ${tag}`,
				),
			60000,
			'the write request',
		);
		const execution = await pickedUp(stack, SLOW_WRITE_ID, since);
		const victim = workers.find((w) => w.label === execution.worker);
		const t0 = Date.now();
		await stack.stopWorker(victim);
		const exitMs = Date.now() - t0;
		return { executionId: execution.id, victim, exitMs };
	};

	// a) the write answers within the graceful shutdown window (10 s here)
	sandbox.clearRequests();
	const a = await runAndStop('within', 4000);
	const [execA] = await stack.waitForExecutions({
		workflowId: SLOW_WRITE_ID,
		sinceId: a.executionId - 1,
		count: 1,
		timeoutMs: 30000,
	});
	await stack.startWorker(a.victim);
	await check(
		'SIGTERM during a write (answer within the shutdown window): the worker finishes it, then exits; written once',
		() => {
			assert.equal(execA.status, 'success', JSON.stringify(execA.error));
			assert.equal(notes('within').length, 1);
			assert.equal(sandbox.requests.filter((r) => r.rawPath === '/v1/contact_notes').length, 1);
			figures.sigtermWithin = {
				worker: a.victim.label,
				exitMs: a.exitMs,
				status: execA.status,
				notes: notes('within').length,
			};
		},
	);

	// b) the write answers after the window: the worker exits before the answer
	sandbox.clearRequests();
	const b = await runAndStop('beyond', 20000);
	const statusAfterExit = stack.executions({ workflowId: SLOW_WRITE_ID, sinceId: b.executionId - 1 })[0].status;
	const shutdownLog = stack
		.logs(b.victim)
		.map((r) => String(r.message))
		.filter((m) => /Drain timeout|Cancelled|Waiting for|Stopping worker|timed out/i.test(m))
		.map((m) => m.split('\n')[0])
		.filter((m, i, all) => all.indexOf(m) === i);
	await sleep(Math.max(0, 21000 - b.exitMs)); // the sandbox stores the note when its delayed answer goes out
	await stack.startWorker(b.victim);
	let execB = stack.executions({ workflowId: SLOW_WRITE_ID, sinceId: b.executionId - 1 })[0];
	// give n8n time to notice (Bull stalled-job check 30 s, lock 60 s; the main's queue recovery)
	const tWait = Date.now();
	await waitFor(
		() => {
			execB = stack.executions({ workflowId: SLOW_WRITE_ID, sinceId: b.executionId - 1 })[0];
			return !['new', 'running'].includes(execB.status);
		},
		150000,
		'n8n to settle the interrupted execution',
	).catch(() => undefined);
	const all = stack.executions({ workflowId: SLOW_WRITE_ID, sinceId: b.executionId - 1 });
	await check(
		'SIGTERM during a write (answer after the shutdown window): not retried, written once; the execution status recorded',
		() => {
			assert.equal(notes('beyond').length, 1, 'the note exists once');
			assert.equal(
				sandbox.requests.filter((r) => r.rawPath === '/v1/contact_notes').length,
				1,
				'one POST: n8n did not re-run the write',
			);
			assert.equal(all.length, 1, 'no second execution (no retry)');
			assert.ok(!['success'].includes(execB.status), `status ${execB.status}`);
			figures.sigtermBeyond = {
				worker: b.victim.label,
				exitMs: b.exitMs,
				statusAfterExit,
				shutdownLog,
				status: execB.status,
				settledAfterMs: Date.now() - tWait,
				executions: all.length,
				notes: notes('beyond').length,
				error: execB.error && execB.error.message,
			};
		},
	);
}

module.exports = { stopScenario, sigtermScenario };
