/**
 * The "Options" collection of an operation and what goes in it from the table row: "Fields" (the
 * sparse fieldset `fields[<type>]`), "Sort By" and "Sort Direction".
 */
import type { INodeProperties } from 'n8n-workflow';

import { ATTRIBUTES } from '../tables/registry';
import { showOnlyFor, type OperationContext } from './operation';
import { byDisplayName, byName, fieldLabel, plural } from './text';

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
