import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	IPollFunctions,
	ILoadOptionsFunctions,
	IHookFunctions,
	IWebhookFunctions,
	IgnoreStatusErrorConfig,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiRoot, baseUrlProblem, originOf } from './baseUrl';
import {
	apiErrorFromResponse,
	notJsonApiMessage,
	redactError,
	redactValue,
	withContext,
	type ErrorSubject,
} from './errors';
import { documentToItems, type JsonApiDocument } from './jsonapi';
import { MAX_PAGE_SIZE, resourceByValue } from './spec';

/**
 * Request plumbing shared by the action node's routing, its list searches and the trigger.
 * HTTP always goes through n8n's helpers with the selected credential.
 */

/** The value of the nodes' "Authentication" option. */
export type AuthenticationMethod = 'accessToken' | 'oAuth2';

/**
 * The n8n credential types of the package and the "Authentication" value that selects each.
 * The first is the default (nodes saved before the option existed use it).
 */
export const CREDENTIALS: ReadonlyArray<{ method: AuthenticationMethod; type: string }> = [
	{ method: 'accessToken', type: 'contentPlatformApi' },
	{ method: 'oAuth2', type: 'contentPlatformOAuth2Api' },
];

/** The OAuth2 client-credentials credential type. */
const OAUTH2_CREDENTIAL = CREDENTIALS[1].type;

/** The JSON:API media type (spec: "Bodies that are sent use the media type application/vnd.api+json"). */
export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

export { apiRoot } from './baseUrl';

/** A context that sends requests outside declarative routing (list searches, the triggers' hooks and webhooks). */
export type RequestContext = IPollFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

type AnyContext = IExecuteSingleFunctions | RequestContext;

/** Default of the node's "Timeout" (seconds) and the trigger's and list searches' timeout. */
export const DEFAULT_TIMEOUT_SECONDS = 60;

/** How many redirects within the Base URL's origin one request follows. */
const MAX_REDIRECTS = 5;

/**
 * The selected credential's API root (`{base URL}/v1`, see `shared/baseUrl.ts`) and the secrets it
 * holds (access token, client secret, OAuth2 tokens), to keep them out of every error.
 * @throws NodeOperationError naming the fix when the Base URL cannot be used.
 */
export async function credentialContext(context: AnyContext): Promise<{ root: string; secrets: string[] }> {
	const credentials = await context.getCredentials(credentialTypeOf(context));
	const token = (credentials.oauthTokenData ?? {}) as IDataObject;
	const secrets = [credentials.accessToken, credentials.clientSecret, token.access_token, token.refresh_token].filter(
		(value): value is string => typeof value === 'string' && value.length >= 4,
	);
	const problem = baseUrlProblem(credentials.baseUrl);
	if (problem !== undefined) throw new NodeOperationError(context.getNode(), problem);
	return { root: apiRoot(credentials.baseUrl), secrets };
}

/** The credential type selected by the node's "Authentication" option (default: access token). */
export function credentialTypeOf(context: AnyContext): string {
	let method: unknown = 'accessToken';
	try {
		method = context.getNodeParameter('authentication', 'accessToken');
	} catch {
		// Nodes saved before the option existed: keep the access token credential.
	}
	return (CREDENTIALS.find((credential) => credential.method === method) ?? CREDENTIALS[0]).type;
}

/**
 * Which HTTP error statuses n8n may leave to our error handling. Everything is handled by
 * `apiErrorFromResponse`, except 401 with OAuth2: n8n must see that one to fetch a new token and
 * retry (n8n-core `requestOAuth2`). n8n 2.x honours `except`; n8n 1.x reads the option as a plain
 * boolean and hands the 401 back as an answer: see `renewAfterUnrenewed401`.
 */
export function statusErrorPolicy(credentialType: string): IgnoreStatusErrorConfig {
	return credentialType === OAUTH2_CREDENTIAL ? { ignore: true, except: [401] } : { ignore: true, except: [] };
}

/**
 * Whether an answer is a 401 to an OAuth2 request that n8n did not act on. Only n8n versions that
 * read `ignoreHttpStatusErrors` as a boolean (1.x) hand it back; n8n 2.x renews the token itself
 * and never returns a 401 here.
 */
