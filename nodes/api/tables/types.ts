/**
 * The shapes of the tables: a value type, a resource type's attributes, a filter, an endpoint
 * with its query parameters, a resource with its attributes and endpoints. The tables themselves
 * are one file per resource (`resources/<resource>.ts` here: the resource, its attributes,
 * its endpoints; the site table also holds the site filter and the title search most lists take)
 * and `filters.ts` (the filter rows several resources share); `registry.ts` lists the resources and
 * derives the resource types (`ResourceType`) and the attributes by type (`ATTRIBUTES`) from them.
 * Types only (tsc emits an empty module): the tables import this file with `import type`.
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

/**
 * One `filter[<name>]` query parameter, written in the tables as a plain object literal
 * (`{ name, type, description }`). `type` decides the n8n field type.
 */
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

/**
 * The n8n operations of the node: the seed spec's create / get / getAll / update / submit, then
 * the supplement's (sections 1-4), the hooks' sample and the version's health check (sections 5
 * and 9), and the contacts found by email (`upsert`, `grantOffersByEmail`, `revokeOffersByEmail`).
 */
export type Operation =
	| 'create'
	| 'get'
	| 'getAll'
	| 'update'
	| 'submit'
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
	| 'cancelSubscription'
	| 'upsert'
	| 'grantOffersByEmail'
	| 'revokeOffersByEmail'
	| 'getSample'
	| 'healthCheck';

/**
 * The query parameters one endpoint accepts (spec "Endpoints").
 * @typeParam Type The JSON:API type of the endpoint's resource (`ResourceTable`'s `Type`).
 * - `include`: relationship names for `include` (dotted nested names allowed).
 * - `fields`: the resource type whose sparse fieldset `fields[<type>]` is accepted (the
 *   resource's own type).
 * - `sort`: the allowed sort keys (a leading `-` is added for descending order).
 * - `page`: `page[number]` and `page[size]` are accepted (`'number'`: `page[number]` only, payouts).
 * - `site`: `'required'` when `filter[site_id]` must always be sent (payouts): a top-level "Site" field.
 * - `filters`: the `filter[<name>]` parameters.
 * - `includeFilters`: filters that only apply together with `include` (customer details).
 */
export interface EndpointQuery<Type extends string = string> {
	include?: readonly string[];
	fields?: Type;
	sort?: readonly string[];
	page?: boolean | 'number';
	site?: 'required';
	filters?: readonly FilterRow[];
	includeFilters?: readonly FilterRow[];
	/**
	 * Generic filters `filter[<attribute>_<operator>]` the description allows in prose (purchases):
	 * every listed attribute with every listed operator.
	 */
	conditions?: { attributes: readonly string[]; operators: readonly string[] };
}

/** The body of a relationship write: which relationship, the identifiers' type, the contact's welcome-email switch. */
export interface RelationshipBody {
	/** The relationship name in the path (`…/relationships/<name>`). */
	name: 'tags' | 'offers' | 'products';
	/** The `type` of every identifier sent (`contact_tags` for tags, section 0). */
	type: 'contact_tags' | 'offers' | 'products';
	/** POST on contacts only: `meta.send_customer_welcome_email`. */
	welcomeEmail?: boolean;
}

/**
 * One row of the spec's endpoint summary table, with its query parameters.
 * @typeParam Type The JSON:API type of the endpoint's resource (`ResourceTable`'s `Type`).
 */
export interface EndpointRow<Type extends string = string> {
	operation: Operation;
	method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
	/** Path relative to `{base_url}/v1`; `{id}` marks the path parameter. */
	path: string;
	/** The spec's purpose column. */
	purpose: string;
	/**
	 * What n8n's AI Workflow Builder reads about this operation (the option's
	 * `builderHint.propertyHint`): when to pick it, what it returns, where its IDs come from. Plain
	 * words for a model: no n8n expression syntax, no connection-type names.
	 */
	hint: string;
	query: EndpointQuery<Type>;
	/** Relationship endpoints (`…/relationships/<name>`): the relationship and the identifiers' type. */
	relationship?: RelationshipBody;
	/** Destructive operations: what they do, shown to the user (with "cannot be undone"). */
	destructive?: string;
	/**
	 * What a 422 answer of this endpoint means when the document names one reason for it, and what
	 * to do: the error message instead of "Invalid fields" (the API's own words follow it).
	 */
	refusal?: string;
	/**
	 * Contacts found by email (docs/operations.md "Find or create"): the contact is looked up by
	 * email first, so the request (and its path) is decided per item; `path` is where the
	 * operation's own request goes. `findOrCreate`: a contact is created when none has the email;
	 * `find`: never (the item says `found: false`).
	 */
	byEmail?: 'findOrCreate' | 'find';
}

/**
 * One n8n resource: a JSON:API resource type, its attributes and the endpoints that serve it.
 * @typeParam Value The n8n `resource` value as a literal type (each table states its own), from
 *   which `registry.ts` derives the union of all values, `ResourceValue`.
 * @typeParam Type The JSON:API type as a literal type (each table states its own), from which
 *   `registry.ts` derives the union of all types, `ResourceType`.
 */
export interface ResourceTable<Value extends string = string, Type extends string = string> {
	/** The n8n `resource` value. */
	value: Value;
	displayName: string;
	/**
	 * What n8n's AI Workflow Builder reads about this resource (the `resource` option's
	 * `builderHint.propertyHint`): what its records are and when to pick it.
	 */
	hint: string;
	/** The JSON:API type (also the path segment). */
	type: Type;
	/**
	 * The attributes of the type (spec "Resources and fields" and the supplement's attribute sets):
	 * what `fields[<type>]`, the write fields and a list's date bounds are built from;
	 * `registry.ts` lists them by type as `ATTRIBUTES`.
	 */
	attributes: AttributeTable;
	/** Relationship names of the resource object (spec "Resources and fields"). */
	relationships: readonly string[];
	/**
	 * Relationships the API marks deprecated, with the words shown under their "Include Related"
	 * option (what is left in them, what to use instead).
	 */
	deprecated?: Readonly<Record<string, string>>;
	endpoints: readonly EndpointRow<Type>[];
	/**
	 * A list endpoint to pick records from in a resource locator, with the filter that searches it
	 * (none for resources without a list endpoint).
	 */
	search?: { filter?: string; label: readonly string[] };
	/**
	 * How the record picker's "By URL" placeholder and error message show the record's API path
	 * (default `/v1/<type>`): for a type that carries a product's brand name (payouts, supplement
	 * 9.4), a shortened path, so that no text users read names the brand. Matching still uses the type.
	 */
	urlHint?: string;
}
