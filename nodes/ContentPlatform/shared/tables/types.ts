/**
 * The shapes of the tables: a filter, an endpoint with its query parameters, a resource with
 * its endpoints. The tables themselves are `values.ts`, `filters.ts` and one `table.ts` per
 * resource (`resources/<resource>/table.ts`); `registry.ts` lists the resources.
 */
import type { FilterRow, ResourceType } from './values';

export type { AttributeTable, FilterRow, ResourceType, ValueType } from './values';

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

/** One row of the spec's endpoint summary table, with its query parameters. */
export interface EndpointRow {
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
	query: EndpointQuery;
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
 * One n8n resource: a JSON:API resource type and the endpoints that serve it.
 * @typeParam Value The n8n `resource` value as a literal type (each table states its own), from
 *   which `registry.ts` derives the union of all values, `ResourceValue`.
 */
export interface ResourceTable<Value extends string = string> {
	/** The n8n `resource` value. */
	value: Value;
	displayName: string;
	/**
	 * What n8n's AI Workflow Builder reads about this resource (the `resource` option's
	 * `builderHint.propertyHint`): what its records are and when to pick it.
	 */
	hint: string;
	/** The JSON:API type (also the path segment). */
	type: ResourceType;
	/** Relationship names of the resource object (spec "Resources and fields"). */
	relationships: readonly string[];
	/**
	 * Relationships the API marks deprecated, with the words shown under their "Include Related"
	 * option (what is left in them, what to use instead).
	 */
	deprecated?: Readonly<Record<string, string>>;
	endpoints: readonly EndpointRow[];
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
