/**
 * The OAuth2 token renewal after a 401 that n8n 1.x hands back unrenewed: whether an answer is one
 * (`isUnrenewed401`), and the one retry with n8n renewing the token (`renewAfterUnrenewed401`),
 * sent through the one door (door.ts, where `statusErrorPolicy` says which statuses n8n leaves to
 * the package).
 */
import type { IHttpRequestOptions, IN8nHttpFullResponse, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { OAUTH2_CREDENTIAL, type AnyContext } from './credentials';
import { sendThroughDoor } from './door';

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
 * Sends an OAuth2 request again through the door with HTTP errors not ignored, after an unrenewed
 * 401: n8n-core's OAuth2 path then sees the 401, fetches a new token, stores it and retries once (1
 * token request). An HTTP error after that comes back as an answer again, so `checkedDocument`
 * words it as usual.
 * @param root The credential's API root: the origin the request may go to (door.ts).
 * @returns The answer to the retried request (full response).
 */
export async function renewAfterUnrenewed401(
	context: AnyContext,
	credentialType: string,
	options: IHttpRequestOptions,
	root: string,
): Promise<IN8nHttpFullResponse> {
	try {
		return await sendThroughDoor(context, credentialType, options, { root, n8nSeesErrors: true });
	} catch (error) {
		const answer =
			(error as { cause?: { response?: AxiosLikeResponse }; response?: AxiosLikeResponse }).cause?.response ??
			(error as { response?: AxiosLikeResponse }).response;
		if (!answer || typeof answer.status !== 'number') throw new NodeApiError(context.getNode(), error as JsonObject);
		return { statusCode: answer.status, body: answer.data, headers: answer.headers ?? {} } as IN8nHttpFullResponse;
	}
}

/**
 * What requests sent together (the pages of one Get Many, up to "Parallel Page Requests" at once)
 * share of the OAuth2 renewal: the first request that gets an unrenewed 401 renews the token, the
 * others wait for that renewal before they are sent again, so one token request serves them all.
 */
export interface SharedRenewal {
	/** Settles when the request that renewed the token got its answer. */
	renewal?: Promise<unknown>;
}

/**
 * The retry after an unrenewed 401 (`renewAfterUnrenewed401`), made once for the requests that
 * share `shared`: the first renews, the others wait for it and are then sent again with the new token.
 * @returns The answer to the retried request (full response).
 */
export async function renewOnce(
	context: AnyContext,
	credentialType: string,
	options: IHttpRequestOptions,
	root: string,
	shared: SharedRenewal,
): Promise<IN8nHttpFullResponse> {
	if (shared.renewal === undefined) {
		const first = renewAfterUnrenewed401(context, credentialType, options, root);
		shared.renewal = first.catch(() => undefined);
		return await first;
	}
	await shared.renewal;
	return await renewAfterUnrenewed401(context, credentialType, options, root);
}
