/**
 * Filter fields from the tables' filter rows (`FilterRow`): one field per `filter[<name>]` (text,
 * boolean, number, date, list, or a record picker), the "Filters" collection of a Get Many and of
 * the polling trigger's events, and the required "Site" of lists that need one.
 */
import type { INodeProperties } from 'n8n-workflow';

import { resourceByValue, type FilterRow } from '../tables/registry';
import { showOnlyFor, type OperationContext } from './operation';
import { searchMethodName } from './resourceLocator';
import { requireId } from '../transport';
import { article, byDisplayName, byName, fieldLabel, titleCase } from './text';
import { valueField } from './valueField';

/** The expression that writes a filter value to the query string as the API expects it. */
function queryValue(type: FilterRow['type']): string {
	switch (type) {
		case 'boolean':
			return '={{ $value ? "true" : "false" }}';
		case 'date':
			return '={{ (typeof $value === "string" ? $value : $value.toISO()).slice(0, 10) }}';
		default:
			return '={{ String($value) }}';
	}
}

/** The expression that writes a list filter's values: an array, or comma-separated text; trimmed, empty ones dropped. */
const LIST_VALUE =
	'={{ (Array.isArray($value) ? $value : String($value).split(",")).map((v) => String(v).trim()).filter((v) => v !== "") }}';

/**
 * One `filter[<name>]` query parameter as a field (booleans as `true`/`false`, dates as
 * `YYYY-MM-DD`). A filter whose value is a record's ID (`picker`: the site filter, the product
 * ownership filters) is a resource locator (From List of that resource's records, or By ID); a
 * list filter (`array`) is sent as the repeated parameter `filter[<name>][]`.
 */
export function filterField(filter: FilterRow): INodeProperties {
	if (filter.picker) return pickerFilterField(filter);
	if (filter.options) {
		const field: INodeProperties = {
			displayName: fieldLabel(filter.name),
			name: filter.name,
			type: 'options',
			default: '',
			description: filter.description,
			options: filter.options.map((value) => ({ name: titleCase(value), value })).sort(byName),
			routing: { send: { type: 'query', property: `filter[${filter.name}]` } },
		};
		// The first value the API names (a pick list has no empty choice).
		field.default = filter.options[0];
		return field;
	}
	if (filter.type === 'array') {
		return {
			...textFilterField(filter),
			routing: {
				request: { arrayFormat: 'repeat' },
				send: { type: 'query', property: `filter[${filter.name}][]`, value: LIST_VALUE },
			},
		};
	}
	return {
		displayName: fieldLabel(filter.name),
		name: filter.name,
		...valueField(filter.type),
		description: filter.description,
		routing: { send: { type: 'query', property: `filter[${filter.name}]`, value: queryValue(filter.type) } },
	};
}

/**
 * A filter as a text field named after it (`filter.name`, an empty default), without routing: the
 * polling trigger's filters, which its poll sends itself (ContentPlatformTrigger.node.ts), and the
 * base of a list filter's field here.
 */
export function textFilterField(filter: FilterRow): INodeProperties {
	return {
		displayName: fieldLabel(filter.name),
		name: filter.name,
		type: 'string',
		default: '',
		description: filter.description,
	};
}

/**
 * The "Filters" collection (`filters`): `fields` in the order given, shown where `displayOptions`
 * says. The action node's Get Many (`filtersCollection`) and each polling trigger event use it.
 */
export function filtersField(
	displayOptions: INodeProperties['displayOptions'],
	fields: INodeProperties[],
): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions,
		options: fields,
	};
}

/** The "Filters" collection of a Get Many: every filter of the endpoint, by label (none when it has none). */
export function filtersCollection(op: OperationContext): INodeProperties[] {
	const filters = op.endpoint.query.filters ?? [];
	if (!filters.length) return [];
	return [filtersField(showOnlyFor(op), filters.map(filterField).sort(byDisplayName))];
}

/**
 * The "Site" of an operation whose endpoint requires `filter[site_id]` (table row `query.site`,
 * payouts): a required resource locator at the top, refused empty before any request.
 */
export function requiredSiteField(op: OperationContext): INodeProperties[] {
	if (op.endpoint.query.site !== 'required') return [];
	const field = pickerFilterField({
		name: 'site_id',
		type: 'string',
		picker: 'site',
		description: `The site whose ${op.resource.displayName.toLowerCase()}s to read (the API requires it)`,
	});
	return [
		{
			...field,
			displayName: 'Site',
			name: 'siteId',
			required: true,
			displayOptions: showOnlyFor(op),
			routing: { send: { ...field.routing!.send, preSend: [requireId('siteId', 'Site')] } },
		},
	];
}

/**
 * A filter whose value is the ID of a record of `filter.picker` (the site filter
 * `filter[site_id]`, the product ownership filters): a resource locator over that resource's list
 * (searchable when the list has a text filter), or an ID; sent trimmed.
 */
function pickerFilterField(filter: FilterRow): INodeProperties {
	const resource = resourceByValue(filter.picker!);
	const noun = resource.displayName.toLowerCase();
	return {
		displayName: fieldLabel(filter.name),
		name: filter.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description: filter.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select ${article(noun)} ${noun}...`,
				typeOptions: {
					searchListMethod: searchMethodName(resource),
					searchable: resource.search?.filter !== undefined,
				},
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 12345' },
		],
		routing: { send: { type: 'query', property: `filter[${filter.name}]`, value: '={{ String($value).trim() }}' } },
	};
}
