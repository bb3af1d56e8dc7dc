'use strict';
/**
 * The supplement's 36 operations (lists, gets, writes, relationships) inside a real n8n: one workflow, one node per
 * operation in a chain, executed with `n8n execute`; each checked on the sandbox's request log
 * (method, path, query, JSON:API body), on the sandbox's store and on the items n8n returned.
 *
 * Used by e2e/run.js: `await runListsWritesRelationshipsChecks({ sandbox, n8n }, check)` with the stack it
 * started and its `check(name, fn)` (one line per check in the suite's output).
 */
const assert = require('node:assert/strict');

const { chainWorkflow } = require('./lib/chain');

const WORKFLOW_ID = 'e2eSupplementOps';
const JSON_API = 'application/vnd.api+json';

const rl = (value, mode = 'id') => ({ __rl: true, mode, value });
const ids = (items) => items.map((i) => i.id);
const relIds = (record, name) =>
	((record && record.relationships[name] && record.relationships[name].data) || []).map((d) => d.id);

/** Manual Trigger → the operations' nodes in a chain, each executed once (e2e/lib/chain.js). */
function workflow(ops) {
	return chainWorkflow(
		WORKFLOW_ID,
		'e2e: supplement operations',
		ops.map((op) => ({ name: op.name, parameters: op.parameters })),
	);
}

/**
 * The 36 operations in the order they run (writes after the reads that look at the same records):
 * node parameters, the request the sandbox must receive ([method, rawPath, rawQuery?]), a check of
 * the items, and for writes a check of the body and the store.
 */
