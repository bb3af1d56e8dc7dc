'use strict';
/**
 * Supplement section 9 and the contacts found by email inside a real n8n (`n8n execute`, one workflow per scenario), checked on the sandbox's
 * request log, its store and the items n8n returned:
 *
 * 1. every new operation in one workflow (custom fields, landing pages, website pages, payouts,
 *    the API version health check, hooks with their samples, a contact created with a custom field
 *    by title, Create or Update, Grant Offers by Email for a new and for a known person);
 * 2. Contact → Create or Update run twice on the same input: the first run creates, the second
 *    updates, one contact in the end;
 * 3. Revoke Offers by Email in a workflow: a known person typed in another case and with spaces
 *    (found: the DELETE, the offer gone) and an unknown email (`found: false`, no DELETE).
 *
 * Used by e2e/run.js (`await require('./supplement-and-find-or-create').runSupplementAndFindOrCreateChecks({ sandbox, n8n }, check)`),
 * or alone: `node e2e/supplement-and-find-or-create.js` (E2E_N8N=1.x|2.x picks the runtime).
 */
const assert = require('node:assert/strict');

const { chainWorkflow } = require('./lib/chain');

const rl = (value, mode = 'id') => ({ __rl: true, mode, value });

/** Manual Trigger → the nodes in a chain, each executed once (e2e/lib/chain.js). */
const workflow = (id, name, ops) =>
	chainWorkflow(
		id,
		name,
		ops.map((op) => ({ name: op.name, parameters: op.parameters })),
	);

const NEW_PERSON = 'e2e.new.person@example.com';
const UPSERT_EMAIL = 'e2e.upsert@example.com';

