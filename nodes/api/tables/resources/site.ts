/**
 * The Site resource's table (type `sites`): its attributes, relationships and endpoints with their
 * query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { titleContains } from '../filters';
import type { ResourceTable } from '../types';

/** Site (type `sites`, supplement section 4): list and get. */
export const siteTable: ResourceTable<'site', 'sites'> = {
	value: 'site',
	displayName: 'Site',
	hint: "The account's sites: the source of Site IDs.",
	type: 'sites',
	/** Supplement section 4 (`GET /v1/sites`). */
	attributes: { title: 'string', subdomain: 'string', created_at: 'timestamp', updated_at: 'timestamp' },
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
				filters: [
					titleContains,
					{ name: 'subdomain_cont', type: 'string', description: 'Subdomain contains the text' },
				],
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