function isUnrenewed401(credentialType: string, response: Pick<IN8nHttpFullResponse, 'statusCode'>): boolean {
	return credentialType === OAUTH2_CREDENTIAL && response.statusCode === 401;
}

/**
 * Sends an OAuth2 request again with HTTP errors not ignored, after an unrenewed 401: n8n-core's
 * OAuth2 path then sees the 401, fetches a new token, stores it and retries once (1 token request).
 * An HTTP error after that comes back as an answer again, so `checkedDocument` words it as usual.
 * @returns The answer to the retried request (full response).
 */
async function renewAfterUnrenewed401(
	context: AnyContext,
	credentialType: string,
	options: IHttpRequestOptions,
): Promise<IN8nHttpFullResponse> {
	try {
		return (await context.helpers.httpRequestWithAuthentication.call(context, credentialType, {
			...options,
			returnFullResponse: true,
			ignoreHttpStatusErrors: false,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const answer =
			(error as { cause?: { response?: AxiosLikeResponse }; response?: AxiosLikeResponse }).cause?.response ??
			(error as { response?: AxiosLikeResponse }).response;
		if (!answer || typeof answer.status !== 'number') throw new NodeApiError(context.getNode(), error as JsonObject);
		return { statusCode: answer.status, body: answer.data, headers: answer.headers ?? {} } as IN8nHttpFullResponse;
	}
}

type AxiosLikeResponse = { status: number; data?: unknown; headers?: Record<string, string> };

/** Errors of `toItems` for an unrenewed OAuth2 401 on a page: `paginate` renews and retries once. */
const unrenewedPageErrors = new WeakSet<object>();

/** Trimmed string form of a user-typed value (resource locator values may arrive as numbers). */
export function cleanId(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'object') return '';
	return String(value).trim();
}

/**
 * The ID a resource locator holds, as it goes into the path before encoding: extracted from the
 * URL in "By URL" mode (and percent-decoded there), trimmed in every mode; '' when empty.
 */
export function locatorId(context: IExecuteSingleFunctions, parameter: string): string {
	const id = cleanId(context.getNodeParameter(parameter, undefined, { extractValue: true }));
	const raw = context.getNodeParameter(parameter, undefined) as { mode?: string } | string | undefined;
	if (typeof raw === 'object' && raw?.mode === 'url') {
		try {
			return decodeURIComponent(id);
		} catch {
			return id;
		}
	}
	return id;
}

function parseBody(body: unknown): unknown {
	if (typeof body !== 'string') {
		if (body instanceof Buffer) return parseBody(body.toString('utf8'));
		return body;
	}
	if (body.trim() === '') return undefined;
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}

/**
 * Checks one HTTP answer and returns its JSON:API document.
 * Throws the NodeApiError of `apiErrorFromResponse` for statuses ≥ 400 and a NodeApiError when a
 * 2xx body is not a JSON:API document (empty, HTML, truncated JSON, `data` missing).
 */
export function checkedDocument(
	context: AnyContext,
	response: Pick<IN8nHttpFullResponse, 'statusCode' | 'body' | 'headers'>,
	subject: ErrorSubject = {},
	secrets: string[] = [],
): JsonApiDocument {
	const body = parseBody(response.body);
	if (response.statusCode >= 300 || typeof body !== 'object' || body === null || !('data' in body)) {
		// Whatever the server echoes (the Authorization header, the token), it is redacted first.
		const shown = redactValue(body, secrets);
		if (response.statusCode >= 300) {
			throw apiErrorFromResponse(
				context.getNode(),
				{ ...response, body: shown as IN8nHttpFullResponse['body'] },
				subject,
			);
		}
		throw new NodeApiError(
			context.getNode(),
			{ httpCode: String(response.statusCode) },
			{ message: notJsonApiMessage(shown), httpCode: String(response.statusCode) },
		);
	}
	return body as JsonApiDocument;
}

function headerOf(response: Pick<IN8nHttpFullResponse, 'headers'>, name: string): string | undefined {
	const found = Object.entries(response.headers ?? {}).find(([key]) => key.toLowerCase() === name);
	const value = Array.isArray(found?.[1]) ? found?.[1][0] : found?.[1];
	return value === undefined || value === null ? undefined : String(value);
}

/** The URL a request was sent to, for resolving a relative `Location`. */
function requestUrl(options: IHttpRequestOptions): string {
	if (/^https?:\/\//i.test(options.url)) return options.url;
	return `${options.baseURL ?? ''}${options.url}`;
}

/**
 * Follows redirects of an answer the way the package allows: only within the origin (scheme, host,
 * port) of the credential's Base URL, at most 5 in a row, each through n8n's authenticated request
 * (307/308 keep the method and body; 303, and 301/302 of a write, continue with a GET).
 * Every request of the package is sent with `disableFollowRedirect`, so no credential and no body
 * ever reaches another origin.
 * @returns The first answer that is not a redirect.
 * @throws NodeApiError naming the target when a redirect leaves the Base URL's origin, or when
 * there are too many.
 */
export async function followRedirects(
	context: AnyContext,
	request: IHttpRequestOptions,
	response: IN8nHttpFullResponse,
	root: string,
): Promise<IN8nHttpFullResponse> {
	let current = request;
	for (let hop = 0; response.statusCode >= 300 && response.statusCode < 400; hop++) {
		const location = headerOf(response, 'location');
		if (location === undefined) return response;
		let target: URL;
		try {
			target = new URL(location, requestUrl(current));
		} catch {
			throw new NodeApiError(
				context.getNode(),
				{ httpCode: String(response.statusCode) },
				{
					message: `The Content Platform API answered ${response.statusCode} with an invalid redirect target "${location}"`,
					httpCode: String(response.statusCode),
				},
			);
		}
		const allowed = originOf(root);
		if (target.origin !== allowed) {
			throw new NodeApiError(
				context.getNode(),
				{ httpCode: String(response.statusCode) },
				{
					message: `The Content Platform API redirected (${response.statusCode}) to ${target.origin}${target.pathname}, outside the credential's Base URL (${allowed}): the request was not sent there`,
					description:
						'Credentials and request bodies are only ever sent to the origin of the Base URL. If the API has moved, change the Base URL of the credential.',
					httpCode: String(response.statusCode),
				},
			);
		}
		if (hop >= MAX_REDIRECTS) {
			throw new NodeApiError(
				context.getNode(),
				{ httpCode: String(response.statusCode) },
				{
					message: `The Content Platform API redirected more than ${MAX_REDIRECTS} times in a row (last to ${target.pathname})`,
					httpCode: String(response.statusCode),
				},
			);
		}
		const method = (current.method ?? 'GET').toUpperCase() as IHttpRequestMethods;
		const keepBody =
			response.statusCode === 307 ||
			response.statusCode === 308 ||
			((response.statusCode === 301 || response.statusCode === 302) && method === 'GET');
		const headers = Object.fromEntries(
			Object.entries(current.headers ?? {}).filter(
				([name]) => name.toLowerCase() !== 'authorization' && (keepBody || !name.toLowerCase().startsWith('content-')),
			),
		);
		current = {
			...current,
			baseURL: undefined,
			url: target.href,
			qs: undefined,
			method: keepBody ? method : 'GET',
			body: keepBody ? current.body : undefined,
			headers,
			returnFullResponse: true,
		};
		response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			credentialTypeOf(context),
			current,
		)) as IN8nHttpFullResponse;
	}
	return response;
}

/** Request options of each item's request, set by `prepareRequest`, read back for redirects. */
const itemRequests = new WeakMap<object, IHttpRequestOptions>();

/** Where paging information of one page is kept on the array of its items (see `paginate`). */
const HAS_MORE = Symbol('hasMore');
const PAGING = Symbol('paging');

/** What a list document says about paging, to check it against what was received. */
interface PagingClaims {
	/** `meta.current_page`. */
	currentPage?: number;
	/** `meta.total_pages`. */
	totalPages?: number;
	/** `meta.total_count`. */
	totalCount?: number;
	/** The `page[number]` of `links.next`. */
	nextPage?: number;
}
type PageItems = INodeExecutionData[] & { [HAS_MORE]?: boolean; [PAGING]?: PagingClaims };

function pagingOf(document: JsonApiDocument): PagingClaims {
	const meta = (document.meta ?? {}) as IDataObject;
	const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
	const claims: PagingClaims = {
		currentPage: number(meta.current_page),
		totalPages: number(meta.total_pages),
		totalCount: number(meta.total_count),
	};
	const next = (document.links ?? {}).next;
	if (typeof next === 'string' && next !== '') {
		const match = /[?&]page(?:\[|%5B)number(?:\]|%5D)=(\d+)/i.exec(next);
		if (match) claims.nextPage = Number(match[1]);
	}
	return claims;
}

/**
 * Why a page of Return All cannot be trusted, or undefined: a page of only records received on
 * earlier pages (a server that ignores `page[number]`), or paging links and totals that contradict
 * what was received. Such a list would otherwise be requested forever.
 */
function pagingContradiction(page: number, items: PageItems, newRecords: number, received: number): string | undefined {
	// An empty page ends the list whatever its paging members say.
	if (items.length === 0) return undefined;
	if (newRecords === 0) {
		return `page ${page} holds only records already received on earlier pages (the API seems to ignore page[number])`;
	}
	const claims = items[PAGING] ?? {};
	if (claims.currentPage !== undefined && claims.currentPage !== page) {
		return `page ${page} says it is page ${claims.currentPage} (meta.current_page)`;
	}
	if (claims.nextPage !== undefined && claims.nextPage <= page) {
		return `links.next of page ${page} points to page ${claims.nextPage}, not after it`;
	}
	if (claims.totalCount !== undefined && received > claims.totalCount) {
		return `${received} records were received but meta.total_count says ${claims.totalCount}`;
	}
	if (claims.totalPages !== undefined && page > claims.totalPages) {
		return `page ${page} has records but meta.total_pages says ${claims.totalPages}`;
	}
	return undefined;
}

/**
 * Whether a list document says that more pages follow: `links.next` when the document carries
 * pagination links (podcasts: first/prev/next/last), else `meta.current_page < meta.total_pages`;
 * undefined when it says nothing (then the page length decides).
 */
export function documentHasMore(document: JsonApiDocument): boolean | undefined {
	const links = document.links ?? {};
	if ('next' in links || 'last' in links) return typeof links.next === 'string' && links.next !== '';
	const meta = document.meta ?? {};
	if (typeof meta.total_pages === 'number' && typeof meta.current_page === 'number') {
		return meta.current_page < meta.total_pages;
	}
	return undefined;
}

/**
 * What the request of the current item is about, to name it in error messages: the resource's
 * name and, when the operation's path has an ID, the ID the user gave.
 */
export function subjectOf(context: IExecuteSingleFunctions): ErrorSubject {
	const resource = resourceByValue(context.getNodeParameter('resource') as string);
	const operation = context.getNodeParameter('operation') as string;
	const subject: ErrorSubject = { resourceName: resource.displayName.toLowerCase() };
	const endpoint = resource.endpoints.find((e) => e.operation === operation);
	if (endpoint?.path.includes('{id}')) {
		subject.id = locatorId(context, `${resource.value}Id`);
	}
	return subject;
}

/**
 * postReceive of every operation: checks the answer (errors → NodeApiError with the server's
 * words), then turns the document's resource objects into items, simplified when the "Simplify"
 * option is on, each paired with the input item it came from.
 */
export async function toItems(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	received: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const { root, secrets } = await credentialContext(this);
	const credentialType = credentialTypeOf(this);
	const request = itemRequests.get(this);
	let response = request ? await followRedirects(this, request, received, root) : received;
	if (isUnrenewed401(credentialType, response) && this.getNodeParameter('operation') !== 'getAll' && request) {
		response = await followRedirects(this, request, await renewAfterUnrenewed401(this, credentialType, request), root);
	}
	if (isUnrenewed401(credentialType, response)) {
		// Get Many: this error tells `paginate` to send the page once more with n8n renewing the token
		const error = apiErrorFromResponse(
			this.getNode(),
			{ ...response, body: redactValue(parseBody(response.body), secrets) as IN8nHttpFullResponse['body'] },
			subjectOf(this),
		);
		unrenewedPageErrors.add(error);
		throw error;
	}
	const document = checkedDocument(this, response, subjectOf(this), secrets);
	const simplify = this.getNodeParameter('simple', true) as boolean;
	const isList = this.getNodeParameter('operation') === 'getAll';
	let jsonItems: IDataObject[];
	try {
		if (Array.isArray(document.data) !== isList) {
			throw new TypeError(
				isList ? '"data" is not a list of resource objects' : '"data" is a list, not one resource object',
			);
		}
		jsonItems = documentToItems(document, simplify);
	} catch (error) {
		throw new NodeApiError(
			this.getNode(),
			{ httpCode: String(response.statusCode) },
			{
				message: notJsonApiMessage(document),
				description: (error as Error).message,
			},
		);
	}
	const item = this.getItemIndex();
	const items: PageItems = jsonItems.map((json) => ({ json, pairedItem: { item } }));
	Object.defineProperty(items, HAS_MORE, { value: documentHasMore(document), enumerable: false });
	Object.defineProperty(items, PAGING, { value: pagingOf(document), enumerable: false });
	return items;
}

/** A record's identity on a page, for spotting repeated pages. */
function recordKey(item: INodeExecutionData): string {
	return `${String(item.json.type ?? '')}\u0000${String(item.json.id ?? JSON.stringify(item.json))}`;
}

/**
 * The node's request runner (n8n calls it as the `pagination` operation of every operation, see
 * `shared/requestOptions.ts`): one request for Get and the writes, pages for Get Many. Errors leave
 * it with the access token, client secret and OAuth2 tokens redacted, a timeout as "did not answer
 * within N s", and for Get Many the page that failed.
 *
 * Get Many (spec "Limits": `page[number]` and `page[size]`) requests pages 1, 2, … of
 * `min(Limit, 100)` records and stops when a page is shorter than the page size or empty, when the
 * document says no page follows, or when Limit records were read. So Limit 10 costs one request
 * and Return All over N records ceil(N / 100) (+1 when the last page is exactly full and the API
 * gives no paging links). There is no cap on the number of pages, but Return All stops with an error
 * naming the page when a page holds only records already received or the paging links/totals
 * contradict what was received, and before each page when the execution was cancelled.
 * With "On Error: Continue" the result is one error item paired with the input item, never a
 * partial list.
 */
export async function paginate(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	if (this.getNodeParameter('operation') !== 'getAll') {
		try {
			return await this.makeRoutingRequest(requestData);
		} catch (error) {
			throw await friendlyError(this, error, requestData.options);
		}
	}
	const limit = requestData.maxResults ? Number(requestData.maxResults) : Number.POSITIVE_INFINITY;
	const pageSize = Math.min(MAX_PAGE_SIZE, limit);
	const results: INodeExecutionData[] = [];
	const seen = new Set<string>();
	for (let page = 1; ; page++) {
		const qs = { ...requestData.options.qs, 'page[number]': page, 'page[size]': pageSize };
		let items: PageItems;
		try {
			if (this.getExecutionCancelSignal?.()?.aborted) {
				throw new NodeOperationError(this.getNode(), 'The execution was cancelled: no further request is sent');
			}
			const request = { ...requestData, options: { ...requestData.options, qs } };
			items = await this.makeRoutingRequest(request).catch(async (error: object) => {
				// n8n 1.x handed an expired OAuth2 token's 401 back: once more, with n8n renewing it
				if (!unrenewedPageErrors.has(error)) throw error;
				return await this.makeRoutingRequest({
					...request,
					options: { ...request.options, ignoreHttpStatusErrors: false },
				});
			});
			let newRecords = 0;
			for (const item of items) {
				const key = recordKey(item);
				if (!seen.has(key)) newRecords++;
				seen.add(key);
			}
			const contradiction = pagingContradiction(page, items, newRecords, results.length + items.length);
			if (contradiction) {
				throw new NodeOperationError(this.getNode(), `Return All stopped at page ${page}: ${contradiction}`, {
					description:
						"The API's paging cannot be trusted here, so the list was not read further. Use a Limit, or filters, to read part of it.",
				});
			}
		} catch (error) {
			const failure = withContext(
				this.getNode(),
				await friendlyError(this, error, requestData.options),
				`page ${page}, after ${results.length} records`,
			);
			// "On Error: Continue": one error item paired with its input, never the pages read so far.
			if (this.continueOnFail()) return [{ json: {}, error: failure, pairedItem: { item: this.getItemIndex() } }];
			throw failure;
		}
		results.push(...items);
		const hasMore = items[HAS_MORE] ?? items.length >= pageSize;
		if (!hasMore || items.length === 0 || results.length >= limit) return results;
	}
}

/**
 * An error of a request, as the user sees it: a timeout says how long the API was given, and the
 * credential's secrets are redacted from the message, description and details.
 */
async function friendlyError(context: AnyContext, error: unknown, options: { timeout?: number }): Promise<unknown> {
	let secrets: string[] = [];
	try {
		secrets = (await credentialContext(context)).secrets;
	} catch {
		// The Base URL error itself holds no secret.
	}
	const failure = error as { message?: string; code?: string; cause?: { code?: string; message?: string } };
	const timedOut =
		[failure?.code, failure?.cause?.code].some((code) => code === 'ECONNABORTED' || code === 'ETIMEDOUT') ||
		/^timeout of \d+ms exceeded$/.test(failure?.cause?.message ?? failure?.message ?? '');
	if ([failure?.code, failure?.cause?.code].includes('ERR_CANCELED')) {
		return new NodeOperationError(context.getNode(), 'The execution was cancelled: no further request is sent');
	}
	if (timedOut && options.timeout) {
		const seconds = Math.round(options.timeout / 100) / 10;
		const timeoutError = new NodeApiError(context.getNode(), { httpCode: 'timeout' } as never, {
			message: `The Content Platform API did not answer within ${seconds} s`,
			description:
				'The request was abandoned after the node\'s Timeout. Raise "Timeout" in the node\'s Request Settings if the API is just slow, or try again later.',
		});
		return redactError(timeoutError, secrets);
	}
	return redactError(error, secrets);
}

/**
 * The request timeout of the node in milliseconds: n8n's own "Request Options → Timeout" when the
 * user set it, else the node's "Timeout" (seconds, default `DEFAULT_TIMEOUT_SECONDS`).
 */
export function requestTimeoutMs(context: IExecuteSingleFunctions): number {
	const n8nOptions = context.getNodeParameter('requestOptions', {}) as { timeout?: unknown };
	if (typeof n8nOptions.timeout === 'number' && n8nOptions.timeout > 0) return n8nOptions.timeout;
	const seconds = Number(context.getNodeParameter('requestSettings.timeout', DEFAULT_TIMEOUT_SECONDS));
	return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TIMEOUT_SECONDS) * 1000;
}

