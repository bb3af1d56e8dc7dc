/**
 * The node's option lists (`methods.loadOptions`): for each resource a relationship write takes
 * (tags, offers), its records as options, read page by page from its list endpoint.
 */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listMethodName } from '../builders/relationship';
import { simplifyResource } from '../../api/simplify';
import type { ResourceObject } from '../../api/jsonapi';
import { MAX_PAGE_SIZE, operationOf, RESOURCES, type ResourceTable } from '../../api/tables/registry';
import { apiRequest } from '../../api/transport/apiRequest';
import { label } from './search';

/** Most records a multi-select list loads (10 pages of 100); beyond that, IDs are given by expression. */
const MAX_OPTIONS = 1000;

/** The resources whose records a relationship write takes (tags, offers): one list each. */
const LISTED = RESOURCES.filter((resource) =>
	RESOURCES.some((r) =>
		r.endpoints.some(
			(e) => e.relationship !== undefined && e.method !== 'GET' && e.relationship.type === resource.type,
		),
	),
);

/**
 * A `loadOptions` method for the IDs field of relationship writes (Add Tags, Grant Offers, …): the
 * records of the resource's list, in pages of 100, up to 1,000, as `{ name: label (ID), value: ID }`,
 * sorted by label.
 */
function listMethod(resource: ResourceTable) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const { endpoint } = operationOf(resource.value, 'getAll');
		const options: INodePropertyOptions[] = [];
		for (let page = 1; options.length < MAX_OPTIONS; page++) {
			const qs: IDataObject = { 'page[number]': page, 'page[size]': MAX_PAGE_SIZE };
			const document = await apiRequest(this, 'GET', endpoint.path, { qs });
			const records = (Array.isArray(document.data) ? document.data : []) as ResourceObject[];
			for (const record of records) {
				options.push({
					name: `${label(resource, simplifyResource(record))} (${String(record.id)})`,
					value: String(record.id),
				});
			}
			if (records.length < MAX_PAGE_SIZE) break;
		}
		return options.slice(0, MAX_OPTIONS).sort((a, b) => a.name.localeCompare(b.name));
	};
}

/** The `methods.loadOptions` of the node: one list per resource a relationship write takes. */
export const loadOptions = Object.fromEntries(
	LISTED.map((resource) => [listMethodName(resource), listMethod(resource)]),
);
