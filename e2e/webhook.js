'use strict';
/**
 * The Content Platform Webhook Trigger in a real n8n (any version the stack starts): activating a
 * workflow registers a hook at the sandbox with n8n's production webhook URL; the sandbox delivers
 * events to that URL on 127.0.0.1; the executions hold the expected items (a repeated delivery is
 * not executed twice, a malformed one gets 400; at node version 2's defaults a forged purchase gets
 * 503 after at most 4 reads and starts nothing; the confirming read's checks, e2e/webhook-confirm.js:
 * a purchase the API reads late is executed once, 50 purchases at once with some reads answered 429
 * or 404 once are each executed once, and not again after a restart);
 * deactivating deletes the hook. Measures the
 * delivery-to-execution latency and the request counts of activation and deactivation.
 *
 * Used by e2e/run.js: `workflows()` (import them with the others, before `n8n.start()`), then
 * `checks({ sandbox, n8n, check })` once n8n is started. Alone: `npm run build && node e2e/webhook.js`.
 */
const assert = require('node:assert/strict');

const { retryWhile404, runStandalone } = require('./lib/standalone');
const { waitFor } = require('./lib/wait');
const { burstChecks, notYetReadableChecks, readsOf } = require('./webhook-confirm');

/** How often the waits ask (the activation time in the figures is measured with it). */
const EVERY_100_MS = { everyMs: 100 };

const WEBHOOK_TRIGGER = 'n8n-nodes-content-platform.contentPlatformWebhookTrigger';
const CREDENTIAL = { id: 'cpApiCredential1', name: 'Content Platform account' };

/**
 * The two workflows: a purchase trigger of node version 2 at its defaults (Confirm With API is on
 * for purchases: each record is confirmed with the API), and a tag trigger of version 1.
 */
const FLOWS = {
	purchase: {
		id: 'e2eWebhookPurch1',
		webhookId: '6d1f4f0e-2b7a-4f7e-9a51-3c0de1a2b001',
		node: 'On purchase',
		typeVersion: 2,
		parameters: { event: 'purchase', siteId: '1' },
	},
	tag: {
		id: 'e2eWebhookTagAd1',
		webhookId: '6d1f4f0e-2b7a-4f7e-9a51-3c0de1a2b002',
		node: 'On tag added',
		typeVersion: 1,
		parameters: { event: 'tag_added', siteId: '1' },
	},
};

