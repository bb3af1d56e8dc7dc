/**
 * The Order resource's table (type `orders`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import { bool, SITE_FILTER, str } from '../../shared/tables/values';
import type { ResourceTable } from '../../shared/tables/types';

/** Order (type `orders`): list and get (seed spec `GET /v1/orders`, `GET /v1/orders/{id}`). */
export const orderTable: ResourceTable<'order'> = {
	value: 'order',
	displayName: 'Order',
	hint: 'Checkout orders with items and customer (read only).',
	type: 'orders',
	relationships: ['site', 'customer', 'order_items'],
	search: { label: ['order_number', 'formatted_total_price'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/orders',
			purpose: 'List orders',
			hint: 'Filter by Customer ID or order number; Date Range for a period.',
			query: {
				sort: ['order_number', 'created_at', 'fulfilled_at'],
				page: true,
				fields: 'orders',
				filters: [
					SITE_FILTER,
					str('customer_id', 'Orders of this customer'),
					str('order_number_eq', 'Only the order with this order number'),
					bool('fulfilled_at_null', 'Whether the order is not fulfilled yet (true) or fulfilled (false)'),
				],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/orders/{id}',
			purpose: 'Order details',
			hint: 'Include Related adds order items and customer.',
			query: { include: ['order_items', 'customer', 'site'], fields: 'orders' },
		},
	],
};
