/**
 * The Site resource's table (type `sites`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import { str, titleContains } from '../../shared/tables/values';
import type { ResourceTable } from '../../shared/tables/types';

/** Site (type `sites`, supplement section 4): list and get. */
export const siteTable: ResourceTable<'site'> = {
	value: 'site',
	displayName: 'Site',
	hint: "The account's sites: the source of Site IDs.",
	type: 'sites',
	relationships: [],
	search: { filter: 'title_cont', label: ['title', 'subdomain'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/sites',
			purpose: 'List sites',
			hint: 'Lists every Site ID.',
			query: {
				sort: ['title', 'subdomain'],
				page: true,
				fields: 'sites',
				filters: [titleContains, str('subdomain_cont', 'Subdomain contains the text')],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/sites/{id}',
			purpose: 'Site details',
			hint: 'Site ID from Site → Get Many.',
			query: { fields: 'sites' },
		},
	],
};
