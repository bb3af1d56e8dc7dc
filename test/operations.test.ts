/**
 * Every operation of the node (the spec's 20 endpoints), one test each, through n8n's engine
 * (WorkflowExecute → declarative routing) against the sandbox: the exact request the sandbox
 * received (method, encoded path, query, Authorization and Accept headers) and the items n8n
 * returned (count, IDs, shape). Also user-typed IDs on every operation with a path ID, and
 * pairedItem. (API errors: api-errors.test.ts; query strings: query.test.ts; bodies: writes.test.ts.)
 */
import type { INodeParameters } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import { JSON_API, SPEC_ENDPOINTS, nodeOperationFor, rl, runWith, useSandbox } from './helpers/fixtures';

// clearBeforeEach also drops pending faults: none are ever set in this file (no failNext).
let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ clearBeforeEach: true },
);

async function run(parameters: INodeParameters, input?: Array<Record<string, unknown>>) {
	return await runWith(sandbox, parameters, { input: input as never });
}

/** The one request of the run, with the headers every request carries. */
function onlyRequest(): RecordedRequest {
	expect(sandbox.requests).toHaveLength(1);
	const [request] = sandbox.requests;
	expect(request.headers.authorization).toBe(`Bearer ${sandbox.token}`);
	expect(request.headers.accept).toBe(JSON_API);
	return request;
}

interface Case {
	name: string;
	/** JSON:API type of every returned item. */
	type: string;
	parameters: INodeParameters;
	method: string;
	rawPath: string;
	query: Record<string, string>;
	/** Checks the items n8n returned. */
	items: (items: Array<Record<string, unknown>>) => void;
}

const ids = (items: Array<Record<string, unknown>>) => items.map((item) => item.id);

