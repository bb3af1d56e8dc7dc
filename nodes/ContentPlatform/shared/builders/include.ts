/**
 * "Include Related" (the endpoint's `include` names), the included records' paging, and the name
 * of the triggers' read-back switches (`includePurchases`).
 */
import type { INodeProperties } from 'n8n-workflow';

import { filterField } from './filterFields';
import { showOnlyFor, type OperationContext } from './operation';
import { byDisplayName, byName, fieldLabel } from './text';

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

/**
 * The name of a trigger's switch that reads each emitted record back with one relationship
 * included (`include=<name>`): `includePurchases` for `purchases`. Both triggers use it.
 */
export function includeSwitchName(include: string): string {
	return `include${fieldLabel(include).replace(/ /g, '')}`;
}
