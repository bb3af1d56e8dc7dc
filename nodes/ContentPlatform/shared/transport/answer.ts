/**
 * An answer of the API until it is the user's, in the order the package handles it:
 *
 * 1. Redirects (`finalAnswer`, `followRedirects`): every request is sent with `disableFollowRedirect`,
 *    and the package follows a redirect itself, only within the origin of the credential's Base
 *    URL, so no credential and no body ever reaches another origin; then the one renewal after an
 *    OAuth2 401 that n8n 1.x hands back (oauth2Renewal.ts).
 * 2. Slowing down: the package's one rule for answers asking to slow down (a 429, or a 503 with
 *    `Retry-After`), written once here and applied by every path that sends a request: the node's
 *    routing (Get, Get Many's pages at any "Parallel Page Requests", through `runRequest`,
 *    `readPages`), and the requests outside routing (`apiRequest`: list searches, the lookups of
 *    find or create, custom fields, the triggers' reads).
 *    - Reads (GET) are sent again **once** (`MAX_THROTTLE_RETRIES`) after waiting what
 *      `Retry-After` asks (delay-seconds or an HTTP date; `DEFAULT_THROTTLE_WAIT_MS` when a 429 has
 *      none). A wait longer than `MAX_THROTTLE_WAIT_MS` (60 s) is not waited for: the request fails
 *      at once. So one request waits at most 60 s; when the second answer asks to slow down again,
 *      it fails with the worded 429 ("Rate limited by the Content Platform API: retry after N
 *      seconds"). A caller with a deadline (the polling trigger: the time its poll has left) passes
 *      a lower limit: a wait beyond it is not waited for either, the request fails the same way.
 *    - Writes (POST, PATCH, PUT, DELETE) are never sent again by the package (a write sent twice may
 *      be carried out twice): the worded 429 reaches the user at once, after exactly one request.
 *    - The wait uses n8n's own `sleep` in slices of `WAIT_SLICE_MS` and ends early when the
 *      execution is cancelled; nothing is sent after a cancellation.
 * 3. The check (`checkedDocument`): the answer as a JSON:API document, or the server's `errors[]`
 *    words as a NodeApiError (shared/errors.ts).
 * 4. A failed request as the user sees it (`friendlyError`): a timeout in seconds, a cancellation,
 *    or the error with the credential's secrets redacted.
 */
import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { originOf } from './baseUrl';
import { apiRootAndSecrets, credentialTypeOf, type AnyContext } from './credentials';
import { isUnrenewed401, renewAfterUnrenewed401 } from './oauth2Renewal';
import {
	apiAnswerOf,
	apiErrorFromResponse,
	headerValue,
	notJsonApiMessage,
	redactError,
	redactValue,
	retryAfterMs,
	type ErrorSubject,
} from '../errors';
import type { JsonApiDocument } from '../jsonapi';
// 1. Redirects

/**
 * The final answer to a request: redirects followed within the Base URL's origin
 * (`followRedirects`), and, when `renew` is set and that answer is an unrenewed OAuth2 401
 * (n8n 1.x), the request sent once more with n8n renewing the token and its redirects followed.
 */
export async function finalAnswer(
	context: AnyContext,
	credentialType: string,
	request: IHttpRequestOptions,
	received: IN8nHttpFullResponse,
	root: string,
	renew: boolean,
): Promise<IN8nHttpFullResponse> {
	let response = received;
	for (let attempt = 0; ; attempt++) {
		response = await followRedirects(context, credentialType, request, response, root);
		if (!renew || attempt > 0 || !isUnrenewed401(credentialType, response)) return response;
		response = await renewAfterUnrenewed401(context, credentialType, request);
	}
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
		response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			credentialType,
			current,
		)) as IN8nHttpFullResponse;
	}
	return response;
}

// 2. Slowing down (429)

/** How many times one read is sent again after answers asking to slow down. */
export const MAX_THROTTLE_RETRIES = 1;

/** The longest wait (ms) for a `Retry-After`; a longer one is not waited for (the request fails). */
export const MAX_THROTTLE_WAIT_MS = 60_000;

/** The wait (ms) when a 429 gives no `Retry-After`. */
export const DEFAULT_THROTTLE_WAIT_MS = 1000;

/** How long waits are cut into, to notice a cancelled execution (ms). */
const WAIT_SLICE_MS = 200;

/**
 * How long an answer asks the client to wait before its next request (ms): a 429 its
 * `Retry-After` (delay-seconds or HTTP date; else `DEFAULT_THROTTLE_WAIT_MS`), a 503 with a
 * `Retry-After` that; undefined for every other answer (other 5xx fail as they always did).
 */
export function throttleWaitOf(response: Pick<IN8nHttpFullResponse, 'statusCode' | 'headers'>): number | undefined {
	if (response.statusCode !== 429 && response.statusCode !== 503) return undefined;
	const retryAfter = retryAfterMs(headerValue((response.headers ?? {}) as IDataObject, 'retry-after'));
	return response.statusCode === 429 ? (retryAfter ?? DEFAULT_THROTTLE_WAIT_MS) : retryAfter;
}

