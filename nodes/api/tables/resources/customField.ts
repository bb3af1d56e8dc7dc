/**
 * The Custom Field resource's table (type `custom_fields`): its attributes, relationships and
 * endpoints with their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { SITE_FILTER, titleContains } from '../filters';
import type { ResourceTable } from '../types';

/** Custom Field (type `custom_fields`): list and get (supplement 9.1). */
export const customFieldTable: ResourceTable<'customField', 'custom_fields'> = {
	value: 'customField',
	displayName: 'Custom Field',
	hint: 'Custom contact fields (handles, types).',
	type: 'custom_fields',
	/** Supplement 9.1. */
	attributes: { title: 'string', handle: 'string', type: 'string', required: 'boolean' },
	relationships: ['site'],
	search: { filter: 'title_cont', label: ['title', 'handle'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/custom_fields',
			purpose: "List the account's custom fields",
			hint: 'What contact writes can set.',
			query: {
				sort: ['title', 'handle', 'type', 'required'],
				page: true,
				fields: 'custom_fields',
				filters: [
					SITE_FILTER,
					titleContains,
					{ name: 'type_eq', type: 'string', description: 'Only fields of this input kind, for example TextField' },
					{
						name: 'required_eq',
						type: 'boolean',
						description: 'Whether to return only required fields (true) or only optional ones (false)',
					},
				],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/custom_fields/{id}',
			purpose: 'Custom field details',
			hint: 'Field ID from Custom Field → Get Many.',
			query: { fields: 'custom_fields' },
		},
	],
};