/**
 * preSend of every operation: sends the request to the API root of the credential's Base URL
 * (refused with a message naming the fix when it cannot be used), never follows a redirect by
 * itself (`followRedirects` decides), sets the timeout, lets our error handling see HTTP error
 * answers (except the OAuth2 401, see `statusErrorPolicy`) and refuses a Limit below 1 before any
 * request.
 */
export async function prepareRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	requestOptions.ignoreHttpStatusErrors = statusErrorPolicy(credentialTypeOf(this));
	requestOptions.baseURL = (await credentialContext(this)).root;
	requestOptions.disableFollowRedirect = true;
	requestOptions.sendCredentialsOnCrossOriginRedirect = false;
	requestOptions.timeout = requestTimeoutMs(this);
	itemRequests.set(this, requestOptions);
	if (this.getNodeParameter('operation') === 'getAll' && !this.getNodeParameter('returnAll', false)) {
		const limit = Number(this.getNodeParameter('limit', 50));
		if (!Number.isInteger(limit) || limit < 1) {
			throw new NodeOperationError(this.getNode(), `Limit must be a whole number of at least 1, not "${limit}"`, {
				itemIndex: this.getItemIndex(),
			});
		}
	}
	return requestOptions;
}

/**
 * preSend of every destructive operation (spec rows with `destructive`): refuses to run when the
 * node's "Retry On Fail" setting is on, so that n8n never sends a destructive request twice (a
 * request that timed out may have been carried out). The package itself never retries a request.
 */
