/**
 * The two read operations built from a table row alone, each the whole of what it sends and
 * offers: Get (`getOperation`) and Get Many (`getManyOperation`), and the fields only they have:
 * Return All and Limit, "Date Range", the "Options" collection (sort, sparse fieldset), "Include
 * Related" and the included records' paging; the generic "Conditions" are `conditions.ts`'.
 */
import { filtersCollection, requiredSiteField, filterField } from '../../api/properties/fields';
import { resourceLocator } from '../../api/properties/locators';
import { conditionsCollection } from './conditions';
import { operationOption, type OperationContext, type OperationDescription, showOnlyFor } from './operation';
import { byDisplayName, byName, fieldLabel, plural } from '../../api/properties/words';
import type { INodeProperties } from 'n8n-workflow';

import { ATTRIBUTES, dateRangeModesOf, type DateRangeMode } from '../../api/tables/registry';
import { FIELD_HINTS } from '../../api/tables/builderHints';

/**
 * A Get operation (table rows `GET /v1/<type>/{id}`), the whole of what it sends and offers:
 * - routing (`operationOption`, operation.ts): `GET`, the path from the locator, preSend
 *   `prepareRequest`, postReceive `toItems` (one item, Simplify applied; transport/request.ts);
 * - `<resource>Id`: the record's locator, its ID URL-encoded into the path (fields.ts);
 * - `include` (`includeProperty`): the row's includes, sent as `include=a,b`;
 * - the included records' paging (`includeFilters`, `includedPagingProperty`): `filter[products_page]`, …;
 * - Options → `fields` (`fieldsOption`): `fields[<type>]`, the sparse fieldset.
 * Each part is empty when the row does not have it.
 */
export function getOperation(op: OperationContext): OperationDescription {
	return {
		option: operationOption(op),
		properties: [
			...requiredSiteField(op),
			resourceLocator(op),
			...includeProperty(op),
			...includedPagingProperty(op),
			...optionsCollection(op, fieldsOption(op)),
		],
	};
}

/**
 * A Get Many operation (table rows `GET /v1/<type>`), the whole of what it sends and offers:
 * - routing (`operationOption`, operation.ts): `GET <path>`, preSend `prepareRequest`, postReceive
 *   `toItems` (items, Simplify applied), paged by `readGetMany` (routing/pages.ts);
 * - `returnAll`, `limit` (`returnAllAndLimit`): become `page[number]` and `page[size]` (at most 100) pages;
 * - `filters` (`filtersCollection`, fields.ts): one field per `filter[<name>]` of the row;
 * - `conditions` (`conditionsCollection`, conditions.ts): `filter[<attribute>_<operator>]` rows (purchases);
 * - Options → `sort` and sort direction, `fields` (`sortOptions`, `fieldsOption`): `sort=-key`, `fields[<type>]`.
 * Each part is empty when the row does not have it.
 */
export function getManyOperation(op: OperationContext): OperationDescription {
	return {
		option: operationOption(op),
		properties: [
			...requiredSiteField(op),
			...returnAllAndLimit(op),
			...filtersCollection(op),
			...dateRangeCollection(op),
			...conditionsCollection(op),
			...optionsCollection(op, [...sortOptions(op), ...fieldsOption(op)]),
		],
	};
}

/** How each way of bounding a list reads, in the words of the fields' descriptions. */
const DATE_RANGE_WORDS: Record<DateRangeMode, (attribute: string) => string> = {
	filter: () =>
		'The API filters by day (start and end date); the node sends those days and drops the records outside the exact time.',
	sorted: (attribute) =>
		`The node reads the list newest first (sort -${attribute}) and stops at the first record past the bound; with Sort By ${fieldLabel(attribute)} ascending the kept records are reversed. Another Sort By is refused.`,
	unsorted: () =>
		'The API can neither filter nor sort this list by this date: every page is read and the records outside the range are dropped.',
};

/**
 * "Date Range" of a Get Many whose records carry `created_at` and/or `updated_at`
 * (`dateRangeModesOf`, tables/registry.ts): Created After (included), Created Before (excluded),
 * Updated After (included), n8n dateTime fields. They have no routing of their own: the page
 * reader (`readGetMany`, routing/pages.ts) reads them, sends the API's day filter or the sort
 * newest first, and keeps only the records within the range.
 */
export function dateRangeCollection(op: OperationContext): INodeProperties[] {
	const modes = dateRangeModesOf(op.resource, op.endpoint);
	if (!modes) return [];
	const fields: INodeProperties[] = [];
	if (modes.created) {
		const how = DATE_RANGE_WORDS[modes.created]('created_at');
		fields.push(
			{
				displayName: 'Created After',
				name: 'createdAfter',
				type: 'dateTime',
				default: '',
				description: `${how} Kept: the records created at or after this time. Empty: no bound.`,
			},
			{
				displayName: 'Created Before',
				name: 'createdBefore',
				type: 'dateTime',
				default: '',
				description: `${how} Kept: the records created before this time. Empty: no bound.`,
			},
		);
	}
	if (modes.updated) {
		fields.push({
			displayName: 'Updated After',
			name: 'updatedAfter',
			type: 'dateTime',
			default: '',
			description: `${DATE_RANGE_WORDS[modes.updated]('updated_at')} Kept: the records updated at or after this time. Empty: no bound.`,
		});
	}
	return [
		{
			displayName: 'Date Range',
			name: 'dateRange',
			type: 'collection',
			placeholder: 'Add Date Bound',
			default: {},
			displayOptions: showOnlyFor(op),
			description: 'Only records created or updated within these times. Limit and Return All count kept records.',
			builderHint: FIELD_HINTS.dateRange,
			options: fields.sort(byDisplayName),
		},
	];
}

