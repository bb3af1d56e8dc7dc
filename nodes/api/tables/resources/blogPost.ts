/**
 * The Blog Post resource's table (type `blog_posts`): its attributes, relationships and endpoints
 * with their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { SITE_FILTER, titleContains } from '../filters';
import type { ResourceTable } from '../types';

/** Blog Post (type `blog_posts`): get (seed spec), then the list and its search (supplement section 4). */
export const blogPostTable: ResourceTable<'blogPost', 'blog_posts'> = {
	value: 'blogPost',
	displayName: 'Blog Post',
	hint: 'Blog posts (read only).',
	type: 'blog_posts',
	/** Spec "Resources and fields". */
	attributes: {
		title: 'string',
		url: 'string',
		content: 'string',
		slug: 'string',
		page_title: 'string',
		page_description: 'string',
		published_at: 'timestamp',
		created_at: 'timestamp',
		updated_at: 'timestamp',
	},
	relationships: ['blog'],
	search: { filter: 'title_cont', label: ['title'] },
	endpoints: [
		{
			operation: 'get',
			method: 'GET',
			path: '/blog_posts/{id}',
			purpose: 'Blog post details',
			hint: 'Post ID from Blog Post → Get Many.',
			query: { fields: 'blog_posts' },
		},
		// Supplement
		{
			operation: 'getAll',
			method: 'GET',
			path: '/blog_posts',
			purpose: 'List blog posts',
			hint: 'Filters → Title Contains finds a post.',
			query: {
				sort: ['title', 'published_at'],
				page: true,
				fields: 'blog_posts',
				filters: [SITE_FILTER, titleContains],
			},
		},
	],
};
