/**
 * The Customer resource's table (type `customers`): its attributes, relationships and endpoints
 * with their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { PERSON_FILTERS } from '../filters';
import { offerGrants } from './contact';
import type { ResourceTable } from '../types';

/**
 * Customer (type `customers`): list and get (seed spec; the included records' search filters of
 * get from supplement section 7.5), then the offer grants (supplement section 2).
 */
export const customerTable: ResourceTable<'customer', 'customers'> = {
	value: 'customer',
	displayName: 'Customer',
	hint: 'People who bought: their offers, products and purchases. Customer ID filters orders, purchases, transactions.',
	type: 'customers',
	/** Spec "Resources and fields". */
	attributes: {
		name: 'string',
		email: 'string',
		avatar: 'string',
		external_user_id: 'string',
		public_bio: 'string',
		public_location: 'string',
		public_website: 'string',
		socials: 'object',
		net_revenue: 'string',
		sign_in_count: 'number',
		last_request_at: 'timestamp',
		bounced_at: 'timestamp',
		created_at: 'timestamp',
		updated_at: 'timestamp',
	},
	relationships: ['contact', 'site', 'offers', 'products'],
	search: { filter: 'search', label: ['name', 'email'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/customers',
			purpose: 'List customers',
			hint: 'Finds customer IDs: Filters → Search by name or email. Multi-site accounts: set Site ID.',
			query: {
				sort: ['name', 'email', 'created_at', 'net_revenue', 'last_request_at'],
				page: true,
				fields: 'customers',
				filters: PERSON_FILTERS,
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/customers/{id}',
			purpose: 'Customer details',
			hint: 'Customer ID from Get Many, an order or a transaction.',
			query: {
				include: ['contact', 'site', 'offers', 'products'],
				fields: 'customers',
				includeFilters: [
					{ name: 'products_page', type: 'number', description: 'Page of the included products' },
					{ name: 'products_per', type: 'number', description: 'Included products per page' },
					{ name: 'offers_page', type: 'number', description: 'Page of the included offers' },
					{ name: 'offers_per', type: 'number', description: 'Included offers per page' },
					// Supplement section 7.5: search the included records.
					{ name: 'products_search', type: 'string', description: 'Search the included products' },
					{ name: 'offers_search', type: 'string', description: 'Search the included offers' },
				],
			},
		},
		// Supplement
		...offerGrants('customers'),
	],
};
