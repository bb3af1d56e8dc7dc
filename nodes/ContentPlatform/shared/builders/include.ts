import type { INodeProperties } from 'n8n-workflow';

import { filterField } from './filters';
import { showOnlyFor, type OperationContext } from './operation';
import { byDisplayName, byName, fieldLabel } from './text';

/** "Include Related": the endpoint's `include` names as a multi-select (none when it has none). */
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
			options: include.map((name) => ({ name: fieldLabel(name), value: name })).sort(byName),
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
