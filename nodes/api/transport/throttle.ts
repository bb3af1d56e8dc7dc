/**
 * The package's one rule for answers asking to slow down (a 429, or a 503 with `Retry-After`),
 * written once here and applied by every path that sends a request: the node's routing (a routed
 * request's answer, `finalRoutedAnswer`; Get Many's pages at any "Parallel Page Requests",
 * `schedulePages`), and the requests outside routing (`apiRequest`: list searches, the lookups of find
 * or create, custom fields, the triggers' reads).
 * - Reads (GET) are sent again **once** (`MAX_THROTTLE_RETRIES`) after waiting what
 *   `Retry-After` asks (delay-seconds or an HTTP date; `DEFAULT_THROTTLE_WAIT_MS` when a 429 has
 *   none). A wait longer than `MAX_THROTTLE_WAIT_MS` (60 s) is not waited for: the request fails
 *   at once. So one request waits at most 60 s; when the second answer asks to slow down again,
 *   it fails with the worded 429 ("Rate limited by the Content Platform API: retry after N
 *   seconds"). A caller with a deadline (the polling trigger: the time its poll has left) passes
 *   a lower limit: a wait beyond it is not waited for either, the request fails the same way.
 * - Writes (POST, PATCH, PUT, DELETE) are never sent again by the package (a write sent twice may
 *   be carried out twice): the worded 429 reaches the user at once, after exactly one request.
 * - The wait uses n8n's own `sleep` in slices of `WAIT_SLICE_MS` and ends early when the
 *   execution is cancelled; nothing is sent after a cancellation.
 */
import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { headerValue, retryAfterMs } from '../headers';

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
function isRetriedMethod(method: string | undefined): boolean {
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

/**
 * For requests whose answers come back as they are (`returnFullResponse`, HTTP errors not thrown:
 * the requests outside routing, and a routed request's answer in its postReceive,
 * `finalRoutedAnswer`): sends by `send` and, while the answer asks to slow down, applies the rule
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