function operations(sandbox) {
	const subscription = sandbox.store.purchases.find(
		(p) => p.attributes.payment_type === 'subscription' && p.attributes.deactivated_at === null,
	);
	const single = sandbox.store.purchases.find(
		(p) => p.attributes.payment_type === 'single' && p.attributes.deactivated_at === null,
	);
	// What the reads must return, taken before the writes further down the chain change the store.
	const activePaid = sandbox.store.purchases
		.filter((p) => p.attributes.deactivated_at === null && p.attributes.amount_in_cents > 0)
		.map((p) => p.id);
	const noteCount = sandbox.store.contact_notes.length;
	return [
		{
			name: 'Offer: Get Many',
			parameters: {
				resource: 'offer',
				operation: 'getAll',
				returnAll: true,
				filters: { site_id: rl('1', 'list') },
				options: { sort: 'price_in_cents', sortDirection: 'descending' },
			},
			request: [
				'GET',
				'/v1/offers',
				'filter%5Bsite_id%5D=1&sort=-price_in_cents&page%5Bnumber%5D=1&page%5Bsize%5D=100',
			],
			items: (it) => {
				assert.equal(it.length, 4);
				const prices = it.map((o) => o.price_in_cents);
				assert.deepEqual(
					prices,
					[...prices].sort((a, b) => b - a),
				);
			},
		},
		{
			name: 'Offer: Get',
			parameters: { resource: 'offer', operation: 'get', offerId: rl('3'), include: ['products'] },
			request: ['GET', '/v1/offers/3', 'include=products'],
			items: (it) => assert.deepEqual([it[0].id, it[0].products.map((p) => p.id)], ['3', ['2']]),
		},
		{
			name: 'Offer: Get Products',
			parameters: { resource: 'offer', operation: 'getProducts', offerId: rl('5') },
			request: ['GET', '/v1/offers/5/relationships/products'],
			items: (it) => assert.deepEqual(it, [{ id: '5', type: 'offers', products_ids: ['3'] }]),
		},
		{
			name: 'Purchase: Get Many',
			parameters: {
				resource: 'purchase',
				operation: 'getAll',
				returnAll: true,
				filters: { active: true },
				conditions: { condition: [{ attribute: 'amount_in_cents', operator: 'gt', value: '0' }] },
				options: { sort: 'created_at', sortDirection: 'descending' },
			},
			request: ['GET', '/v1/purchases'],
			items: (it) => {
				assert.deepEqual(new Set(ids(it)), new Set(activePaid));
				const times = it.map((p) => Date.parse(p.created_at));
				assert.deepEqual(
					times,
					[...times].sort((a, b) => b - a),
				);
			},
		},
		{
			name: 'Purchase: Get',
			parameters: {
				resource: 'purchase',
				operation: 'get',
				purchaseId: rl('4'),
				options: { fields: ['amount_in_cents'] },
			},
			request: ['GET', '/v1/purchases/4', 'fields%5Bpurchases%5D=amount_in_cents'],
			items: (it) =>
				assert.deepEqual(
					Object.keys(it[0]).filter((k) => !k.endsWith('_id') && !k.endsWith('_ids')),
					['id', 'type', 'amount_in_cents'],
				),
		},
		{
			name: 'Tag: Get Many',
			parameters: { resource: 'tag', operation: 'getAll', limit: 50, options: { sort: 'name' } },
			request: ['GET', '/v1/contact_tags', 'sort=name&page%5Bnumber%5D=1&page%5Bsize%5D=50'],
			items: (it) => assert.equal(it.length, sandbox.store.contact_tags.filter((t) => !t.archived).length),
		},
		{
			name: 'Tag: Get',
			parameters: { resource: 'tag', operation: 'get', tagId: rl('2') },
			request: ['GET', '/v1/contact_tags/2'],
			items: (it) => assert.deepEqual([it[0].type, it[0].name], ['contact_tags', 'customer']),
		},
		{
			name: 'Site: Get Many',
			parameters: { resource: 'site', operation: 'getAll', returnAll: true },
			request: ['GET', '/v1/sites'],
			items: (it) => assert.equal(it.length, sandbox.store.sites.length),
		},
		{
			name: 'Site: Get',
			parameters: { resource: 'site', operation: 'get', siteId: rl('2') },
			request: ['GET', '/v1/sites/2'],
			items: (it) => assert.deepEqual(ids(it), ['2']),
		},
		{
			name: 'Product: Get Many',
			parameters: {
				resource: 'product',
				operation: 'getAll',
				returnAll: true,
				filters: { exclude_product_types: 'Courses::Course,Coaching::Program' },
			},
			request: ['GET', '/v1/products'],
			items: (it) => assert.deepEqual(ids(it), ['3']),
			query: (request) =>
				assert.deepEqual(new URLSearchParams(request.rawQuery).getAll('filter[exclude_product_types][]'), [
					'Courses::Course',
					'Coaching::Program',
				]),
		},
		{
			name: 'Product: Get',
			parameters: { resource: 'product', operation: 'get', productId: rl('1') },
			request: ['GET', '/v1/products/1'],
			items: (it) => assert.deepEqual(ids(it), ['1']),
		},
		{
			name: 'Course: Get Many',
			parameters: {
				resource: 'course',
				operation: 'getAll',
				returnAll: true,
				filters: { publish_status_eq: 'published' },
			},
			request: ['GET', '/v1/courses'],
			items: (it) => assert.deepEqual(ids(it), ['1', '2']),
		},
		{
			name: 'Form: Get Many',
			parameters: { resource: 'form', operation: 'getAll', returnAll: true, filters: { title_cont: 'signup' } },
			request: ['GET', '/v1/forms'],
			items: (it) => assert.deepEqual(ids(it), ['1']),
		},
		{
			name: 'Blog Post: Get Many',
			parameters: { resource: 'blogPost', operation: 'getAll', limit: 2, options: { sort: 'title' } },
			request: ['GET', '/v1/blog_posts', 'sort=title&page%5Bnumber%5D=1&page%5Bsize%5D=2'],
			items: (it) => assert.equal(it.length, 2),
		},
		{
			name: 'Contact Note: Get Many',
			parameters: { resource: 'contactNote', operation: 'getAll', returnAll: true },
			request: ['GET', '/v1/contact_notes'],
			items: (it) => assert.equal(it.length, noteCount),
		},
		{
			name: 'Contact Note: Get',
			parameters: { resource: 'contactNote', operation: 'get', contactNoteId: rl('1'), include: ['contact'] },
			request: ['GET', '/v1/contact_notes/1', 'include=contact'],
			items: (it) => assert.equal(it[0].contact.type, 'contacts'),
		},
		{
			name: 'Contact Note: Update',
			parameters: {
				resource: 'contactNote',
				operation: 'update',
				contactNoteId: rl('1'),
				body: 'Updated by the e2e suite',
			},
			request: ['PATCH', '/v1/contact_notes/1'],
			items: (it) => assert.equal(it[0].body, 'Updated by the e2e suite'),
			write: (body) => {
				assert.deepEqual(body, {
					data: { type: 'contact_notes', id: '1', attributes: { body: 'Updated by the e2e suite' } },
				});
				assert.equal(sandbox.find('contact_notes', '1').attributes.body, 'Updated by the e2e suite');
			},
		},
		{
			name: 'Contact Note: Delete',
			parameters: { resource: 'contactNote', operation: 'delete', contactNoteId: rl('2') },
			request: ['DELETE', '/v1/contact_notes/2'],
			items: (it) => assert.deepEqual(it, [{ id: '2', deleted: true }]),
			write: () => assert.equal(sandbox.find('contact_notes', '2'), undefined),
		},
		{
			name: 'Me: Get',
			parameters: { resource: 'me', operation: 'get' },
			request: ['GET', '/v1/me'],
			items: (it) => assert.deepEqual([it.length, it[0].email], [1, 'owner@example.com']),
		},
		{
			name: 'Contact: Create',
			parameters: {
				resource: 'contact',
				operation: 'create',
				siteId: rl('1', 'list'),
				email: 'grace@example.com',
				additionalFields: { name: 'Grace Hopper' },
			},
			request: ['POST', '/v1/contacts'],
			items: (it) => assert.deepEqual([it[0].email, it[0].site_id], ['grace@example.com', '1']),
			write: (body) => {
				assert.deepEqual(body, {
					data: {
						type: 'contacts',
						attributes: { email: 'grace@example.com', name: 'Grace Hopper' },
						relationships: { site: { data: { type: 'sites', id: '1' } } },
					},
				});
				assert.equal(sandbox.store.contacts.filter((c) => c.attributes.email === 'grace@example.com').length, 1);
			},
		},
		{
			name: 'Contact: Get Tags',
			parameters: { resource: 'contact', operation: 'getTags', contactId: rl('8') },
			request: ['GET', '/v1/contacts/8/relationships/tags'],
			items: (it) =>
				assert.deepEqual(it, [{ id: '8', type: 'contacts', tags_ids: relIds(sandbox.find('contacts', '8'), 'tags') }]),
		},
		{
			name: 'Contact: Add Tags',
			parameters: { resource: 'contact', operation: 'addTags', contactId: rl('9'), tagIds: ['5'] },
			request: ['POST', '/v1/contacts/9/relationships/tags'],
			items: (it) => assert.ok(it[0].tags_ids.includes('5')),
			write: (body) => assert.deepEqual(body, { data: [{ type: 'contact_tags', id: '5' }] }),
		},
		{
			name: 'Contact: Remove Tags',
			parameters: { resource: 'contact', operation: 'removeTags', contactId: rl('9'), tagIds: ['5'] },
			request: ['DELETE', '/v1/contacts/9/relationships/tags'],
			items: (it) => assert.ok(!it[0].tags_ids.includes('5')),
			write: (body) => {
				assert.deepEqual(body, { data: [{ type: 'contact_tags', id: '5' }] });
				assert.ok(!relIds(sandbox.find('contacts', '9'), 'tags').includes('5'));
			},
		},
		{
			name: 'Contact: Replace Tags',
			parameters: { resource: 'contact', operation: 'replaceTags', contactId: rl('10'), tagIds: '1,2' },
			request: ['PATCH', '/v1/contacts/10/relationships/tags'],
			items: (it) => assert.deepEqual(it[0].tags_ids, ['1', '2']),
			write: () => assert.deepEqual(relIds(sandbox.find('contacts', '10'), 'tags'), ['1', '2']),
		},
		{
			name: 'Contact: Get Offers',
			parameters: { resource: 'contact', operation: 'getOffers', contactId: rl('11') },
			request: ['GET', '/v1/contacts/11/relationships/offers'],
			items: (it) => assert.deepEqual(it[0].offers_ids, relIds(sandbox.find('contacts', '11'), 'offers')),
		},
		{
			name: 'Contact: Grant Offers',
			parameters: {
				resource: 'contact',
				operation: 'grantOffers',
				contactId: rl('29'),
				offerIds: ['1'],
				sendWelcomeEmail: false,
			},
			request: ['POST', '/v1/contacts/29/relationships/offers'],
			items: (it) => assert.deepEqual(it[0].offers_ids, ['1']),
			write: (body) => {
				assert.deepEqual(body, { data: [{ type: 'offers', id: '1' }], meta: { send_customer_welcome_email: false } });
				assert.deepEqual(sandbox.supplement.emails, []);
			},
		},
		{
			name: 'Contact: Revoke Offers',
			parameters: { resource: 'contact', operation: 'revokeOffers', contactId: rl('29'), offerIds: ['1'] },
			request: ['DELETE', '/v1/contacts/29/relationships/offers'],
			items: (it) => assert.deepEqual(it[0].offers_ids, []),
		},
		{
			name: 'Contact: Replace Offers',
			parameters: { resource: 'contact', operation: 'replaceOffers', contactId: rl('12'), offerIds: ['2', '3'] },
			request: ['PATCH', '/v1/contacts/12/relationships/offers'],
			items: (it) => assert.deepEqual(it[0].offers_ids, ['2', '3']),
		},
		{
			name: 'Customer: Get Offers',
			parameters: { resource: 'customer', operation: 'getOffers', customerId: rl('13') },
			request: ['GET', '/v1/customers/13/relationships/offers'],
			items: (it) => assert.deepEqual(it[0].offers_ids, relIds(sandbox.find('customers', '13'), 'offers')),
		},
		{
			name: 'Customer: Grant Offers',
			parameters: { resource: 'customer', operation: 'grantOffers', customerId: rl('14'), offerIds: ['6'] },
			request: ['POST', '/v1/customers/14/relationships/offers'],
			items: (it) => assert.ok(it[0].offers_ids.includes('6')),
			write: (body) => assert.deepEqual(body, { data: [{ type: 'offers', id: '6' }] }),
		},
		{
			name: 'Customer: Revoke Offers',
			parameters: { resource: 'customer', operation: 'revokeOffers', customerId: rl('14'), offerIds: ['6'] },
			request: ['DELETE', '/v1/customers/14/relationships/offers'],
			items: (it) => assert.ok(!it[0].offers_ids.includes('6')),
		},
		{
			name: 'Customer: Replace Offers',
			parameters: { resource: 'customer', operation: 'replaceOffers', customerId: rl('15'), offerIds: ['4'] },
			request: ['PATCH', '/v1/customers/15/relationships/offers'],
			items: (it) => assert.deepEqual(it[0].offers_ids, ['4']),
		},
		{
			name: 'Purchase: Deactivate',
			parameters: { resource: 'purchase', operation: 'deactivate', purchaseId: rl(single.id) },
			request: ['POST', `/v1/purchases/${single.id}/deactivate`],
			items: (it) => assert.ok(it[0].deactivated_at),
		},
		{
			name: 'Purchase: Reactivate',
			parameters: { resource: 'purchase', operation: 'reactivate', purchaseId: rl(single.id) },
			request: ['POST', `/v1/purchases/${single.id}/reactivate`],
			items: (it) => assert.equal(it[0].deactivated_at, null),
		},
		{
			name: 'Purchase: Cancel Subscription',
			parameters: { resource: 'purchase', operation: 'cancelSubscription', purchaseId: rl(subscription.id) },
			request: ['POST', `/v1/purchases/${subscription.id}/cancel_subscription`],
			items: (it) => assert.equal(it[0].deactivation_reason, 'subscription canceled'),
		},
		{
			name: 'Contact: Delete',
			parameters: { resource: 'contact', operation: 'delete', contactId: rl('30') },
			request: ['DELETE', '/v1/contacts/30'],
			items: (it) => assert.deepEqual(it, [{ id: '30', deleted: true }]),
			write: () => assert.equal(sandbox.find('contacts', '30'), undefined),
		},
	];
}