const CASES: Case[] = [
	{
		name: 'Contact Note → Create',
		type: 'contact_notes',
		parameters: { resource: 'contactNote', operation: 'create', contactId: rl('3'), body: 'Called about the renewal' },
		method: 'POST',
		rawPath: '/v1/contact_notes',
		query: {},
		items: (items) => {
			expect(items).toHaveLength(1);
			const created = sandbox.store.contact_notes.at(-1)!;
			expect(created.attributes.body).toBe('Called about the renewal');
			expect(created.relationships.contact.data).toEqual({ id: '3', type: 'contacts' });
			expect(items[0]).toMatchObject({
				id: created.id,
				type: 'contact_notes',
				body: 'Called about the renewal',
				contact_id: '3',
			});
		},
	},
	{
		name: 'Contact → Get Many',
		type: 'contacts',
		parameters: { resource: 'contact', operation: 'getAll', limit: 5 },
		method: 'GET',
		rawPath: '/v1/contacts',
		query: { 'page[number]': '1', 'page[size]': '5' },
		items: (items) => expect(ids(items)).toEqual(['1', '2', '3', '4', '5']),
	},
	{
		name: 'Contact → Get',
		type: 'contacts',
		parameters: { resource: 'contact', operation: 'get', contactId: rl('4') },
		method: 'GET',
		rawPath: '/v1/contacts/4',
		query: {},
		items: (items) => expect(items).toEqual([expect.objectContaining({ id: '4', type: 'contacts' })]),
	},
	{
		name: 'Contact → Update',
		type: 'contacts',
		parameters: {
			resource: 'contact',
			operation: 'update',
			contactId: rl('5'),
			updateFields: { address_city: 'Lisbon' },
		},
		method: 'PATCH',
		rawPath: '/v1/contacts/5',
		query: {},
		items: (items) => {
			expect(items).toHaveLength(1);
			expect(items[0]).toMatchObject({ id: '5', type: 'contacts', address_city: 'Lisbon' });
			expect(sandbox.find('contacts', '5')?.attributes.address_city).toBe('Lisbon');
		},
	},
	{
		name: 'Customer → Get Many',
		type: 'customers',
		parameters: { resource: 'customer', operation: 'getAll', limit: 3 },
		method: 'GET',
		rawPath: '/v1/customers',
		query: { 'page[number]': '1', 'page[size]': '3' },
		items: (items) => expect(ids(items)).toEqual(['1', '2', '3']),
	},
	{
		name: 'Customer → Get',
		type: 'customers',
		parameters: { resource: 'customer', operation: 'get', customerId: rl('2') },
		method: 'GET',
		rawPath: '/v1/customers/2',
		query: {},
		items: (items) => expect(items).toEqual([expect.objectContaining({ id: '2', type: 'customers', contact_id: '2' })]),
	},
	{
		name: 'Course → Get',
		type: 'courses',
		parameters: { resource: 'course', operation: 'get', courseId: rl('1'), include: ['offers'] },
		method: 'GET',
		rawPath: '/v1/courses/1',
		query: { include: 'offers' },
		items: (items) => {
			expect(items[0]).toMatchObject({ id: '1', type: 'courses' });
			expect((items[0].offers as unknown[]).length).toBeGreaterThan(0);
		},
	},
	{
		name: 'Order → Get Many',
		type: 'orders',
		parameters: {
			resource: 'order',
			operation: 'getAll',
			limit: 2,
			options: { sort: 'order_number', sortDirection: 'descending' },
		},
		method: 'GET',
		rawPath: '/v1/orders',
		query: { sort: '-order_number', 'page[number]': '1', 'page[size]': '2' },
		items: (items) => expect(items.map((i) => i.order_number)).toEqual([1040, 1039]),
	},
	{
		name: 'Order → Get',
		type: 'orders',
		parameters: { resource: 'order', operation: 'get', orderId: rl('7') },
		method: 'GET',
		rawPath: '/v1/orders/7',
		query: {},
		items: (items) => expect(items).toEqual([expect.objectContaining({ id: '7', type: 'orders', order_number: 1007 })]),
	},
	{
		name: 'Order Item → Get Many',
		type: 'order_items',
		parameters: { resource: 'orderItem', operation: 'getAll', limit: 4 },
		method: 'GET',
		rawPath: '/v1/order_items',
		query: { 'page[number]': '1', 'page[size]': '4' },
		items: (items) => expect(ids(items)).toEqual(['1', '2', '3', '4']),
	},
	{
		name: 'Order Item → Get',
		type: 'order_items',
		parameters: { resource: 'orderItem', operation: 'get', orderItemId: rl('3'), include: ['order'] },
		method: 'GET',
		rawPath: '/v1/order_items/3',
		query: { include: 'order' },
		items: (items) => expect(items[0]).toMatchObject({ id: '3', type: 'order_items', order: { type: 'orders' } }),
	},
	{
		name: 'Transaction → Get Many',
		type: 'transactions',
		parameters: { resource: 'transaction', operation: 'getAll', returnAll: true },
		method: 'GET',
		rawPath: '/v1/transactions',
		query: { 'page[number]': '1', 'page[size]': '100' },
		items: (items) => {
			expect(items).toHaveLength(sandbox.store.transactions.length);
			expect(new Set(ids(items))).toEqual(new Set(sandbox.store.transactions.map((t) => t.id)));
		},
	},
	{
		name: 'Transaction → Get',
		type: 'transactions',
		parameters: { resource: 'transaction', operation: 'get', transactionId: rl('9') },
		method: 'GET',
		rawPath: '/v1/transactions/9',
		query: {},
		items: (items) => expect(items).toEqual([expect.objectContaining({ id: '9', type: 'transactions' })]),
	},
	{
		name: 'Form → Get',
		type: 'forms',
		parameters: { resource: 'form', operation: 'get', formId: rl('2'), options: { fields: ['title', 'url'] } },
		method: 'GET',
		rawPath: '/v1/forms/2',
		query: { 'fields[forms]': 'title,url' },
		items: (items) =>
			expect(Object.keys(items[0]).filter((k) => !k.endsWith('_id') && !k.endsWith('_ids'))).toEqual([
				'id',
				'type',
				'title',
				'url',
			]),
	},
	{
		name: 'Form → Submit',
		type: 'form_submissions',
		parameters: {
			resource: 'form',
			operation: 'submit',
			formId: rl('1'),
			submissionFields: { email: 'ada@example.com', name: 'Ada' },
		},
		method: 'POST',
		rawPath: '/v1/forms/1/submit',
		query: {},
		items: (items) => {
			expect(items).toHaveLength(1);
			const created = sandbox.store.form_submissions.at(-1)!;
			expect(created.relationships.form.data).toEqual({ id: '1', type: 'forms' });
			expect(items[0]).toMatchObject({
				id: created.id,
				type: 'form_submissions',
				email: 'ada@example.com',
				name: 'Ada',
				form_id: '1',
			});
		},
	},
	{
		name: 'Form Submission → Get Many',
		type: 'form_submissions',
		parameters: { resource: 'formSubmission', operation: 'getAll', limit: 2, filters: { form_id: '1' } },
		method: 'GET',
		rawPath: '/v1/form_submissions',
		query: { 'filter[form_id]': '1', 'page[number]': '1', 'page[size]': '2' },
		items: (items) => {
			expect(items).toHaveLength(2);
			for (const item of items) expect(item.form_id).toBe('1');
		},
	},
	{
		name: 'Form Submission → Get',
		type: 'form_submissions',
		parameters: { resource: 'formSubmission', operation: 'get', formSubmissionId: rl('6') },
		method: 'GET',
		rawPath: '/v1/form_submissions/6',
		query: {},
		items: (items) => expect(items).toEqual([expect.objectContaining({ id: '6', type: 'form_submissions' })]),
	},
	{
		name: 'Podcast → Get Many',
		type: 'podcasts',
		parameters: { resource: 'podcast', operation: 'getAll', returnAll: true, filters: { status_eq: 'ready' } },
		method: 'GET',
		rawPath: '/v1/podcasts',
		query: { 'filter[status_eq]': 'ready', 'page[number]': '1', 'page[size]': '100' },
		items: (items) => {
			expect(items.length).toBeGreaterThan(0);
			for (const item of items) expect(item.status).toBe('ready');
		},
	},
	{
		name: 'Podcast → Get',
		type: 'podcasts',
		parameters: { resource: 'podcast', operation: 'get', podcastId: rl('2') },
		method: 'GET',
		rawPath: '/v1/podcasts/2',
		query: {},
		items: (items) => expect(items).toEqual([expect.objectContaining({ id: '2', type: 'podcasts' })]),
	},
	{
		name: 'Blog Post → Get',
		type: 'blog_posts',
		parameters: { resource: 'blogPost', operation: 'get', blogPostId: rl('3') },
		method: 'GET',
		rawPath: '/v1/blog_posts/3',
		query: {},
		items: (items) =>
			expect(items).toEqual([expect.objectContaining({ id: '3', type: 'blog_posts', blog_id: expect.any(String) })]),
	},
];