/** The operations of workflow 1: parameters and a check of the items (and of the sandbox). */
function operations(sandbox) {
	const known = sandbox.store.contacts.find((c) => c.relationships.site && c.relationships.site.data.id === '1');
	const knownEmail = String(known.attributes.email).toUpperCase();
	return [
		{
			name: 'Custom Field: Get Many',
			parameters: { resource: 'customField', operation: 'getAll', returnAll: true, filters: { site_id: rl('2') } },
			items: (it) =>
				assert.deepEqual(
					it.map((i) => i.title),
					['Membership number'],
				),
		},
		{
			name: 'Custom Field: Get',
			parameters: { resource: 'customField', operation: 'get', customFieldId: rl('1') },
			items: (it) => assert.equal(it[0].title, 'Company'),
		},
		{
			name: 'Landing Page: Get Many',
			parameters: { resource: 'landingPage', operation: 'getAll', returnAll: true, filters: { published: true } },
			items: (it) => assert.ok(it.length > 0 && it.every((i) => i.type === 'landing_pages')),
		},
		{
			name: 'Landing Page: Get',
			parameters: { resource: 'landingPage', operation: 'get', landingPageId: rl('2') },
			items: (it) => assert.equal(it[0].id, '2'),
		},
		{
			name: 'Website Page: Get Many',
			parameters: { resource: 'websitePage', operation: 'getAll', limit: 2 },
			items: (it) => assert.equal(it.length, 2),
		},
		{
			name: 'Website Page: Get',
			parameters: { resource: 'websitePage', operation: 'get', websitePageId: rl('1') },
			items: (it) => assert.equal(it[0].id, '1'),
		},
		{
			name: 'Payout: Get Many',
			parameters: { resource: 'payout', operation: 'getAll', siteId: rl('1'), returnAll: true },
			items: (it) => {
				assert.equal(it.length, 45);
				// Pages after the first are requested in parallel: they may reach the sandbox in any order.
				const pages = sandbox.requests
					.filter((r) => r.rawPath === '/v1/kajabi_payments_payouts')
					.map((r) => [r.query['page[number]'], r.query['page[size]']])
					.sort((a, b) => Number(a[0]) - Number(b[0]));
				assert.deepEqual(
					pages,
					[
						['1', undefined],
						['2', undefined],
						['3', undefined],
					],
					`payout pages requested: ${JSON.stringify(pages)}`,
				);
			},
		},
		{
			name: 'Payout: Get',
			parameters: { resource: 'payout', operation: 'get', siteId: rl('1'), payoutId: rl('payout_3') },
			items: (it) => {
				assert.equal(it.length, 3);
				assert.ok(it.every((i) => i.payout_id === 'payout_3' && typeof i.net === 'number'));
			},
		},
		{
			name: 'API Version: Health Check',
			parameters: { resource: 'apiVersion', operation: 'healthCheck' },
			items: (it) =>
				assert.deepEqual(
					[it[0].check, it[0].healthy, it[0].version],
					['Content Platform API health check', true, '1.1.0'],
				),
		},
		{
			name: 'Hook: Create',
			parameters: {
				resource: 'hook',
				operation: 'create',
				event: 'tag_added',
				targetUrl: 'https://example.com/e2e',
				siteId: rl('1'),
			},
			items: (it) => assert.equal(it[0].event, 'tag_added'),
		},
		{
			name: 'Hook: Get Many',
			parameters: { resource: 'hook', operation: 'getAll', returnAll: true, filters: { event_eq: 'tag_added' } },
			items: (it) => assert.ok(it.some((i) => i.target_url === 'https://example.com/e2e')),
		},
		{
			name: 'Hook: Get',
			parameters: { resource: 'hook', operation: 'get', hookId: rl('={{ $("Hook: Create").item.json.id }}') },
			items: (it) => assert.equal(it[0].target_url, 'https://example.com/e2e'),
		},
		{
			name: 'Hook: Get Sample',
			parameters: { resource: 'hook', operation: 'getSample', event: 'order_created' },
			items: (it) =>
				assert.deepEqual(
					it.map((i) => i.type),
					['transactions', 'customers', 'orders', 'order_items'],
				),
		},
		{
			name: 'Hook: Delete',
			parameters: { resource: 'hook', operation: 'delete', hookId: rl('={{ $("Hook: Create").item.json.id }}') },
			items: (it) => {
				assert.equal(it[0].deleted, true);
				assert.equal(sandbox.hooks.length, 0);
			},
		},
		{
			name: 'Contact: Create with a custom field',
			parameters: {
				resource: 'contact',
				operation: 'create',
				siteId: rl('1'),
				email: 'e2e.custom@example.com',
				customFields: { mappingMode: 'defineBelow', value: { custom_1: 'Acme' }, matchingColumns: [], schema: [] },
			},
			items: (it) => assert.equal(it[0].custom_1, 'Acme'),
		},
		{
			name: 'Contact: Grant Offers by Email (new person)',
			parameters: {
				resource: 'contact',
				operation: 'grantOffersByEmail',
				siteId: rl('1'),
				email: NEW_PERSON,
				offerIds: ['2'],
			},
			items: (it) => {
				assert.equal(it[0].created, true);
				const created = sandbox.store.contacts.filter((c) => c.attributes.email === NEW_PERSON);
				assert.equal(created.length, 1);
				assert.equal(it[0].id, created[0].id);
			},
		},
		{
			name: 'Contact: Grant Offers by Email (known person)',
			parameters: {
				resource: 'contact',
				operation: 'grantOffersByEmail',
				siteId: rl('1'),
				email: knownEmail,
				offerIds: ['4'],
			},
			items: (it) => assert.deepEqual([it[0].id, it[0].created], [known.id, false]),
		},
	];
}

/** Workflow 2: one Create or Update node, run twice. */
const UPSERT = workflow('e2eSection9Upsert', 'e2e: create or update twice', [
	{
		name: 'Contact: Create or Update',
		parameters: {
			resource: 'contact',
			operation: 'upsert',
			siteId: rl('1'),
			email: UPSERT_EMAIL,
			additionalFields: { name: 'E2E Upsert' },
		},
	},
]);

const NOBODY = 'e2e.nobody@example.com';

/** Workflow 3: Revoke Offers by Email for a known person (another case, spaces), then for nobody. */
function revokeByEmail(sandbox) {
	const known = sandbox.store.contacts.filter(
		(c) =>
			c.relationships.site &&
			c.relationships.site.data.id === '1' &&
			((c.relationships.offers && c.relationships.offers.data) || []).length,
	)[1];
	const offerId = known.relationships.offers.data[0].id;
	const revoke = (name, email) => ({
		name,
		parameters: { resource: 'contact', operation: 'revokeOffersByEmail', siteId: rl('1'), email, offerIds: [offerId] },
	});
	return {
		known,
		offerId,
		workflow: workflow('e2eSection9RevokeByEmail', 'e2e: revoke offers by email', [
			revoke('Contact: Revoke Offers by Email (known)', `  ${String(known.attributes.email).toUpperCase()} `),
			revoke('Contact: Revoke Offers by Email (nobody)', NOBODY),
		]),
	};
}

