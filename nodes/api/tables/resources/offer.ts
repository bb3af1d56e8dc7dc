/**
 * The Offer resource's table (type `offers`): its attributes, relationships and endpoints with
 * their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { descriptionContains, SITE_FILTER, titleContains } from '../filters';
import type { ResourceTable } from '../types';

/** Offer (type `offers`, supplement section 2): list, get and the offer's products. */
export const offerTable: ResourceTable<'offer', 'offers'> = {
	value: 'offer',
	displayName: 'Offer',
	hint: 'What people buy or are granted; gives access to products. Grant Offers needs offer IDs.',
	type: 'offers',
	/** Spec "Resources and fields" (supplement section 2 "OA" is the same set). */
	attributes: {
		title: 'string',
		description: 'string',
		internal_title: 'string',
		currency: 'string',
		payment_type: 'string',
		payment_method: 'string',
		price_description: 'string',
		token: 'string',
		checkout_url: 'string',
		image_url: 'string',
		price_in_cents: 'number',
		recurring_offer: 'boolean',
		subscription: 'boolean',
		one_time: 'boolean',
		single: 'boolean',
		free: 'boolean',
	},
	relationships: ['site', 'products'],
	search: { filter: 'title_cont', label: ['title', 'price_description'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/offers',
			purpose: 'List offers that can be granted',
			hint: 'Finds offer IDs: Filters → Title Contains.',
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
			hint: 'Include Related adds its products.',
			query: { include: ['products'], fields: 'offers' },
		},
		{
			operation: 'getProducts',
			method: 'GET',
			path: '/offers/{id}/relationships/products',
			purpose: "The offer's products",
			hint: 'Returns the product IDs.',
			query: {},
			relationship: { name: 'products', type: 'products' },
		},
	],
};
