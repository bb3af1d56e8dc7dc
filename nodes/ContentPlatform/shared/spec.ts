/**
 * The Content Platform API specification as data.
 *
 * Every fact the node needs from `spec/content-platform-api.md` (resources and their attributes,
 * relationships, endpoints, sort keys, includes, sparse fieldsets and filters) is written here
 * exactly once, as typed tables. The node's properties are derived from these tables
 * (see `resources/` and `builders/`), and the coverage test compares them with the spec document itself.
 */

import {
	SITE,
	SUPPLEMENT_ATTRIBUTES,
	SUPPLEMENT_INCLUDE_FILTERS,
	SUPPLEMENT_RESOURCES,
	type RelationshipBody,
	type SupplementFilter,
	type SupplementOperation,
} from './spec.supplement';
import { SECTION9_ATTRIBUTES, SECTION9_RESOURCES, type Section9Operation } from './spec.section9';

/**
 * Type of an attribute or filter value, as the spec gives it.
 * - `timestamp`: ISO 8601 date-time string (spec "Common document shape").
 * - `date`: a day written `YYYY-MM-DD` (transaction list filters).
 * - `number`: an integer (page numbers, `*_in_cents` amounts, counts, N days).
 */
export type ValueType = 'string' | 'boolean' | 'number' | 'timestamp' | 'date' | 'object' | 'array';

/** Attribute name → value type of one resource type (spec "Resources and fields"). */
export type AttributeTable = Readonly<Record<string, ValueType>>;

/** One `filter[<name>]` query parameter. `type` decides the n8n field type. */
export interface FilterSpec {
	/** The name inside `filter[...]`. */
	name: string;
	/** `array`: a list of strings, sent as the repeated parameter `filter[<name>][]`. */
	type: Extract<ValueType, 'string' | 'boolean' | 'number' | 'date' | 'array'>;
	/** The spec's meaning, shown to the user as the field's description. */
	description: string;
	/** The values the API takes, when it names them (a pick list instead of text). */
	options?: readonly string[];
}

const PERSON_ATTRIBUTES_ADDRESS: AttributeTable = {
	address_line_1: 'string',
	address_line_2: 'string',
	address_city: 'string',
	address_state: 'string',
	address_country: 'string',
	address_zip: 'string',
};

const TIMESTAMPS: AttributeTable = { created_at: 'timestamp', updated_at: 'timestamp' };

