/**
 * The Site resource's table (type `sites`): its attributes, relationships and endpoints with their
 * query parameters, from which its fields are derived; listed in `RESOURCES`
 * (shared/tables/registry.ts). Also the two filter rows most lists take, the site filter
 * (`SITE_FILTER`, a picker of this resource's records) and the supplement's title search
 * (`titleContains`), which the other tables import from here: this table imports no file at run
 * time, so a table that takes them reaches only this one.
 */
import type { FilterRow, ResourceTable } from '../types';

/**
 * `filter[site_id]`: the site filter most lists take (also the first of the filters contacts and
 * customers share, `PERSON_FILTERS` in shared/tables/filters.ts), a picker of sites. Its `hint` is
 * what n8n's AI Workflow Builder reads about the field.
 */
export const SITE_FILTER: FilterRow = {
	name: 'site_id',
	type: 'string',
	picker: 'site',
	description:
		'Restrict to a site. Required when the account has more than one site; always sending it is recommended.',
	hint: 'Set it on accounts with several sites: the API refuses contact and customer lists without it. The ID comes from Site → Get Many.',
};

/** `filter[title_cont]` of the supplement's lists (sections 4 and 9), the sites' among them. */
export const titleContains: FilterRow = { name: 'title_cont', type: 'string', description: 'Title contains the text' };

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
