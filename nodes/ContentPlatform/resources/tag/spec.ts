import { SITE_FILTER, str } from '../../shared/spec/filters';
import type { ResourceSpec } from '../../shared/spec/types';

/** Tag (type `contact_tags`, supplement section 1): list (tags not archived) and get. */
export const tagSpec: ResourceSpec = {
	value: 'tag',
	displayName: 'Tag',
	type: 'contact_tags',
	relationships: ['site'],
	search: { filter: 'name_cont', label: ['name'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/contact_tags',
			purpose: 'List tags (not archived)',
			query: {
				sort: ['name'],
				page: true,
				fields: 'contact_tags',
				filters: [SITE_FILTER, str('name_cont', 'Name contains the text')],
			},
		},
		{ operation: 'get', method: 'GET', path: '/contact_tags/{id}', purpose: 'Tag details', query: {} },
	],
};
