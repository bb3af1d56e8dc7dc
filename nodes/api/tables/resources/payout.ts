/**
 * The Payout resource's table (type `kajabi_payments_payouts`): its attributes, relationships and
 * endpoints with their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import type { ResourceTable } from '../types';

/** Payout statuses as `filter[status]` takes them (supplement 9.4; `in_transit` from the prose). */
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed', 'canceled', 'in_transit'] as const;

/**
 * Payout (type `kajabi_payments_payouts`, the platform's payments payouts): list and get
 * (supplement 9.4). Both require `filter[site_id]`; the list takes `page[number]` only and answers
 * in its own paging format. No list search: the list needs a site.
 */
export const payoutTable: ResourceTable<'payout', 'kajabi_payments_payouts'> = {
	value: 'payout',
	displayName: 'Payout',
	hint: "Payouts of the platform's payments; always need a Site ID.",
	type: 'kajabi_payments_payouts',
	/** Supplement 9.4: the six attributes and the detail's `transactions` (objects inside the attributes; their ids are integers). */
	attributes: {
		status: 'string',
		amount: 'string',
		currency: 'string',
		initiated_date: 'timestamp',
		estimated_arrival_date: 'timestamp',
		bank_account: 'string',
		transactions: 'array',
	},
	urlHint: '/v1/…payments_payouts',
	relationships: [],
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/kajabi_payments_payouts',
			purpose: 'List payouts of a site',
			hint: 'Site ID required; Date Range for a period.',
			query: {
				page: 'number',
				site: 'required',
				filters: [
					{ name: 'status', type: 'string', options: PAYOUT_STATUSES, description: 'Only payouts with this status' },
					{ name: 'start_date', type: 'date', description: 'Only payouts initiated on or after this day' },
					{ name: 'end_date', type: 'date', description: 'Only payouts initiated on or before this day' },
				],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/kajabi_payments_payouts/{id}',
			purpose: 'Payout details with its transactions',
			hint: 'Returns the payout with its transactions.',
			query: { site: 'required' },
		},
	],
};
