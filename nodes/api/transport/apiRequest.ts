/**
 * Requests to the API outside declarative routing: `apiRequest`, one request whose answer is a
 * JSON:API document (list searches, the polling trigger's reads, the webhook trigger's hook
 * registration, the lookups of find or create, custom fields), `apiRequestUnlessNotFound`, one
 * whose 404 is an answer (the webhook trigger's confirming read, a hook already deleted), and
 * `apiList`, every record of a list. Each leaves through the one door (door.ts) with the credential
 * type decided once, follows redirects and the OAuth2 renewal through `finalAnswer` (redirects.ts),
 * applies the 429 rule (throttle.ts), checks the answer (`checkedDocument`, answer.ts) and words a
 * failure with the credential's secrets redacted (`friendlyError`, failure.ts).
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import type { ErrorSubject } from '../errors';
import { isResourceObject, type JsonApiDocument, type ResourceObject } from '../jsonapi';
import { documentHasMore } from '../paging';
import { MAX_PAGE_SIZE } from '../tables/registry';
import { checkedDocument, parseBody } from './answer';
import { friendlyError } from './failure';
import { finalAnswer } from './redirects';
import { answerWithThrottleRule } from './throttle';
import { apiRootAndSecrets, credentialTypeOf, type RequestContext } from './credentials';
import { DEFAULT_TIMEOUT_SECONDS, JSON_API_MEDIA_TYPE, sendThroughDoor } from './door';

/** What `apiRequest` may be given besides its method and path; every member is optional. */
export interface ApiRequestOptions {
	/** The query string's parameters, for example `{ 'page[size]': 100 }` (default: none). */
	qs?: IDataObject;
	/** The record the request is about, named in its error messages (`subjectOf`, api/errors.ts). */
	subject?: ErrorSubject;
	/** A JSON:API document to send (as `application/vnd.api+json`), for writes. */
	body?: IDataObject;
	/**
	 * Given the final answer's HTTP headers (lower-case names) once its document passed the checks
	 * (the trigger reads the API's clock from `date`).
	 */
	onResponse?: (headers: IDataObject) => void;
	/**
	 * The longest `Retry-After` the caller can wait (ms), read when an answer asks to wait (the
	 * polling trigger: the time its poll has left); by default, and at most, 60 s.
	 */
	throttleLimitMs?: () => number;
}

/** What the door gave a request outside routing: its final answer and the secrets to keep out of what is shown. */
interface Exchange {
	response: IN8nHttpFullResponse;
	secrets: string[];
}

/**
 * Sends the request (`requestFor`, given the credential's API root) through the door and reads its final answer (redirects within the origin and the
 * OAuth2 renewal followed, the 429 rule applied to reads), then hands it to `judge`; any error,
 * `judge`'s included, leaves worded by `friendlyError` (secrets redacted).
 */
async function exchange<T>(
	context: RequestContext | IExecuteSingleFunctions,
	requestFor: (root: string) => IHttpRequestOptions,
	throttleLimitMs: (() => number) | undefined,
	judge: (exchanged: Exchange) => T,
): Promise<T> {
	const credentialType = credentialTypeOf(context);
	const { root, secrets } = await apiRootAndSecrets(context, credentialType);
	const request = requestFor(root);
	const cancelled = () =>
		'getExecutionCancelSignal' in context && context.getExecutionCancelSignal?.()?.aborted === true;
	try {
		// An answer asking to slow down: the package's rule (throttle.ts), reads only.
		const response = await answerWithThrottleRule(
			request.method,
			async () => {
				const received = await sendThroughDoor(context, credentialType, request, { root });
				return await finalAnswer(context, credentialType, request, received, root);
			},
			cancelled,
			throttleLimitMs,
		);
		return judge({ response, secrets });
	} catch (error) {
		throw await friendlyError(context, error, request, credentialType);
	}
}

/** The request of `apiRequest`: method, path under the API root, query, JSON:API headers and body, the default timeout. */
function requestOf(
	root: string,
	method: IHttpRequestMethods,
	path: string,
	{ qs = {}, body }: ApiRequestOptions,
): IHttpRequestOptions {
	return {
		method,
		baseURL: root,
		url: path,
		qs,
		headers: body
			? { Accept: JSON_API_MEDIA_TYPE, 'Content-Type': JSON_API_MEDIA_TYPE }
			: { Accept: JSON_API_MEDIA_TYPE },
		...(body ? { body } : {}),
		timeout: DEFAULT_TIMEOUT_SECONDS * 1000,
	};
}

