/**
 * Query building through n8n's engine: what the node's include,
 * sparse fieldset, sort (± direction), filter and paging fields put in the query string the
 * sandbox received, asserted on the encoded query (`rawQuery`).
 *
 * Part 1 names the cases of the issue one by one. Part 2 is driven by the spec document: for every
 * GET endpoint it sets every query parameter the spec lists at once (and every sort key in both
 * directions), so every spec query parameter is proven through WorkflowExecute.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import {
	JSON_API,
	SPEC_ENDPOINTS,
	collectionFields,
	encodedPieces,
	nodeOperationFor,
	propertiesOf,
	queryPieces,
	rl,
	runWith,
	specAttributes,
	useSandbox,
	type SpecEndpoint,
} from './helpers/fixtures';

let sandbox: Sandbox;
useSandbox((started) => {
	sandbox = started;
});

/** Runs the node; expects exactly one successful GET with the usual headers and returns it. */
async function onlyGet(parameters: INodeParameters): Promise<RecordedRequest> {
	const result = await runWith(sandbox, parameters);
	expect(result.error).toBeUndefined();
	expect(sandbox.requests).toHaveLength(1);
	const [request] = sandbox.requests;
	expect(request.method).toBe('GET');
	expect(request.status).toBe(200);
	expect(request.headers.authorization).toBe(`Bearer ${sandbox.token}`);
	expect(request.headers.accept).toBe(JSON_API);
	return request;
}

