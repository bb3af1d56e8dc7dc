'use strict';
/**
 * The example workflows (examples/*.json) in a real n8n, against the sandbox: what `npm run demo`
 * shows and what `npm run test:e2e` checks, from one table.
 *
 * - `prepare(sandbox)`: the records the examples need to show something on the sandbox's fixed
 *   data: orders of 1, 3 and 9 days ago (the last-7-days example must keep exactly the first two)
 *   and an active subscription of customer 3 (the offboarding example cancels it).
 * - Manual examples run with `n8n execute` (n8n not started); webhook examples are activated in
 *   the running n8n (the hook is registered at the sandbox) and get one delivery each.
 * - `checks({ sandbox, n8n, check })` (e2e/run.js, n8n running): stops n8n, runs the manual
 *   examples, starts n8n again, runs the webhook examples; one check per example, on the items
 *   n8n returned and on the sandbox's store. The polling trigger examples (access token and
 *   OAuth2) are checked by e2e/run.js's trigger checks.
 * Alone: `npm run build && node e2e/examples.js` (E2E_N8N=1.x for n8n 1.x).
 */
const assert = require('node:assert/strict');

const { retryWhile404, runStandalone } = require('./lib/standalone');
const { waitFor } = require('./lib/wait');
const { exampleWorkflows } = require('./lib/stack');
const { operationRows } = require('../lib/operation-rows');

const DAY_MS = 24 * 3600 * 1000;

/** Adds what the examples need to the sandbox; returns what the checks expect. */
function prepare(sandbox) {
	const ago = (days) => new Date(Date.now() - days * DAY_MS).toISOString();
	const recent = [1, 3].map((days) => sandbox.insert('orders', {}, { customer: '5' }, { created_at: ago(days) }));
	const old = sandbox.insert('orders', {}, { customer: '5' }, { created_at: ago(9) });
	const subscription = sandbox.insert(
		'purchases',
		{ payment_type: 'subscription', amount_in_cents: 2900 },
		{ customer: '3', offer: '2' },
	);
	return { recentOrders: recent.map((o) => o.id), oldOrder: old.id, subscription: subscription.id };
}

/** IDs of the related records of a resource object's relationship (to-one or to-many), as strings. */
const relIds = (record, name) =>
	[].concat((record && record.relationships[name] && record.relationships[name].data) || []).map((d) => d.id);

/**
 * The examples with a Manual Trigger: workflow id → check(run, sandbox, expected, requests,
 * startedAt). `run` is n8n.execute()'s summary (run.nodes[name].items); `requests` and `startedAt`
 * as `runManual` gives them.
 */
