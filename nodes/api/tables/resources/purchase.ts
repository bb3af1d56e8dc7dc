/**
 * The Purchase resource's table (type `purchases`): its attributes, relationships and endpoints
 * with their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { SITE_FILTER } from '../filters';
import type { ResourceTable } from '../types';

/**
 * Sort keys of `GET /v1/purchases`: the prose list (the parameter's own text names only
 * `created_at`, which the list contains).
 */
const PURCHASE_SORT = [
	'multipay_payments_made',
	'opt_in',
	'currency',
	'effective_start_at',
	'cardholder_name',
	'billing_address_zip',
	'deactivated_at',
	'deactivation_reason',
	'coupon_code',
	'source',
	'referrer',
	'quantity',
	'created_at',
	'updated_at',
] as const;

/**
 * The purchases prose's generic filters `filter[<attribute>_<operator>]` (section 3): the
 * attributes it lists (the sort keys) and `amount_in_cents` (its own examples use it).
 */
export const PURCHASE_CONDITIONS = {
	attributes: [...PURCHASE_SORT, 'amount_in_cents'],
	operators: ['eq', 'not_eq', 'cont', 'not_cont', 'gt', 'gte', 'lt', 'lte', 'start', 'end'],
} as const;

/** Purchase (type `purchases`, supplement section 3): list, get, deactivate, reactivate, cancel subscription. */
export const purchaseTable: ResourceTable<'purchase', 'purchases'> = {
	value: 'purchase',
	displayName: 'Purchase',
	hint: 'Who bought which offer; cancel or deactivate subscriptions.',
	type: 'purchases',
	/** Supplement section 3 "PA" (the schema's set; the prose's trial, trial_end_at, … are not in it). */
	attributes: {
		amount_in_cents: 'number',
		payment_type: 'string',
		multipay_payments_made: 'number',
		opt_in: 'boolean',
		raw_extra_contact_information: 'object',
		currency: 'string',
		effective_start_at: 'timestamp',
		cardholder_name: 'string',
		billing_address_zip: 'string',
		deactivated_at: 'timestamp',
		deactivation_reason: 'string',
		coupon_code: 'string',
		source: 'string',
		referrer: 'string',
		quantity: 'number',
		created_at: 'timestamp',
		updated_at: 'timestamp',
	},
	relationships: ['offer', 'customer', 'transactions', 'products'],
	search: { label: ['created_at', 'payment_type'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/purchases',
			purpose: 'List purchases',
			hint: 'Filter by Customer ID, active or deactivated.',
			query: {
				sort: PURCHASE_SORT,
				page: true,
				fields: 'purchases',
				filters: [
					SITE_FILTER,
					{ name: 'customer_id', type: 'string', description: 'Purchases of this customer' },
					{
						name: 'active',
						type: 'boolean',
						description: 'Whether to return only active purchases (true) or only inactive ones (false)',
					},
					{
						name: 'deactivated',
						type: 'boolean',
						description: 'Whether to return only deactivated purchases (true) or only the others (false)',
					},
					{ name: 'referrer', type: 'string', description: 'Referrer equals' },
					{
						name: 'referrer_cont',
						type: 'string',
						description: "Referrer contains the text (the description's own example)",
					},
					{ name: 'coupon_code_eq', type: 'string', description: 'Coupon code equals' },
				],
				conditions: PURCHASE_CONDITIONS,
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/purchases/{id}',
			purpose: 'Purchase details',
			hint: 'Purchase ID from Purchase → Get Many.',
			query: { fields: 'purchases' },
		},
		{
			operation: 'deactivate',
			method: 'POST',
			path: '/purchases/{id}/deactivate',
			purpose: 'Deactivate a purchase',
			hint: "Removes the customer's access; Reactivate restores it.",
			query: {},
			destructive:
				'Deactivates the purchase (the customer loses what it gave access to); a subscription is not canceled.',
		},
		{
			operation: 'reactivate',
			method: 'POST',
			path: '/purchases/{id}/reactivate',
			purpose: 'Reactivate a purchase',
			hint: 'Restores access; a canceled subscription stays canceled.',
			query: {},
		},
		{
			operation: 'cancelSubscription',
			method: 'POST',
			path: '/purchases/{id}/cancel_subscription',
			purpose: "Cancel a purchase's subscription",
			hint: 'Stops future charges.',
			query: {},
			destructive:
				'Cancels the subscription at once, whichever payment provider runs it, and deactivates the purchase.',
		},
	],
};