/**
 * "Return All" and "Limit" of a Get Many. Limit becomes `maxResults`; the page reader
 * (`readGetMany`, routing/pages.ts) turns both into `page[number]`/`page[size]` requests.
 */
export function returnAllAndLimit(op: OperationContext): INodeProperties[] {
	const { resource, endpoint } = op;
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			displayOptions: showOnlyFor(op),
			description: 'Whether to return all results or only up to a given limit',
			builderHint: FIELD_HINTS.returnAll,
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			displayOptions: { show: { resource: [resource.value], operation: [endpoint.operation], returnAll: [false] } },
			description: 'Max number of results to return',
			builderHint: FIELD_HINTS.limit,
			routing: { output: { maxResults: '={{ $value }}' } },
		},
	];
}

/** "Fields": the sparse fieldset `fields[<type>]` of the endpoint, a multi-select of the type's attributes. */
export function fieldsOption(op: OperationContext): INodeProperties[] {
	const type = op.endpoint.query.fields;
	if (!type) return [];
	return [
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			default: [],
			description: `Return only these fields of each ${op.resource.displayName.toLowerCase()} (all fields when none is chosen)`,
			builderHint: FIELD_HINTS.fields,
			options: Object.keys(ATTRIBUTES[type])
				.map((name) => ({ name: fieldLabel(name), value: name }))
				.sort(byName),
			routing: {
				send: {
					type: 'query',
					property: `fields[${type}]`,
					value: '={{ $value.length ? $value.join(",") : undefined }}',
				},
			},
		},
	];
}

/** "Sort By" (the endpoint's sort keys; `created_at` first choice) and "Sort Direction" (`-` prefix). */
export function sortOptions(op: OperationContext): INodeProperties[] {
	const keys = op.endpoint.query.sort;
	if (!keys) return [];
	const defaultKey = keys.includes('created_at') ? 'created_at' : keys[0];
	return [
		{
			displayName: 'Sort By',
			name: 'sort',
			type: 'options',
			default: defaultKey,
			description: `The field to sort the ${plural(op.resource.displayName.toLowerCase())} by`,
			options: keys.map((key) => ({ name: fieldLabel(key), value: key })).sort(byName),
			routing: {
				send: {
					type: 'query',
					property: 'sort',
					value: '={{ ($parameter.options.sortDirection === "descending" ? "-" : "") + $value }}',
				},
			},
		},
		{
			displayName: 'Sort Direction',
			name: 'sortDirection',
			type: 'options',
			default: 'ascending',
			description: "Order of 'Sort By': ascending (A to Z, oldest first) or descending",
			options: [
				{ name: 'Ascending', value: 'ascending' },
				{ name: 'Descending', value: 'descending' },
			],
		},
	];
}

/** The "Options" collection of an operation holding `options` (none when empty). */
export function optionsCollection(op: OperationContext, options: INodeProperties[]): INodeProperties[] {
	if (!options.length) return [];
	return [
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: showOnlyFor(op),
			options: options.sort(byDisplayName),
		},
	];
}

/**
 * "Include Related": the endpoint's `include` names as a multi-select (none when it has none); a
 * relationship the API deprecates carries its note (`ResourceTable.deprecated`) as the option's description.
 */
export function includeProperty(op: OperationContext): INodeProperties[] {
	const { include } = op.endpoint.query;
	if (!include) return [];
	return [
		{
			displayName: 'Include Related',
			name: 'include',
			type: 'multiOptions',
			default: [],
			displayOptions: showOnlyFor(op),
			description:
				'Related records to load along with this one. With Simplify on, each appears in the item under its name.',
			options: include
				.map((name) => {
					const note = op.resource.deprecated?.[name];
					return { name: fieldLabel(name), value: name, ...(note ? { description: note } : {}) };
				})
				.sort(byName),
			routing: {
				send: { type: 'query', property: 'include', value: '={{ $value.length ? $value.join(",") : undefined }}' },
			},
		},
	];
}

/** "Included Records Paging": the endpoint's filters that page included records, shown once something is included. */
export function includedPagingProperty(op: OperationContext): INodeProperties[] {
	const { includeFilters } = op.endpoint.query;
	if (!includeFilters?.length) return [];
	return [
		{
			displayName: 'Included Records Paging',
			name: 'includeFilters',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: {
				show: {
					resource: [op.resource.value],
					operation: [op.endpoint.operation],
					include: [{ _cnd: { exists: true } }],
				},
			},
			description: 'Which page of the related records to load, and how many per page',
			options: includeFilters.map(filterField).sort(byDisplayName),
		},
	];
}