/**
 * Imports and runs the supplement workflow in the given stack and records one check per
 * operation (plus one for the run) with `check(name, fn)`.
 * @param {{ sandbox: import('../test/sandbox').Sandbox, n8n: object }} stack
 * @param {(name: string, fn: () => unknown) => Promise<void>} check
 */
async function runListsWritesRelationshipsChecks({ sandbox, n8n }, check) {
	const ops = operations(sandbox);
	n8n.importWorkflows([workflow(ops)]);
	sandbox.clearRequests();
	const run = await n8n.execute(WORKFLOW_ID);
	await check(`supplement: the workflow of ${ops.length} operations succeeds`, () =>
		assert.ok(run.ok, JSON.stringify(run.error)),
	);
	for (const op of ops) {
		await check(`${op.name}: request and items`, () => {
			const [method, rawPath, rawQuery] = op.request;
			const requests = sandbox.requests.filter((r) => r.method === method && r.rawPath === rawPath);
			assert.equal(requests.length, 1, `${requests.length} requests to ${method} ${rawPath}`);
			const [request] = requests;
			assert.equal(request.headers.authorization, `Bearer ${sandbox.token}`);
			assert.ok(request.status < 300, `status ${request.status}`);
			if (rawQuery !== undefined) assert.equal(request.rawQuery, rawQuery);
			if (op.query) op.query(request);
			if (request.body !== undefined) assert.equal(request.headers['content-type'], JSON_API);
			if (op.write) op.write(request.body);
			const result = run.nodes[op.name];
			assert.ok(result && !result.error, `node result: ${JSON.stringify(result && result.error)}`);
			op.items(result.items);
		});
	}
}

module.exports = { runListsWritesRelationshipsChecks, SUPPLEMENT_OPERATION_COUNT: 36 };
