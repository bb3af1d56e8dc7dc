'use strict';
/**
 * `npm run test:e2e`: the package inside a real n8n (offline), against the sandbox API, on every
 * pinned n8n runtime (e2e/lib/runtime.js: n8n 2.41.1 on Node 24, n8n 1.123.81 on Node 22), one after
 * the other, each in a fresh n8n user folder with a fresh sandbox:
 *
 * - every one of the 20 operations at least once (one workflow, one node per operation), checked
 *   on the sandbox's request log and on the items n8n returned; Return All across several pages;
 * - a wrong access token: the workflow fails with the credential error;
 * - OAuth2 client credentials: 1 token request, then 0 (the stored token is reused), then after the
 *   sandbox expires its tokens exactly 1 more and the run still succeeds;
 * - the trigger activated under `n8n start`, with the access token and with OAuth2: a record
 *   inserted after activation is emitted exactly once, nothing of the history; the OAuth2 trigger's
 *   token expired before that poll, so it renews it (exactly 1 token request) and still emits.
 * - the webhook trigger (e2e/webhook.js): hooks registered and deleted, deliveries executed.
 * - the example workflows (e2e/examples.js): each manual and webhook example run, its items and
 *   effects checked; the two polling trigger examples are the trigger checks above.
 * - the credentials' Test (POST /rest/credentials/test) on a single-site and a multi-site account
 *   (e2e/credential-test.js).
 * - stopping a running Return All with n8n's Stop (e2e/cancel.js): no request after the stop.
 * - the node as an AI tool (e2e/agent.js): an AI Agent with a scripted OpenAI-compatible stand-in,
 *   an MCP client session with the MCP Server Trigger, the AI agent example imported.
 * Prints one line per check, grouped per n8n version, a summary line per version, and closes with
 * one "N passed, M failed" line over all versions; exits 1 on any failure.
 * `node e2e/run.js --n8n 1.x` (or 2.x, or an exact version; also E2E_N8N=1.x) runs one version only.
 */
const assert = require('node:assert/strict');

const { startStack, API_CREDENTIAL } = require('./lib/stack');
const { chainWorkflow } = require('./lib/chain');
const { listRuntimes, runtimeSpec } = require('./lib/runtime');
const webhook = require('./webhook');
const cancel = require('./cancel');
const agent = require('./agent');
const { credentialTestChecks } = require('./credential-test');
const { triggerAdversityWorkflows, runTriggerAdversityChecks } = require('./trigger-adversity');
const { waitFor } = require('./lib/wait');

const started = Date.now();
/** One entry per check: { version, ok } (version: the n8n version the check ran on). */
const results = [];
/** The n8n version the checks running now belong to (set per runtime by the driver below). */
let currentVersion = '';

async function check(name, fn) {
	const t0 = Date.now();
	try {
		await fn();
		results.push({ version: currentVersion, ok: true });
		process.stdout.write(`✓ ${name} (${Date.now() - t0} ms)\n`);
	} catch (error) {
		results.push({ version: currentVersion, ok: false });
		process.stdout.write(
			`✗ ${name}\n  ${String(error && error.stack ? error.stack : error)
				.split('\n')
				.slice(0, 6)
				.join('\n  ')}\n`,
		);
	}
}

const rl = (value) => ({ __rl: true, mode: 'id', value });
const OAUTH = { clientId: 'e2e-client', clientSecret: 'e2e-client-secret' };

/** A workflow: Manual Trigger → the given nodes in a chain, each executed once (e2e/lib/chain.js). */
const workflow = chainWorkflow;

/**
 * The 20 operations: node parameters, the request(s) the sandbox must receive, and a check of the
 * items n8n returned.
 */
