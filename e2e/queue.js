'use strict';
/**
 * `npm run test:e2e:queue`: the package in n8n's queue mode (e2e/lib/queue-stack.js: PostgreSQL +
 * Redis + one `n8n start` main + two `n8n worker`s, all on 127.0.0.1, the packed package in every
 * instance's user folder), against the sandbox API. Figures come from n8n's own records
 * (PostgreSQL execution_entity / execution_data, the workers' "Worker started execution" log
 * lines) and from the sandbox's request log.
 *
 * 1. the example workflows run on workers, with the same results as in a single-process n8n;
 * 2. the 20 operations (e2e/lib/operations.js: the list and checks e2e/run.js runs) run on a worker;
 * 3. OAuth2 client credentials after the token expired: sequential executions on two different
 *    workers, then two concurrent ones: token requests counted, no execution fails;
 * 4. the trigger: polls on the main only (none while the main is down; polls go on while no worker
 *    runs), its executions run on workers; bursts over several pages with records sharing an
 *    instant, a main restart and a worker restart between polls: every record exactly once;
 * 5. a worker SIGTERMed while it runs a write of this package (within and beyond n8n's graceful
 *    shutdown window): what n8n does, and nothing written twice;
 * 6. a Return All running on a worker stopped from the main (`POST /rest/executions/{id}/stop`):
 *    no request after the stop.
 * Parts 4-6 are in e2e/queue/ (trigger.js, worker-stops.js); what the parts share in
 * e2e/queue/common.js. Closes with "N passed, M failed"; exit 1 on failure. The stack is torn down
 * in every case.
 */
const assert = require('node:assert/strict');

const { createSandbox } = require('../test/sandbox');
const { createQueueStack } = require('./lib/queue-stack');
const { startStack, exampleWorkflows, API_CREDENTIAL, ROOT } = require('./lib/stack');
const { operations, workflow, rl, OAUTH } = require('./lib/operations');
const {
	started,
	results,
	figures,
	say,
	check,
	viaWebhook,
	post,
	normalise,
	CP_PREFIX,
	TRIGGER_ID,
	SLOW_WRITE_ID,
	OAUTH_WF_ID,
	STOP_WF_ID,
	STOP_CUSTOMER,
} = require('./queue/common');
const { triggerScenario } = require('./queue/trigger');
const { stopScenario, sigtermScenario } = require('./queue/worker-stops');

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