export async function refuseRetryOnFail(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	if (this.getNode().retryOnFail) {
		throw new NodeOperationError(
			this.getNode(),
			'"Retry On Fail" is on: this operation cannot be undone and is never retried. Turn off Settings → Retry On Fail for this node.',
			{ itemIndex: this.getItemIndex() },
		);
	}
	return requestOptions;
}

/**
 * A preSend that refuses an empty ID, or an ID of `.` or `..` (path steps), before any request.
 * @param parameter The resource locator's name, for example `orderId`.
 * @param label The field's name as the user sees it, for example "Order".
 */
export function requireId(parameter: string, label: string) {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const raw = this.getNodeParameter(parameter, undefined) as { mode?: string } | string | undefined;
		if (typeof raw === 'object' && raw?.mode === 'url') {
			const extracted = cleanId(this.getNodeParameter(parameter, undefined, { extractValue: true }));
			try {
				decodeURIComponent(extracted);
			} catch {
				throw new NodeOperationError(
					this.getNode(),
					`"${label}": the ID "${extracted}" in the URL has a malformed % escape: copy the URL again, or enter the ID By ID`,
					{ itemIndex: this.getItemIndex() },
				);
			}
		}
		const id = locatorId(this, parameter);
		if (id === '') {
			throw new NodeOperationError(this.getNode(), `"${label}" is empty: enter the ID of the record`, {
				itemIndex: this.getItemIndex(),
			});
		}
		if (id === '.' || id === '..') {
			// URL parsers resolve these as path steps even when percent-encoded: refuse them.
			throw new NodeOperationError(this.getNode(), `"${label}" cannot be "${id}": enter the ID of the record`, {
				itemIndex: this.getItemIndex(),
			});
		}
		return requestOptions;
	};
}

