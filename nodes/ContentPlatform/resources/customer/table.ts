/**
 * The Customer resource's table (type `customers`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import { int, str } from '../../shared/tables/values';
import { PERSON_FILTERS } from '../../shared/tables/filters';
import { offerGrants } from '../../shared/tables/offerGrants';
import type { ResourceTable } from '../../shared/tables/types';

/**
 * Customer (type `customers`): list and get (seed spec; the included records' search filters of
 * get from supplement section 7.5), then the offer grants (supplement section 2).
 */
export const customerTable: ResourceTable<'customer'> = {
	value: 'customer',
	displayName: 'Customer',
	hint: 'People who bought: their offers, products and purchases. Customer ID filters orders, purchases, transactions.',
	type: 'customers',
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
					int('products_page', 'Page of the included products'),
					int('products_per', 'Included products per page'),
					int('offers_page', 'Page of the included offers'),
					int('offers_per', 'Included offers per page'),
					// Supplement section 7.5: search the included records.
					str('products_search', 'Search the included products'),
					str('offers_search', 'Search the included offers'),
				],
			},
		},
		// Supplement
		...offerGrants('customers'),
	],
};
