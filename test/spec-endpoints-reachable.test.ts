/**
 * Every endpoint of the API spec is reachable, each query parameter it lists sent by a field: reads
 * spec/content-platform-api.md itself (the endpoint summary table, each endpoint's "Query"/"Query
 * parameters" bullet and the shared filter table, parsed in helpers/fixtures.ts) and walks the
 * node's description. Fails if an endpoint has no
 * operation, or a listed query parameter (include, fields[type], sort and its keys,
 * page[number]/page[size], every filter) has no node field that sends it.
 *
 * A field "sends" a parameter when its `routing.send.property` is that parameter (top-level
 * properties and the fields inside their collections); page[number]/page[size] are sent by the
 * operation's paginator (`routing.operations.pagination`). The execution of every one of these
 * parameters is proven in query.test.ts and pagination.test.ts.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { runRequest } from '../nodes/ContentPlatform/routing/request';
import { readEachPage, readGetMany } from '../nodes/ContentPlatform/routing/pages';
import {
	PERSON_FILTERS_1_1_0,
	PERSON_FILTERS_ADDED_1_1_0,
	PERSON_FILTERS_REMOVED_1_1_0,
	SHARED_FILTERS,
	SPEC_ENDPOINTS,
	SPEC_SUMMARY,
	collectionFields,
	nodeOperationFor,
	propertiesOf,
	specAttributes,
	fieldsOf,
} from './helpers/fixtures';

/** The query parameters the node can send for an operation, by what its fields declare. */
function sentBy(resource: string, operation: string, option: INodePropertyOptions): Set<string> {
	const sent = new Set(
		fieldsOf(resource, operation)
			.filter((f) => f.routing?.send?.type === 'query')
			.map((f) => f.routing?.send?.property)
			.filter((p): p is string => typeof p === 'string'),
	);
	const pagination = option.routing?.operations?.pagination;
	if (option.routing?.send?.paginate === true && pagination === runRequest) {
		// The package's page reader writes both page parameters (`readEachPage` in
		// ContentPlatform/routing/pages.ts, through which `readGetMany`, which the request runner `runRequest`
		// hands Get Many to, reads every page).
		const source = readGetMany.toString().includes('readEachPage(') ? readEachPage.toString() : '';
		if (source.includes("'page[number]'")) sent.add('page[number]');
		if (source.includes("'page[size]'")) sent.add('page[size]');
	}
	return sent;
}

function optionValues(field: INodeProperties | undefined): string[] {
	return ((field?.options ?? []) as INodePropertyOptions[]).map((o) => String(o.value));
}

test('the spec lists 20 endpoints and 70 shared filters', () => {
	expect(SPEC_SUMMARY).toHaveLength(20);
	expect(SPEC_ENDPOINTS).toHaveLength(20);
	expect(SHARED_FILTERS).toHaveLength(70);
	expect(new Set(SHARED_FILTERS).size).toBe(70);
});

test('20 endpoints → 20 distinct operations of the node', () => {
	const operations = SPEC_ENDPOINTS.map((e) => nodeOperationFor(e.method, e.path)).filter((o) => o !== undefined);
	expect(operations).toHaveLength(20);
	expect(new Set(operations.map((o) => `${o.resource}.${o.operation}`)).size).toBe(20);
});

describe.each(SPEC_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', (_name, endpoint) => {
	const found = nodeOperationFor(endpoint.method, endpoint.path);

	test('has an operation whose request uses this method and path', () => {
		expect(found).toBeDefined();
		const request = found!.option.routing?.request;
		expect(request?.method).toBe(endpoint.method);
		const relative = endpoint.path.replace(/^\/v1/, '');
		if (endpoint.path.includes('{id}')) {
			const [before, after] = relative.split('{id}');
			const idField = propertiesOf(found!.resource, found!.operation).find((p) => p.name === `${found!.resource}Id`);
			const url = String(idField?.routing?.request?.url ?? '');
			expect(url.startsWith(`=${before}{{`)).toBe(true);
			expect(url.endsWith(`}}${after}`)).toBe(true);
		} else {
			expect(request?.url).toBe(relative);
		}
	});

	test('has a node field for every query parameter the spec lists', () => {
		const { resource, operation, option } = found!;
		const sent = sentBy(resource, operation, option);
		expect([...endpoint.params].filter((param) => !sent.has(param))).toEqual([]);
	});

	test('offers every sort key, both directions, every include and every attribute in fields', () => {
		const { resource, operation } = found!;
		const fields = fieldsOf(resource, operation);
		const byName = (name: string) => fields.find((f) => f.name === name);
		if (endpoint.params.has('sort')) {
			expect(optionValues(byName('sort'))).toEqual(expect.arrayContaining(endpoint.sortKeys));
			expect(optionValues(byName('sortDirection')).sort()).toEqual(['ascending', 'descending']);
		} else {
			expect(byName('sort')).toBeUndefined();
		}
		if (endpoint.params.has('include')) {
			expect(optionValues(byName('include')).length).toBeGreaterThan(0);
			expect(optionValues(byName('include'))).toEqual(expect.arrayContaining(endpoint.includes));
		}
		const fieldsParam = [...endpoint.params].find((p) => p.startsWith('fields['));
		if (fieldsParam) {
			const field = byName('fields');
			expect(field?.routing?.send?.property).toBe(fieldsParam);
			expect(optionValues(field)).toEqual(expect.arrayContaining(specAttributes(fieldsParam.slice(7, -1))));
		}
	});

	test('filters have the type the spec states (boolean, integer → number, date → date picker)', () => {
		const { resource, operation } = found!;
		const fields = fieldsOf(resource, operation);
		const expected = { boolean: 'boolean', integer: 'number', date: 'dateTime', string: 'string' };
		for (const [param, type] of Object.entries(endpoint.types)) {
			const field = fields.find((f) => f.routing?.send?.property === param);
			expect([param, field?.type]).toEqual([param, expected[type]]);
		}
	});
});