describe('the cases of the issue', () => {
	test('include: names comma-joined (include=order_items%2Ccustomer)', async () => {
		const request = await onlyGet({
			resource: 'order',
			operation: 'get',
			orderId: rl('1'),
			include: ['order_items', 'customer'],
		});
		expect(request.rawQuery).toBe('include=order_items%2Ccustomer');
	});

	test('include: a nested name (lessons.media)', async () => {
		const request = await onlyGet({
			resource: 'course',
			operation: 'get',
			courseId: rl('1'),
			include: ['lessons', 'lessons.media'],
		});
		expect(request.rawQuery).toBe('include=lessons%2Clessons.media');
	});

	test('fields on a Get: fields[blog_posts]=title,slug', async () => {
		const request = await onlyGet({
			resource: 'blogPost',
			operation: 'get',
			blogPostId: rl('1'),
			options: { fields: ['title', 'slug'] },
		});
		expect(request.rawQuery).toBe('fields%5Bblog_posts%5D=title%2Cslug');
	});

	test('fields on a Get Many, with the page parameters', async () => {
		const request = await onlyGet({
			resource: 'order',
			operation: 'getAll',
			limit: 2,
			options: { fields: ['order_number', 'created_at'] },
		});
		expect(queryPieces(request)).toEqual(
			encodedPieces({ 'fields[orders]': 'order_number,created_at', 'page[number]': 1, 'page[size]': 2 }),
		);
	});

	test('no optional field set: only the page parameters', async () => {
		const request = await onlyGet({ resource: 'customer', operation: 'getAll', limit: 1 });
		expect(request.rawQuery).toBe('page%5Bnumber%5D=1&page%5Bsize%5D=1');
	});

	test('sort ascending: the key as is', async () => {
		const request = await onlyGet({
			resource: 'customer',
			operation: 'getAll',
			limit: 1,
			options: { sort: 'net_revenue', sortDirection: 'ascending' },
		});
		expect(queryPieces(request)).toEqual(encodedPieces({ sort: 'net_revenue', 'page[number]': 1, 'page[size]': 1 }));
	});

	test('sort with the default direction is ascending', async () => {
		const request = await onlyGet({
			resource: 'orderItem',
			operation: 'getAll',
			limit: 1,
			options: { sort: 'quantity' },
		});
		expect(request.query.sort).toBe('quantity');
	});

	test('sort descending: a leading "-"', async () => {
		const request = await onlyGet({
			resource: 'customer',
			operation: 'getAll',
			limit: 1,
			options: { sort: 'last_request_at', sortDirection: 'descending' },
		});
		expect(queryPieces(request)).toEqual(
			encodedPieces({ sort: '-last_request_at', 'page[number]': 1, 'page[size]': 1 }),
		);
	});

	test('string filter: encoded once (a+b@x.io → a%2Bb%40x.io)', async () => {
		const request = await onlyGet({
			resource: 'contact',
			operation: 'getAll',
			limit: 1,
			filters: { email_contains: 'a+b@x.io' },
		});
		expect(queryPieces(request)).toEqual([
			'filter%5Bemail_contains%5D=a%2Bb%40x.io',
			'page%5Bnumber%5D=1',
			'page%5Bsize%5D=1',
		]);
	});

	test('string filter with a space and a comma', async () => {
		const request = await onlyGet({
			resource: 'transaction',
			operation: 'getAll',
			limit: 1,
			filters: { name_or_email: 'Lopez, Liam' },
		});
		expect(request.query['filter[name_or_email]']).toBe('Lopez, Liam');
		expect(queryPieces(request)).toContain('filter%5Bname_or_email%5D=Lopez%2C%20Liam');
	});

	test('boolean filter true → "true"', async () => {
		const request = await onlyGet({
			resource: 'order',
			operation: 'getAll',
			limit: 1,
			filters: { fulfilled_at_null: true },
		});
		expect(queryPieces(request)).toEqual(
			encodedPieces({ 'filter[fulfilled_at_null]': 'true', 'page[number]': 1, 'page[size]': 1 }),
		);
	});

	test('boolean filter false → "false" (not left out)', async () => {
		const request = await onlyGet({
			resource: 'contact',
			operation: 'getAll',
			limit: 1,
			filters: { subscribed: false },
		});
		expect(queryPieces(request)).toEqual(
			encodedPieces({ 'filter[subscribed]': 'false', 'page[number]': 1, 'page[size]': 1 }),
		);
	});

	test('number filter → its decimal digits', async () => {
		const request = await onlyGet({
			resource: 'customer',
			operation: 'getAll',
			limit: 1,
			filters: { created_in_last: 30 },
		});
		expect(queryPieces(request)).toEqual(
			encodedPieces({ 'filter[created_in_last]': '30', 'page[number]': 1, 'page[size]': 1 }),
		);
	});

	test('number filter 0 is sent', async () => {
		const request = await onlyGet({
			resource: 'contact',
			operation: 'getAll',
			limit: 1,
			filters: { net_revenue_greater_than: 0 },
		});
		expect(request.query['filter[net_revenue_greater_than]']).toBe('0');
	});

	test('date filters → YYYY-MM-DD', async () => {
		const request = await onlyGet({
			resource: 'transaction',
			operation: 'getAll',
			limit: 1,
			filters: { start_date: '2026-10-20T00:00:00', end_date: '2026-10-27T15:30:00' },
		});
		expect(queryPieces(request)).toEqual(
			encodedPieces({
				'filter[start_date]': '2026-10-20',
				'filter[end_date]': '2026-10-27',
				'page[number]': 1,
				'page[size]': 1,
			}),
		);
	});

	test('date filter from an expression ($now) → YYYY-MM-DD', async () => {
		const request = await onlyGet({
			resource: 'transaction',
			operation: 'getAll',
			limit: 1,
			filters: { end_date: '={{ $now }}' },
		});
		expect(request.query['filter[end_date]']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
	});

	test('several filters of a list combine in one request', async () => {
		const request = await onlyGet({
			resource: 'podcast',
			operation: 'getAll',
			limit: 5,
			filters: { site_id: '1', status_eq: 'ready', title_cont: 'hour' },
			options: { sort: 'title', sortDirection: 'descending', fields: ['title', 'status'] },
		});
		expect(queryPieces(request)).toEqual(
			encodedPieces({
				'filter[site_id]': '1',
				'filter[status_eq]': 'ready',
				'filter[title_cont]': 'hour',
				sort: '-title',
				'fields[podcasts]': 'title,status',
				'page[number]': 1,
				'page[size]': 5,
			}),
		);
	});

	test('customer include filters are sent with include', async () => {
		const request = await onlyGet({
			resource: 'customer',
			operation: 'get',
			customerId: rl('1'),
			include: ['offers', 'products'],
			includeFilters: { offers_page: 2, offers_per: 5, products_page: 1, products_per: 10 },
		});
		expect(queryPieces(request)).toEqual(
			encodedPieces({
				include: 'offers,products',
				'filter[offers_page]': '2',
				'filter[offers_per]': '5',
				'filter[products_page]': '1',
				'filter[products_per]': '10',
			}),
		);
	});

	test('customer include filters are not sent without include (include not set)', async () => {
		const request = await onlyGet({
			resource: 'customer',
			operation: 'get',
			customerId: rl('1'),
			includeFilters: { offers_page: 2, products_per: 3 },
		});
		expect(request.rawQuery).toBe('');
	});

	test('customer include filters are not sent without include (include emptied)', async () => {
		const request = await onlyGet({
			resource: 'customer',
			operation: 'get',
			customerId: rl('1'),
			include: [],
			includeFilters: { offers_page: 2 },
		});
		expect(request.rawQuery).toBe('');
	});

	test('an empty include or fields list sends nothing', async () => {
		const request = await onlyGet({
			resource: 'contact',
			operation: 'get',
			contactId: rl('1'),
			include: [],
			options: { fields: [] },
		});
		expect(request.rawQuery).toBe('');
	});
});

/** A node field value of the field's type and the query value the API must receive for it. */
function sample(type: string, name: string): { value: unknown; sent: string } {
	switch (type) {
		case 'boolean':
			return { value: true, sent: 'true' };
		case 'number':
			return { value: 7, sent: '7' };
		case 'dateTime':
			return { value: '2026-10-20T08:30:00', sent: '2026-10-20' };
		default:
			return { value: `x-${name}`, sent: `x-${name}` };
	}
}

interface Plan {
	endpoint: SpecEndpoint;
	resource: string;
	operation: string;
	parameters: INodeParameters;
	/** The decoded query the sandbox must receive (the sort runs add `sort`). */
	query: Record<string, string>;
}

/** Node parameters that set every query parameter the spec lists for an endpoint (sort aside). */
function planFor(endpoint: SpecEndpoint): Plan {
	const found = nodeOperationFor(endpoint.method, endpoint.path);
	if (!found) throw new Error(`No operation for ${endpoint.method} ${endpoint.path}`);
	const { resource, operation } = found;
	const properties = propertiesOf(resource, operation);
	const byName = (name: string) => properties.find((p) => p.name === name);
	const parameters: INodeParameters = { resource, operation };
	const query: Record<string, string> = {};
	if (endpoint.path.includes('{id}')) parameters[`${resource}Id`] = rl('1');

	if (endpoint.params.has('include')) {
		const names = endpoint.includes.length
			? endpoint.includes
			: ((byName('include')?.options ?? []) as Array<{ value: string }>).map((o) => o.value);
		parameters.include = names;
		query.include = names.join(',');
	}
	const fieldsParam = [...endpoint.params].find((p) => p.startsWith('fields['));
	if (fieldsParam) {
		const names = specAttributes(fieldsParam.slice(7, -1)).slice(0, 3);
		parameters.options = { fields: names };
		query[fieldsParam] = names.join(',');
	}
	const filterCollections = [byName('filters'), byName('includeFilters')];
	for (const param of endpoint.params) {
		if (!param.startsWith('filter[')) continue;
		const name = param.slice(7, -1);
		const collection = filterCollections.find((c) => collectionFields(c).some((f) => f.name === name));
		if (!collection) throw new Error(`No node field for ${param} on ${endpoint.method} ${endpoint.path}`);
		const field = collectionFields(collection).find((f) => f.name === name)!;
		const { value, sent } = sample(field.type, name);
		parameters[collection.name] = {
			...((parameters[collection.name] as INodeParameters | undefined) ?? {}),
			[name]: value,
		} as INodeParameters;
		query[param] = sent;
	}
	if (endpoint.params.has('page[number]') || endpoint.params.has('page[size]')) {
		parameters.limit = 3;
		query['page[number]'] = '1';
		query['page[size]'] = '3';
	}
	return { endpoint, resource, operation, parameters, query };
}

const READS = SPEC_ENDPOINTS.filter((e) => e.method === 'GET');

describe('every query parameter of the spec, endpoint by endpoint', () => {
	test('the spec has 17 GET endpoints, 16 of them with query parameters (not podcasts/{id})', () => {
		expect(READS).toHaveLength(17);
		expect(READS.filter((e) => e.params.size > 0)).toHaveLength(16);
	});

	test.each(READS.filter((e) => e.params.size > 0).map((e) => [`${e.method} ${e.path}`, e] as const))(
		'%s: every listed parameter (sort aside) in one request',
		async (_name, endpoint) => {
			const plan = planFor(endpoint);
			const request = await onlyGet(plan.parameters);
			expect(request.rawPath).toBe(endpoint.path.replace('{id}', '1'));
			// sort is covered key by key below; the node sends it only when a key is chosen.
			expect(queryPieces(request)).toEqual(encodedPieces(plan.query));
			const listed = [...endpoint.params].filter((p) => p !== 'sort').sort();
			expect(Object.keys(request.query).sort()).toEqual(listed);
		},
	);

	const sortCases = READS.flatMap((endpoint) =>
		endpoint.sortKeys.length === 0 && !endpoint.params.has('sort')
			? []
			: (() => {
					const found = nodeOperationFor(endpoint.method, endpoint.path)!;
					const sortField = collectionFields(
						propertiesOf(found.resource, found.operation).find((p) => p.name === 'options'),
					).find((f) => f.name === 'sort');
					// The spec's keys, plus every other key the node offers ("a field name such as title").
					const keys = [
						...new Set([
							...endpoint.sortKeys,
							...((sortField?.options ?? []) as Array<{ value: string }>).map((o) => o.value),
						]),
					];
					return keys.flatMap((key) =>
						(['ascending', 'descending'] as const).map(
							(direction) =>
								[
									`${endpoint.path} sort=${direction === 'descending' ? '-' : ''}${key}`,
									found,
									key,
									direction,
								] as const,
						),
					);
				})(),
	);

	test('sort cases: every sort key of the 6 sortable lists, both directions', () => {
		expect(new Set(sortCases.map(([, found]) => found.resource)).size).toBe(6);
		expect(sortCases.length).toBeGreaterThanOrEqual(2 * (3 + 5 + 3 + 3 + 3 + 1));
	});

	test.each(sortCases)('%s', async (_name, found, key, direction) => {
		const request = await onlyGet({
			resource: found.resource,
			operation: found.operation,
			limit: 2,
			options: { sort: key, sortDirection: direction },
		});
		expect(queryPieces(request)).toEqual(
			encodedPieces({ sort: `${direction === 'descending' ? '-' : ''}${key}`, 'page[number]': 1, 'page[size]': 2 }),
		);
	});
});