function operations(sandbox) {
	const ids = (items) => items.map((i) => i.id);
	return [
		{
			name: 'Contact Note: Create',
			parameters: { resource: 'contactNote', operation: 'create', contactId: rl('3'), body: 'From the e2e suite' },
			request: ['POST', '/v1/contact_notes'],
			items: (it) =>
				assert.deepEqual([it[0].type, it[0].body, it[0].contact_id], ['contact_notes', 'From the e2e suite', '3']),
			write: (body) => {
				assert.equal(body.data.type, 'contact_notes');
				assert.equal(body.data.attributes.body, 'From the e2e suite');
				assert.equal(body.data.relationships.contact.data.id, '3');
				const stored = sandbox.store.contact_notes.filter((n) => n.attributes.body === 'From the e2e suite');
				assert.equal(stored.length, 1, 'one note stored');
				assert.equal(stored[0].relationships.contact.data.id, '3');
			},
		},
		{
			name: 'Contact: Get Many (Return All)',
			// one page at a time: exactly pages 1-3 (parallel page requests: e2e/parallel.js)
			parameters: { resource: 'contact', operation: 'getAll', returnAll: true, requestSettings: { parallelPages: 1 } },
			request: ['GET', '/v1/contacts'],
			pages: 3,
			items: (it) => {
				assert.equal(it.length, sandbox.store.contacts.length);
				assert.equal(new Set(ids(it)).size, it.length, 'no contact twice');
			},
		},
		{
			name: 'Contact: Get',
			parameters: { resource: 'contact', operation: 'get', contactId: rl('4'), include: ['tags'] },
			request: ['GET', '/v1/contacts/4', 'include=tags'],
			items: (it) => assert.deepEqual(ids(it), ['4']),
		},
		{
			name: 'Contact: Update',
			parameters: {
				resource: 'contact',
				operation: 'update',
				contactId: rl('5'),
				updateFields: { address_city: 'Porto' },
			},
			request: ['PATCH', '/v1/contacts/5'],
			items: (it) => assert.deepEqual([it[0].id, it[0].address_city], ['5', 'Porto']),
			write: (body) => {
				assert.deepEqual(body.data.attributes, { address_city: 'Porto' });
				assert.equal(sandbox.store.contacts.find((c) => c.id === '5').attributes.address_city, 'Porto');
			},
		},
		{
			name: 'Customer: Get Many',
			parameters: { resource: 'customer', operation: 'getAll', limit: 3 },
			request: ['GET', '/v1/customers', 'page%5Bnumber%5D=1&page%5Bsize%5D=3'],
			items: (it) => assert.deepEqual(ids(it), ['1', '2', '3']),
		},
		{
			name: 'Customer: Get',
			parameters: { resource: 'customer', operation: 'get', customerId: rl('2'), include: ['contact'] },
			request: ['GET', '/v1/customers/2', 'include=contact'],
			items: (it) => assert.equal(it[0].contact.id, '2'),
		},
		{
			name: 'Course: Get',
			parameters: { resource: 'course', operation: 'get', courseId: rl('1'), include: ['offers'] },
			request: ['GET', '/v1/courses/1', 'include=offers'],
			items: (it) => assert.ok(it[0].offers.length > 0),
		},
		{
			name: 'Order: Get Many',
			parameters: {
				resource: 'order',
				operation: 'getAll',
				limit: 5,
				options: { sort: 'order_number', sortDirection: 'descending' },
			},
			request: ['GET', '/v1/orders', 'sort=-order_number&page%5Bnumber%5D=1&page%5Bsize%5D=5'],
			items: (it) =>
				assert.deepEqual(
					it.map((i) => i.order_number),
					[1040, 1039, 1038, 1037, 1036],
				),
		},
		{
			name: 'Order: Get',
			parameters: { resource: 'order', operation: 'get', orderId: rl('7'), include: ['order_items'] },
			request: ['GET', '/v1/orders/7', 'include=order_items'],
			items: (it) => assert.ok(it[0].order_items.length > 0),
		},
		{
			name: 'Order Item: Get Many',
			parameters: { resource: 'orderItem', operation: 'getAll', limit: 4 },
			request: ['GET', '/v1/order_items'],
			items: (it) => assert.equal(it.length, 4),
		},
		{
			name: 'Order Item: Get',
			parameters: { resource: 'orderItem', operation: 'get', orderItemId: rl('3') },
			request: ['GET', '/v1/order_items/3'],
			items: (it) => assert.deepEqual(ids(it), ['3']),
		},
		{
			name: 'Transaction: Get Many',
			parameters: {
				resource: 'transaction',
				operation: 'getAll',
				returnAll: true,
				filters: { start_date: '2026-10-25T00:00:00' },
			},
			request: ['GET', '/v1/transactions'],
			items: (it) => assert.ok(it.length > 0 && it.every((t) => t.created_at >= '2026-10-25')),
		},
		{
			name: 'Transaction: Get',
			parameters: { resource: 'transaction', operation: 'get', transactionId: rl('9') },
			request: ['GET', '/v1/transactions/9'],
			items: (it) => assert.deepEqual(ids(it), ['9']),
		},
		{
			name: 'Form: Get',
			parameters: { resource: 'form', operation: 'get', formId: rl('2') },
			request: ['GET', '/v1/forms/2'],
			items: (it) => assert.deepEqual(ids(it), ['2']),
		},
		{
			name: 'Form: Submit',
			parameters: {
				resource: 'form',
				operation: 'submit',
				formId: rl('1'),
				submissionFields: { email: 'e2e@example.com', name: 'E2E' },
			},
			request: ['POST', '/v1/forms/1/submit'],
			items: (it) =>
				assert.deepEqual([it[0].type, it[0].email, it[0].form_id], ['form_submissions', 'e2e@example.com', '1']),
			write: (body) => {
				assert.deepEqual(body.data.attributes, { email: 'e2e@example.com', name: 'E2E' });
				const stored = sandbox.store.form_submissions.filter((f) => f.attributes.email === 'e2e@example.com');
				assert.equal(stored.length, 1, 'one submission stored');
				assert.equal(stored[0].relationships.form.data.id, '1');
			},
		},
		{
			name: 'Form Submission: Get Many',
			parameters: { resource: 'formSubmission', operation: 'getAll', limit: 3, filters: { form_id: '1' } },
			request: ['GET', '/v1/form_submissions'],
			items: (it) => assert.ok(it.length > 0 && it.every((s) => s.form_id === '1')),
		},
		{
			name: 'Form Submission: Get',
			parameters: { resource: 'formSubmission', operation: 'get', formSubmissionId: rl('6') },
			request: ['GET', '/v1/form_submissions/6'],
			items: (it) => assert.deepEqual(ids(it), ['6']),
		},
		{
			name: 'Podcast: Get Many',
			parameters: { resource: 'podcast', operation: 'getAll', returnAll: true },
			request: ['GET', '/v1/podcasts'],
			items: (it) => assert.equal(it.length, sandbox.store.podcasts.length),
		},
		{
			name: 'Podcast: Get',
			parameters: { resource: 'podcast', operation: 'get', podcastId: rl('2') },
			request: ['GET', '/v1/podcasts/2'],
			items: (it) => assert.deepEqual(ids(it), ['2']),
		},
		{
			name: 'Blog Post: Get',
			parameters: { resource: 'blogPost', operation: 'get', blogPostId: rl('3') },
			request: ['GET', '/v1/blog_posts/3'],
			items: (it) => assert.deepEqual(ids(it), ['3']),
		},
	];
}

