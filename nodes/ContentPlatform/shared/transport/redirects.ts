import type { IHttpRequestMethods, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { originOf } from '../baseUrl';
import type { AnyContext } from './credential';

/**
 * Redirects: every request of the package is sent with `disableFollowRedirect`, and the package
 * follows a redirect itself, only within the origin of the credential's Base URL
 * (`followRedirects`), so no credential and no body ever reaches another origin.
 */

/** How many redirects within the Base URL's origin one request follows. */
const MAX_REDIRECTS = 5;

/** A response header by its lower-case name (the first value of a repeated one), or undefined. */
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
 * port) of the credential's Base URL, at most 5 in a row, each through n8n's authenticated request
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
		const location = headerOf(response, 'location');
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
		response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			credentialType,
			current,
		)) as IN8nHttpFullResponse;
	}
	return response;
}