/**
 * One request to the API outside declarative routing (list searches, the triggers' reads, hook
 * registration, the lookups of find or create), through the door with the selected credential. A
 * read (GET) asked to slow down is sent again once after its `Retry-After`, a write never (throttle.ts).
 * @param path Relative to `{base URL}/v1`, for example `/orders`.
 * @param options The query, the record it is about, a body, and the hooks (`ApiRequestOptions`).
 * @returns The checked JSON:API document (errors throw NodeApiError, see `checkedDocument`).
 */
export async function apiRequest(
	context: RequestContext | IExecuteSingleFunctions,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<JsonApiDocument> {
	const requestFor = (root: string) => requestOf(root, method, path, options);
	return await exchange(context, requestFor, options.throttleLimitMs, ({ response, secrets }) => {
		const document = checkedDocument(context, response, options.subject ?? {}, secrets);
		options.onResponse?.((response.headers ?? {}) as IDataObject);
		return document;
	});
}

/**
 * Like `apiRequest`, for a request whose 404 is an answer rather than an error (a record the API
 * does not know yet, a hook already deleted) and whose success may have no body (DELETE's 204).
 * @returns `undefined` for a 404; else the document, or `null` for a 2xx without a body.
 * @throws NodeApiError for every other failure, as `apiRequest`.
 */
export async function apiRequestUnlessNotFound(
	context: RequestContext,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<JsonApiDocument | null | undefined> {
	const requestFor = (root: string) => requestOf(root, method, path, options);
	return await exchange(context, requestFor, options.throttleLimitMs, ({ response, secrets }) => {
		if (response.statusCode === 404) return undefined;
		if (response.statusCode < 300 && parseBody(response.body) === undefined) return null;
		return checkedDocument(context, response, options.subject ?? {}, secrets);
	});
}

/**
 * One request as n8n's routing built it (method, URL, query, body, headers and the door's rules
 * written by the preSends), sent by the node's request runner itself through the same way as
 * `apiRequest` (the by-email operations of Contact: the create, update, grant or revoke after the
 * lookup). Its URL must lie within the credential's Base URL (door.ts refuses it otherwise).
 * @returns The checked JSON:API document and the answer's HTTP status (errors throw NodeApiError,
 *   see `checkedDocument`).
 */
export async function requestAsBuilt(
	context: IExecuteSingleFunctions,
	request: DeclarativeRestApiSettings.HttpRequestOptions,
	subject: ErrorSubject = {},
): Promise<{ document: JsonApiDocument; statusCode: number }> {
	// The routing's request options are what n8n's routing itself hands its HTTP helper.
	const options = request as IHttpRequestOptions;
	return await exchange(
		context,
		() => options,
		undefined,
		({ response, secrets }) => ({
			document: checkedDocument(context, response, subject, secrets),
			statusCode: response.statusCode,
		}),
	);
}

/**
 * Every record of a list outside routing (the lookups of find or create, a site's custom fields):
 * pages of 100 through `apiRequest` until a page is short or empty, the document says no page
 * follows, or a page brings no record not seen before; at most `maxPages` pages.
 * @returns The records, each once, in the API's order, and whether the list was read to its end
 *   (false when `maxPages` pages were read and more followed).
 */
export async function apiList(
	context: RequestContext | IExecuteSingleFunctions,
	path: string,
	qs: IDataObject,
	maxPages: number,
	subject: ErrorSubject = {},
): Promise<{ records: ResourceObject[]; complete: boolean }> {
	const records: ResourceObject[] = [];
	const seen = new Set<string>();
	for (let page = 1; page <= maxPages; page++) {
		const document = await apiRequest(context, 'GET', path, {
			qs: { ...qs, 'page[number]': page, 'page[size]': MAX_PAGE_SIZE },
			subject,
		});
		const onPage = (Array.isArray(document.data) ? document.data : []).filter(isResourceObject);
		let fresh = 0;
		for (const record of onPage) {
			if (seen.has(String(record.id))) continue;
			seen.add(String(record.id));
			records.push(record);
			fresh++;
		}
		const more = documentHasMore(document) ?? onPage.length >= MAX_PAGE_SIZE;
		if (!more || onPage.length === 0 || fresh === 0) return { records, complete: true };
	}
	return { records, complete: false };
}
