import { SITE_FILTER, str } from '../../shared/spec/filters';
import type { ResourceSpec } from '../../shared/spec/types';

/** Transaction (type `transactions`): list and get (seed spec). */
export const transactionSpec: ResourceSpec = {
	value: 'transaction',
	displayName: 'Transaction',
	type: 'transactions',
	relationships: ['customer', 'offer'],
	search: { label: ['formatted_amount', 'state'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/transactions',
			purpose: 'List transactions',
			query: {
				page: true,
				fields: 'transactions',
				filters: [
					SITE_FILTER,
					str('customer_id', 'Transactions of this customer'),
					str('name_or_email', "Customer's name or email"),
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
			query: { include: ['customer', 'offer'], fields: 'transactions' },
		},
	],
};
