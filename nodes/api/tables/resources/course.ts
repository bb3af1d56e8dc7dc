/**
 * The Course resource's table (type `courses`): its attributes, relationships and endpoints with
 * their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { descriptionContains, SITE_FILTER, titleContains } from '../filters';
import type { ResourceTable } from '../types';

/** Course (type `courses`): get (seed spec), then the list and its search (supplement section 4). */
export const courseTable: ResourceTable<'course', 'courses'> = {
	value: 'course',
	displayName: 'Course',
	hint: 'Courses with modules and lessons (read only).',
	type: 'courses',
	/** The supplement's (section 7.4): the seed spec's "Resources and fields" does not show them. */
	attributes: { title: 'string', description: 'string', thumbnail_url: 'string', created_at: 'timestamp' },
	relationships: ['site', 'offers', 'modules', 'lessons'],
	search: { filter: 'title_cont', label: ['title'] },
	endpoints: [
		{
			operation: 'get',
			method: 'GET',
			path: '/courses/{id}',
			purpose: 'Course details',
			hint: 'Include Related adds modules, lessons, offers.',
			query: { include: ['offers', 'modules', 'lessons', 'lessons.media', 'site'] },
		},
		// Supplement
		{
			operation: 'getAll',
			method: 'GET',
			path: '/courses',
			purpose: 'List courses',
			hint: 'Filters → Title Contains finds a course.',
			query: {
				sort: ['title'],
				page: true,
				fields: 'courses',
				filters: [
					SITE_FILTER,
					titleContains,
					descriptionContains,
					{ name: 'publish_status_eq', type: 'string', description: 'Publish status equals (for example published)' },
				],
			},
		},
	],
};
