'use strict';
/**
 * The 20 operations of the seed document as e2e material, shared by e2e/run.js and e2e/queue.js:
 * each operation's node parameters, the request(s) the sandbox must receive and a check of the
 * items n8n returned; with the workflow builder (`workflow`: Manual Trigger → the nodes in a
 * chain), `rl` (a resource locator By ID) and the OAuth2 client the stacks start with (`OAUTH`).
 */
const assert = require('node:assert/strict');

const { chainWorkflow } = require('./chain');

const rl = (value) => ({ __rl: true, mode: 'id', value });
const OAUTH = { clientId: 'e2e-client', clientSecret: 'e2e-client-secret' };

/** A workflow: Manual Trigger → the given nodes in a chain, each executed once (./chain.js). */
const workflow = chainWorkflow;

/**
 * The 20 operations: node parameters, the request(s) the sandbox must receive (`pages`: how many
 * requests of a Return All, read from the store when asked), and a check of the items n8n returned.
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
			// Pages of 100 until one is shorter (the contacts list gives no total): floor(N / 100) + 1
			// for the N contacts the store holds when the check runs (30 seeded + the suite's 250 + what
			// earlier checks added: 3 pages in e2e/run.js and e2e/queue.js), not a fixed count.
			get pages() {
				return Math.floor(sandbox.store.contacts.length / 100) + 1;
			},
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
			// the five highest order numbers in the store (1040 … 1036 of the seed, unless an earlier
			// check added orders)
			items: (it) =>
				assert.deepEqual(
					it.map((i) => i.order_number),
					sandbox.store.orders
						.map((o) => o.attributes.order_number)
						.sort((a, b) => b - a)
						.slice(0, 5),
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

module.exports = { operations, workflow, rl, OAUTH };
