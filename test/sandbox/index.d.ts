/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test-only types of the sandbox server, which uses node:http */
import type { Server } from 'node:http';

/** Options of {@link createSandbox}. */
export interface SandboxOptions {
	/** Port to listen on (127.0.0.1). Default 0 = a free port. */
	port?: number;
	/** Static bearer token that is always accepted. Default 'test-token'. */
	token?: string;
	/** OAuth client accepted by POST /v1/oauth/token. Defaults: 'client-id' / 'client-secret' / 3600. */
	oauth?: { clientId?: string; clientSecret?: string; tokenLifetimeSeconds?: number };
	/** Fill the store with deterministic seeded data. Default true. */
	seed?: boolean;
	/** The account behind the tokens (accounts.js). `multiSite`: contact/customer lists need filter[site_id] (else 400). */
	account?: { multiSite?: boolean };
}

/** The account behind the sandbox's tokens (accounts.js): GET /v1/me answers with `user`. */
export interface SandboxAccount {
	/** More than one site: GET /v1/contacts and /v1/customers without filter[site_id] answer 400. May be switched at any time. */
	multiSite: boolean;
	user: { id: string; initials: string; name: string; email: string; role_level: string };
}

/** A request as received by the sandbox (recorded before it is answered). */
export interface RecordedRequest {
	method: string;
	/** Path exactly as sent, still percent-encoded, without the query. */
	rawPath: string;
	/** Decoded path. */
	path: string;
	/** Query string as sent, without '?'. */
	rawQuery: string;
	/** Decoded query, e.g. { 'page[number]': '2' } (last value wins for repeated keys). */
	query: Record<string, string>;
	headers: Record<string, string | string[] | undefined>;
	/** Parsed JSON body, the raw string when it is not JSON, or undefined when empty. */
	body: unknown;
	/** Status answered (0 while pending, or when the socket was destroyed by a fault). */
	status: number;
	/** The answer as sent: its Content-Type and body text (unset while pending or when the socket was destroyed). */
	answer?: { contentType: string; text: string };
}

export interface ResourceIdentifier {
	id: string;
	type: string;
}

export interface RelationshipValue {
	data: ResourceIdentifier | ResourceIdentifier[] | null;
}

export interface ResourceRecord {
	id: string;
	type: string;
	attributes: Record<string, unknown>;
	relationships: Record<string, RelationshipValue>;
	/** Record timestamp (ISO); also the hidden sort key of types without a created_at attribute. */
	created_at: string;
}

/**
 * Relationship input for insert(): `{data: ...}`, an identifier `{id, type?}`, an id, null,
 * or an array of those (the type defaults to the relationship's target type).
 */
export type RelationshipInput =
	| RelationshipValue
	| ResourceIdentifier
	| { id: string | number; type?: string }
	| string
	| number
	| null
	| Array<string | number | { id: string | number; type?: string }>;

export interface InsertOptions {
	id?: string;
	created_at?: string;
}

export interface InsertSpec {
	attributes?: Record<string, unknown>;
	relationships?: Record<string, RelationshipInput>;
	created_at?: string;
	id?: string;
}

export interface Fault {
	/** Status to answer (default 500 when body or headers are given). */
	status?: number;
	/** Body: an object is sent as JSON, a string as text/plain. Default: a JSON:API error. */
	body?: string | object | ((request: RecordedRequest) => string | object);
	headers?: Record<string, string>;
	/** Delay before answering. With only delayMs set, the normal answer follows the delay. */
	delayMs?: number;
	/** Reset the socket instead of answering. */
	destroy?: boolean;
	/** How many matching requests get the fault (default 1). */
	times?: number;
	/** Only requests for which this returns true get the fault. */
	match?: (req: RecordedRequest) => boolean;
}

export type ResourceType =
	| 'contacts'
	| 'contact_notes'
	| 'customers'
	| 'courses'
	| 'offers'
	| 'modules'
	| 'lessons'
	| 'media'
	| 'orders'
	| 'order_items'
	| 'transactions'
	| 'forms'
	| 'form_fields'
	| 'form_submissions'
	| 'podcasts'
	| 'blog_posts'
	| 'blogs'
	| 'sites'
	| 'contact_tags'
	| 'products'
	| 'purchases';

