'use strict';
/**
 * What the queue-mode suite's parts share (e2e/queue.js and the scenarios in e2e/queue/): the
 * results and figures of the run, `check(name, fn)` (one line per check), the workflow IDs, and
 * helpers to run a workflow through a production webhook (queue mode runs those on workers).
 */
const http = require('node:http');
const crypto = require('node:crypto');

const started = Date.now();
const results = [];
const figures = {};
const say = (line) => process.stdout.write(`${line}\n`);

async function check(name, fn) {
	const t0 = Date.now();
	try {
		await fn();
		results.push(true);
		say(`✓ ${name} (${Date.now() - t0} ms)`);
	} catch (error) {
		results.push(false);
		say(
			`✗ ${name}\n  ${String(error && error.stack ? error.stack : error)
				.split('\n')
				.slice(0, 8)
				.join('\n  ')}`,
		);
	}
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The manual trigger of a workflow replaced by a production webhook (queue mode runs those on workers). */
function viaWebhook(wf) {
	const path = `q-${wf.id}`;
	return {
		...wf,
		nodes: wf.nodes.map((n) =>
			n.type === 'n8n-nodes-base.manualTrigger'
				? {
						...n,
						type: 'n8n-nodes-base.webhook',
						typeVersion: 2,
						webhookId: crypto.randomUUID(),
						parameters: { httpMethod: 'POST', path, responseMode: 'onReceived' },
					}
				: n,
		),
		webhookPath: path,
	};
}

/** POST to a production webhook; retries a 404 for 20 s (a just-activated webhook can take a moment). */
async function post(url, body = {}) {
	const once = () =>
		new Promise((resolve, reject) => {
			const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
				let text = '';
				res.on('data', (c) => (text += c));
				res.on('end', () => resolve({ status: res.statusCode, text }));
			});
			req.on('error', reject);
			req.end(JSON.stringify(body));
		});
	const t0 = Date.now();
	for (;;) {
		const res = await once();
		if (res.status !== 404 || Date.now() - t0 > 20000) return res;
		await sleep(500);
	}
}

/** Timestamps written during this run (record creation, updated_at) differ between two runs. */
function normalise(value) {
	const json = JSON.stringify(value).replace(/http:\/\/127\.0\.0\.1:\d+/g, '<sandbox>'); // each run has its own sandbox port
	return JSON.parse(json, (_k, v) =>
		typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) && Date.parse(v) > started - 120000 ? '<now>' : v,
	);
}

const CP_PREFIX = 'n8n-nodes-content-platform.';
const TRIGGER_ID = 'qTriggerOrders01';
const SLOW_WRITE_ID = 'qSlowWriteNote01';
const OAUTH_WF_ID = 'qOAuth2GetOrder1';
const STOP_WF_ID = 'qStopReturnAll01';
/** The customer whose order list the stop scenario makes endless. */
const STOP_CUSTOMER = 'q-stop';

module.exports = {
	started,
	results,
	figures,
	say,
	check,
	sleep,
	viaWebhook,
	post,
	normalise,
	CP_PREFIX,
	TRIGGER_ID,
	SLOW_WRITE_ID,
	OAUTH_WF_ID,
	STOP_WF_ID,
	STOP_CUSTOMER,
};
