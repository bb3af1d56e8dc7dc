'use strict';
/**
 * `npm run test:e2e:queue`: the package in n8n's queue mode (e2e/lib/queue-stack.js: PostgreSQL +
 * Redis + one `n8n start` main + two `n8n worker`s, all on 127.0.0.1, the packed package in every
 * instance's user folder), against the sandbox API. Figures come from n8n's own records
 * (PostgreSQL execution_entity / execution_data, the workers' "Worker started execution" log
 * lines) and from the sandbox's request log.
 *
 * 1. the example workflows run on workers, with the same results as in a single-process n8n;
 * 2. the 20 operations (e2e/run.js's list and checks) run on a worker;
 * 3. OAuth2 client credentials after the token expired: sequential executions on two different
 *    workers, then two concurrent ones: token requests counted, no execution fails;
 * 4. the trigger: polls on the main only (none while the main is down; polls go on while no worker
 *    runs), its executions run on workers; bursts over several pages with records sharing an
 *    instant, a main restart and a worker restart between polls: every record exactly once;
 * 5. a worker SIGTERMed while it runs a write of this package (within and beyond n8n's graceful
 *    shutdown window): what n8n does, and nothing written twice;
 * 6. a Return All running on a worker stopped from the main (`POST /rest/executions/{id}/stop`):
 *    no request after the stop.
 * Closes with "N passed, M failed"; exit 1 on failure. The stack is torn down in every case.
 */
const assert = require('node:assert/strict');
const http = require('node:http');
const crypto = require('node:crypto');

const { createSandbox } = require('../test/sandbox');
const { endlessOrders } = require('../test/sandbox/fault-bodies');
const { createQueueStack } = require('./lib/queue-stack');
const { startStack, exampleWorkflows, API_CREDENTIAL, ROOT } = require('./lib/stack');
const { operations, workflow, rl, OAUTH } = require('./run');
const { waitFor } = require('./lib/wait');

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