test('release 1.1.0 (supplement section 10): four ownership filters added, is_suppressed removed', () => {
	expect(PERSON_FILTERS_ADDED_1_1_0).toEqual([
		'has_product_id',
		'has_active_product_id',
		'has_no_product_id',
		'previously_owned_product_id',
	]);
	expect(PERSON_FILTERS_REMOVED_1_1_0).toEqual(['is_suppressed']);
	expect(PERSON_FILTERS_1_1_0).toHaveLength(73);
});

test('contacts and customers share ONE filter list: the 73 names of release 1.1.0 (the spec table, less is_suppressed, plus 4)', () => {
	const filterNames = (method: string, path: string) => {
		const { resource, operation } = nodeOperationFor(method, path)!;
		return collectionFields(propertiesOf(resource, operation).find((p) => p.name === 'filters'))
			.map((f) => f.name)
			.sort();
	};
	const contacts = filterNames('GET', '/v1/contacts');
	expect(contacts).toEqual([...PERSON_FILTERS_1_1_0].sort());
	expect(filterNames('GET', '/v1/customers')).toEqual(contacts);
});

test('customer include filters are shown only with Include Related', () => {
	const { resource, operation } = nodeOperationFor('GET', '/v1/customers/{id}')!;
	const includeFilters = propertiesOf(resource, operation).find((p) => p.name === 'includeFilters');
	// The seed's four, and the two searches the supplement declares (section 7.5).
	expect(
		collectionFields(includeFilters)
			.map((f) => f.routing?.send?.property)
			.sort(),
	).toEqual([
		'filter[offers_page]',
		'filter[offers_per]',
		'filter[offers_search]',
		'filter[products_page]',
		'filter[products_per]',
		'filter[products_search]',
	]);
	expect(includeFilters?.displayOptions?.show?.include).toBeDefined();
});

test('every query parameter of the spec is covered (counts)', () => {
	const covered = SPEC_ENDPOINTS.flatMap((e) => {
		const { resource, operation, option } = nodeOperationFor(e.method, e.path)!;
		const sent = sentBy(resource, operation, option);
		return [...e.params].filter((p) => sent.has(p)).map((p) => `${e.method} ${e.path} ${p}`);
	});
	const listed = SPEC_ENDPOINTS.flatMap((e) => [...e.params].map((p) => `${e.method} ${e.path} ${p}`));
	expect(covered).toEqual(listed);
	// Per endpoint as the spec lists them: 77 for each of the two person lists (73 filters of release
	// 1.1.0, sort, fields, page[number], page[size]), 57 for the other 18 endpoints.
	expect(listed).toHaveLength(211);
	// 73 person filters, 17 other filters, 8 sparse fieldsets, include, sort, page[number], page[size].
	expect(new Set(SPEC_ENDPOINTS.flatMap((e) => [...e.params])).size).toBe(102);
	// Sort keys the spec names (3 + 5 + 3 + 3 + 3 + "such as title") and include names it names
	// (contacts 3, courses 3, orders 3, order items 1, transactions 2, forms 4, form submissions 2).
	expect(SPEC_ENDPOINTS.flatMap((e) => e.sortKeys)).toHaveLength(18);
	expect(SPEC_ENDPOINTS.flatMap((e) => e.includes)).toHaveLength(18);
});
