/**
 * Every operation of the node (the spec's 20 endpoints), one test each, through n8n's engine
 * (WorkflowExecute → declarative routing) against the sandbox: the exact request the sandbox
 * received and the items n8n returned. Also pairedItem, API errors and Continue On Fail.
 */
import type { INodeParameters } from 'n8n-workflow';

import { createSandbox, type RecordedRequest, type Sandbox } from './sandbox';
import { runNode } from './helpers/harness';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await createSandbox();
});
afterAll(async () => sandbox.close());
beforeEach(() => sandbox.clearRequests());

const rl = (value: string) => ({ __rl: true, mode: 'id', value });

async function run(parameters: INodeParameters, input?: Array<Record<string, unknown>>) {
	return await runNode({
		parameters,
		credentials: { contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token } },
		input: input as never,
	});
}

/** The one request of the run, with the headers every request carries. */
function onlyRequest(): RecordedRequest {
	expect(sandbox.requests).toHaveLength(1);
	const [request] = sandbox.requests;
	expect(request.headers.authorization).toBe(`Bearer ${sandbox.token}`);
	expect(request.headers.accept).toBe('application/vnd.api+json');
	return request;
}

interface Case {
	name: string;
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
		parameters: { resource: 'contactNote', operation: 'create', contactId: rl('3'), body: 'Called about the renewal' },
		method: 'POST',
		rawPath: '/v1/contact_notes',
		query: {},
		items: (items) => {
			expect(items).toHaveLength(1);
			expect(items[0]).toMatchObject({ type: 'contact_notes', attributes: { body: 'Called about the renewal' } });
		},
	},
	{
		name: 'Contact → Get Many',
		parameters: { resource: 'contact', operation: 'getAll', limit: 5 },
		method: 'GET',
		rawPath: '/v1/contacts',
		query: { 'page[number]': '1', 'page[size]': '5' },
		items: (items) => expect(ids(items)).toEqual(['1', '2', '3', '4', '5']),
	},
	{
		name: 'Contact → Get',
		parameters: { resource: 'contact', operation: 'get', contactId: rl('4') },
		method: 'GET',
		rawPath: '/v1/contacts/4',
		query: {},
		items: (items) => expect(items).toEqual([expect.objectContaining({ id: '4', type: 'contacts' })]),
	},
	{
		name: 'Contact → Update',
		parameters: { resource: 'contact', operation: 'update', contactId: rl('5'), updateFields: { address_city: 'Lisbon' } },
		method: 'PATCH',
		rawPath: '/v1/contacts/5',
		query: {},
		items: (items) => expect(items[0]).toMatchObject({ id: '5', attributes: { address_city: 'Lisbon' } }),
	},
	{
		name: 'Customer → Get Many',
		parameters: { resource: 'customer', operation: 'getAll', limit: 3 },
		method: 'GET',
		rawPath: '/v1/customers',
		query: { 'page[number]': '1', 'page[size]': '3' },
		items: (items) => expect(ids(items)).toEqual(['1', '2', '3']),
	},
	{
		name: 'Customer → Get',
		parameters: { resource: 'customer', operation: 'get', customerId: rl('2') },
		method: 'GET',
		rawPath: '/v1/customers/2',
		query: {},
		items: (items) => expect(items).toEqual([expect.objectContaining({ id: '2', type: 'customers', contact_id: '2' })]),
	},
	{
		name: 'Course → Get',
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
		parameters: { resource: 'order', operation: 'getAll', limit: 2, options: { sort: 'order_number', sortDirection: 'descending' } },
		method: 'GET',
		rawPath: '/v1/orders',
		query: { sort: '-order_number', 'page[number]': '1', 'page[size]': '2' },
		items: (items) => expect(items.map((i) => i.order_number)).toEqual([1040, 1039]),
	},
	{
		name: 'Order → Get',
		parameters: { resource: 'order', operation: 'get', orderId: rl('7') },
		method: 'GET',
		rawPath: '/v1/orders/7',
		query: {},
		items: (items) => expect(items).toEqual([expect.objectContaining({ id: '7', type: 'orders', order_number: 1007 })]),
	},
	{
		name: 'Order Item → Get Many',
		parameters: { resource: 'orderItem', operation: 'getAll', limit: 4 },
		method: 'GET',
		rawPath: '/v1/order_items',
		query: { 'page[number]': '1', 'page[size]': '4' },
		items: (items) => expect(ids(items)).toEqual(['1', '2', '3', '4']),
	},
	{
		name: 'Order Item → Get',
		parameters: { resource: 'orderItem', operation: 'get', orderItemId: rl('3'), include: ['order'] },
		method: 'GET',
		rawPath: '/v1/order_items/3',
		query: { include: 'order' },
		items: (items) => expect(items[0]).toMatchObject({ id: '3', type: 'order_items', order: { type: 'orders' } }),
	},
	{
		name: 'Transaction → Get Many',
		parameters: { resource: 'transaction', operation: 'getAll', returnAll: true },
		method: 'GET',
		rawPath: '/v1/transactions',
		query: { 'page[number]': '1', 'page[size]': '100' },
		items: (items) => expect(new Set(ids(items))).toEqual(new Set(sandbox.store.transactions.map((t) => t.id))),
	},
	{
		name: 'Transaction → Get',
		parameters: { resource: 'transaction', operation: 'get', transactionId: rl('9') },
		method: 'GET',
		rawPath: '/v1/transactions/9',
		query: {},
		items: (items) => expect(items).toEqual([expect.objectContaining({ id: '9', type: 'transactions' })]),
	},
	{
		name: 'Form → Get',
		parameters: { resource: 'form', operation: 'get', formId: rl('2'), options: { fields: ['title', 'url'] } },
		method: 'GET',
		rawPath: '/v1/forms/2',
		query: { 'fields[forms]': 'title,url' },
		items: (items) => expect(Object.keys(items[0]).filter((k) => !k.endsWith('_id') && !k.endsWith('_ids'))).toEqual(['id', 'type', 'title', 'url']),
	},
	{
		name: 'Form → Submit',
		parameters: { resource: 'form', operation: 'submit', formId: rl('1'), submissionFields: { email: 'ada@example.com', name: 'Ada' } },
		method: 'POST',
		rawPath: '/v1/forms/1/submit',
		query: {},
		items: (items) => expect(items[0]).toMatchObject({ type: 'form_submissions', attributes: { email: 'ada@example.com', name: 'Ada' } }),
	},
	{
		name: 'Form Submission → Get Many',
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
		parameters: { resource: 'formSubmission', operation: 'get', formSubmissionId: rl('6') },
		method: 'GET',
		rawPath: '/v1/form_submissions/6',
		query: {},
		items: (items) => expect(items).toEqual([expect.objectContaining({ id: '6', type: 'form_submissions' })]),
	},
	{
		name: 'Podcast → Get Many',
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
		parameters: { resource: 'podcast', operation: 'get', podcastId: rl('2') },
		method: 'GET',
		rawPath: '/v1/podcasts/2',
		query: {},
		items: (items) => expect(items).toEqual([expect.objectContaining({ id: '2', type: 'podcasts' })]),
	},
	{
		name: 'Blog Post → Get',
		parameters: { resource: 'blogPost', operation: 'get', blogPostId: rl('3') },
		method: 'GET',
		rawPath: '/v1/blog_posts/3',
		query: {},
		items: (items) => expect(items).toEqual([expect.objectContaining({ id: '3', type: 'blog_posts', blog_id: expect.any(String) })]),
	},
];

