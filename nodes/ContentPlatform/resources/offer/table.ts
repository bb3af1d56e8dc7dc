/**
 * The Offer resource's table (type `offers`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import { descriptionContains, SITE_FILTER, titleContains } from '../../shared/tables/values';
import type { ResourceTable } from '../../shared/tables/types';

/** Offer (type `offers`, supplement section 2): list, get and the offer's products. */
export const offerTable: ResourceTable<'offer'> = {
	value: 'offer',
	displayName: 'Offer',
	hint: 'What people buy or are granted: an offer gives access to products (courses, memberships, coaching). Offer IDs are what Grant Offers needs.',
	type: 'offers',
	relationships: ['site', 'products'],
	search: { filter: 'title_cont', label: ['title', 'price_description'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/offers',
			purpose: 'List offers that can be granted',
			hint: 'Lists offers, one item each (ID, title, price); Filters → Title Contains finds the offer ID that Grant Offers needs.',
			query: {
				sort: ['title', 'price_in_cents'],
				page: true,
				fields: 'offers',
				filters: [SITE_FILTER, titleContains, descriptionContains],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/offers/{id}',
			purpose: 'Offer details',
			hint: 'Returns one offer by ID; Include Related adds its products.',
			query: { include: ['products'], fields: 'offers' },
		},
		{
			operation: 'getProducts',
			method: 'GET',
			path: '/offers/{id}/relationships/products',
			purpose: "The offer's products",
			hint: 'Returns one item with the product IDs the offer gives access to.',
			query: {},
			relationship: { name: 'products', type: 'products' },
		},
	],
};
