/**
 * The platform's further operations as data: `spec/platform-api-supplement.md` sections 1-4
 * (contacts create/delete and their tags, offers and offer grants, purchases, the lists the seed
 * spec lacks, the current user). Written once here, merged with the seed's tables in `spec.ts`
 * (`ATTRIBUTES`, `RESOURCES`), from which the node's properties are derived.
 *
 * Only types are imported from `spec.ts` (it imports this module); the site filter is written as
 * the token `SITE` and replaced by the seed's one site filter when the tables are merged.
 */
import type { AttributeTable, EndpointSpec, FilterSpec, ResourceSpec } from './spec';

/** The operations the supplement adds to the seed's create / get / getAll / update / submit. */
export type SupplementOperation =
	| 'delete'
	| 'getTags'
	| 'addTags'
	| 'removeTags'
	| 'replaceTags'
	| 'getOffers'
	| 'grantOffers'
	| 'revokeOffers'
	| 'replaceOffers'
	| 'getProducts'
	| 'deactivate'
	| 'reactivate'
	| 'cancelSubscription';

/** Stands for the seed's one `filter[site_id]` row (spec.ts `SITE_FILTER`) until the merge. */
export const SITE = 'site_id';

/** A filter row of this file, or the site filter token. */
export type SupplementFilter = FilterSpec | typeof SITE;

/**
 * Attributes of the types the supplement describes (section 0 "CA" is the seed's contact set;
 * section 2 "OA" is the seed's offer set). Courses: section 7.4 gives them, the seed did not.
 * `me`: the `/v1/me` resource, whose type string is UNSTATED.
 */