/** What the supplement's offer endpoints did (platform-api-supplement.md section 2), for assertions. */
export interface SupplementLog {
	/** Welcome emails "sent" by a grant on a contact (not when `meta.send_customer_welcome_email` is false). */
	emails: Array<{ kind: 'welcome'; to: string; offer: string }>;
	/** Every offer granted (POST/PATCH), with the customer it went to. */
	grants: Array<{ offer: string; customer: string; contact: string | null; welcomeEmail: boolean }>;
	/** Every offer revoked (DELETE/PATCH). */
	revocations: Array<{ offer: string; customer: string | null }>;
}

/** A webhook event of the platform (supplement section 5). */
export type HookEventName =
	| 'purchase'
	| 'payment_succeeded'
	| 'order_created'
	| 'form_submission'
	| 'tag_added'
	| 'tag_removed';

/** A hook registered with POST /v1/hooks (test/sandbox/hooks.js). */
export interface RegisteredHook {
	id: string;
	event: HookEventName;
	target_url: string;
	resource_id: number | null;
	site_id: string;
	created_at: string;
	updated_at: string;
}

/** One POST made by `deliver` (status 0 = no answer). */
export interface HookDelivery {
	event: string;
	url: string;
	body: unknown;
	status: number;
	/** Milliseconds until the receiver's answer ended. */
	ms: number;
	/** Epoch milliseconds when the POST was sent. */
	at: number;
}

/** What `deliver` sends in place of the default (see test/sandbox/hooks.js). */
export interface DeliverOptions {
	/** The body's `id` (default: the payload's record of the event's main type). */
	id?: string;
	/** Replaces the whole body; a string is sent as is. */
	body?: unknown;
	/** Deliver to this URL only, instead of every hook registered for the event. */
	url?: string;
	/** Records to build the default payload from. */
	customerId?: string;
	offerId?: string;
	transactionId?: string;
	orderId?: string;
	formSubmissionId?: string;
	contactId?: string;
	tagId?: string;
}

/** A JSON:API resource object as delivered in a payload. */
export interface PayloadResource {
	id: string;
	type: string;
	attributes?: Record<string, unknown>;
	relationships?: Record<string, { data?: ResourceIdentifier | ResourceIdentifier[] | null }>;
	links?: Record<string, unknown>;
}

/** Adversity switches (test/sandbox/adversity.js), all off by default; change them at any time. */
export interface Adversity {
	/** Records sharing every sort key come in a new random order on every request. */
	shuffleTies: boolean;
	/** `page[number]` is ignored: every list answer is the first page. */
	ignorePageNumber: boolean;
	/** `page[size]` is ignored: every list answer holds up to 100 records (with `ignorePageNumber`, the same 100 to every request). */
	ignorePageSize: boolean;
	/** Every `/v1` answer (not the token endpoint) waits this long (ms). */
	delayMs: number;
	/** `{ [id]: value }` served as `created_at` instead of the stored one (`undefined`: attribute left out); sorting and date filters keep the stored time. */
	createdAt: Record<string, unknown>;
	/** Before answering a list request for a page that does not start at the top, delete this many random records before the page. */
	deleteBetweenPages: number;
	/** IDs deleted by `deleteBetweenPages`, in order. */
	deleted: string[];
	/** The API's clock runs this many ms ahead of the host's (negative: behind): records created without `created_at` are dated by it and every answer's `Date` header shows it. */
	clockOffsetMs: number;
	/** Answers carry no `Date` header. */
	omitDate: boolean;
	/** POST /v1/contacts accepts an email (any case) a contact of the same site already has; off: 422 "has already been taken" at /data/attributes/email. */
	acceptDuplicateEmails: boolean;
}

