/**
 * The Custom Field resource's table (type `custom_fields`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import { bool, SITE_FILTER, str, titleContains } from '../../shared/tables/values';
import type { ResourceTable } from '../../shared/tables/types';

/** Custom Field (type `custom_fields`): list and get (supplement 9.1). */
export const customFieldTable: ResourceTable<'customField'> = {
	value: 'customField',
	displayName: 'Custom Field',
	hint: 'Custom contact fields (handles, types).',
	type: 'custom_fields',
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
					str('type_eq', 'Only fields of this input kind, for example TextField'),
					bool('required_eq', 'Whether to return only required fields (true) or only optional ones (false)'),
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