/**
 * Imports and runs the section-9 workflows in the given stack; one check per operation, the
 * twice-run Create or Update and its wire.
 * @param {{ sandbox: import('../test/sandbox').Sandbox, n8n: object }} stack
 * @param {(name: string, fn: () => unknown) => Promise<void>} check
 */
async function runSupplementAndFindOrCreateChecks({ sandbox, n8n }, check) {
	const ops = operations(sandbox);
	const revoke = revokeByEmail(sandbox);
	n8n.importWorkflows([workflow('e2eSection9Ops', 'e2e: section 9 operations', ops), UPSERT, revoke.workflow]);
	sandbox.clearRequests();
	const run = await n8n.execute('e2eSection9Ops');
	await check(`section 9: the workflow of ${ops.length} operations succeeds`, () =>
		assert.ok(run.ok, JSON.stringify(run.error)),
	);
	for (const op of ops) {
		await check(`${op.name}: items`, () => {
			const result = run.nodes[op.name];
			assert.ok(result && !result.error, `node result: ${JSON.stringify(result && result.error)}`);
			op.items(result.items);
		});
	}
	await check('API Version: Health Check sent no page or filter and needs no token', () => {
		const [request] = sandbox.requests.filter((r) => r.rawPath === '/v1/version');
		assert.equal(request.rawQuery, '');
	});

	const wire = [];
	for (const attempt of [1, 2]) {
		sandbox.clearRequests();
		const again = await n8n.execute('e2eSection9Upsert');
		wire.push(sandbox.requests.map((r) => `${r.method} ${r.rawPath}`));
		await check(`Create or Update, run ${attempt}: ${attempt === 1 ? 'creates' : 'updates'}`, () => {
			assert.ok(again.ok, JSON.stringify(again.error));
			const [item] = again.nodes['Contact: Create or Update'].items;
			assert.equal(item.created, attempt === 1);
		});
	}
	await check('Create or Update twice: GET + POST, then GET + PATCH; one contact in the end', () => {
		const contacts = sandbox.store.contacts.filter((c) => c.attributes.email === UPSERT_EMAIL);
		assert.equal(contacts.length, 1);
		assert.deepEqual(wire, [
			['GET /v1/contacts', 'POST /v1/contacts'],
			['GET /v1/contacts', `PATCH /v1/contacts/${contacts[0].id}`],
		]);
	});

	sandbox.clearRequests();
	const revoked = await n8n.execute('e2eSection9RevokeByEmail');
	await check('Revoke Offers by Email in a workflow: found (another case, spaces) → DELETE, the offer gone', () => {
		assert.ok(revoked.ok, JSON.stringify(revoked.error));
		const [item] = revoked.nodes['Contact: Revoke Offers by Email (known)'].items;
		assert.deepEqual(
			[item.id, item.found, item.email],
			[revoke.known.id, true, revoke.known.attributes.email.toUpperCase()],
		);
		assert.ok(!item.offers_ids.includes(revoke.offerId));
		assert.ok(!revoke.known.relationships.offers.data.some((o) => o.id === revoke.offerId));
	});
	await check('Revoke Offers by Email in a workflow: unknown email → found: false, no DELETE, no contact', () => {
		const [item] = revoked.nodes['Contact: Revoke Offers by Email (nobody)'].items;
		assert.deepEqual(item, { id: null, type: 'contacts', email: NOBODY, offers_ids: [], found: false });
		assert.equal(sandbox.store.contacts.filter((c) => c.attributes.email === NOBODY).length, 0);
	});
	await check('Revoke Offers by Email in a workflow: the wire is GET, DELETE, GET', () => {
		assert.deepEqual(
			sandbox.requests.map((r) => `${r.method} ${r.rawPath}`),
			['GET /v1/contacts', `DELETE /v1/contacts/${revoke.known.id}/relationships/offers`, 'GET /v1/contacts'],
		);
	});
}

module.exports = { runSupplementAndFindOrCreateChecks };

if (require.main === module) {
	require('./lib/standalone').runStandalone({
		name: 'e2e-supplement-and-find-or-create',
		workflows: () => [],
		start: false,
		checks: ({ sandbox, n8n, check }) => runSupplementAndFindOrCreateChecks({ sandbox, n8n }, check),
	});
}