export const SUPPLEMENT_ATTRIBUTES = {
	courses: { title: 'string', description: 'string', thumbnail_url: 'string', created_at: 'timestamp' },
	contact_tags: { name: 'string' },
	sites: { title: 'string', subdomain: 'string', created_at: 'timestamp', updated_at: 'timestamp' },
	products: {
		created_at: 'timestamp',
		title: 'string',
		description: 'string',
		status: 'string',
		members_aggregate_count: 'number',
		product_type_name: 'string',
		product_type_id: 'number',
		publish_status: 'string',
		thumbnail_url: 'string',
		url: 'string',
	},
	/** Section 3 "PA" (the schema's set; the prose's trial, trial_end_at, … are not in it). */
	purchases: {
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
	me: { initials: 'string', name: 'string', email: 'string', role_level: 'string' },
} as const satisfies Record<string, AttributeTable>;

/** A resource type of this file. */
type SupplementType = keyof typeof SUPPLEMENT_ATTRIBUTES;

const str = (name: string, description: string): FilterSpec => ({ name, type: 'string', description });
const bool = (name: string, description: string): FilterSpec => ({ name, type: 'boolean', description });

const titleContains = str('title_cont', 'Title contains the text');
const descriptionContains = str('description_cont', 'Description contains the text');

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

/** The body of a relationship write: which relationship, the identifiers' type, the contact's welcome-email switch. */
export interface RelationshipBody {
	/** The relationship name in the path (`…/relationships/<name>`). */
	name: 'tags' | 'offers' | 'products';
	/** The `type` of every identifier sent (`contact_tags` for tags, section 0). */
	type: 'contact_tags' | 'offers' | 'products';
	/** POST on contacts only: `meta.send_customer_welcome_email`. */
	welcomeEmail?: boolean;
}

/** An endpoint of this file: the seed's endpoint shape with the supplement's extras. */
export interface SupplementEndpoint extends Omit<EndpointSpec, 'query' | 'operation'> {
	operation: EndpointSpec['operation'];
	query: Omit<EndpointSpec['query'], 'filters' | 'fields'> & {
		filters?: readonly SupplementFilter[];
		fields?: EndpointSpec['query']['fields'];
	};
}

/** The four offer-grant endpoints of a contact or a customer (section 2; the welcome email on contacts only). */
function offerGrants(owner: 'contacts' | 'customers'): SupplementEndpoint[] {
	const path = `/${owner}/{id}/relationships/offers`;
	const noun = owner === 'contacts' ? 'contact' : 'customer';
	return [
		{
			operation: 'getOffers',
			method: 'GET',
			path,
			purpose: `Offers granted to the ${noun}`,
			query: {},
			relationship: { name: 'offers', type: 'offers' },
		},
		{
			operation: 'grantOffers',
			method: 'POST',
			path,
			purpose: `Grant offers to the ${noun}`,
			query: {},
			relationship: { name: 'offers', type: 'offers', welcomeEmail: owner === 'contacts' },
		},
		{
			operation: 'revokeOffers',
			method: 'DELETE',
			path,
			purpose: `Revoke offers from the ${noun}`,
			query: {},
			relationship: { name: 'offers', type: 'offers' },
			destructive: `Removes the ${noun}'s access to the listed offers (purchased or granted) and deactivates their product memberships.`,
		},
		{
			operation: 'replaceOffers',
			method: 'PATCH',
			path,
			purpose: `Replace the ${noun}'s offers`,
			query: {},
			relationship: { name: 'offers', type: 'offers' },
			destructive: `Makes the listed offers the ${noun}'s only offers: every other active offer is revoked.`,
		},
	];
}

/** A new resource or more endpoints of a seed resource, with what it adds. */
export interface SupplementResource extends Omit<ResourceSpec, 'type' | 'endpoints' | 'relationships'> {
	type?: ResourceSpec['type'] | SupplementType | string;
	relationships?: readonly string[];
	endpoints: readonly SupplementEndpoint[];
}

/**
 * The supplement's 36 operations of sections 1-4 (8 + 11 + 5 + 12; webhooks and OAuth, sections
 * 5-6, are not node operations here), by n8n resource: new resources carry `type`, `relationships` and `displayName`;
 * rows for a seed resource (same `value`) add endpoints and, where its list is new, a `search`.
 */
export const SUPPLEMENT_RESOURCES: readonly SupplementResource[] = [
	{
		value: 'contact',
		displayName: 'Contact',
		endpoints: [
			{ operation: 'create', method: 'POST', path: '/contacts', purpose: 'Create a contact', query: {} },
			{
				operation: 'delete',
				method: 'DELETE',
				path: '/contacts/{id}',
				purpose: 'Delete a contact',
				query: {},
				destructive:
					'Deletes the contact for good (the API refuses while it has active Kajabi Payments subscriptions).',
			},
			{
				operation: 'getTags',
				method: 'GET',
				path: '/contacts/{id}/relationships/tags',
				purpose: "The contact's tags",
				query: {},
				relationship: { name: 'tags', type: 'contact_tags' },
			},
			{
				operation: 'addTags',
				method: 'POST',
				path: '/contacts/{id}/relationships/tags',
				purpose: 'Add tags to the contact',
				query: {},
				relationship: { name: 'tags', type: 'contact_tags' },
			},
			{
				operation: 'removeTags',
				method: 'DELETE',
				path: '/contacts/{id}/relationships/tags',
				purpose: 'Remove tags from the contact',
				query: {},
				relationship: { name: 'tags', type: 'contact_tags' },
				destructive: 'Removes the listed tags from the contact.',
			},
			{
				operation: 'replaceTags',
				method: 'PATCH',
				path: '/contacts/{id}/relationships/tags',
				purpose: "Replace the contact's tags",
				query: {},
				relationship: { name: 'tags', type: 'contact_tags' },
				destructive: "Makes the listed tags the contact's only tags: every other tag is removed from the contact.",
			},
			...offerGrants('contacts'),
		],
	},
	{ value: 'customer', displayName: 'Customer', endpoints: offerGrants('customers') },
	{
		value: 'offer',
		displayName: 'Offer',
		type: 'offers',
		relationships: ['site', 'products'],
		search: { filter: 'title_cont', label: ['title', 'price_description'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/offers',
				purpose: 'List offers that can be granted',
				query: {
					sort: ['title', 'price_in_cents'],
					page: true,
					fields: 'offers',
					filters: [SITE, titleContains, descriptionContains],
				},
			},
			{
				operation: 'get',
				method: 'GET',
				path: '/offers/{id}',
				purpose: 'Offer details',
				query: { include: ['products'], fields: 'offers' },
			},
			{
				operation: 'getProducts',
				method: 'GET',
				path: '/offers/{id}/relationships/products',
				purpose: "The offer's products",
				query: {},
				relationship: { name: 'products', type: 'products' },
			},
		],
	},
	{
		value: 'purchase',
		displayName: 'Purchase',
		type: 'purchases',
		relationships: ['offer', 'customer', 'transactions', 'products'],
		search: { label: ['created_at', 'payment_type'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/purchases',
				purpose: 'List purchases',
				query: {
					sort: PURCHASE_SORT,
					page: true,
					fields: 'purchases',
					filters: [
						SITE,
						str('customer_id', 'Purchases of this customer'),
						bool('active', 'Whether to return only active purchases (true) or only inactive ones (false)'),
						bool('deactivated', 'Whether to return only deactivated purchases (true) or only the others (false)'),
						str('referrer', 'Referrer equals'),
						str('referrer_cont', "Referrer contains the text (the description's own example)"),
						str('coupon_code_eq', 'Coupon code equals'),
					],
					conditions: PURCHASE_CONDITIONS,
				},
			},
			{
				operation: 'get',
				method: 'GET',
				path: '/purchases/{id}',
				purpose: 'Purchase details',
				query: { fields: 'purchases' },
			},
			{
				operation: 'deactivate',
				method: 'POST',
				path: '/purchases/{id}/deactivate',
				purpose: 'Deactivate a purchase',
				query: {},
				destructive:
					'Deactivates the purchase (the customer loses what it gave access to); a subscription is not canceled.',
			},
			{
				operation: 'reactivate',
				method: 'POST',
				path: '/purchases/{id}/reactivate',
				purpose: 'Reactivate a purchase',
				query: {},
			},
			{
				operation: 'cancelSubscription',
				method: 'POST',
				path: '/purchases/{id}/cancel_subscription',
				purpose: "Cancel a purchase's subscription",
				query: {},
				destructive: 'Cancels the Stripe, PayPal or Kajabi Payments subscription at once and deactivates the purchase.',
			},
		],
	},
	{
		value: 'tag',
		displayName: 'Tag',
		type: 'contact_tags',
		relationships: ['site'],
		search: { filter: 'name_cont', label: ['name'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/contact_tags',
				purpose: 'List tags (not archived)',
				query: {
					sort: ['name'],
					page: true,
					fields: 'contact_tags',
					filters: [SITE, str('name_cont', 'Name contains the text')],
				},
			},
			{ operation: 'get', method: 'GET', path: '/contact_tags/{id}', purpose: 'Tag details', query: {} },
		],
	},
	{
		value: 'course',
		displayName: 'Course',
		search: { filter: 'title_cont', label: ['title'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/courses',
				purpose: 'List courses',
				query: {
					sort: ['title'],
					page: true,
					fields: 'courses',
					filters: [
						SITE,
						titleContains,
						descriptionContains,
						str('publish_status_eq', 'Publish status equals (for example published)'),
					],
				},
			},
		],
	},
	{
		value: 'form',
		displayName: 'Form',
		search: { filter: 'title_cont', label: ['title'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/forms',
				purpose: 'List forms',
				query: { sort: ['title'], page: true, fields: 'forms', filters: [SITE, titleContains] },
			},
		],
	},
	{
		value: 'blogPost',
		displayName: 'Blog Post',
		search: { filter: 'title_cont', label: ['title'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/blog_posts',
				purpose: 'List blog posts',
				query: { sort: ['title', 'published_at'], page: true, fields: 'blog_posts', filters: [SITE, titleContains] },
			},
		],
	},
	{
		value: 'contactNote',
		displayName: 'Contact Note',
		search: { label: ['body'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/contact_notes',
				purpose: 'List contact notes (newest first unless sorted)',
				query: {
					sort: ['created_at', 'updated_at'],
					page: true,
					filters: [SITE, str('contact_id', 'Notes of this contact')],
				},
			},
			{
				operation: 'get',
				method: 'GET',
				path: '/contact_notes/{id}',
				purpose: 'Contact note details',
				query: { include: ['contact'], fields: 'contact_notes' },
			},
			{
				operation: 'update',
				method: 'PATCH',
				path: '/contact_notes/{id}',
				purpose: 'Update a contact note',
				query: {},
			},
			{
				operation: 'delete',
				method: 'DELETE',
				path: '/contact_notes/{id}',
				purpose: 'Delete a contact note',
				query: {},
				destructive: 'Deletes the note for good.',
			},
		],
	},
	{
		value: 'site',
		displayName: 'Site',
		type: 'sites',
		relationships: [],
		search: { filter: 'title_cont', label: ['title', 'subdomain'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/sites',
				purpose: 'List sites',
				query: {
					sort: ['title', 'subdomain'],
					page: true,
					fields: 'sites',
					filters: [titleContains, str('subdomain_cont', 'Subdomain contains the text')],
				},
			},
			{ operation: 'get', method: 'GET', path: '/sites/{id}', purpose: 'Site details', query: { fields: 'sites' } },
		],
	},
	{
		value: 'product',
		displayName: 'Product',
		type: 'products',
		relationships: ['site'],
		search: { filter: 'title_cont', label: ['title'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/products',
				purpose: 'List products',
				query: {
					sort: ['title', 'description', 'status'],
					page: true,
					fields: 'products',
					filters: [
						SITE,
						titleContains,
						descriptionContains,
						str('status_eq', 'Status equals'),
						{
							name: 'exclude_product_types',
							type: 'array',
							description: 'Leave out products of these types (comma-separated, for example Courses::CohortCourse)',
						},
					],
				},
			},
			{
				operation: 'get',
				method: 'GET',
				path: '/products/{id}',
				purpose: 'Product details',
				query: { fields: 'products' },
			},
		],
	},
	{
		value: 'me',
		displayName: 'Me',
		type: 'me',
		relationships: [],
		endpoints: [
			{ operation: 'get', method: 'GET', path: '/me', purpose: 'The user the credential belongs to', query: {} },
		],
	},
];

/**
 * Filters the supplement declares on seed endpoints (section 7.5): `GET /v1/customers/{id}`
 * takes `filter[products_search]` and `filter[offers_search]`, which search the included records.
 */
export const SUPPLEMENT_INCLUDE_FILTERS: Readonly<Record<string, readonly FilterSpec[]>> = {
	'/customers/{id}': [
		str('products_search', 'Search the included products'),
		str('offers_search', 'Search the included offers'),
	],
};