async function main() {
	// Single-process reference: the example workflows through `n8n execute` on SQLite (as e2e/run.js).
	// (an example whose operation the node does not offer yet is left out: e2e/examples.js missingOperations)
	const examples = exampleWorkflows().filter(
		(w) =>
			w.nodes.some((n) => n.type === 'n8n-nodes-base.manualTrigger') &&
			!require('./examples').missingOperations(w).length,
	);
	const reference = {};
	if (!process.env.E2E_QUEUE_ONLY || process.env.E2E_QUEUE_ONLY === 'examples') {
		const t0 = Date.now();
		const { sandbox, n8n } = await startStack({ name: 'queue-reference' });
		try {
			for (const wf of examples) reference[wf.id] = await n8n.execute(wf.id);
		} finally {
			await n8n.cleanup().catch(() => undefined);
			await sandbox.close();
		}
		figures.referenceMs = Date.now() - t0;
	}

	const sandbox = await createSandbox({ token: 'demo-token', oauth: OAUTH });
	let stack;
	try {
		const tStack = Date.now();
		stack = await createQueueStack({ packageDir: ROOT, workers: 2 });
		const { main: n8nMain, workers } = stack;
		const [w1, w2] = workers;

		// credentials + workflows into the shared PostgreSQL (through the main's CLI; also migrates the DB)
		n8nMain.importCredentials([
			{ ...API_CREDENTIAL, type: 'contentPlatformApi', data: { baseUrl: sandbox.url, accessToken: sandbox.token } },
			{
				id: 'cpOAuth2Cred0001',
				name: 'OAuth2',
				type: 'contentPlatformOAuth2Api',
				data: { baseUrl: `${sandbox.url}/`, ...OAUTH },
			},
		]);
		const ops = operations(sandbox);
		const webhookWorkflows = [
			...examples.map(({ file: _f, ...wf }) => viaWebhook(wf)),
			viaWebhook(
				workflow(
					'qAllOperations01',
					'queue: all operations',
					ops.map((op) => ({ name: op.name, parameters: op.parameters })),
				),
			),
			viaWebhook(
				workflow(OAUTH_WF_ID, 'queue: OAuth2', [
					{
						name: 'Get order',
						parameters: { authentication: 'oAuth2', resource: 'order', operation: 'get', orderId: rl('2') },
						credentials: { contentPlatformOAuth2Api: { id: 'cpOAuth2Cred0001', name: 'OAuth2' } },
					},
				]),
			),
			viaWebhook(
				workflow(SLOW_WRITE_ID, 'queue: write a note', [
					{
						name: 'Add note',
						parameters: {
							resource: 'contactNote',
							operation: 'create',
							contactId: rl('7'),
							body: '={{ "sigterm " + $json.body.tag }}',
						},
					},
				]),
			),
			viaWebhook(
				workflow(STOP_WF_ID, 'queue: stop a Return All', [
					{
						name: 'All orders',
						parameters: {
							resource: 'order',
							operation: 'getAll',
							returnAll: true,
							filters: { customer_id: STOP_CUSTOMER },
						},
					},
				]),
			),
		];
		const every10s = [0, 10, 20, 30, 40, 50].map((s) => ({ mode: 'custom', cronExpression: `${s} * * * * *` }));
		const triggerWorkflow = {
			id: TRIGGER_ID,
			name: 'queue: new orders',
			nodes: [
				{
					id: 'qtrig-1',
					name: 'New order',
					type: `${CP_PREFIX}contentPlatformTrigger`,
					typeVersion: 1,
					position: [0, 0],
					parameters: { pollTimes: { item: every10s }, event: 'newOrder' },
					credentials: { contentPlatformApi: API_CREDENTIAL },
				},
			],
			connections: {},
			active: false,
			settings: { executionOrder: 'v1' },
		};
		n8nMain.importWorkflows([...webhookWorkflows.map(({ webhookPath: _p, ...wf }) => wf), triggerWorkflow]);

		await stack.startMain();
		await Promise.all(workers.map((w) => stack.startWorker(w)));
		figures.stackStartMs = Date.now() - tStack;
		figures.mainReadyMs = n8nMain.server.readyMs;
		figures.workerReadyMs = workers.map((w) => w.server.readyMs);
		for (const wf of webhookWorkflows) await n8nMain.activateWorkflow(wf.id);

		const webhookUrl = (id) => `${n8nMain.baseUrl}/webhook/${webhookWorkflows.find((w) => w.id === id).webhookPath}`;
		/** POST the webhook, wait for the execution in PostgreSQL; returns it. */
		const runViaQueue = async (id, { timeoutMs = 120000 } = {}) => {
			const since = stack.maxExecutionId();
			const res = await post(webhookUrl(id));
			assert.equal(res.status, 200, `webhook ${id}: ${res.status} ${res.text}`);
			const [execution] = await stack.waitForExecutions({ workflowId: id, sinceId: since, count: 1, timeoutMs });
			return execution;
		};

		const only = process.env.E2E_QUEUE_ONLY; // development aid: run one part (examples|operations|oauth|trigger|sigterm|stop)
		const part = (name) => !only || only === name;
		// 1. the examples, on workers, same results as single-process
		for (const wf of part('examples') ? examples : []) {
			const execution = await runViaQueue(wf.id);
			await check(`example "${wf.name}": runs on a worker, same results as single-process`, () => {
				assert.equal(execution.status, 'success', JSON.stringify(execution.error));
				assert.ok(/^worker\d$/.test(execution.worker || ''), `ran on ${execution.worker}`);
				assert.equal(execution.mode, 'webhook');
				const ref = reference[wf.id];
				assert.ok(ref.ok, `reference run failed: ${JSON.stringify(ref.error)}`);
				// The nodes that ran single-process (an example's later nodes run only when the
				// sandbox has records for them) ran on the worker, and no other.
				const steps = wf.nodes
					.filter((n) => n.type !== 'n8n-nodes-base.manualTrigger' && n.type !== 'n8n-nodes-base.stickyNote')
					.map((n) => n.name);
				const names = steps.filter((name) => ref.nodes[name]);
				assert.ok(names.length > 0, 'no node of the example ran single-process');
				assert.deepEqual(
					Object.keys(execution.nodes)
						.filter((name) => steps.includes(name))
						.sort(),
					[...names].sort(),
					'the same nodes ran',
				);
				for (const name of names) {
					assert.ok(execution.nodes[name], `node ${name} ran`);
					assert.deepEqual(
						normalise(execution.nodes[name].items),
						normalise(ref.nodes[name].items),
						`items of ${name}`,
					);
				}
				figures.examples = {
					...(figures.examples || {}),
					[wf.id]: `${execution.worker}, ${names.map((n) => `${n}: ${execution.nodes[n].items.length}`).join(', ')}`,
				};
			});
		}

		// 2. every operation (e2e/run.js's list and checks), on a worker
		if (part('operations')) {
			sandbox.insertMany('contacts', 250);
			sandbox.clearRequests();
			const opsRun = await runViaQueue('qAllOperations01');
			await check('all operations: the execution succeeds on a worker', () => {
				assert.equal(opsRun.status, 'success', JSON.stringify(opsRun.error));
				assert.ok(/^worker\d$/.test(opsRun.worker || ''), `ran on ${opsRun.worker}`);
				figures.operationsWorker = opsRun.worker;
			});
			for (const op of ops) {
				await check(`${op.name}: request and items as single-process`, () => {
					const [method, rawPath, rawQuery] = op.request;
					const requests = sandbox.requests.filter((r) => r.method === method && r.rawPath === rawPath);
					assert.equal(requests.length, op.pages ?? 1, `${requests.length} requests to ${method} ${rawPath}`);
					for (const request of requests) assert.equal(request.headers.authorization, `Bearer ${sandbox.token}`);
					if (rawQuery !== undefined) assert.equal(requests[0].rawQuery, rawQuery);
					if (op.write) op.write(requests[0].body);
					const result = opsRun.nodes[op.name];
					assert.ok(result && !result.error, `node result: ${JSON.stringify(result && result.error)}`);
					op.items(result.items);
				});
			}
		}

		// 3. OAuth2 client credentials across workers
		if (part('oauth')) {
			const tokenRequests = () => sandbox.requests.filter((r) => r.rawPath === '/v1/oauth/token').length;
			sandbox.clearRequests();
			const firstOAuth = await runViaQueue(OAUTH_WF_ID);
			const firstTokens = tokenRequests();
			sandbox.expireTokens();
			sandbox.clearRequests();
			const afterExpiryA = await runViaQueue(OAUTH_WF_ID);
			const tokensA = tokenRequests();
			// the other worker must run the next one: stop the one that ran it (graceful), run, restart it
			const ranA = workers.find((w) => w.label === afterExpiryA.worker);
			figures.workerStopIdleMs = await stack.stopWorker(ranA);
			const afterExpiryB = await runViaQueue(OAUTH_WF_ID);
			const tokensAB = tokenRequests();
			await stack.startWorker(ranA);
			await check('OAuth2: after expiry, executions on two different workers make 1 token request in total', () => {
				for (const e of [firstOAuth, afterExpiryA, afterExpiryB])
					assert.equal(e.status, 'success', JSON.stringify(e.error));
				assert.equal(firstTokens, 1, 'first use fetches one token');
				assert.notEqual(afterExpiryA.worker, afterExpiryB.worker);
				assert.equal(tokensA, 1, 'the first worker renews once');
				assert.equal(tokensAB, 1, 'the second worker reads the renewed token from PostgreSQL: no request');
				const auth = sandbox.requests.filter((r) => r.rawPath === '/v1/orders/2').map((r) => r.headers.authorization);
				assert.deepEqual(auth, [
					`Bearer ${sandbox.issuedTokens[0]}`,
					`Bearer ${sandbox.issuedTokens[1]}`,
					`Bearer ${sandbox.issuedTokens[1]}`,
				]);
				figures.oauthSequential = { workers: [afterExpiryA.worker, afterExpiryB.worker], tokenRequests: tokensAB };
			});
			// two executions at the same moment on both workers, token expired: each renews on its own
			sandbox.expireTokens();
			sandbox.clearRequests();
			sandbox.failNext({ delayMs: 1500, times: 2, match: (r) => r.rawPath === '/v1/orders/2' });
			const since = stack.maxExecutionId();
			await Promise.all([post(webhookUrl(OAUTH_WF_ID)), post(webhookUrl(OAUTH_WF_ID))]);
			const concurrent = await stack.waitForExecutions({ workflowId: OAUTH_WF_ID, sinceId: since, count: 2 });
			await check(
				'OAuth2: two concurrent executions after expiry on both workers both succeed (token requests counted)',
				() => {
					for (const e of concurrent) assert.equal(e.status, 'success', JSON.stringify(e.error));
					assert.deepEqual(new Set(concurrent.map((e) => e.worker)), new Set(['worker1', 'worker2']));
					const n = tokenRequests();
					assert.ok(n >= 1 && n <= 2, `${n} token requests`);
					figures.oauthConcurrent = { workers: concurrent.map((e) => e.worker), tokenRequests: n };
				},
			);
		}

		// 4. the trigger
		if (part('trigger')) await triggerScenario({ stack, sandbox, n8nMain, w1, w2 });

		// 5. a worker SIGTERMed while it runs a write
		if (part('sigterm')) await sigtermScenario({ stack, sandbox, workers, webhookUrl });

		// 6. a running Return All stopped from the main
		if (part('stop')) await stopScenario({ stack, sandbox, n8nMain, webhookUrl });
	} finally {
		if (stack) await stack.close().catch((e) => say(`teardown error: ${e.message}`));
		await sandbox.close();
	}
}

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
	const queued = stack
		.executions({ workflowId: TRIGGER_ID, sinceId: sinceTrigger })
		.filter((e) => e.status === 'new').length;
	await Promise.all([stack.startWorker(w1), stack.startWorker(w2)]);
	burst(1, 1);
	await waitPoll('workers back');
	await sleep(3000);
	const executions = await waitFor(
		() => {
			const all = stack.executions({ workflowId: TRIGGER_ID, sinceId: sinceTrigger });
			return all.every((e) => !['new', 'running'].includes(e.status)) && all;
		},
		60000,
		'queued trigger executions to finish',
	);

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
	const emitted = executions.flatMap((e) => (e.nodes['New order'] ? e.nodes['New order'].items.map((i) => i.id) : []));
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

main()
	.catch((error) => {
		results.push(false);
		say(`✗ queue-mode e2e aborted: ${error.stack || error}`);
	})
	.finally(() => {
		const passed = results.filter(Boolean).length;
		const failed = results.length - passed;
		say(`figures: ${JSON.stringify(figures)}`);
		say(`queue-mode e2e finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
		say(`${passed} passed, ${failed} failed`);
		process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
	});