/** The workflows to import: one Content Platform Webhook Trigger node each, inactive. */
function workflows() {
	return Object.values(FLOWS).map((flow) => ({
		id: flow.id,
		name: `e2e: webhook ${flow.parameters.event}`,
		nodes: [
			{
				id: `${flow.id}-trigger`,
				name: flow.node,
				type: WEBHOOK_TRIGGER,
				typeVersion: flow.typeVersion,
				position: [0, 0],
				webhookId: flow.webhookId,
				parameters: flow.parameters,
				credentials: { contentPlatformApi: CREDENTIAL },
			},
		],
		connections: {},
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
	}));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const hookRequests = (sandbox) =>
	sandbox.requests.filter((r) => r.path === '/v1/hooks' || r.path.startsWith('/v1/hooks/'));
const describe = (requests) =>
	requests.map((r) => `${r.method} ${r.path}${r.rawQuery ? `?${decodeURIComponent(r.rawQuery)}` : ''} ${r.status}`);

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The checks, against a started n8n. `check(name, fn)` is run.js's reporter.
 * @returns {Promise<object>} the figures measured (request counts, latencies in ms).
 */
async function checks({ sandbox, n8n, check }) {
	const figures = {};
	const productionUrl = (flow) => `${n8n.baseUrl}/webhook/${flow.webhookId}/webhook`;

	sandbox.clearRequests();
	const t0 = Date.now();
	await retryWhile404(() => n8n.activateWorkflow(FLOWS.purchase.id));
	// Some n8n versions answer the activation before the triggers are registered: wait for the hook.
	await waitFor(() => sandbox.hooks.length > 0, 30000, 'the purchase hook', EVERY_100_MS);
	figures.activationMs = Date.now() - t0;
	const activation = hookRequests(sandbox);
	figures.activationRequests = describe(activation);
	await check("webhook: activation registers the hook with n8n's production URL (GET list + POST)", () => {
		assert.deepEqual(
			sandbox.hooks.map((h) => [h.event, h.target_url, h.site_id]),
			[['purchase', productionUrl(FLOWS.purchase), '1']],
		);
		assert.deepEqual(
			activation.map((r) => r.method),
			['GET', 'POST'],
		);
	});
	await retryWhile404(() => n8n.activateWorkflow(FLOWS.tag.id));
	await waitFor(() => sandbox.hooks.length > 1, 30000, 'the tag hook', EVERY_100_MS);

	// Deliveries: 10 purchases one after the other, each waited for (latency = POST sent -> execution stopped).
	const latencies = [];
	const answers = [];
	const purchases = [];
	for (let i = 0; i < 10; i++) {
		const before = n8n.getExecutions({ workflowId: FLOWS.purchase.id }).length;
		const payload = sandbox.hookPayload('purchase', { customerId: String(1 + i) });
		purchases.push(payload);
		const status = await sandbox.deliver('purchase', payload);
		const delivery = sandbox.deliveries[sandbox.deliveries.length - 1];
		answers.push([status, delivery.ms]);
		const executions = await n8n.waitForExecutions({
			workflowId: FLOWS.purchase.id,
			count: before + 1,
			timeoutMs: 60000,
		});
		latencies.push(Date.parse(executions[executions.length - 1].stoppedAt) - delivery.at);
	}
	figures.deliveryToExecutionMs = { median: median(latencies), max: Math.max(...latencies), all: latencies };
	figures.answerMs = { median: median(answers.map((a) => a[1])), max: Math.max(...answers.map((a) => a[1])) };
	await check(
		'webhook: 10 purchases delivered to 127.0.0.1 -> 10 executions, one item each (confirmed with the API)',
		() => {
			assert.deepEqual(
				answers.map((a) => a[0]),
				Array(10).fill(200),
			);
			const executions = n8n.getExecutions({ workflowId: FLOWS.purchase.id });
			assert.equal(executions.length, 10);
			executions.forEach((execution, i) => {
				assert.equal(execution.status, 'success');
				const items = execution.nodes[FLOWS.purchase.node].items;
				assert.equal(items.length, 1);
				const [purchase, offer, customer] = purchases[i];
				assert.equal(items[0].id, purchase.id);
				assert.equal(items[0].type, 'purchases');
				assert.equal(items[0].event, 'purchase');
				assert.equal(items[0].delivery_id, purchase.id);
				assert.equal(items[0].offer.id, offer.id);
				assert.equal(items[0].customer.id, customer.id);
				assert.equal(items[0].customer.email, customer.attributes.email);
			});
			const confirms = sandbox.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/purchases/'));
			assert.equal(confirms.length, 10);
		},
	);

	const repeated = purchases[9];
	const repeatStatus = await sandbox.deliver('purchase', repeated);
	const malformedStatus = await sandbox.deliver('purchase', undefined, {
		body: { id: '1', event: 'purchase', payload: 'nope' },
	});
	const brokenJsonStatus = await sandbox.deliver('purchase', undefined, { body: '{"id": "1", "event": ' });
	// A well-formed forged purchase (a record the API does not know) at version 2's defaults: read
	// again after the re-read waits (0.5 s, 1 s, 1.5 s), then the sender is asked to deliver it again.
	const forged = sandbox
		.hookPayload('purchase')
		.map((record) => (record.type === 'purchases' ? { ...record, id: '990001' } : record));
	const forgedStatus = await sandbox.deliver('purchase', forged);
	await sleep(1500);
	await check(
		'webhook: version 2 at its defaults: a forged purchase is answered 503 after at most 4 reads and starts no execution',
		() => {
			assert.equal(forgedStatus, 503);
			assert.equal(n8n.getExecutions({ workflowId: FLOWS.purchase.id }).length, 10);
			const reads = readsOf(sandbox, '990001');
			assert.ok(
				reads >= 2 && reads <= 4,
				`the forged record was read ${reads} times (2 to 4: the re-reads within the budget)`,
			);
		},
	);
	await check('webhook: a repeated delivery (200) and malformed ones (400) start no execution', () => {
		assert.equal(repeatStatus, 200);
		assert.equal(malformedStatus, 400);
		assert.ok(brokenJsonStatus >= 400 && brokenJsonStatus < 500, `broken JSON answered ${brokenJsonStatus}`);
		assert.equal(n8n.getExecutions({ workflowId: FLOWS.purchase.id }).length, 10);
	});
	figures.notYetReadable = await notYetReadableChecks({ sandbox, n8n, check, flow: FLOWS.purchase });
	const burst = await burstChecks({ sandbox, n8n, check, flow: FLOWS.purchase });
	figures.burst = burst.figures;
	figures.brokenJsonStatus = brokenJsonStatus;

	// Tags (no confirmation): 10 deliveries, contacts 1..10 each gaining tag 2.
	const tagLatencies = [];
	const tagStatuses = [];
	for (let i = 0; i < 10; i++) {
		const status = await sandbox.deliver('tag_added', undefined, { contactId: String(1 + i), tagId: '2' });
		tagStatuses.push(status);
		const delivery = sandbox.deliveries[sandbox.deliveries.length - 1];
		const executions = await n8n.waitForExecutions({ workflowId: FLOWS.tag.id, count: i + 1, timeoutMs: 60000 });
		tagLatencies.push(Date.parse(executions[executions.length - 1].stoppedAt) - delivery.at);
	}
	figures.deliveryToExecutionMsNoConfirm = {
		median: median(tagLatencies),
		max: Math.max(...tagLatencies),
		all: tagLatencies,
	};
	await check('webhook: tag added -> the contact with its tag (an event polling cannot see)', () => {
		assert.deepEqual(tagStatuses, Array(10).fill(200));
		const executions = n8n.getExecutions({ workflowId: FLOWS.tag.id });
		assert.deepEqual(
			executions.map((execution) =>
				execution.nodes[FLOWS.tag.node].items.map((item) => [
					item.type,
					item.id,
					item.event,
					item.contact_tags.map((t) => t.id),
				]),
			),
			Array.from({ length: 10 }, (_, i) => [['contacts', String(1 + i), 'tag_added', ['2']]]),
		);
	});

	// n8n down: the hooks stay registered at the platform and a delivery finds nobody: it is lost.
	// After the restart the same registrations deliver again.
	await n8n.stop();
	const whileDown = await sandbox.deliver('tag_added', undefined, { contactId: '12', tagId: '3' });
	sandbox.clearRequests();
	await n8n.start();
	await sleep(3000);
	// n8n 1.x serves its webhooks some seconds after it reports ready: send until it answers.
	const afterRestartStatuses = [];
	let afterRestart = 0;
	for (
		const t0 = Date.now();
		afterRestart !== 200 && Date.now() - t0 < 60000;
		await sleep(afterRestart === 200 ? 0 : 1000)
	) {
		afterRestart = await sandbox.deliver('tag_added', undefined, { contactId: '13', tagId: '3' });
		afterRestartStatuses.push(afterRestart);
	}
	figures.afterRestartStatuses = afterRestartStatuses;
	// 11 finished executions, each with its data (n8n may mark one finished a moment before its data is readable)
	let executions = [];
	await waitFor(
		() => {
			executions = n8n
				.getExecutions({ workflowId: FLOWS.tag.id })
				.filter((execution) => !['new', 'running', 'waiting'].includes(execution.status));
			return executions.length >= 11 && executions.every((execution) => execution.nodes[FLOWS.tag.node]);
		},
		60000,
		'the 11 executions with their data',
		EVERY_100_MS,
	).catch(() => undefined);
	await check(
		'webhook: a delivery while n8n is down is lost (no answer, never executed); after the restart the hooks deliver again',
		() => {
			assert.equal(whileDown, 0);
			assert.equal(afterRestart, 200);
			const emitted = (execution) =>
				execution.nodes[FLOWS.tag.node]?.items[0]?.id ?? `${execution.status}: ${JSON.stringify(execution.error)}`;
			assert.deepEqual(executions.map(emitted).slice(9), ['10', '13']);
			assert.equal(sandbox.hooks.length, 2);
		},
	);

	// The 50 purchases of the burst once more, now that n8n read its static data from its database
	// again: each delivery of the burst wrote everything the process remembered, so none is emitted.
	const purchasesBefore = n8n.getExecutions({ workflowId: FLOWS.purchase.id }).length;
	const afterRestartBurst = await Promise.all(burst.payloads.map((payload) => sandbox.deliver('purchase', payload)));
	await sleep(1500);
	await check('webhook: after the restart the 50 purchases delivered again: answered 200, none executed again', () => {
		assert.deepEqual(afterRestartBurst, Array(50).fill(200));
		assert.equal(n8n.getExecutions({ workflowId: FLOWS.purchase.id }).length, purchasesBefore);
	});

	// What n8n did with the hooks since the restart. n8n 1.x activates the active workflows again at
	// its start and re-checks each hook (a GET of the list) before it logs "Activated workflow"; that
	// can come after its webhooks already answer, so wait for both logs rather than a fixed time
	// (a late GET would land among the deactivation's requests below). n8n 2.x keeps the registered
	// webhooks over a restart and sends nothing then (figure restartRequests: []); any re-publication
	// it queued at its start is waited for too.
	if (n8n.n8nMajor < 2) await n8n.waitForStartupActivation([FLOWS.purchase.id, FLOWS.tag.id], { timeoutMs: 60000 });
	else for (const flow of [FLOWS.purchase, FLOWS.tag]) await retryWhile404(() => n8n.settlePublication(flow.id));
	figures.restartRequests = describe(hookRequests(sandbox));
	sandbox.clearRequests();
	await retryWhile404(() => n8n.deactivateWorkflow(FLOWS.purchase.id));
	await waitFor(() => sandbox.hooks.length < 2, 30000, 'the purchase hook deleted', EVERY_100_MS);
	const deactivation = hookRequests(sandbox);
	figures.deactivationRequests = describe(deactivation);
	await retryWhile404(() => n8n.deactivateWorkflow(FLOWS.tag.id));
	await waitFor(() => sandbox.hooks.length === 0, 30000, 'both hooks deleted', EVERY_100_MS).catch(() => undefined);
	await check('webhook: deactivating deletes the hooks (one DELETE, 204)', () => {
		assert.deepEqual(sandbox.hooks, []);
		assert.deepEqual(
			deactivation.map((r) => `${r.method} ${r.status}`),
			['DELETE 204'],
		);
	});
	process.stdout.write(`  webhook figures: ${JSON.stringify(figures)}\n`);
	return figures;
}

module.exports = { workflows, checks };

if (require.main === module) runStandalone({ name: 'e2e-webhook', workflows, checks });
