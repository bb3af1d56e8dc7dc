/**
 * The Transaction resource's table (type `transactions`): its attributes, relationships and
 * endpoints with their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { SITE_FILTER } from '../filters';
import type { ResourceTable } from '../types';

/**
 * Transaction (type `transactions`): list and get (seed spec). Release 1.1.0 (supplement section
 * 10, document around line 9871 and the transactions schemas) added the to-many `purchases` (the
 * offer purchases one charge covers: several for a bundled transaction) and deprecated the to-one
 * `offer` (null for bundled transactions). Only the detail takes `include`.
 */
export const transactionTable: ResourceTable<'transaction', 'transactions'> = {
	value: 'transaction',
	displayName: 'Transaction',
	hint: 'Payments and refunds, amounts in cents (read only).',
	type: 'transactions',
	/** Spec "Resources and fields". */
	attributes: {
		action: 'string',
		state: 'string',
		payment_type: 'string',
		amount_in_cents: 'number',
		sales_tax_in_cents: 'number',
		currency: 'string',
		currency_symbol: 'string',
		formatted_amount: 'string',
		created_at: 'timestamp',
	},
	relationships: ['customer', 'offer', 'purchases'],
	deprecated: {
		offer:
			'Deprecated by the API (1.1.0): empty for a bundled transaction (several offers in one charge). Use Purchases.',
	},
	search: { label: ['formatted_amount', 'state'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/transactions',
			purpose: 'List transactions',
			hint: 'Filter by Customer ID; Date Range for a period.',
			query: {
				page: true,
				fields: 'transactions',
				filters: [
					SITE_FILTER,
					{ name: 'customer_id', type: 'string', description: 'Transactions of this customer' },
					{ name: 'name_or_email', type: 'string', description: "Customer's name or email" },
					{ name: 'start_date', type: 'date', description: 'Only transactions created on or after this day' },
					{ name: 'end_date', type: 'date', description: 'Only transactions created on or before this day' },
				],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/transactions/{id}',
			purpose: 'Transaction details',
			hint: 'Include Related adds customer, offer, purchases.',
			query: { include: ['customer', 'offer', 'purchases'], fields: 'transactions' },
		},
	],
};