test('the cases cover all 20 operations', () => {
	expect(new Set(CASES.map((c) => `${c.parameters.resource}.${c.parameters.operation}`)).size).toBe(20);
});

test('the cases match the spec summary table one to one', () => {
	const specPaths = SPEC_ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort();
	const casePaths = CASES.map((c) => `${c.method} ${c.rawPath.replace(/^(\/v1\/[a-z_]+\/)[^/]+/, '$1{id}')}`).sort();
	expect(casePaths).toEqual(specPaths);
});

test.each(CASES)('$name', async ({ parameters, type, method, rawPath, query, items }) => {
	const result = await run(parameters);
	expect(result.error).toBeUndefined();
	const request = onlyRequest();
	expect(request.method).toBe(method);
	expect(request.rawPath).toBe(rawPath);
	expect(request.query).toEqual(query);
	expect(request.status).toBeLessThan(300);
	expect(result.items.length).toBeGreaterThan(0);
	const json = result.items.map((item) => item.json);
	for (const item of json) {
		expect(typeof item.id).toBe('string');
		expect(item.type).toBe(type);
		// Simplify is on by default for every operation, reads and writes: attributes flattened.
		expect(item).not.toHaveProperty('attributes');
		expect(item).not.toHaveProperty('relationships');
	}
	expect(
		result.items.every((item) => item.pairedItem !== undefined && (item.pairedItem as { item: number }).item === 0),
	).toBe(true);
	items(json);
});

describe('pairedItem', () => {
	test('Get with 3 input items: each output item is paired with its input', async () => {
		const result = await run({ resource: 'order', operation: 'get', orderId: rl('={{ $json.id }}') }, [
			{ id: '3' },
			{ id: '1' },
			{ id: '2' },
		]);
		expect(result.items.map((i) => [i.json.id, i.pairedItem])).toEqual([
			['3', { item: 0 }],
			['1', { item: 1 }],
			['2', { item: 2 }],
		]);
	});

	test('Get Many with 2 input items: the items of input i are paired with i', async () => {
		const result = await run({ resource: 'order', operation: 'getAll', limit: '={{ $json.n }}' }, [{ n: 2 }, { n: 3 }]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
			{ item: 1 },
		]);
	});
});

describe('user-typed IDs reach the sandbox as one encoded path segment, on every operation with a path ID', () => {
	const HOSTILE = ['1/../../x', 'a?b#c', ' 12 '];
	const withId = SPEC_ENDPOINTS.filter((e) => e.path.includes('{id}'));

	test('12 endpoints have a path ID', () => {
		expect(withId).toHaveLength(12);
	});

	const cases = withId.flatMap((endpoint) =>
		HOSTILE.map((id) => [`${endpoint.method} ${endpoint.path} ${JSON.stringify(id)}`, endpoint, id] as const),
	);

	test.each(cases)('%s', async (_name, endpoint, id) => {
		const { resource, operation } = nodeOperationFor(endpoint.method, endpoint.path)!;
		const parameters: INodeParameters = { resource, operation, [`${resource}Id`]: rl(id) };
		if (operation === 'update') parameters.updateFields = { custom_3: 'id test' };
		if (operation === 'submit') parameters.submissionFields = { name: 'id test' };
		await run(parameters);
		// One request, to the endpoint of the operation, with the trimmed ID as one encoded segment.
		expect(sandbox.requests).toHaveLength(1);
		const [request] = sandbox.requests;
		expect(request.method).toBe(endpoint.method);
		expect(request.rawPath).toBe(endpoint.path.replace('{id}', encodeURIComponent(id.trim())));
		expect(request.rawQuery).toBe('');
		expect(request.path).toBe(endpoint.path.replace('{id}', id.trim()));
		if (operation === 'update') expect(request.body).toMatchObject({ data: { id: id.trim() } });
	});

	test.each(HOSTILE)(
		'Contact Note → Create: contact %j goes into the body unchanged (trimmed), the path stays /v1/contact_notes',
		async (id) => {
			await run({ resource: 'contactNote', operation: 'create', contactId: rl(id), body: 'x' });
			expect(sandbox.requests).toHaveLength(1);
			expect(sandbox.requests[0].rawPath).toBe('/v1/contact_notes');
			expect(sandbox.requests[0].body).toMatchObject({
				data: { relationships: { contact: { data: { id: id.trim(), type: 'contacts' } } } },
			});
		},
	);
});
