/**
 * The Order resource's table (type `orders`): its attributes, relationships and endpoints with
 * their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { SITE_FILTER } from '../filters';
import type { AttributeTable, ResourceTable } from '../types';

/**
 * The amounts of an order (spec "Resources and fields", orders), which each of its order items
 * carries too (`order_items`' attributes, orderItem.ts).
 */
export const ORDER_AMOUNTS: AttributeTable = {
	currency_code: 'string',
	currency_symbol: 'string',
	fulfilled_at: 'timestamp',
	created_at: 'timestamp',
	total_price_in_cents: 'number',
	subtotal_in_cents: 'number',
	sales_tax_amount_in_cents: 'number',
	discount_amount_in_cents: 'number',
	formatted_total_price: 'string',
	formatted_subtotal: 'string',
};

/** Order (type `orders`): list and get (seed spec `GET /v1/orders`, `GET /v1/orders/{id}`). */
export const orderTable: ResourceTable<'order', 'orders'> = {
	value: 'order',
	displayName: 'Order',
	hint: 'Checkout orders with items and customer (read only).',
	type: 'orders',
	/** Spec "Resources and fields": the order number and the amounts (`ORDER_AMOUNTS`). */
	attributes: { order_number: 'number', ...ORDER_AMOUNTS },
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
					{ name: 'customer_id', type: 'string', description: 'Orders of this customer' },
					{ name: 'order_number_eq', type: 'string', description: 'Only the order with this order number' },
					{
						name: 'fulfilled_at_null',
						type: 'boolean',
						description: 'Whether the order is not fulfilled yet (true) or fulfilled (false)',
					},
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
