/**
 * The resource locators' "From List" searches (`methods.listSearch`): one per resource with a list
 * endpoint, its records labelled from the table's `search.label` attributes, filtered by `search.filter`.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { simplifyResource } from '../../api/simplify';
import type { ResourceObject } from '../../api/jsonapi';
import { operationOf, RESOURCES, type ResourceTable } from '../../api/tables/registry';
import { searchMethodName } from '../../api/properties/locators';
import { apiRequest } from '../../api/transport/apiRequest';

/** Records per page of a resource locator's "From List" (n8n asks for the next page on scroll). */
const SEARCH_PAGE_SIZE = 50;

/** The label of a record in a list: its resource's label attributes joined with " · " (orders as #1001). */
export function label(resource: ResourceTable, record: IDataObject): string {
	const words = (resource.search?.label ?? [])
		.map((name) => record[name])
		.filter((value) => value !== undefined && value !== null && value !== '')
		.map((value) => (resource.type === 'orders' && typeof value === 'number' ? `#${value}` : String(value)));
	return words.length ? words.join(' · ') : `${resource.displayName} ${String(record.id)}`;
}

/**
 * A `listSearch` method for one resource's list endpoint: page `paginationToken` (1 when absent)
 * of up to 50 records, filtered by the resource's search filter (contacts and customers:
 * `filter[search]`, podcasts: `filter[title_cont]`) when the user typed text; resources whose list
 * has no text filter are listed unfiltered. Returns `{ results: [{ name, value: id }], paginationToken }`.
 */
function searchMethod(resource: ResourceTable) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const page = Number(paginationToken ?? 1) || 1;
		const qs: IDataObject = { 'page[number]': page, 'page[size]': SEARCH_PAGE_SIZE };
		if (filter && resource.search?.filter) qs[`filter[${resource.search.filter}]`] = filter;
		const { endpoint } = operationOf(resource.value, 'getAll');
		const document = await apiRequest(this, 'GET', endpoint.path, { qs });
		const records = (Array.isArray(document.data) ? document.data : []) as ResourceObject[];
		return {
			results: records.map((record) => {
				const simple = simplifyResource(record);
				return { name: label(resource, simple), value: String(record.id) };
			}),
			paginationToken: records.length === SEARCH_PAGE_SIZE ? String(page + 1) : undefined,
		};
	};
}

/** The `methods.listSearch` of the node: one search per resource with a list endpoint. */
export const listSearch = Object.fromEntries(
	RESOURCES.filter((resource) => resource.search).map((resource) => [
		searchMethodName(resource),
		searchMethod(resource),
	]),
);