const MANUAL = {
	cpExampleOrders1: (run, sandbox, expected, requests, startedAt) => {
		const kept = run.nodes['Get the orders of the last 7 days'].items.map((i) => i.id);
		// The store's orders of the last 7 days: the ones prepare() added and any that earlier checks
		// of the suite inserted (the trigger checks add orders dated now). The example's "7 days ago"
		// was taken while it ran, between `startedAt` and now: every order since 7 days before now
		// must be kept, none before 7 days before `startedAt` (an order in between may go either way).
		const since = (t) =>
			sandbox.store.orders.filter((o) => Date.parse(o.attributes.created_at) >= t - 7 * DAY_MS).map((o) => o.id);
		const recent = since(Date.now());
		const possible = since(startedAt);
		for (const id of expected.recentOrders) assert.ok(recent.includes(id), `order ${id} of 1 and 3 days ago`);
		assert.ok(!kept.includes(expected.oldOrder), 'the order of 9 days ago is left out');
		assert.deepEqual(
			recent.filter((id) => !kept.includes(id)),
			[],
			'every order of the last 7 days kept',
		);
		assert.deepEqual(
			kept.filter((id) => !possible.includes(id)),
			[],
			'no order older than 7 days kept',
		);
		assert.equal(new Set(kept).size, kept.length, 'no order twice');
		// Date Range → Created After on orders: read newest first, stopped at the first older order;
		// R orders in range cost floor(R / 100) + 1 pages, plus at most k − 1 = 3 read ahead with the
		// default 4 Parallel Page Requests (none when page 1 ends the read). R depends on what earlier
		// checks of the suite inserted (a few alone, over 1,000 in the full run).
		const pages = requests.filter((r) => r.path === '/v1/orders' && r.query['page[number]'] !== undefined);
		const needed = Math.floor(kept.length / 100) + 1;
		assert.ok(
			pages.length >= needed && pages.length <= needed + (needed === 1 ? 0 : 3),
			`requests of the orders list: ${pages.length} for ${kept.length} recent orders (expected ${needed}, at most ${needed + 3})`,
		);
		assert.ok(
			pages.every((r) => r.query.sort === '-created_at'),
			'read newest first',
		);
		const read = run.nodes['Get order with items'].items.map((o) => o.id);
		assert.deepEqual([...read].sort(), [...kept].sort(), 'each kept order read again with its items');
	},
	cpExampleContact: (run, sandbox) => {
		const contact = sandbox.find('contacts', '1');
		assert.equal(contact.attributes.custom_1, 'vip');
		assert.deepEqual(relIds(contact, 'tags').sort(), ['1', '2']);
		const [note] = run.nodes['Add a note'].items;
		assert.equal(sandbox.find('contact_notes', note.id).relationships.contact.data.id, '1');
	},
	cpExampleFormSub: (run, sandbox) => {
		const [read] = run.nodes['Read the submission'].items;
		assert.equal(read.id, run.nodes['Submit form'].items[0].id);
		assert.equal(sandbox.find('form_submissions', read.id).attributes.email, 'ada@example.com');
	},
	// needs Contact → Create or Update (operation `upsert`); not run while the node lacks it
	cpExampleLeadCap: (run, sandbox) => {
		const contacts = sandbox.store.contacts.filter((c) => c.attributes.email === 'ada.lovelace@example.com');
		assert.equal(contacts.length, 1, "one contact with the lead's email, created or updated");
		assert.equal(run.nodes['Create or update the contact'].items[0].id, contacts[0].id);
		assert.ok(relIds(contacts[0], 'tags').includes('2'), 'tagged 2');
	},
	cpExampleOffbrd1: (run, sandbox, expected) => {
		const canceled = run.nodes['Cancel subscription'].items.map((i) => i.id);
		assert.ok(canceled.includes(expected.subscription), `canceled ${canceled}`);
		for (const id of canceled)
			assert.ok(sandbox.find('purchases', id).attributes.deactivated_at, `purchase ${id} deactivated`);
		assert.deepEqual(relIds(sandbox.find('customers', '3'), 'offers'), [], 'every offer of customer 3 revoked');
		assert.deepEqual(run.nodes['Revoke every offer'].items[0].offers_ids, []);
	},
};

/**
 * The webhook examples: workflow id → the delivery that starts it ({ event, options } for
 * sandbox.deliver) and check(execution, sandbox).
 */
const WEBHOOK = {
	cpExampleTagGrnt: {
		event: 'tag_added',
		options: { contactId: '5', tagId: '2' },
		check: (execution, sandbox) => {
			assert.deepEqual(
				execution.nodes['Tag added'].items.map((i) => i.id),
				['5'],
			);
			assert.ok(execution.nodes['Grant the offer'].items[0].offers_ids.includes('3'));
			assert.ok(relIds(sandbox.find('contacts', '5'), 'offers').includes('3'), 'contact 5 holds offer 3');
		},
	},
	cpPurchaseGrant1: {
		event: 'purchase',
		options: { customerId: '7', offerId: '1' },
		check: (execution, sandbox) => {
			const [contactId] = relIds(sandbox.find('customers', '7'), 'contact');
			assert.equal(execution.nodes['New purchase'].items[0].customer.contact_id, contactId);
			assert.ok(execution.nodes['Grant bonus offer'].items[0].offers_ids.includes('4'));
			assert.ok(execution.nodes['Tag the contact'].items[0].tags_ids.includes('2'));
			const contact = sandbox.find('contacts', contactId);
			assert.ok(relIds(contact, 'offers').includes('4') && relIds(contact, 'tags').includes('2'));
		},
	},
};

