/**
 * Every operation of the node through n8n's engine (WorkflowExecute → declarative routing) against
 * the sandbox. First the spec's 20 endpoints, one test each: the exact request the sandbox received
 * (method, encoded path, query, Authorization and Accept headers) and the items n8n returned (count,
 * IDs, shape); user-typed IDs on every operation with a path ID, and pairedItem. Then Get Many and
 * Get of the contact notes, offers, purchases, tags, sites, products, courses, forms, blog posts,
 * contacts and Me: every declared filter, condition, sort key and fieldset on the wire, paging to
 * the end, encoded IDs, By URL, include resolved into the item, and the errors in the API's words.
 * (API errors: api-errors.test.ts; query strings: query.test.ts; bodies: writes.test.ts.)
 */
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import {
	JSON_API,
	NODE_PROPERTIES,
	SPEC_ENDPOINTS,
	encodedPieces,
	nodeOperationFor,
	queryPieces,
	rl,
	runWith,
	useSandbox,
	runExpectingSuccess,
	runExpectingFailure,
	nodeRunner,
} from './helpers/fixtures';

// clearBeforeEach also drops pending faults: none are ever set in this file (no failNext).
let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ clearBeforeEach: true },
);

const run = nodeRunner(() => sandbox);

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

const itemIds = (items: Array<Record<string, unknown>>) => items.map((item) => item.id);

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
		items: (items) => expect(itemIds(items)).toEqual(['1', '2', '3', '4', '5']),
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
		items: (items) => expect(itemIds(items)).toEqual(['1', '2', '3']),
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
		items: (items) => expect(itemIds(items)).toEqual(['1', '2', '3', '4']),
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
			expect(new Set(itemIds(items))).toEqual(new Set(sandbox.store.transactions.map((t) => t.id)));
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

