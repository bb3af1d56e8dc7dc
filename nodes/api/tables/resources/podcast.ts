/**
 * The Podcast resource's table (type `podcasts`): its attributes, relationships and endpoints with
 * their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { SITE_FILTER } from '../filters';
import type { AttributeTable, ResourceTable } from '../types';

/** Attributes of podcasts (spec "Resources and fields"). */
const PODCAST_ATTRIBUTES: AttributeTable = {
	title: 'string',
	description: 'string',
	language: 'string',
	owner_email: 'string',
	author: 'string',
	status: 'string',
	show_type: 'string',
	thumbnail_url: 'string',
	cover_art_url: 'string',
	migrated_to_url: 'string',
	url: 'string',
	categories: 'array',
	directories: 'array',
	migrated: 'boolean',
	public: 'boolean',
	ready: 'boolean',
	distribution_ready: 'boolean',
	created_at: 'timestamp',
	updated_at: 'timestamp',
};

/** Sort keys of podcasts: "a field name such as title": every scalar podcast attribute. */
const PODCAST_SORT = Object.entries(PODCAST_ATTRIBUTES)
	.filter(([, type]) => type !== 'array' && type !== 'object')
	.map(([name]) => name);

/** Podcast (type `podcasts`): list and get (seed spec). */
export const podcastTable: ResourceTable<'podcast', 'podcasts'> = {
	value: 'podcast',
	displayName: 'Podcast',
	hint: 'Podcasts (read only).',
	type: 'podcasts',
	attributes: PODCAST_ATTRIBUTES,
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
					{ name: 'title_eq', type: 'string', description: 'Only podcasts with exactly this title' },
					{ name: 'title_cont', type: 'string', description: 'Only podcasts whose title contains this text' },
					{ name: 'status_eq', type: 'string', description: 'Only podcasts with this status, e.g. ready' },
					{ name: 'show_type_eq', type: 'string', description: 'Only podcasts of this show type, e.g. episodic' },
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
