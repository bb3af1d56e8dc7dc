/**
 * The Product resource's table (type `products`): its attributes, relationships and endpoints with
 * their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { descriptionContains, SITE_FILTER, titleContains } from '../filters';
import type { ResourceTable } from '../types';

/** Product (type `products`, supplement section 4): list and get. */
export const productTable: ResourceTable<'product', 'products'> = {
	value: 'product',
	displayName: 'Product',
	hint: 'Courses, memberships and more that offers give access to (read only).',
	type: 'products',
	/** Supplement section 4 (`GET /v1/products`). */
	attributes: {
		created_at: 'timestamp',
		title: 'string',
		description: 'string',
		status: 'string',
		members_aggregate_count: 'number',
		product_type_name: 'string',
		product_type_id: 'number',
		publish_status: 'string',
		thumbnail_url: 'string',
		url: 'string',
	},
	relationships: ['site'],
	search: { filter: 'title_cont', label: ['title'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/products',
			purpose: 'List products',
			hint: 'Filter by title or status.',
			query: {
				sort: ['title', 'description', 'status'],
				page: true,
				fields: 'products',
				filters: [
					SITE_FILTER,
					titleContains,
					descriptionContains,
					{ name: 'status_eq', type: 'string', description: 'Status equals' },
					{
						name: 'exclude_product_types',
						type: 'array',
						description: 'Leave out products of these types (comma-separated, for example Courses::CohortCourse)',
					},
				],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/products/{id}',
			purpose: 'Product details',
			hint: 'Product ID from Get Many or Offer → Get Products.',
			query: { fields: 'products' },
		},
	],
};
