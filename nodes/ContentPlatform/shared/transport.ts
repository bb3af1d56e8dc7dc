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
	IgnoreStatusErrorConfig,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiErrorFromResponse, notJsonApiMessage, withContext, type ErrorSubject } from './errors';
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

/**
 * `{base URL}/v1` from a credential's `baseUrl`, tolerating trailing slashes.
 * The same rule is written as an n8n expression in `requestDefaults.baseURL` and in the credentials.
 */
export function apiRoot(baseUrl: unknown): string {
	return `${String(baseUrl ?? '').trim().replace(/\/+$/, '')}/v1`;
}

type AnyContext = IExecuteSingleFunctions | IPollFunctions | ILoadOptionsFunctions;

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
 * retry (n8n-core `requestOAuth2`).
 */
export function statusErrorPolicy(credentialType: string): IgnoreStatusErrorConfig {
	return credentialType === OAUTH2_CREDENTIAL ? { ignore: true, except: [401] } : { ignore: true, except: [] };
}

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
): JsonApiDocument {
	const body = parseBody(response.body);
	if (response.statusCode >= 400) {
		throw apiErrorFromResponse(context.getNode(), { ...response, body: body as IN8nHttpFullResponse['body'] }, subject);
	}
	if (typeof body !== 'object' || body === null || !('data' in body)) {
		throw new NodeApiError(
			context.getNode(),
			{ httpCode: String(response.statusCode) },
			{ message: notJsonApiMessage(body), httpCode: String(response.statusCode) },
		);
	}
	return body as JsonApiDocument;
}

/** Where paging information of one page is kept on the array of its items (see `paginate`). */
const HAS_MORE = Symbol('hasMore');
type PageItems = INodeExecutionData[] & { [HAS_MORE]?: boolean };

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
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const document = checkedDocument(this, response, subjectOf(this));
	const simplify = this.getNodeParameter('simple', true) as boolean;
	const isList = this.getNodeParameter('operation') === 'getAll';
	let jsonItems: IDataObject[];
	try {
		if (Array.isArray(document.data) !== isList) {
			throw new TypeError(isList ? '"data" is not a list of resource objects' : '"data" is a list, not one resource object');
		}
		jsonItems = documentToItems(document, simplify);
	} catch (error) {
		throw new NodeApiError(this.getNode(), { httpCode: String(response.statusCode) }, {
			message: notJsonApiMessage(document),
			description: (error as Error).message,
		});
	}
	const item = this.getItemIndex();
	const items: PageItems = jsonItems.map((json) => ({ json, pairedItem: { item } }));
	Object.defineProperty(items, HAS_MORE, { value: documentHasMore(document), enumerable: false });
	return items;
}

/**
 * The paginator of every Get Many operation (spec "Limits": `page[number]` and `page[size]`).
 * Requests pages 1, 2, … of `min(Limit, 100)` records and stops when a page is shorter than the
 * page size or empty, when the document says no page follows, or when Limit records were read.
 * So Limit 10 costs one request and Return All over N records ceil(N / 100) (+1 when the last page
 * is exactly full and the API gives no paging links). An error names the page that failed; with
 * "On Error: Continue" the result is one error item paired with the input item, never a partial list.
 */
export async function paginate(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const limit = requestData.maxResults ? Number(requestData.maxResults) : Number.POSITIVE_INFINITY;
	const pageSize = Math.min(MAX_PAGE_SIZE, limit);
	const results: INodeExecutionData[] = [];
	for (let page = 1; ; page++) {
		const qs = { ...requestData.options.qs, 'page[number]': page, 'page[size]': pageSize };
		let items: PageItems;
		try {
			items = await this.makeRoutingRequest({ ...requestData, options: { ...requestData.options, qs } });
		} catch (error) {
			const failure = withContext(this.getNode(), error, `page ${page}, after ${results.length} records`);
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
 * preSend of every operation: lets our error handling see HTTP error answers (except the OAuth2
 * 401, see `statusErrorPolicy`) and refuses a Limit below 1 before any request.
 */
export async function prepareRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	requestOptions.ignoreHttpStatusErrors = statusErrorPolicy(credentialTypeOf(this));
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
 * @returns The checked JSON:API document (errors throw NodeApiError, see `checkedDocument`).
 */
export async function apiRequest(
	context: IPollFunctions | ILoadOptionsFunctions,
	method: IHttpRequestMethods,
	path: string,
	qs: IDataObject = {},
	subject: ErrorSubject = {},
): Promise<JsonApiDocument> {
	const credentialType = credentialTypeOf(context);
	const credentials = await context.getCredentials(credentialType);
	const response = (await context.helpers.httpRequestWithAuthentication.call(context, credentialType, {
		method,
		baseURL: apiRoot(credentials.baseUrl),
		url: path,
		qs,
		headers: { Accept: JSON_API_MEDIA_TYPE },
		returnFullResponse: true,
		ignoreHttpStatusErrors: statusErrorPolicy(credentialType),
	})) as IN8nHttpFullResponse;
	return checkedDocument(context, response, subject);
}