describe('Get Many and Get of the lists and records, a fresh sandbox per test', () => {
	let sandbox: Sandbox;
	useSandbox(
		(started) => {
			sandbox = started;
		},
		{ perTest: true },
	);

	/** Runs the node; expects success and returns the requests and the items' JSON. */
	async function ok(parameters: INodeParameters, input?: IDataObject[]) {
		return await runExpectingSuccess(sandbox, parameters, input);
	}

	/** Runs the node; expects a failure and returns its message and the requests sent. */
	async function failing(parameters: INodeParameters, settings?: Parameters<typeof runWith>[2]) {
		return await runExpectingFailure(sandbox, parameters, settings);
	}

	const itemIds = (items: IDataObject[]) => items.map((item) => item.id);
	const onlyRequest = (requests: RecordedRequest[]) => {
		expect(requests).toHaveLength(1);
		return requests[0];
	};
	/** One list's Get Many: the Filters and Options given, and the query they must put on the wire (decoded). */
	interface ListCase {
		resource: string;
		path: string;
		filters: INodeParameters;
		options: INodeParameters;
		query: Record<string, string>;
	}

	describe('Get Many of the lists: filters, sort, fields and paging on the wire', () => {
		test.each<ListCase>([
			{
				resource: 'offer',
				path: '/v1/offers',
				filters: { site_id: rl('1', 'list'), title_cont: 'Creator', description_cont: 'offer' },
				options: { sort: 'price_in_cents', sortDirection: 'descending', fields: ['title', 'price_in_cents'] },
				query: {
					'filter[site_id]': '1',
					'filter[title_cont]': 'Creator',
					'filter[description_cont]': 'offer',
					sort: '-price_in_cents',
					'fields[offers]': 'title,price_in_cents',
				},
			},
			{
				resource: 'tag',
				path: '/v1/contact_tags',
				filters: { site_id: rl('1'), name_cont: 'e' },
				options: { sort: 'name', fields: ['name'] },
				query: { 'filter[site_id]': '1', 'filter[name_cont]': 'e', sort: 'name', 'fields[contact_tags]': 'name' },
			},
			{
				resource: 'course',
				path: '/v1/courses',
				filters: { site_id: rl('1'), title_cont: 'o', description_cont: 'learn', publish_status_eq: 'published' },
				options: { sort: 'title', fields: ['title', 'description'] },
				query: {
					'filter[site_id]': '1',
					'filter[title_cont]': 'o',
					'filter[description_cont]': 'learn',
					'filter[publish_status_eq]': 'published',
					sort: 'title',
					'fields[courses]': 'title,description',
				},
			},
			{
				resource: 'form',
				path: '/v1/forms',
				filters: { site_id: rl('1'), title_cont: 'n' },
				options: { sort: 'title', sortDirection: 'descending', fields: ['title'] },
				query: { 'filter[site_id]': '1', 'filter[title_cont]': 'n', sort: '-title', 'fields[forms]': 'title' },
			},
			{
				resource: 'blogPost',
				path: '/v1/blog_posts',
				filters: { site_id: rl('1'), title_cont: 'o' },
				options: { sort: 'published_at', fields: ['title', 'slug'] },
				query: {
					'filter[site_id]': '1',
					'filter[title_cont]': 'o',
					sort: 'published_at',
					'fields[blog_posts]': 'title,slug',
				},
			},
			{
				resource: 'contactNote',
				path: '/v1/contact_notes',
				filters: { site_id: rl('1'), contact_id: '2' },
				options: { sort: 'updated_at' },
				query: { 'filter[site_id]': '1', 'filter[contact_id]': '2', sort: 'updated_at' },
			},
			{
				resource: 'site',
				path: '/v1/sites',
				filters: { title_cont: 'a', subdomain_cont: 'site' },
				options: { sort: 'subdomain', fields: ['title'] },
				query: {
					'filter[title_cont]': 'a',
					'filter[subdomain_cont]': 'site',
					sort: 'subdomain',
					'fields[sites]': 'title',
				},
			},
			{
				resource: 'product',
				path: '/v1/products',
				filters: { site_id: rl('1'), title_cont: 'o', description_cont: 'product', status_eq: 'ready' },
				options: { sort: 'status', fields: ['title', 'status'] },
				query: {
					'filter[site_id]': '1',
					'filter[title_cont]': 'o',
					'filter[description_cont]': 'product',
					'filter[status_eq]': 'ready',
					sort: 'status',
					'fields[products]': 'title,status',
				},
			},
		])(
			'$resource → Get Many sends $path with every filter, sort and fields',
			async ({ resource, path, filters, options, query }) => {
				const { requests, items } = await ok({ resource, operation: 'getAll', limit: 5, filters, options });
				const request = onlyRequest(requests);
				expect(request.method).toBe('GET');
				expect(request.rawPath).toBe(path);
				expect(queryPieces(request)).toEqual(encodedPieces({ ...query, 'page[number]': 1, 'page[size]': 5 }));
				expect(request.status).toBe(200);
				expect(items.length).toBeGreaterThan(0);
				expect(items.length).toBeLessThanOrEqual(5);
			},
		);

		test('Purchase → Get Many: every declared filter, the conditions, sort and fields', async () => {
			const { requests, items } = await ok({
				resource: 'purchase',
				operation: 'getAll',
				returnAll: true,
				filters: {
					site_id: rl('1'),
					customer_id: '5',
					active: true,
					deactivated: false,
					referrer: 'https://podcast.example.com/ep12',
					referrer_cont: 'podcast',
					coupon_code_eq: 'WELCOME10',
				},
				conditions: {
					condition: [
						{ attribute: 'amount_in_cents', operator: 'gte', value: '100' },
						{ attribute: 'created_at', operator: 'lt', value: '2026-11-01' },
					],
				},
				options: { sort: 'created_at', sortDirection: 'descending', fields: ['amount_in_cents', 'created_at'] },
			});
			const request = onlyRequest(requests);
			expect(request.rawPath).toBe('/v1/purchases');
			expect(queryPieces(request)).toEqual(
				encodedPieces({
					'filter[site_id]': '1',
					'filter[customer_id]': '5',
					'filter[active]': 'true',
					'filter[deactivated]': 'false',
					'filter[referrer]': 'https://podcast.example.com/ep12',
					'filter[referrer_cont]': 'podcast',
					'filter[coupon_code_eq]': 'WELCOME10',
					'filter[amount_in_cents_gte]': '100',
					'filter[created_at_lt]': '2026-11-01',
					sort: '-created_at',
					'fields[purchases]': 'amount_in_cents,created_at',
					'page[number]': 1,
					'page[size]': 100,
				}),
			);
			expect(Array.isArray(items)).toBe(true);
		});

		test('Purchase → Get Many, Return All: every purchase once, newest first, pages of 100 (meta and links say when to stop)', async () => {
			sandbox.insertMany('purchases', 190, (i) => ({
				created_at: new Date(Date.parse(sandbox.seedDate('2026-11-02T00:00:00.000Z')) + i * 1000).toISOString(),
			}));
			const { requests, items } = await ok({
				resource: 'purchase',
				operation: 'getAll',
				returnAll: true,
				options: { sort: 'created_at', sortDirection: 'descending' },
			});
			expect(requests.map((r) => r.query['page[number]'])).toEqual(['1', '2', '3']);
			expect(items).toHaveLength(220);
			expect(new Set(itemIds(items)).size).toBe(220);
			const times = items.map((item) => Date.parse(String(item.created_at)));
			expect(times).toEqual([...times].sort((a, b) => b - a));
			expect(items[0]).toMatchObject({ type: 'purchases', offer_id: null, customer_id: null });
		});

		test('a condition repeated on the same attribute and operator is refused before any request', async () => {
			const { message, requests } = await failing({
				resource: 'purchase',
				operation: 'getAll',
				conditions: {
					condition: [
						{ attribute: 'quantity', operator: 'eq', value: '1' },
						{ attribute: 'quantity', operator: 'eq', value: '2' },
					],
				},
			});
			expect(message).toContain('Two conditions use "Quantity Equals"');
			expect(requests).toHaveLength(0);
		});

		test('Product → Get Many: "Exclude Product Types" is sent as the repeated filter[exclude_product_types][]', async () => {
			const { requests, items } = await ok({
				resource: 'product',
				operation: 'getAll',
				returnAll: true,
				filters: { exclude_product_types: ' Courses::Course, Coaching::Program ,' },
			});
			const request = onlyRequest(requests);
			const key = encodeURIComponent('filter[exclude_product_types][]');
			expect(queryPieces(request).filter((piece) => piece.startsWith(`${key}=`))).toEqual([
				`${key}=${encodeURIComponent('Coaching::Program')}`,
				`${key}=${encodeURIComponent('Courses::Course')}`,
			]);
			expect(items.map((item) => item.product_type_name)).toEqual(['Cohort course']);
		});

		test('Contact Note → Get Many: newest first when no sort is chosen', async () => {
			const { items } = await ok({ resource: 'contactNote', operation: 'getAll', returnAll: true });
			const times = items.map((item) => Date.parse(String(item.created_at)));
			expect(times).toEqual([...times].sort((a, b) => b - a));
			expect(items[0]).toHaveProperty('contact_id');
		});

		test('the Site filter in By ID mode sends the trimmed ID (contacts too: the site filter of every list is a locator)', async () => {
			const { requests } = await ok({
				resource: 'contact',
				operation: 'getAll',
				limit: 1,
				filters: { site_id: rl(' 2 ', 'id') },
			});
			expect(requests[0].query['filter[site_id]']).toBe('2');
			const sites = NODE_PROPERTIES.flatMap((p) =>
				p.name === 'filters' ? ((p.options ?? []) as INodeProperties[]) : [],
			).filter((f) => f.name === 'site_id');
			expect(sites.length).toBeGreaterThanOrEqual(15);
			for (const field of sites) {
				expect(field.type).toBe('resourceLocator');
				expect(field.modes?.[0]).toMatchObject({ name: 'list', typeOptions: { searchListMethod: 'searchSites' } });
			}
		});
	});

	describe('Get of the resources: path, encoded ID, fields, include, errors', () => {
		test.each([
			{ resource: 'offer', id: '2', path: '/v1/offers/2', type: 'offers' },
			{ resource: 'purchase', id: '3', path: '/v1/purchases/3', type: 'purchases' },
			{ resource: 'tag', id: '2', path: '/v1/contact_tags/2', type: 'contact_tags' },
			{ resource: 'site', id: '2', path: '/v1/sites/2', type: 'sites' },
			{ resource: 'product', id: '3', path: '/v1/products/3', type: 'products' },
			{ resource: 'contactNote', id: '1', path: '/v1/contact_notes/1', type: 'contact_notes' },
		])('$resource → Get $id', async ({ resource, id, path, type }) => {
			const { requests, items } = await ok({ resource, operation: 'get', [`${resource}Id`]: rl(id, 'list') });
			expect(onlyRequest(requests).rawPath).toBe(path);
			expect(items).toEqual([expect.objectContaining({ id, type })]);
		});

		test('Offer → Get with Include Related: Products, resolved into the item', async () => {
			const { requests, items } = await ok({
				resource: 'offer',
				operation: 'get',
				offerId: rl('3'),
				include: ['products'],
				options: { fields: ['title'] },
			});
			expect(requests[0].query).toEqual({ include: 'products', 'fields[offers]': 'title' });
			expect(items[0]).toMatchObject({
				id: '3',
				products_ids: ['2'],
				products: [expect.objectContaining({ id: '2', type: 'products' })],
			});
			expect(Object.keys(items[0])).not.toContain('price_in_cents');
		});

		test('Contact Note → Get with the contact included', async () => {
			const { items } = await ok({
				resource: 'contactNote',
				operation: 'get',
				contactNoteId: rl('2'),
				include: ['contact'],
			});
			expect(items[0]).toMatchObject({ id: '2', contact: expect.objectContaining({ type: 'contacts' }) });
		});

		test('a hostile ID stays one path segment; an unknown one names the record', async () => {
			const { message, requests } = await failing({ resource: 'purchase', operation: 'get', purchaseId: rl('1/../2') });
			expect(requests[0].rawPath).toBe('/v1/purchases/1%2F..%2F2');
			expect(message).toContain('No purchase with ID "1/../2"');
		});

		test('By URL: the ID from an API link', async () => {
			const { requests } = await ok({
				resource: 'tag',
				operation: 'get',
				tagId: rl(`${sandbox.url}/v1/contact_tags/4`, 'url'),
			});
			expect(requests[0].rawPath).toBe('/v1/contact_tags/4');
		});

		test('Me → Get: GET /v1/me, the current user as one item', async () => {
			const { requests, items } = await ok({ resource: 'me', operation: 'get' });
			expect(onlyRequest(requests)).toMatchObject({ method: 'GET', rawPath: '/v1/me', rawQuery: '' });
			expect(items).toEqual([
				{
					id: '1',
					type: 'users',
					initials: 'AO',
					name: 'Avery Owner',
					email: 'owner@example.com',
					role_level: 'OWNER',
				},
			]);
		});
	});
});