/**
 * The Content Platform operations a workflow uses that the built node does not offer, as
 * "resource → operation" (empty: it can run). An example written for an operation another change
 * adds is skipped, by name, until that operation exists.
 */
function missingOperations(workflow) {
	const offered = new Set(operationRows().map((r) => `${r.resourceValue} → ${r.operationValue}`));
	return workflow.nodes
		.filter((n) => n.type === 'n8n-nodes-content-platform.contentPlatform')
		.map((n) => `${n.parameters.resource} → ${n.parameters.operation}`)
		.filter((op) => !offered.has(op));
}

/** The example workflows of a table (MANUAL or WEBHOOK), as in examples/*.json, failing if one is missing. */
function examplesOf(table) {
	const byId = new Map(exampleWorkflows().map((w) => [w.id, w]));
	return Object.keys(table).map((id) => {
		assert.ok(byId.has(id), `examples/ has no workflow ${id}`);
		return byId.get(id);
	});
}

/**
 * Runs each manual example with `n8n execute` (n8n must not be running): [{ workflow, run, requests,
 * startedAt }], `requests` the sandbox's requests during the run, `startedAt` when it was started (ms).
 */
async function runManual(n8n, sandbox) {
	const out = [];
	for (const workflow of examplesOf(MANUAL)) {
		const missing = missingOperations(workflow);
		const from = sandbox ? sandbox.requests.length : 0;
		const startedAt = Date.now();
		const run = missing.length ? null : await n8n.execute(workflow.id);
		out.push({ workflow, missing, run, requests: sandbox ? sandbox.requests.slice(from) : [], startedAt });
	}
	return out;
}

/**
 * Activates each webhook example in the running n8n, delivers its event once, waits for the
 * execution and deactivates it (the hook is deleted): [{ workflow, status, execution }].
 */
async function runWebhooks(sandbox, n8n) {
	const out = [];
	for (const workflow of examplesOf(WEBHOOK)) {
		const { event, options } = WEBHOOK[workflow.id];
		const { webhookId } = workflow.nodes.find((n) => n.webhookId);
		const registered = () => sandbox.hooks.some((h) => h.event === event && h.target_url.includes(webhookId));
		await retryWhile404(() => n8n.activateWorkflow(workflow.id));
		await waitFor(registered, 60000, `the ${event} hook of ${workflow.id}`, { everyMs: 100 });
		const before = n8n.getExecutions({ workflowId: workflow.id }).length;
		const status = await sandbox.deliver(event, undefined, options);
		const executions = await n8n.waitForExecutions({ workflowId: workflow.id, count: before + 1, timeoutMs: 60000 });
		await retryWhile404(() => n8n.deactivateWorkflow(workflow.id));
		await waitFor(() => !registered(), 60000, `the ${event} hook of ${workflow.id} deleted`, { everyMs: 100 });
		out.push({ workflow, status, execution: executions[executions.length - 1] });
	}
	return out;
}

/** e2e/run.js: every manual and webhook example, one check each (n8n running before and after). */
async function checks({ sandbox, n8n, check }) {
	const expected = prepare(sandbox);
	if (n8n.server) await n8n.stop();
	for (const { workflow, missing, run, requests, startedAt } of await runManual(n8n, sandbox))
		if (missing.length)
			process.stdout.write(`- example "${workflow.name}" not run: the node lacks ${missing.join(', ')}\n`);
		else
			await check(`example "${workflow.name}"`, () => {
				assert.ok(run.ok, JSON.stringify(run.error));
				MANUAL[workflow.id](run, sandbox, expected, requests, startedAt);
			});
	await n8n.start({ timeoutMs: 300000 });
	for (const { workflow, status, execution } of await runWebhooks(sandbox, n8n))
		await check(`example "${workflow.name}" (webhook)`, () => {
			assert.equal(status, 200);
			assert.equal(execution.status, 'success');
			WEBHOOK[workflow.id].check(execution, sandbox);
		});
}

module.exports = { prepare, runManual, runWebhooks, checks, missingOperations, MANUAL, WEBHOOK };

if (require.main === module) runStandalone({ name: 'examples', workflows: () => [], start: false, checks });
