/**
 * The OAuth2 token renewal after a 401, as the node's requests need it on every n8n version: which
 * HTTP error statuses n8n may leave to the package (all but OAuth2's 401, which n8n must see to
 * renew the token), and the one retry after a 401 that n8n 1.x hands back unrenewed.
 */
import type { IgnoreStatusErrorConfig, IHttpRequestOptions, IN8nHttpFullResponse, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { OAUTH2_CREDENTIAL, type AnyContext } from './credentials';

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
