/**
 * The Tag resource's table (type `contact_tags`): its attributes, relationships and endpoints with
 * their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { SITE_FILTER } from '../filters';
import type { ResourceTable } from '../types';

/** Tag (type `contact_tags`, supplement section 1): list (tags not archived) and get. */
export const tagTable: ResourceTable<'tag', 'contact_tags'> = {
	value: 'tag',
	displayName: 'Tag',
	hint: 'Contact tags (segments).',
	type: 'contact_tags',
	/** Supplement section 1 (`GET /v1/contact_tags`). */
	attributes: { name: 'string' },
	relationships: ['site'],
	search: { filter: 'name_cont', label: ['name'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/contact_tags',
			purpose: 'List tags (not archived)',
			hint: 'Finds tag IDs: Filters → Name Contains.',
			query: {
				sort: ['name'],
				page: true,
				fields: 'contact_tags',
				filters: [SITE_FILTER, { name: 'name_cont', type: 'string', description: 'Name contains the text' }],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/contact_tags/{id}',
			purpose: 'Tag details',
			hint: 'Tag ID from Tag → Get Many.',
			query: {},
		},
	],
};