/**
 * One request to the API outside declarative routing (list searches, the trigger), through
 * `httpRequestWithAuthentication` with the selected credential.
 * @param path Relative to `{base URL}/v1`, for example `/orders`.
 * @param onResponse given the final answer's HTTP headers (lower-case names) once its document
 *   passed the checks (the trigger reads the API's clock from `date`).
 * @returns The checked JSON:API document (errors throw NodeApiError, see `checkedDocument`).
 */
export async function apiRequest(
	context: RequestContext,
	method: IHttpRequestMethods,
	path: string,
	qs: IDataObject = {},
	subject: ErrorSubject = {},
	onResponse?: (headers: IDataObject) => void,
): Promise<JsonApiDocument> {
	const credentialType = credentialTypeOf(context);
	const { root, secrets } = await credentialContext(context);
	const request: IHttpRequestOptions = {
		method,
		baseURL: root,
		url: path,
		qs,
		headers: { Accept: JSON_API_MEDIA_TYPE },
		returnFullResponse: true,
		ignoreHttpStatusErrors: statusErrorPolicy(credentialType),
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
		timeout: DEFAULT_TIMEOUT_SECONDS * 1000,
	};
	try {
		const received = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			credentialType,
			request,
		)) as IN8nHttpFullResponse;
		let response = await followRedirects(context, request, received, root);
		if (isUnrenewed401(credentialType, response)) {
			response = await followRedirects(
				context,
				request,
				await renewAfterUnrenewed401(context, credentialType, request),
				root,
			);
		}
		const document = checkedDocument(context, response, subject, secrets);
		onResponse?.((response.headers ?? {}) as IDataObject);
		return document;
	} catch (error) {
		throw await friendlyError(context, error, request);
	}
}
