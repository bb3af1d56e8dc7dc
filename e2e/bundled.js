'use strict';
/**
 * A bundled transaction (release 1.1.0 of the API: one charge covering several offers, `offer`
 * null, `purchases` naming each) through both triggers in a real n8n, any version the stack starts:
 *
 * - the Content Platform Trigger's New Transaction with Include Purchases, polling every 20 s
 *   (filter: customer 8, so its requests are told apart from the other triggers'): the bundled
 *   transaction inserted after activation is emitted as ONE item holding its three purchases, read
 *   back once (`GET /v1/transactions/{id}?include=purchases`), and the next poll emits nothing;
 * - the Content Platform Webhook Trigger's Payment Succeeded with Include Purchases: the delivery of
 *   the same kind of transaction starts ONE execution whose item holds the three purchases and the
 *   customer, after one read-back request.
 *
 * Used by e2e/run.js: `workflows()` (import them with the others, before `n8n.start()`), then
 * `checks({ sandbox, n8n, check })` once n8n is started. Alone:
 * `npm run build && [E2E_N8N=1.x] node e2e/bundled.js`.
 */
const assert = require('node:assert/strict');

const { retryWhile404, runStandalone } = require('./lib/standalone');
const { waitFor, waitForQuiet } = require('./lib/wait');

const CREDENTIAL = { id: 'cpApiCredential1', name: 'Content Platform account' };
const EVERY_20_SECONDS = {
	item: [0, 20, 40].map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })),
};
/** The customer of the polled transactions (the trigger's filter). */
const CUSTOMER = '8';
const OFFERS = ['1', '3', '5'];

const FLOWS = {
	poll: {
		id: 'e2eBundledPoll01',
		node: 'New transaction',
		type: 'n8n-nodes-content-platform.contentPlatformTrigger',
		parameters: {
			event: 'newTransaction',
			filters: { customer_id: CUSTOMER },
			includePurchases: true,
			pollTimes: EVERY_20_SECONDS,
		},
	},
	webhook: {
		id: 'e2eBundledHook01',
		node: 'Payment succeeded',
		type: 'n8n-nodes-content-platform.contentPlatformWebhookTrigger',
		webhookId: '6d1f4f0e-2b7a-4f7e-9a51-3c0de1a2b0b1',
		parameters: { event: 'payment_succeeded', siteId: '1', includePurchases: true },
	},
};

