import { FIELD_HINTS } from './builderHints';

/**
 * The values of the tables: the value type of an attribute or filter (`ValueType`), the attributes
 * of every JSON:API resource type, by type (spec "Resources and fields" and the supplement's
 * attribute sets: what `fields[<type>]`, the write fields and Simplify are built from; the one
 * table the resource types, `ResourceType`, are derived from), and the filter rows written with
 * those types (`FilterRow`, the short forms `str`, `bool`, `int`, the site filter most lists take,
 * the supplement's title and description searches).
 */

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
export interface FilterRow {
	/** The name inside `filter[...]`. */
	name: string;
	/** `array`: a list of strings, sent as the repeated parameter `filter[<name>][]`. */
	type: Extract<ValueType, 'string' | 'boolean' | 'number' | 'date' | 'array'>;
	/** The spec's meaning, shown to the user as the field's description. */
	description: string;
	/** The values the API takes, when it names them (a pick list instead of text). */
	options?: readonly string[];
	/**
	 * The resource (its n8n `resource` value, for example `product`) whose record the value is the
	 * ID of: the field is a picker (resource locator: From List of that resource's records, or By ID).
	 */
	picker?: string;
	/** What n8n's AI Workflow Builder reads about the filter (its field's `builderHint`), when a builder gets it wrong. */
	hint?: string;
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

/**
 * Attributes of the types the supplement describes (section 0 "CA" is the seed's contact set;
 * section 2 "OA" is the seed's offer set). Courses: section 7.4 gives them, the seed did not.
 * `me`: the `/v1/me` resource, whose type string is UNSTATED.
 */
const SUPPLEMENT_ATTRIBUTES = {
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

/**
 * Attributes of section 9's types and of hooks (supplement section 5 "HA"). Payouts (9.4): the six
 * attributes and the detail's `transactions` (objects inside the attributes; their ids are
 * integers). The version document (9.5) has no resource object; `version` is the node's own name.
 */
const SECTION9_ATTRIBUTES = {
	custom_fields: { title: 'string', handle: 'string', type: 'string', required: 'boolean' },
	landing_pages: {
		title: 'string',
		url: 'string',
		publish_at: 'timestamp',
		created_at: 'timestamp',
		updated_at: 'timestamp',
	},
	website_pages: { title: 'string', url: 'string', created_at: 'timestamp', updated_at: 'timestamp' },
	kajabi_payments_payouts: {
		status: 'string',
		amount: 'string',
		currency: 'string',
		initiated_date: 'timestamp',
		estimated_arrival_date: 'timestamp',
		bank_account: 'string',
		transactions: 'array',
	},
	hooks: {
		event: 'string',
		target_url: 'string',
		resource_id: 'number',
		created_at: 'timestamp',
		updated_at: 'timestamp',
	},
	version: {},
} as const satisfies Record<string, AttributeTable>;

/**
 * Attributes per resource type: the seed spec's, then the supplement's (which adds courses' own:
 * the supplement's set replaces the seed's empty one in its place), then section 9's and the hooks'.
 */
export const ATTRIBUTES = {
	...SEED_ATTRIBUTES,
	...SUPPLEMENT_ATTRIBUTES,
	...SECTION9_ATTRIBUTES,
} as const satisfies Record<string, AttributeTable>;

/** A JSON:API resource type named in the spec. */
export type ResourceType = keyof typeof ATTRIBUTES;

/**
 * `filter[site_id]`: the site filter most lists take (also the first of the filters contacts and
 * customers share, `PERSON_FILTERS` in filters.ts).
 */
export const SITE_FILTER: FilterRow = {
	name: 'site_id',
	type: 'string',
	picker: 'site',
	description:
		'Restrict to a site. Required when the account has more than one site; always sending it is recommended.',
	hint: FIELD_HINTS.siteFilter.propertyHint,
};

/** A filter row whose value is text. */
export const str = (name: string, description: string): FilterRow => ({ name, type: 'string', description });
/** A filter row whose value is true or false. */
export const bool = (name: string, description: string): FilterRow => ({ name, type: 'boolean', description });
/** A filter row whose value is a whole number (days, pages, counts). */
export const int = (name: string, description: string): FilterRow => ({ name, type: 'number', description });

/** `filter[title_cont]` of the supplement's lists. */
export const titleContains = str('title_cont', 'Title contains the text');
/** `filter[description_cont]` of the supplement's lists. */
export const descriptionContains = str('description_cont', 'Description contains the text');
