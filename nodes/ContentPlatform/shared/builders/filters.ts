import type { INodeProperties } from 'n8n-workflow';

import type { FilterSpec } from '../spec';
import { showOnlyFor, type OperationContext } from './operation';
import { byName, titleCase } from './text';
import { valueField } from './valueField';

/** The expression that writes a filter value to the query string as the API expects it. */
function queryValue(type: FilterSpec['type']): string {
	switch (type) {
		case 'boolean':
			return '={{ $value ? "true" : "false" }}';
		case 'date':
			return '={{ (typeof $value === "string" ? $value : $value.toISO()).slice(0, 10) }}';
		default:
			return '={{ String($value) }}';
	}
}

/** One `filter[<name>]` query parameter as a field (booleans as `true`/`false`, dates as `YYYY-MM-DD`). */
export function filterField(filter: FilterSpec): INodeProperties {
	return {
		displayName: titleCase(filter.name),
		name: filter.name,
		...valueField(filter.type),
		description: filter.description,
		routing: { send: { type: 'query', property: `filter[${filter.name}]`, value: queryValue(filter.type) } },
	};
}

/** The "Filters" collection of a Get Many: every filter of the endpoint (none when it has none). */
export function filtersCollection(op: OperationContext): INodeProperties[] {
	const filters = op.endpoint.query.filters ?? [];
	if (!filters.length) return [];
	return [
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			displayOptions: showOnlyFor(op),
			options: filters.map(filterField).sort(byName),
		},
	];
}