/** The two workflows (one trigger node each, inactive). */
function workflows() {
	return Object.values(FLOWS).map((flow) => ({
		id: flow.id,
		name: `e2e: bundled transaction, ${flow.node}`,
		nodes: [
			{
				id: `${flow.id}-trigger`,
				name: flow.node,
				type: flow.type,
				typeVersion: 1,
				position: [0, 0],
				...(flow.webhookId ? { webhookId: flow.webhookId } : {}),
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

/** The trigger's list requests (customer filter 8). */
const polls = (sandbox) =>
	sandbox.requests.filter(
		(r) => r.method === 'GET' && r.rawPath === '/v1/transactions' && r.query['filter[customer_id]'] === CUSTOMER,
	).length;
const readBacks = (sandbox, id) =>
	sandbox.requests
		.filter((r) => r.rawPath === `/v1/transactions/${id}`)
		.map((r) => `${r.method} ${r.rawPath}?${decodeURIComponent(r.rawQuery)} ${r.status}`);

/** The transactions requests the sandbox received, for a failure message. */
const describe = (sandbox) =>
	sandbox.requests
		.filter((r) => r.rawPath.startsWith('/v1/transactions'))
		.map((r) => `${r.method} ${r.rawPath}?${decodeURIComponent(r.rawQuery)} ${r.status}`)
		.join('; ');

/** One execution's items of a node. */
const itemsOf = (execution, node) => (execution.nodes[node] && execution.nodes[node].items) || [];

/** What the item of a bundled transaction must hold: itself, offer_id null, the three purchases by ID and offer. */
function assertBundledItem(item, bundle) {
	assert.equal(item.id, bundle.transaction.id);
	assert.equal(item.type, 'transactions');
	assert.equal(item.offer_id, null);
	assert.deepEqual(
		item.purchases_ids,
		bundle.purchases.map((p) => p.id),
	);
	assert.deepEqual(
		item.purchases.map((p) => [p.id, p.type, p.offer_id]),
		bundle.purchases.map((p, i) => [p.id, 'purchases', OFFERS[i]]),
	);
}

/** The checks, against a started n8n. `check(name, fn)` is run.js's reporter. */
async function checks({ sandbox, n8n, check }) {
	// Polling trigger: activation poll (baseline), then a bundled transaction, then the next poll.
	sandbox.clearRequests();
	await retryWhile404(() => n8n.activateWorkflow(FLOWS.poll.id));
	await waitFor(() => polls(sandbox) >= 1, 60000, 'the activation poll');
	// The activation poll reads a few date windows; a record inserted while it runs is part of the
	// baseline (not emitted), so wait until it is over: no request for 3 s.
	await waitForQuiet(() => polls(sandbox), 3000);
	const polled = sandbox.insertBundledTransaction({ customerId: CUSTOMER, offerIds: OFFERS });
	const [execution] = await n8n
		.waitForExecutions({ workflowId: FLOWS.poll.id, count: 1, timeoutMs: 90000 })
		.catch(() => [undefined]);
	const pollsThen = polls(sandbox);
	await waitFor(() => polls(sandbox) > pollsThen, 60000, 'one more poll').catch(() => undefined);
	await new Promise((resolve) => setTimeout(resolve, 2000));
	await retryWhile404(() => n8n.deactivateWorkflow(FLOWS.poll.id));
	await check(
		'bundled transaction, New Transaction with Include Purchases: one item with its 3 purchases (1 read-back request); the next poll emits nothing',
		() => {
			assert.ok(execution, `no execution; the trigger's requests: ${describe(sandbox)}`);
			assert.equal(execution.status, 'success', JSON.stringify(execution.error));
			const items = itemsOf(execution, FLOWS.poll.node);
			assert.equal(items.length, 1);
			assertBundledItem(items[0], polled);
			assert.deepEqual(readBacks(sandbox, polled.transaction.id), [
				`GET /v1/transactions/${polled.transaction.id}?include=purchases 200`,
			]);
			assert.ok(polls(sandbox) > pollsThen, 'no poll after the one that emitted');
			assert.equal(n8n.getExecutions({ workflowId: FLOWS.poll.id }).length, 1);
		},
	);

	// Webhook trigger: one delivery of a bundled transaction.
	await retryWhile404(() => n8n.activateWorkflow(FLOWS.webhook.id));
	await waitFor(
		() => sandbox.hooks.some((hook) => hook.event === 'payment_succeeded'),
		30000,
		'the payment_succeeded hook',
	);
	const delivered = sandbox.insertBundledTransaction({ customerId: '9', offerIds: OFFERS });
	sandbox.clearRequests();
	const status = await sandbox.deliver('payment_succeeded', undefined, { transactionId: delivered.transaction.id });
	const [hooked] = await n8n.waitForExecutions({ workflowId: FLOWS.webhook.id, count: 1, timeoutMs: 60000 });
	await new Promise((resolve) => setTimeout(resolve, 1500));
	await check(
		'bundled transaction, Payment Succeeded with Include Purchases: one delivery -> one execution, one item with its 3 purchases and customer (1 read-back request)',
		() => {
			assert.equal(status, 200);
			assert.equal(hooked.status, 'success', JSON.stringify(hooked.error));
			const items = itemsOf(hooked, FLOWS.webhook.node);
			assert.equal(items.length, 1);
			assertBundledItem(items[0], delivered);
			assert.equal(items[0].event, 'payment_succeeded');
			assert.equal(items[0].customer.id, '9');
			assert.deepEqual(readBacks(sandbox, delivered.transaction.id), [
				`GET /v1/transactions/${delivered.transaction.id}?include=purchases 200`,
			]);
			assert.equal(n8n.getExecutions({ workflowId: FLOWS.webhook.id }).length, 1);
		},
	);
	await retryWhile404(() => n8n.deactivateWorkflow(FLOWS.webhook.id));
	await waitFor(
		() => !sandbox.hooks.some((hook) => hook.event === 'payment_succeeded'),
		30000,
		'the hook deleted',
	).catch(() => undefined);
}

module.exports = { workflows, checks };

if (require.main === module) runStandalone({ name: 'e2e-bundled', workflows, checks });
