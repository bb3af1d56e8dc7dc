/**
 * The Offer resource's table (type `offers`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import { descriptionContains, SITE_FILTER, titleContains } from '../../shared/tables/filters';
import type { ResourceTable } from '../../shared/tables/types';

/** Offer (type `offers`, supplement section 2): list, get and the offer's products. */
export const offerTable: ResourceTable<'offer'> = {
	value: 'offer',
	displayName: 'Offer',
	type: 'offers',
	relationships: ['site', 'products'],
	search: { filter: 'title_cont', label: ['title', 'price_description'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/offers',
			purpose: 'List offers that can be granted',
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
			query: { include: ['products'], fields: 'offers' },
		},
		{
			operation: 'getProducts',
			method: 'GET',
			path: '/offers/{id}/relationships/products',
			purpose: "The offer's products",
			query: {},
			relationship: { name: 'products', type: 'products' },
		},
	],
};
