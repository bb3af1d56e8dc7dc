/**
 * The Order Item resource's table (type `order_items`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import { bool, SITE_FILTER, str } from '../../shared/tables/values';
import type { ResourceTable } from '../../shared/tables/types';

/** Order Item (type `order_items`): list and get (seed spec). */
export const orderItemTable: ResourceTable<'orderItem'> = {
	value: 'orderItem',
	displayName: 'Order Item',
	hint: 'The lines of an order (read only).',
	type: 'order_items',
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
					str('item_type_eq', 'Only items of this type, e.g. an offer type'),
					str('item_id_eq', 'Only items for the product or offer with this ID'),
					bool('fulfilled_at_null', 'Whether the item is not fulfilled yet (true) or fulfilled (false)'),
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