const ORDER_AMOUNTS: AttributeTable = {
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

/**
 * Attributes of a form submission; the same set is the request body of form submit
 * (spec "form_submissions" and "POST /v1/forms/{id}/submit"). All strings.
 */
const FORM_SUBMISSION_ATTRIBUTES: AttributeTable = {
	name: 'string',
	email: 'string',
	phone_number: 'string',
	business_number: 'string',
	...PERSON_ATTRIBUTES_ADDRESS,
	custom_1: 'string',
	custom_2: 'string',
	custom_3: 'string',
};

/**
 * Attributes per JSON:API resource type of the seed spec (spec "Resources and fields").
 * Courses: their own attributes are "not shown" in the seed spec (the supplement gives them).
 */
const SEED_ATTRIBUTES = {
	contact_notes: { body: 'string', ...TIMESTAMPS },
	contacts: {
		name: 'string',
		email: 'string',
		phone_number: 'string',
		business_number: 'string',
		subscribed: 'boolean',
		...PERSON_ATTRIBUTES_ADDRESS,
		external_user_id: 'string',
		custom_1: 'string',
		custom_2: 'string',
		custom_3: 'string',
		...TIMESTAMPS,
	},
	customers: {
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
		...TIMESTAMPS,
	},
	courses: {},
	offers: {
		title: 'string',
		description: 'string',
		internal_title: 'string',
		currency: 'string',
		payment_type: 'string',
		payment_method: 'string',
		price_description: 'string',
		token: 'string',
		checkout_url: 'string',
		image_url: 'string',
		price_in_cents: 'number',
		recurring_offer: 'boolean',
		subscription: 'boolean',
		one_time: 'boolean',
		single: 'boolean',
		free: 'boolean',
	},
	orders: { order_number: 'number', ...ORDER_AMOUNTS },
	order_items: {
		quantity: 'number',
		item_type: 'string',
		item_id: 'number',
		title: 'string',
		...ORDER_AMOUNTS,
	},
	transactions: {
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
	forms: {
		title: 'string',
		default: 'boolean',
		webhook_url: 'object',
		url: 'string',
		...TIMESTAMPS,
	},
	form_submissions: FORM_SUBMISSION_ATTRIBUTES,
	podcasts: {
		title: 'string',
		description: 'string',
		language: 'string',
		owner_email: 'string',
		author: 'string',
		status: 'string',
		show_type: 'string',
		thumbnail_url: 'string',
		cover_art_url: 'string',
		migrated_to_url: 'string',
		url: 'string',
		categories: 'array',
		directories: 'array',
		migrated: 'boolean',
		public: 'boolean',
		ready: 'boolean',
		distribution_ready: 'boolean',
		...TIMESTAMPS,
	},
	blog_posts: {
		title: 'string',
		url: 'string',
		content: 'string',
		slug: 'string',
		page_title: 'string',
		page_description: 'string',
		published_at: 'timestamp',
		...TIMESTAMPS,
	},
} as const satisfies Record<string, AttributeTable>;

/** Attributes per resource type: the seed spec's, then the supplement's (which adds courses' own), then section 9's. */
export const ATTRIBUTES = {
	...SEED_ATTRIBUTES,
	...SUPPLEMENT_ATTRIBUTES,
	...SECTION9_ATTRIBUTES,
} as const satisfies Record<string, AttributeTable>;

/** A JSON:API resource type named in the spec. */
export type ResourceType = keyof typeof ATTRIBUTES;

/**
 * The filters shared by `GET /v1/contacts` and `GET /v1/customers`
 * (spec "Shared filters for GET /v1/contacts and GET /v1/customers").
 *
 * The spec sends every one as a string; the `type` here is the n8n field type the user sees:
 * "in the last N days" filters are numbers (days), flag filters are booleans, revenue bounds are
 * numbers, everything else (ids, text) is a string. Values are written to the query as strings.
 */
export const PERSON_FILTERS: readonly FilterSpec[] = [
	{
		name: 'site_id',
		type: 'string',
		description:
			'Restrict to a site. Required when the account has more than one site; always sending it is recommended.',
	},
	{ name: 'search', type: 'string', description: 'Fuzzy search over name and email' },
	{ name: 'created_in_last', type: 'number', description: 'Created in the last N days' },
	{ name: 'not_created_in_last', type: 'number', description: 'Not created in the last N days' },
	{ name: 'joined_in_last', type: 'number', description: 'Joined in the last N days' },
	{ name: 'active_in_last', type: 'number', description: 'Active in the last N days' },
	{ name: 'inactive_in_last', type: 'number', description: 'Inactive in the last N days' },
	{ name: 'is_hidden', type: 'boolean', description: 'Whether the record is hidden' },
	{ name: 'name_contains', type: 'string', description: 'Name contains the given value' },
	{ name: 'email_contains', type: 'string', description: 'Email contains the given value' },
	{ name: 'phone_number_contains', type: 'string', description: 'Phone number contains the given value' },
	{ name: 'mobile_phone_number_contains', type: 'string', description: 'Mobile phone number contains the given value' },
	{ name: 'address_line_1_contains', type: 'string', description: 'Address line 1 contains the given value' },
	{ name: 'address_line_2_contains', type: 'string', description: 'Address line 2 contains the given value' },
	{ name: 'address_city_contains', type: 'string', description: 'City contains the given value' },
	{ name: 'address_state_contains', type: 'string', description: 'State contains the given value' },
	{ name: 'address_country_contains', type: 'string', description: 'Country contains the given value' },
	{ name: 'address_zip_contains', type: 'string', description: 'ZIP code contains the given value' },
	{ name: 'has_tag_id', type: 'string', description: 'Has the tag' },
	{ name: 'has_all_tag_id', type: 'string', description: 'Has all the given tags' },
	{ name: 'has_no_tag_id', type: 'string', description: 'Lacks the tag' },
	{ name: 'has_offer_id', type: 'string', description: 'Has the offer' },
	{ name: 'has_no_offer_id', type: 'string', description: 'Lacks the offer' },
	{ name: 'subscribed', type: 'boolean', description: 'Whether the record is subscribed' },
	{ name: 'subscribed_in_last', type: 'number', description: 'Subscribed in the last N days' },
	{ name: 'unsubscribed_in_last', type: 'number', description: 'Unsubscribed in the last N days' },
	{ name: 'never_subscribed', type: 'boolean', description: 'Whether the record has never subscribed' },
	{ name: 'manually_unsubscribed_in_last', type: 'number', description: 'Manually unsubscribed in the last N days' },
	{ name: 'opted_out_in_last', type: 'number', description: 'Opted out in the last N days' },
	{ name: 'used_coupon_code', type: 'string', description: 'Used the given coupon code' },
	{ name: 'submitted_form_id', type: 'string', description: 'Submitted the form' },
	{ name: 'no_submitted_form_id', type: 'string', description: 'Did not submit the form' },
	{ name: 'registered_event_id', type: 'string', description: 'Registered for the event' },
	{ name: 'not_registered_event_id', type: 'string', description: 'Did not register for the event' },
	{ name: 'completed_assessment_id', type: 'string', description: 'Completed the assessment' },
	{ name: 'passed_assessment_id', type: 'string', description: 'Passed the assessment' },
	{ name: 'failed_assessment_id', type: 'string', description: 'Failed the assessment' },
	{ name: 'net_revenue_equal_to', type: 'number', description: 'Net revenue equals the value' },
	{ name: 'net_revenue_greater_than', type: 'number', description: 'Net revenue exceeds the value' },
	{ name: 'net_revenue_less_than', type: 'number', description: 'Net revenue is below the value' },
	{ name: 'sent_email_broadcast_id', type: 'string', description: 'Was sent the broadcast' },
	{ name: 'no_sent_email_broadcast_id', type: 'string', description: 'Was not sent the broadcast' },
	{
		name: 'no_sent_email_broadcast_ids',
		type: 'string',
		description: 'Was not sent any of the listed broadcasts (comma-separated IDs)',
	},
	{ name: 'no_delivered_email_broadcast_id', type: 'string', description: 'Did not receive the broadcast' },
	{ name: 'opened_email_broadcast_id', type: 'string', description: 'Opened the broadcast' },
	{ name: 'no_opened_email_broadcast_id', type: 'string', description: 'Did not open the broadcast' },
	{ name: 'clicked_email_broadcast_id', type: 'string', description: 'Clicked the broadcast' },
	{ name: 'no_clicked_email_broadcast_id', type: 'string', description: 'Did not click the broadcast' },
	{ name: 'bounced_email_broadcast_id', type: 'string', description: 'Bounced the broadcast' },
	{ name: 'no_bounced_email_broadcast_id', type: 'string', description: 'Did not bounce the broadcast' },
	{ name: 'dropped_email_broadcast_id', type: 'string', description: 'Dropped the broadcast' },
	{ name: 'no_dropped_email_broadcast_id', type: 'string', description: 'Did not drop the broadcast' },
	{ name: 'opened_email_in_last', type: 'number', description: 'Opened an email in the last N days' },
	{ name: 'not_opened_email_in_last', type: 'number', description: 'Did not open an email in the last N days' },
	{ name: 'delivered_email_in_last', type: 'number', description: 'Was delivered an email in the last N days' },
	{ name: 'not_delivered_email_in_last', type: 'number', description: 'Was not delivered an email in the last N days' },
	{ name: 'clicked_email_in_last', type: 'number', description: 'Clicked an email in the last N days' },
	{ name: 'not_clicked_email_in_last', type: 'number', description: 'Did not click an email in the last N days' },
	{ name: 'is_hard_bouncing', type: 'boolean', description: "Whether the record's email address bounces hard" },
	{ name: 'bounced_in_last', type: 'number', description: 'Bounced in the last N days' },
	{ name: 'complained_in_last', type: 'number', description: 'Complained in the last N days' },
	{
		name: 'healthy_contacts_with_open_data',
		type: 'boolean',
		description: 'Whether the record is in the engagement group "healthy" (with open data)',
	},
	{
		name: 'passive_contacts_with_open_data',
		type: 'boolean',
		description: 'Whether the record is in the engagement group "passive" (with open data)',
	},
	{
		name: 'unengaged_contacts_with_open_data',
		type: 'boolean',
		description: 'Whether the record is in the engagement group "unengaged" (with open data)',
	},
	{
		name: 'inactive_contacts_with_open_data',
		type: 'boolean',
		description: 'Whether the record is in the engagement group "inactive" (with open data)',
	},
	{ name: 'subscribed_newsletter_id', type: 'string', description: 'Subscribed to the newsletter' },
	{ name: 'unsubscribed_newsletter_id', type: 'string', description: 'Unsubscribed from the newsletter' },
	{ name: 'is_suppressed', type: 'boolean', description: 'Whether the record is suppressed' },
	{ name: 'subscribed_email_sequence_id', type: 'string', description: 'Subscribed to the email sequence' },
	{ name: 'not_subscribed_email_sequence_id', type: 'string', description: 'Not subscribed to the email sequence' },
];

const SITE_FILTER = PERSON_FILTERS[0];

/** The n8n operations of the node: the seed's and the supplement's. */
export type Operation = 'create' | 'get' | 'getAll' | 'update' | 'submit' | SupplementOperation | Section9Operation;

/**
 * The query parameters one endpoint accepts (spec "Endpoints").
 * - `include`: relationship names for `include` (dotted nested names allowed).
 * - `fields`: the resource type whose sparse fieldset `fields[<type>]` is accepted.
 * - `sort`: the allowed sort keys (a leading `-` is added for descending order).
 * - `page`: `page[number]` and `page[size]` are accepted (`'number'`: `page[number]` only, payouts).
 * - `site`: `'required'` when `filter[site_id]` must always be sent (payouts): a top-level "Site" field.
 * - `filters`: the `filter[<name>]` parameters.
 * - `includeFilters`: filters that only apply together with `include` (customer details).
 */
export interface EndpointQuery {
	include?: readonly string[];
	fields?: ResourceType;
	sort?: readonly string[];
	page?: boolean | 'number';
	site?: 'required';
	filters?: readonly FilterSpec[];
	includeFilters?: readonly FilterSpec[];
	/**
	 * Generic filters `filter[<attribute>_<operator>]` the description allows in prose (purchases):
	 * every listed attribute with every listed operator.
	 */
	conditions?: { attributes: readonly string[]; operators: readonly string[] };
}

/** One row of the spec's endpoint summary table, with its query parameters. */
export interface EndpointSpec {
	operation: Operation;
	method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
	/** Path relative to `{base_url}/v1`; `{id}` marks the path parameter. */
	path: string;
	/** The spec's purpose column. */
	purpose: string;
	query: EndpointQuery;
	/** Relationship endpoints (`…/relationships/<name>`): the relationship and the identifiers' type. */
	relationship?: RelationshipBody;
	/** Destructive operations: what they do, shown to the user (with "cannot be undone"). */
	destructive?: string;
	/**
	 * Find or create (docs/operations.md): the contact is looked up by email first, so the request
	 * (and its path) is decided per item; `path` is where the operation's own request goes.
	 */
	findOrCreate?: true;
}

/** One n8n resource: a JSON:API resource type and the endpoints that serve it. */
export interface ResourceSpec {
	/** The n8n `resource` value. */
	value: string;
	displayName: string;
	/** The JSON:API type (also the path segment). */
	type: ResourceType;
	/** Relationship names of the resource object (spec "Resources and fields"). */
	relationships: readonly string[];
	endpoints: readonly EndpointSpec[];
	/**
	 * A list endpoint to pick records from in a resource locator, with the filter that searches it
	 * (none for resources without a list endpoint).
	 */
	search?: { filter?: string; label: readonly string[] };
}

/** Sort keys of podcasts: "a field name such as title": every scalar podcast attribute. */
const PODCAST_SORT = Object.entries(ATTRIBUTES.podcasts as AttributeTable)
	.filter(([, type]) => type !== 'array' && type !== 'object')
	.map(([name]) => name);

const str = (name: string, description: string): FilterSpec => ({ name, type: 'string', description });
const bool = (name: string, description: string): FilterSpec => ({ name, type: 'boolean', description });
const int = (name: string, description: string): FilterSpec => ({ name, type: 'number', description });

/**
 * The 12 resource types of the seed spec as n8n resources, with the 20 endpoints of its summary
 * table (offers there exist only as included resources; the supplement gives them a resource).
 */
const SEED_RESOURCES: readonly ResourceSpec[] = [
	{
		value: 'contactNote',
		displayName: 'Contact Note',
		type: 'contact_notes',
		relationships: ['contact'],
		endpoints: [
			{ operation: 'create', method: 'POST', path: '/contact_notes', purpose: 'Create a contact note', query: {} },
		],
	},
	{
		value: 'contact',
		displayName: 'Contact',
		type: 'contacts',
		relationships: ['customer', 'offers', 'site', 'tags'],
		search: { filter: 'search', label: ['name', 'email'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/contacts',
				purpose: 'List contacts',
				query: { sort: ['name', 'email', 'created_at'], page: true, fields: 'contacts', filters: PERSON_FILTERS },
			},
			{
				operation: 'get',
				method: 'GET',
				path: '/contacts/{id}',
				purpose: 'Contact details',
				query: { include: ['offers', 'tags', 'customer'], fields: 'contacts' },
			},
			{ operation: 'update', method: 'PATCH', path: '/contacts/{id}', purpose: 'Update a contact', query: {} },
		],
	},
	{
		value: 'customer',
		displayName: 'Customer',
		type: 'customers',
		relationships: ['contact', 'site', 'offers', 'products'],
		search: { filter: 'search', label: ['name', 'email'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/customers',
				purpose: 'List customers',
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
				query: {
					include: ['contact', 'site', 'offers', 'products'],
					fields: 'customers',
					includeFilters: [
						int('products_page', 'Page of the included products'),
						int('products_per', 'Included products per page'),
						int('offers_page', 'Page of the included offers'),
						int('offers_per', 'Included offers per page'),
					],
				},
			},
		],
	},
	{
		value: 'course',
		displayName: 'Course',
		type: 'courses',
		relationships: ['site', 'offers', 'modules', 'lessons'],
		endpoints: [
			{
				operation: 'get',
				method: 'GET',
				path: '/courses/{id}',
				purpose: 'Course details',
				query: { include: ['offers', 'modules', 'lessons', 'lessons.media', 'site'] },
			},
		],
	},
	{
		value: 'order',
		displayName: 'Order',
		type: 'orders',
		relationships: ['site', 'customer', 'order_items'],
		search: { label: ['order_number', 'formatted_total_price'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/orders',
				purpose: 'List orders',
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
				query: { include: ['order_items', 'customer', 'site'], fields: 'orders' },
			},
		],
	},
	{
		value: 'orderItem',
		displayName: 'Order Item',
		type: 'order_items',
		relationships: ['order'],
		search: { label: ['title', 'formatted_total_price'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/order_items',
				purpose: 'List order items',
				query: {
					sort: ['created_at', 'quantity', 'fulfilled_at'],
					page: true,
					fields: 'order_items',
					filters: [
						SITE_FILTER,
						str('item_type_eq', 'Only items of this type, e.g. an offer type'),
						str('item_id_eq', 'Only items for the product or offer with this ID'),
						bool('fulfilled_at_null', 'Whether the item is not fulfilled yet (true) or fulfilled (false)'),
					],
				},
			},
			{
				operation: 'get',
				method: 'GET',
				path: '/order_items/{id}',
				purpose: 'Order item details',
				query: { include: ['order'], fields: 'order_items' },
			},
		],
	},
	{
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
	},
	{
		value: 'form',
		displayName: 'Form',
		type: 'forms',
		relationships: ['site', 'offer', 'fields'],
		endpoints: [
			{
				operation: 'get',
				method: 'GET',
				path: '/forms/{id}',
				purpose: 'Form details',
				query: { include: ['fields', 'site', 'offer', 'contact_tags'], fields: 'forms' },
			},
			{ operation: 'submit', method: 'POST', path: '/forms/{id}/submit', purpose: 'Submit a form', query: {} },
		],
	},
	{
		value: 'formSubmission',
		displayName: 'Form Submission',
		type: 'form_submissions',
		relationships: ['site', 'form'],
		search: { label: ['name', 'email'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/form_submissions',
				purpose: 'List form submissions',
				query: {
					sort: ['name', 'email', 'created_at'],
					page: true,
					filters: [SITE_FILTER, str('form_id', 'Submissions of this form')],
				},
			},
			{
				operation: 'get',
				method: 'GET',
				path: '/form_submissions/{id}',
				purpose: 'Form submission details',
				query: { include: ['site', 'form'] },
			},
		],
	},
	{
		value: 'podcast',
		displayName: 'Podcast',
		type: 'podcasts',
		relationships: ['site'],
		search: { filter: 'title_cont', label: ['title'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/podcasts',
				purpose: 'List podcasts',
				query: {
					sort: PODCAST_SORT,
					page: true,
					fields: 'podcasts',
					filters: [
						SITE_FILTER,
						str('title_eq', 'Only podcasts with exactly this title'),
						str('title_cont', 'Only podcasts whose title contains this text'),
						str('status_eq', 'Only podcasts with this status, e.g. ready'),
						str('show_type_eq', 'Only podcasts of this show type, e.g. episodic'),
					],
				},
			},
			{ operation: 'get', method: 'GET', path: '/podcasts/{id}', purpose: 'Show a podcast', query: {} },
		],
	},
	{
		value: 'blogPost',
		displayName: 'Blog Post',
		type: 'blog_posts',
		relationships: ['blog'],
		endpoints: [
			{
				operation: 'get',
				method: 'GET',
				path: '/blog_posts/{id}',
				purpose: 'Blog post details',
				query: { fields: 'blog_posts' },
			},
		],
	},
];

/** A supplement filter row with the `SITE` token replaced by the seed's site filter. */
function resolveFilter(filter: SupplementFilter): FilterSpec {
	return filter === SITE ? SITE_FILTER : filter;
}

/**
 * Every resource of the node: the seed's resources, each with the supplement's further endpoints
 * (and its list search where the supplement gives it a list), then the supplement's new resources.
 * Endpoints keep their table order; `SUPPLEMENT_INCLUDE_FILTERS` are appended to the seed endpoint's.
 */
export const RESOURCES: readonly ResourceSpec[] = (() => {
	const merged = SEED_RESOURCES.map(
		(resource): ResourceSpec => ({
			...resource,
			endpoints: resource.endpoints.map((endpoint) => {
				const extra = SUPPLEMENT_INCLUDE_FILTERS[endpoint.path];
				if (!extra) return endpoint;
				return {
					...endpoint,
					query: { ...endpoint.query, includeFilters: [...(endpoint.query.includeFilters ?? []), ...extra] },
				};
			}),
		}),
	);
	for (const row of [...SUPPLEMENT_RESOURCES, ...SECTION9_RESOURCES]) {
		const endpoints = row.endpoints.map(
			(endpoint): EndpointSpec => ({
				...endpoint,
				query: { ...endpoint.query, filters: endpoint.query.filters?.map(resolveFilter) },
			}),
		);
		const index = merged.findIndex((r) => r.value === row.value);
		if (index >= 0) {
			const seed = merged[index];
			merged[index] = { ...seed, search: row.search ?? seed.search, endpoints: [...seed.endpoints, ...endpoints] };
		} else {
			merged.push({
				value: row.value,
				displayName: row.displayName,
				type: row.type as ResourceType,
				relationships: row.relationships ?? [],
				search: row.search,
				endpoints,
			});
		}
	}
	return merged;
})();

/**
 * Page size used when following pages. The spec does not state a maximum page size
 * ("Limits": not shown); 100 is a common JSON:API maximum and is what the README documents.
 */
export const MAX_PAGE_SIZE = 100;

/** Finds a resource by its n8n `resource` value; throws on an unknown value (programming error). */
export function resourceByValue(value: string): ResourceSpec {
	const resource = RESOURCES.find((r) => r.value === value);
	if (!resource) throw new Error(`Unknown resource "${value}"`);
	return resource;
}