export interface Sandbox {
	/** Adversity switches (see {@link Adversity}). */
	adversity: Adversity;
	/** Base URL without trailing slash, e.g. http://127.0.0.1:43567 (API paths are url + '/v1/...'). */
	url: string;
	/** Static bearer token. */
	token: string;
	/** OAuth client accepted by the token endpoint (with defaults applied). */
	oauth: { clientId: string; clientSecret: string; tokenLifetimeSeconds: number };
	/** Underlying Node HTTP server. */
	server: Server;
	/** Every request received, in order (including faulted and rejected ones). */
	requests: RecordedRequest[];
	clearRequests(): void;
	/**
	 * A date of the seed's calendar (written as of 2026-11-27: "YYYY-MM-DD" or a UTC date-time) as it
	 * is in this sandbox: the seed moved by the whole days between 2026-11-27 and the day the sandbox
	 * started (test/sandbox/data.js `seedShiftMs`). For dates and simulated clocks paired with the seed.
	 */
	seedDate(iso: string): string;
	/** Records keyed by JSON:API type. */
	store: Record<string, ResourceRecord[]>;
	/** Inserts a record with realistic defaults for missing attributes; returns it. */
	insert(
		type: ResourceType | string,
		attributes?: Record<string, unknown>,
		relationships?: Record<string, RelationshipInput>,
		opts?: InsertOptions,
	): ResourceRecord;
	insertMany(type: ResourceType | string, n: number, make?: (i: number) => InsertSpec | void): ResourceRecord[];
	/** Removes all records of a type (ids keep counting up). */
	clear(type: ResourceType | string): void;
	/** Finds a record by type and id. */
	find(type: ResourceType | string, id: string): ResourceRecord | undefined;
	/** The next matching request(s) get this fault instead of the normal answer. */
	failNext(fault: Fault): void;
	/** Drops all pending faults. */
	clearFaults(): void;
	/**
	 * Holds the requests for which `match` returns true (recorded, not yet answered) until `count`
	 * of them have arrived, then answers them all, in arrival order (once; `close()` lets held ones
	 * go). A race made certain without timing: two lookups both answered before either create is sent.
	 */
	hold(options: { match: (request: RecordedRequest) => boolean; count: number }): void;
	/** OAuth access tokens issued so far. */
	issuedTokens: string[];
	/** The account behind the tokens (mutable: set `multiSite` to switch the multi-site rule). */
	account: SandboxAccount;
	/** Every OAuth access token issued so far becomes invalid (next use → 401). */
	expireTokens(): void;
	/** Side effects of the supplement's offer grants (see relationships-and-lists.js). */
	supplement: SupplementLog;
	/**
	 * Adds two contacts on site 1 whose emails differ only in case (`Twin@Example.com`, created
	 * first, and `twin@example.com`; custom-fields-pages-payouts.js); returns them, oldest first.
	 */
	insertCaseTwins(email?: string): ResourceRecord[];
	/**
	 * A bundled transaction (release 1.1.0; purchases-and-ownership.js): a purchase per offer for the customer,
	 * and one transaction with `offer: null` whose `purchases` name them (amount: their sum).
	 */
	insertBundledTransaction(options: { customerId: string; offerIds: string[]; created_at?: string }): {
		transaction: ResourceRecord;
		purchases: ResourceRecord[];
	};
	/** Hooks registered through POST /v1/hooks (live). */
	hooks: RegisteredHook[];
	/** Every delivery made by `deliver`, in order. */
	deliveries: HookDelivery[];
	/** What GET /v1/hooks/<event>_sample answers. */
	hookSample(event: HookEventName): PayloadResource[];
	/** The payload `deliver` builds from the store (a purchase is created for `purchase`). */
	hookPayload(event: HookEventName, options?: DeliverOptions): PayloadResource[];
	/**
	 * POSTs `{id, event, payload}` to every target URL registered for the event; resolves to the
	 * highest HTTP status answered (0 = no hook or no answer).
	 */
	deliver(event: HookEventName, payload?: PayloadResource[], options?: DeliverOptions): Promise<number>;
	/** Stops the server and closes all connections. */
	close(): Promise<void>;
}

/** Starts a sandbox Content Platform API server on 127.0.0.1. */
export function createSandbox(options?: SandboxOptions): Promise<Sandbox>;
