/**
 * The Order Item resource's table (type `order_items`): its attributes, relationships and endpoints
 * with their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { SITE_FILTER } from '../filters';
import { ORDER_AMOUNTS } from './order';
import type { ResourceTable } from '../types';

/** Order Item (type `order_items`): list and get (seed spec). */
export const orderItemTable: ResourceTable<'orderItem', 'order_items'> = {
	value: 'orderItem',
	displayName: 'Order Item',
	hint: 'The lines of an order (read only).',
	type: 'order_items',
	/** Spec "Resources and fields": the item and the order's amounts (`ORDER_AMOUNTS`, order.ts). */
	attributes: {
		quantity: 'number',
		item_type: 'string',
		item_id: 'number',
		title: 'string',
		...ORDER_AMOUNTS,
	},
	relationships: ['order'],
	search: { label: ['title', 'formatted_total_price'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/order_items',
			purpose: 'List order items',
			hint: "One order's items: Order → Get with Include Related instead.",
			query: {
				sort: ['created_at', 'quantity', 'fulfilled_at'],
				page: true,
				fields: 'order_items',
				filters: [
					SITE_FILTER,
					{ name: 'item_type_eq', type: 'string', description: 'Only items of this type, e.g. an offer type' },
					{ name: 'item_id_eq', type: 'string', description: 'Only items for the product or offer with this ID' },
					{
						name: 'fulfilled_at_null',
						type: 'boolean',
						description: 'Whether the item is not fulfilled yet (true) or fulfilled (false)',
					},
				],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/order_items/{id}',
			purpose: 'Order item details',
			hint: 'Include Related adds the order.',
			query: { include: ['order'], fields: 'order_items' },
		},
	],
};
