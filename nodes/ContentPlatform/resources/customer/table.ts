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
	hint: 'People who bought something (paying members), with their purchases, offers and products. A customer is linked to one contact.',
	type: 'customers',
	relationships: ['contact', 'site', 'offers', 'products'],
	search: { filter: 'search', label: ['name', 'email'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/customers',
			purpose: 'List customers',
			hint: 'Lists customers, one item each (ID, name, email). Filters → Search finds by name or email; set Filters → Site ID on multi-site accounts. Gives the customer ID that orders, purchases and transactions filter by.',
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
			hint: 'Returns one customer by ID (from Customer → Get Many, an order or a transaction); Include Related adds contact, offers, products.',
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