test('the cases cover all 20 operations', () => {
	expect(new Set(CASES.map((c) => `${c.parameters.resource}.${c.parameters.operation}`)).size).toBe(20);
});

test.each(CASES)('$name', async ({ parameters, method, rawPath, query, items }) => {
	const result = await run(parameters);
	expect(result.error).toBeUndefined();
	const request = onlyRequest();
	expect(request.method).toBe(method);
	expect(request.rawPath).toBe(rawPath);
	expect(request.query).toEqual(query);
	expect(request.status).toBeLessThan(300);
	items(result.items.map((item) => item.json));
});

describe('pairedItem', () => {
	test('Get with 3 input items: each output item is paired with its input', async () => {
		const result = await run({ resource: 'order', operation: 'get', orderId: rl('={{ $json.id }}') }, [{ id: '3' }, { id: '1' }, { id: '2' }]);
		expect(result.items.map((i) => [i.json.id, i.pairedItem])).toEqual([
			['3', { item: 0 }],
			['1', { item: 1 }],
			['2', { item: 2 }],
		]);
	});

	test('Get Many with 2 input items: the items of input i are paired with i', async () => {
		const result = await run({ resource: 'order', operation: 'getAll', limit: '={{ $json.n }}' }, [{ n: 2 }, { n: 3 }]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }, { item: 1 }, { item: 1 }]);
	});
});

describe('API errors', () => {
	test('401: the node fails with the server detail', async () => {
		const result = await runNode({
			parameters: { resource: 'order', operation: 'get', orderId: rl('1') },
			credentials: { contentPlatformApi: { baseUrl: sandbox.url, accessToken: 'wrong-token' } },
		});
		expect(result.error?.message).toContain('Invalid or expired access token');
		expect(result.items).toEqual([]);
	});

	test('404: the node fails with the server detail', async () => {
		const result = await run({ resource: 'podcast', operation: 'get', podcastId: rl('999') });
		expect(result.error?.message).toContain("Couldn't find Podcast with 'id'=999");
	});

	test('422: the node fails with the server detail', async () => {
		const result = await run({ resource: 'contactNote', operation: 'create', contactId: rl('424242'), body: 'x' });
		expect(sandbox.requests[0].status).toBe(422);
		expect(result.error?.message).toMatch(/^Invalid fields: /);
		expect(result.error?.message).toContain('/data/relationships/contact');
	});

	test('Continue On Fail: the failing item carries the error, the other item succeeds', async () => {
		const result = await runNode({
			parameters: { resource: 'order', operation: 'get', orderId: rl('={{ $json.id }}') },
			credentials: { contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token } },
			input: [{ id: '2' }, { id: 'missing' }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].json.id).toBe('2');
		expect(result.items[1].json.error).toContain('No order with ID "missing"');
	});
});
