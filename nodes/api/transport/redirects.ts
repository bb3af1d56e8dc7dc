/**
 * Redirects, followed by the package itself and only within the origin of the credential's Base
 * URL, so no credential and no body ever reaches another origin: every request leaves through the
 * one door (door.ts) with `disableFollowRedirect`, and its answer goes through `followRedirects`,
 * each hop through the door again; `finalAnswer` is the answer a request ends with, its redirects
 * followed, sent once more after an OAuth2 401 that n8n 1.x hands back (oauth2Renewal.ts).
 */
import type { IHttpRequestMethods, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { originOf } from './baseUrl';
import { sendThroughDoor } from './door';
import type { AnyContext } from './credentials';
import { isUnrenewed401, renewOnce, type SharedRenewal } from './oauth2Renewal';
import { headerValue } from '../headers';

/**
 * The final answer to a request: redirects followed within the Base URL's origin
 * (`followRedirects`), and, when that answer is an unrenewed OAuth2 401 (n8n 1.x), the request
 * sent once more with n8n renewing the token (`renewOnce`, oauth2Renewal.ts) and its redirects
 * followed. Requests that go out together (the pages of one Get Many) pass one `renewal`, so
 * they share one token request.
 */
export async function finalAnswer(
	context: AnyContext,
	credentialType: string,
	request: IHttpRequestOptions,
	received: IN8nHttpFullResponse,
	root: string,
	renewal: SharedRenewal = {},
): Promise<IN8nHttpFullResponse> {
	const response = await followRedirects(context, credentialType, request, received, root);
	if (!isUnrenewed401(credentialType, response)) return response;
	const renewed = await renewOnce(context, credentialType, request, root, renewal);
	return await followRedirects(context, credentialType, request, renewed, root);
}

/** How many redirects within the Base URL's origin one request follows. */
const MAX_REDIRECTS = 5;

/** The URL a request was sent to, for resolving a relative `Location`. */
function requestUrl(options: IHttpRequestOptions): string {
	if (/^https?:\/\//i.test(options.url)) return options.url;
	return `${options.baseURL ?? ''}${options.url}`;
}

/** The NodeApiError of a redirect the package does not follow, with the redirect's status. */
function redirectError(context: AnyContext, statusCode: number, message: string, description?: string): NodeApiError {
	return new NodeApiError(
		context.getNode(),
		{ httpCode: String(statusCode) },
		{ message, ...(description === undefined ? {} : { description }), httpCode: String(statusCode) },
	);
}

/**
 * Follows redirects of an answer the way the package allows: only within the origin (scheme, host,
 * port) of the credential's Base URL, at most 5 in a row, each through the door (`sendThroughDoor`)
 * with the request's credential type (307/308 keep the method and body; 303, and 301/302 of a
 * write, continue with a GET; the Authorization header is never copied, Content-* headers only
 * with the body).
 * @param credentialType The credential type the request was sent with (decided once by the caller).
 * @param root The credential's API root: its origin is the only one redirects may lead to.
 * @returns The first answer that is not a redirect (or a redirect without `Location`).
 * @throws NodeApiError naming the target when a redirect leaves the Base URL's origin, when its
 * target is not a URL, or when there are more than 5.
 */
export async function followRedirects(
	context: AnyContext,
	credentialType: string,
	request: IHttpRequestOptions,
	response: IN8nHttpFullResponse,
	root: string,
): Promise<IN8nHttpFullResponse> {
	let current = request;
	for (let hop = 0; response.statusCode >= 300 && response.statusCode < 400; hop++) {
		const location = headerValue(response.headers, 'location');
		if (location === undefined) return response;
		let target: URL;
		try {
			target = new URL(location, requestUrl(current));
		} catch {
			throw redirectError(
				context,
				response.statusCode,
				`The Content Platform API answered ${response.statusCode} with an invalid redirect target "${location}"`,
			);
		}
		const allowed = originOf(root);
		if (target.origin !== allowed) {
			throw redirectError(
				context,
				response.statusCode,
				`The Content Platform API redirected (${response.statusCode}) to ${target.origin}${target.pathname}, outside the credential's Base URL (${allowed}): the request was not sent there`,
				'Credentials and request bodies are only ever sent to the origin of the Base URL. If the API has moved, change the Base URL of the credential.',
			);
		}
		if (hop >= MAX_REDIRECTS) {
			throw redirectError(
				context,
				response.statusCode,
				`The Content Platform API redirected more than ${MAX_REDIRECTS} times in a row (last to ${target.pathname})`,
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
		response = await sendThroughDoor(context, credentialType, current, { root });
	}
	return response;
}
