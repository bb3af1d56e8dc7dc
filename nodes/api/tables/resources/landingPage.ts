/**
 * The Landing Page resource's table (type `landing_pages`): its attributes, relationships and
 * endpoints with their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { SITE_FILTER, titleContains } from '../filters';
import type { ResourceTable } from '../types';
import { PURCHASE_CONDITIONS } from './purchase';

/**
 * Landing Page (type `landing_pages`): list and get (supplement 9.2). The site filter and the
 * generic `filter[<attribute>_<operator>]` are prose only; `-publish_at` is the prose's sort example.
 */
export const landingPageTable: ResourceTable<'landingPage', 'landing_pages'> = {
	value: 'landingPage',
	displayName: 'Landing Page',
	hint: 'Landing pages (read only).',
	type: 'landing_pages',
	/** Supplement 9.2. */
	attributes: {
		title: 'string',
		url: 'string',
		publish_at: 'timestamp',
		created_at: 'timestamp',
		updated_at: 'timestamp',
	},
	relationships: ['site'],
	search: { filter: 'title_cont', label: ['title'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/landing_pages',
			purpose: 'List landing pages',
			hint: 'Filter by title or published.',
			query: {
				sort: ['title', 'publish_at'],
				page: true,
				fields: 'landing_pages',
				filters: [
					SITE_FILTER,
					titleContains,
					{
						name: 'published',
						type: 'boolean',
						description: 'Whether to return only published pages (true) or only the others (false)',
					},
				],
				conditions: {
					attributes: ['title', 'publish_at', 'created_at', 'updated_at'],
					operators: PURCHASE_CONDITIONS.operators,
				},
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/landing_pages/{id}',
			purpose: 'Landing page details',
			hint: 'Page ID from Landing Page → Get Many.',
			query: { fields: 'landing_pages' },
		},
	],
};
