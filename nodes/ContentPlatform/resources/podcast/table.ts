/**
 * The Podcast resource's table (type `podcasts`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import { ATTRIBUTES, type AttributeTable, SITE_FILTER, str } from '../../shared/tables/values';
import type { ResourceTable } from '../../shared/tables/types';

/** Sort keys of podcasts: "a field name such as title": every scalar podcast attribute. */
const PODCAST_SORT = Object.entries(ATTRIBUTES.podcasts as AttributeTable)
	.filter(([, type]) => type !== 'array' && type !== 'object')
	.map(([name]) => name);

/** Podcast (type `podcasts`): list and get (seed spec). */
export const podcastTable: ResourceTable<'podcast'> = {
	value: 'podcast',
	displayName: 'Podcast',
	hint: 'Podcasts (read only).',
	type: 'podcasts',
	relationships: ['site'],
	search: { filter: 'title_cont', label: ['title'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/podcasts',
			purpose: 'List podcasts',
			hint: 'Filter by title or status.',
			query: {
				sort: PODCAST_SORT,
				page: true,
				fields: 'podcasts',
				filters: [
					SITE_FILTER,
					str('title_eq', 'Only podcasts with exactly this title'),
					str('title_cont', 'Only podcasts whose title contains this text'),
					str('status_eq', 'Only podcasts with this status, e.g. ready'),
					str('show_type_eq', 'Only podcasts of this show type, e.g. episodic'),
				],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/podcasts/{id}',
			purpose: 'Show a podcast',
			hint: 'Podcast ID from Podcast → Get Many.',
			query: {},
		},
	],
};
