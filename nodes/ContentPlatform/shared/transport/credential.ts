/**
 * The credential of a request and the 401 renewal: which credential type the node's
 * "Authentication" selects, the API root and secrets it holds, which HTTP error statuses n8n
 * leaves to the package, and the one retry after an OAuth2 401 that n8n 1.x hands back.
 * Every request decides its credential type once (`credentialTypeOf`) and passes it on.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	IgnoreStatusErrorConfig,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiRoot, baseUrlProblem } from '../baseUrl';
import { apiAnswerOf } from '../errors';

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

/** A context that sends requests outside declarative routing (list searches, the triggers' hooks and webhooks). */
export type RequestContext = IPollFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

/** Any context the package sends requests from: a routing hook's, or a `RequestContext`. */
export type AnyContext = IExecuteSingleFunctions | RequestContext;

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
 * The credential's API root (`{base URL}/v1`, see `shared/baseUrl.ts`) and the secrets it holds
 * (access token, client secret, OAuth2 tokens), to keep them out of every error.
 * @param credentialType The request's credential type (`credentialTypeOf`), decided once by the caller.
 * @throws NodeOperationError naming the fix when the Base URL cannot be used.
 */
export async function credentialContext(
	context: AnyContext,
	credentialType: string = credentialTypeOf(context),
): Promise<{ root: string; secrets: string[] }> {
	const credentials = await context.getCredentials(credentialType);
	const token = (credentials.oauthTokenData ?? {}) as IDataObject;
	const secrets = [credentials.accessToken, credentials.clientSecret, token.access_token, token.refresh_token].filter(
		(value): value is string => typeof value === 'string' && value.length >= 4,
	);
	const problem = baseUrlProblem(credentials.baseUrl);
	if (problem !== undefined) throw new NodeOperationError(context.getNode(), problem);
	return { root: apiRoot(credentials.baseUrl), secrets };
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
export function isUnrenewed401(credentialType: string, response: Pick<IN8nHttpFullResponse, 'statusCode'>): boolean {
	return credentialType === OAUTH2_CREDENTIAL && response.statusCode === 401;
}

type AxiosLikeResponse = { status: number; data?: unknown; headers?: Record<string, string> };

/**
 * Sends an OAuth2 request again with HTTP errors not ignored, after an unrenewed 401: n8n-core's
 * OAuth2 path then sees the 401, fetches a new token, stores it and retries once (1 token request).
 * An HTTP error after that comes back as an answer again, so `checkedDocument` words it as usual.
 * @returns The answer to the retried request (full response).
 */
export async function renewAfterUnrenewed401(
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

/**
 * Marks the error of an unrenewed OAuth2 401 on a Get Many page (made by `apiErrorFromResponse`):
 * carried on its `ApiAnswer` (shared/errors.ts), read back by `isUnrenewedPageError`.
 */
export function markUnrenewedPage<T extends object>(error: T): T {
	const answer = apiAnswerOf(error);
	if (answer) answer.unrenewed401 = true;
	return error;
}

/** Whether the page reader (`readPage`) sends the page once more with n8n renewing the token (`markUnrenewedPage`). */
export function isUnrenewedPageError(error: object): boolean {
	return apiAnswerOf(error)?.unrenewed401 === true;
}
