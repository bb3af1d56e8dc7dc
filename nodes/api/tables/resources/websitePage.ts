/**
 * The Website Page resource's table (type `website_pages`): its attributes, relationships and
 * endpoints with their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { SITE_FILTER } from '../filters';
import type { ResourceTable } from '../types';

/** Website Page (type `website_pages`): list and get (supplement 9.3; the site filter is prose only). */
export const websitePageTable: ResourceTable<'websitePage', 'website_pages'> = {
	value: 'websitePage',
	displayName: 'Website Page',
	hint: 'Website pages (read only).',
	type: 'website_pages',
	/** Supplement 9.3. */
	attributes: { title: 'string', url: 'string', created_at: 'timestamp', updated_at: 'timestamp' },
	relationships: ['site'],
	search: { label: ['title', 'url'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/website_pages',
			purpose: 'List website pages',
			hint: 'Returns title and URL of each page.',
			query: { sort: ['created_at'], page: true, fields: 'website_pages', filters: [SITE_FILTER] },
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/website_pages/{id}',
			purpose: 'Website page details',
			hint: 'Page ID from Website Page → Get Many.',
			query: { fields: 'website_pages' },
		},
	],
};