/** Every check on one n8n runtime (`runtime`: an id of e2e/lib/runtime.js, e.g. '2.x'). */
async function main(runtime) {
	const { sandbox, n8n } = await startStack({ name: `e2e-${runtime}`, oauth: OAUTH, runtime });
	try {
		sandbox.insertMany('contacts', 250);
		const ops = operations(sandbox);
		n8n.importCredentials([
			{
				id: 'cpWrongToken0001',
				name: 'Wrong token',
				type: 'contentPlatformApi',
				data: { baseUrl: sandbox.url, accessToken: 'not-the-token' },
			},
			{
				id: 'cpOAuth2Cred0001',
				name: 'OAuth2',
				type: 'contentPlatformOAuth2Api',
				data: { baseUrl: `${sandbox.url}/`, ...OAUTH },
			},
		]);
		n8n.importWorkflows([
			workflow(
				'e2eAllOperations',
				'e2e: all operations',
				ops.map((op) => ({ name: op.name, parameters: op.parameters })),
			),
			workflow('e2eWrongToken001', 'e2e: wrong token', [
				{
					name: 'Get order',
					parameters: { resource: 'order', operation: 'get', orderId: rl('1') },
					credentials: { contentPlatformApi: { id: 'cpWrongToken0001', name: 'Wrong token' } },
				},
			]),
			workflow('e2eOAuth2Order01', 'e2e: OAuth2', [
				{
					name: 'Get order',
					parameters: { authentication: 'oAuth2', resource: 'order', operation: 'get', orderId: rl('2') },
					credentials: { contentPlatformOAuth2Api: { id: 'cpOAuth2Cred0001', name: 'OAuth2' } },
				},
			]),
			...webhook.workflows(),
			...cancel.workflows(),
		]);
		n8n.importWorkflows(triggerAdversityWorkflows(API_CREDENTIAL));

		sandbox.clearRequests();
		const run = await n8n.execute('e2eAllOperations');
		await check('all operations: the workflow succeeds', () => assert.ok(run.ok, JSON.stringify(run.error)));
		for (const op of ops) {
			await check(`${op.name}: request and items`, () => {
				const [method, rawPath, rawQuery] = op.request;
				const requests = sandbox.requests.filter((r) => r.method === method && r.rawPath === rawPath);
				assert.equal(requests.length, op.pages ?? 1, `${requests.length} requests to ${method} ${rawPath}`);
				for (const request of requests) {
					assert.equal(request.headers.authorization, `Bearer ${sandbox.token}`);
					assert.ok(request.status < 300, `status ${request.status}`);
				}
				if (rawQuery !== undefined) assert.equal(requests[0].rawQuery, rawQuery);
				if (op.pages)
					assert.deepEqual(
						requests.map((r) => r.query['page[number]']),
						Array.from({ length: op.pages }, (_, i) => String(i + 1)),
					);
				if (method !== 'GET') assert.equal(requests[0].headers['content-type'], 'application/vnd.api+json');
				if (op.write) op.write(requests[0].body);
				const result = run.nodes[op.name];
				assert.ok(result && !result.error, `node result: ${JSON.stringify(result && result.error)}`);
				op.items(result.items);
			});
		}

		await require('./supplement').runSupplementChecks({ sandbox, n8n }, check);
		await require('./section9').runSection9Checks({ sandbox, n8n }, check);
		await require('./parallel').checks({ sandbox, n8n, check }); // Return All with parallel page requests

		const wrong = await n8n.execute('e2eWrongToken001');
		await check('wrong token: the workflow fails with the credential error, without the token', () => {
			assert.equal(wrong.ok, false);
			const message = (wrong.error && wrong.error.message) || '';
			assert.match(message, /Authentication failed: check the credential's access token/);
			assert.ok(!JSON.stringify(wrong.error).includes('not-the-token'));
		});

		const tokenRequests = () => sandbox.requests.filter((r) => r.rawPath === '/v1/oauth/token').length;
		const oauthRun = async () => {
			sandbox.clearRequests();
			const result = await n8n.execute('e2eOAuth2Order01');
			const api = sandbox.requests.filter((r) => r.rawPath === '/v1/orders/2');
			return {
				result,
				tokens: tokenRequests(),
				auth: api.map((r) => r.headers.authorization),
				statuses: api.map((r) => r.status),
			};
		};
		const first = await oauthRun();
		await check('OAuth2: first run fetches exactly one token', () => {
			assert.ok(first.result.ok, JSON.stringify(first.result.error));
			assert.equal(first.tokens, 1);
			assert.deepEqual(first.auth, [`Bearer ${sandbox.issuedTokens[0]}`]);
		});
		const second = await oauthRun();
		await check('OAuth2: the next run reuses the stored token (0 token requests)', () => {
			assert.ok(second.result.ok, JSON.stringify(second.result.error));
			assert.equal(second.tokens, 0);
			assert.deepEqual(second.auth, [`Bearer ${sandbox.issuedTokens[0]}`]);
		});
		sandbox.expireTokens();
		const third = await oauthRun();
		await check('OAuth2: after the tokens expire, the run succeeds with exactly one new token', () => {
			assert.ok(third.result.ok, JSON.stringify(third.result.error));
			assert.equal(third.tokens, 1);
			assert.equal(sandbox.issuedTokens.length, 2);
			// n8n 2.x renews on the first 401; on n8n 1.x the 401 comes back to the node, which sends the
			// request once more for n8n to renew (transport.ts renewAfterUnrenewed401): one extra 401.
			const expired = n8n.n8nMajor >= 2 ? 1 : 2;
			assert.deepEqual(third.auth, [
				...Array(expired).fill(`Bearer ${sandbox.issuedTokens[0]}`),
				`Bearer ${sandbox.issuedTokens[1]}`,
			]);
		});
		await check('OAuth2: the credential n8n stored now holds the new token', () => {
			const file = require('node:path').join(n8n.userFolder, 'oauth-credential.json');
			n8n.cli(['export:credentials', '--id=cpOAuth2Cred0001', '--decrypted', `--output=${file}`]);
			const [stored] = JSON.parse(require('node:fs').readFileSync(file, 'utf8'));
			require('node:fs').rmSync(file);
			assert.equal(stored.data.oauthTokenData.access_token, sandbox.issuedTokens[1]);
		});
		const fourth = await oauthRun();
		await check('OAuth2: the renewed token was stored (next run: 0 token requests, the new token)', () => {
			assert.ok(fourth.result.ok, JSON.stringify(fourth.result.error));
			assert.equal(fourth.tokens, 0);
			assert.deepEqual(fourth.auth, [`Bearer ${sandbox.issuedTokens[1]}`]);
		});

		// The triggers (the example workflows: access token, and its OAuth2 variant), both activated
		// under `n8n start`; their first poll only notes where the list stands.
		n8n.publishWorkflow('cpExampleTrigger');
		n8n.publishWorkflow(OAUTH_TRIGGER);
		for (const id of cancel.publish) n8n.publishWorkflow(id);
		sandbox.clearRequests();
		await n8n.start();
		const isOAuth = (r) => r.headers.authorization !== `Bearer ${sandbox.token}`;
		const polls = (oauth = false) =>
			sandbox.requests.filter((r) => r.rawPath === '/v1/orders' && isOAuth(r) === oauth).length;
		await waitFor(() => polls(false) >= 1 && polls(true) >= 1, 60000);
		// The OAuth2 trigger's stored token expires before its next poll: that poll must renew it.
		sandbox.expireTokens();
		const tokensBefore = tokenRequests();
		const order = sandbox.insert('orders', {}, { customer: '6' });
		const [execution] = await n8n.waitForExecutions({ workflowId: 'cpExampleTrigger', count: 1, timeoutMs: 150000 });
		await check('trigger: the order inserted after activation is emitted, and nothing of the history', () => {
			assert.equal(execution.status, 'success');
			assert.deepEqual(
				execution.nodes['New order'].items.map((i) => i.id),
				[order.id],
			);
			assert.deepEqual(
				execution.nodes['Get customer'].items.map((i) => i.id),
				['6'],
			);
		});
		const [oauthExecution] = await n8n.waitForExecutions({ workflowId: OAUTH_TRIGGER, count: 1, timeoutMs: 150000 });
		await check(
			'OAuth2 trigger: after its token expired, the next poll renews it (exactly 1 token request) and emits the order',
			() => {
				assert.equal(oauthExecution.status, 'success');
				assert.deepEqual(
					oauthExecution.nodes['New order (OAuth2)'].items.map((i) => i.id),
					[order.id],
				);
				assert.equal(tokenRequests() - tokensBefore, 1);
				const renewed = sandbox.issuedTokens[sandbox.issuedTokens.length - 1];
				const lastPoll = sandbox.requests.filter((r) => r.rawPath === '/v1/orders' && isOAuth(r)).pop();
				assert.equal(lastPoll.headers.authorization, `Bearer ${renewed}`);
				assert.equal(lastPoll.status, 200);
			},
		);
		const pollsSoFar = polls(false);
		const oauthPollsSoFar = polls(true);
		await waitFor(() => polls(false) > pollsSoFar && polls(true) > oauthPollsSoFar, 90000);
		await new Promise((resolve) => setTimeout(resolve, 3000));
		await check('trigger: the next poll emits nothing again (exactly once)', () => {
			assert.equal(n8n.getExecutions({ workflowId: 'cpExampleTrigger' }).length, 1);
		});
		await check(
			'OAuth2 trigger: the next poll emits nothing again and fetches no token (the renewed one was stored)',
			() => {
				assert.equal(n8n.getExecutions({ workflowId: OAUTH_TRIGGER }).length, 1);
				assert.equal(tokenRequests() - tokensBefore, 1);
			},
		);

		// The trigger under adversity (e2e/trigger-adversity.js): overlapping polls, a restart during a poll.
		await runTriggerAdversityChecks({ check, n8n, sandbox });
		await require('./trigger-clock').runTriggerClockCheck({ check, n8n, sandbox }); // the API's clock 10 min behind, then ahead

		// The webhook trigger (e2e/webhook.js), in the running n8n.
		await webhook.checks({ sandbox, n8n, check });

		await require('./examples').checks({ sandbox, n8n, check });

		// Stopping a running Return All (e2e/cancel.js): no request after the stop.
		await cancel.checks({ sandbox, n8n, check });

		// The node as an AI tool (e2e/agent.js): an AI Agent with a scripted model stand-in, an MCP session, the example.
		await agent.checks({ sandbox, n8n, check });

		await credentialTestChecks({
			n8n,
			sandbox,
			check,
			credentials: {
				api: {
					...API_CREDENTIAL,
					type: 'contentPlatformApi',
					data: { baseUrl: sandbox.url, accessToken: sandbox.token },
				},
				wrong: {
					id: 'cpWrongToken0001',
					name: 'Wrong token',
					type: 'contentPlatformApi',
					data: { baseUrl: sandbox.url, accessToken: 'not-the-token' },
				},
				oauth: {
					id: 'cpOAuth2Cred0001',
					name: 'OAuth2',
					type: 'contentPlatformOAuth2Api',
					data: { baseUrl: `${sandbox.url}/`, ...OAUTH },
				},
			},
		});
	} finally {
		await n8n.cleanup().catch(() => undefined);
		await sandbox.close();
	}
}

/** The OAuth2 variant of the new-order example (examples/new-order-fetch-customer-oauth2.json). */
const OAUTH_TRIGGER = 'cpExampleTrigOA2';

/**
 * The runtimes to run on: `--n8n <id>` / E2E_N8N (an id or version of e2e/lib/runtime.js, or
 * `all`); default all, newest first.
 */
function selectedRuntimes() {
	const i = process.argv.indexOf('--n8n');
	const wanted = (i > 0 && process.argv[i + 1]) || process.env.E2E_N8N || 'all';
	return wanted === 'all' ? listRuntimes() : wanted.split(',').map((id) => runtimeSpec(id.trim()));
}

/**
 * Runs `main(runtime)` on each runtime in turn: a "── n8n <version> (Node <version>)<heading> ──"
 * header, an abort counted as a failed result in `results` ({ version, ok }), then one summary line
 * per version (passed, failed, seconds). `onVersion(version)` is told which version runs now.
 * Shared by this suite and e2e/editor.js.
 */
async function onEachRuntime(runtimes, results, { main, onVersion, heading = '', name = 'e2e run' }) {
	const durations = {};
	for (const runtime of runtimes) {
		onVersion(runtime.n8nVersion);
		const t0 = Date.now();
		process.stdout.write(`\n── n8n ${runtime.n8nVersion} (Node ${runtime.nodeVersion})${heading} ──\n`);
		try {
			await main(runtime);
		} catch (error) {
			results.push({ version: runtime.n8nVersion, ok: false });
			process.stdout.write(`✗ ${name} on n8n ${runtime.n8nVersion} aborted: ${error.stack || error}\n`);
		}
		durations[runtime.n8nVersion] = Date.now() - t0;
	}
	process.stdout.write('\n');
	for (const runtime of runtimes) {
		const mine = results.filter((r) => r.version === runtime.n8nVersion);
		const ok = mine.filter((r) => r.ok).length;
		process.stdout.write(
			`n8n ${runtime.n8nVersion} (Node ${runtime.nodeVersion}): ${ok} passed, ${mine.length - ok} failed ` +
				`in ${(durations[runtime.n8nVersion] / 1000).toFixed(0)} s\n`,
		);
	}
}

async function runAll() {
	await onEachRuntime(selectedRuntimes(), results, {
		main: (runtime) => main(runtime.id),
		onVersion: (version) => (currentVersion = version),
	});
}

// e2e/queue.js reuses the operations and the workflow builder (the suite runs only when run directly)
module.exports = { operations, workflow, rl, OAUTH, selectedRuntimes, onEachRuntime };
if (require.main === module)
	runAll()
		.catch((error) => {
			results.push({ version: currentVersion, ok: false });
			process.stdout.write(`✗ e2e run aborted: ${error.stack || error}\n`);
		})
		.finally(() => {
			const passed = results.filter((r) => r.ok).length;
			const failed = results.length - passed;
			process.stdout.write(`e2e finished in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
			process.stdout.write(`${passed} passed, ${failed} failed\n`);
			process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
		});