/** Whether the package may send a request of this HTTP method again (reads only; undefined means GET). */
export function isRetriedMethod(method: string | undefined): boolean {
	return (method ?? 'GET').toUpperCase() === 'GET';
}

/**
 * The rule (see the module comment) for one answer asking to wait `wait` ms (`throttleWaitOf`),
 * to a request of `method` already sent again `retries` times.
 * @param limitMs The longest wait the caller can afford (the time a poll has left); the wait is
 *   bounded by the smaller of it and `MAX_THROTTLE_WAIT_MS`.
 * @returns the wait (ms, ≥ 0) before sending it again, or undefined when it is not sent again
 *   (not a read, no wait asked, retries used up, or a wait beyond `MAX_THROTTLE_WAIT_MS` or `limitMs`).
 */
export function throttleRetryWait(
	method: string | undefined,
	wait: number | undefined,
	retries: number,
	limitMs: number = MAX_THROTTLE_WAIT_MS,
): number | undefined {
	if (wait === undefined || !isRetriedMethod(method)) return undefined;
	if (retries >= MAX_THROTTLE_RETRIES || wait > Math.min(MAX_THROTTLE_WAIT_MS, limitMs)) return undefined;
	return Math.max(0, wait);
}

/** Waits `ms` with n8n's `sleep`, in slices, ending early once `cancelled()` says so. */
export async function waitUnlessCancelled(ms: number, cancelled: () => boolean): Promise<void> {
	for (let left = ms; left > 0 && !cancelled(); left -= WAIT_SLICE_MS) {
		await sleep(Math.min(WAIT_SLICE_MS, left));
	}
}

/** The wait (ms) a routed read's error asks for (its `apiAnswer.throttleWaitMs`, set by `toItems`), else undefined. */
export function throttledWaitOf(error: unknown): number | undefined {
	return apiAnswerOf(error)?.throttleWaitMs;
}

/** How a piece of work ended (a request, a page's check): its result, or the error it failed with (not thrown: the caller words it). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Runs `work` and gives how it ended (`Outcome`) instead of throwing. */
export async function outcomeOf<T>(work: () => Promise<T>): Promise<Outcome<T>> {
	try {
		return { ok: true, value: await work() };
	} catch (error) {
		return { ok: false, error };
	}
}

/**
 * Sends a request by `send` and, when it fails with an error `waitOf` gives a wait for, applies the
 * rule (`throttleRetryWait`): waits, then sends it again (not after a cancellation).
 * @returns what `send` returned, or the last error (for the caller to word).
 */
export async function sendWithThrottleRule<T>(
	method: string | undefined,
	send: () => Promise<T>,
	waitOf: (error: unknown) => number | undefined,
	cancelled: () => boolean,
): Promise<Outcome<T>> {
	for (let retries = 0; ; retries++) {
		const outcome = await outcomeOf(send);
		if (outcome.ok) return outcome;
		const ms = throttleRetryWait(method, waitOf(outcome.error), retries);
		if (ms === undefined || cancelled()) return outcome;
		await waitUnlessCancelled(ms, cancelled);
		if (cancelled()) return outcome;
	}
}

/**
 * For requests outside routing, whose answers come back as they are (`returnFullResponse`, HTTP
 * errors not thrown): sends by `send` and, while the answer asks to slow down, applies the rule
 * (`throttleRetryWait`): waits, then sends again (not after a cancellation).
 * @param limitMs When given, read at each answer asking to wait: the longest wait the caller can
 *   afford then (the time a poll has left); a longer wait is not waited for.
 * @returns the last answer (a 429 when the rule gave up: the caller words it).
 */
export async function answerWithThrottleRule(
	method: string | undefined,
	send: () => Promise<IN8nHttpFullResponse>,
	cancelled: () => boolean,
	limitMs?: () => number,
): Promise<IN8nHttpFullResponse> {
	for (let retries = 0; ; retries++) {
		const response = await send();
		const ms = throttleRetryWait(method, throttleWaitOf(response), retries, limitMs?.());
		if (ms === undefined || cancelled()) return response;
		await waitUnlessCancelled(ms, cancelled);
		if (cancelled()) return response;
	}
}

// 3. The check, 4. the failure

/** A response body as data: a Buffer or JSON text parsed, '' as undefined, other text kept as is. */
export function parseBody(body: unknown): unknown {
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

/**
 * An error of a request, as the user sees it: a timeout says how long the API was given, and the
 * credential's secrets are redacted from the message, description and details.
 * @param credentialType The request's credential type, when the caller has decided it already.
 */
export async function friendlyError(
	context: AnyContext,
	error: unknown,
	options: { timeout?: number },
	credentialType: string = credentialTypeOf(context),
): Promise<unknown> {
	let secrets: string[] = [];
	try {
		secrets = (await apiRootAndSecrets(context, credentialType)).secrets;
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
