/**
 * The API's clock: the trigger's "now" is the time the API states in its answers' `Date` header
 * (RFC 9110 section 6.6.1, an HTTP-date in whole seconds), not n8n's clock, so records dated "now"
 * by a server whose clock runs ahead of or behind the n8n host are neither taken for records
 * dated ahead nor missed. No n8n plumbing; `apiTime` is a pure function, `firstFallback` keeps
 * one store for the process (`fallbackLogged`, at most `MAX_FALLBACK_LOGGED` entries:
 * docs/development.md "State that outlives one call").
 */
import { headerValue } from '../api/headers';

/** The `Date` header counts whole seconds: the API's clock was somewhere in [date, date + this) ms. */
export const DATE_RESOLUTION_MS = 1000;

/**
 * The API's time in an answer's headers.
 * @param headers the answer's HTTP headers (names in any case; n8n gives them lower-case).
 * @returns `{ at, now }` in ms since the epoch: `at` the stated second (the earliest the answer
 *   may have been made), `now` its last millisecond (the latest: every record in the answer was
 *   created by then); undefined when the header is missing or not a date.
 */
export function apiTime(headers: Record<string, unknown> | undefined): { at: number; now: number } | undefined {
	const text = headerValue(headers, 'date');
	if (text === undefined || text.trim() === '') return undefined;
	const at = Date.parse(text);
	if (!Number.isFinite(at)) return undefined;
	return { at, now: at + DATE_RESOLUTION_MS - 1 };
}

/**
 * Triggers (workflow ID and node name) that already logged the fallback to n8n's clock in this
 * process, in the order they logged it; at most `MAX_FALLBACK_LOGGED`.
 */
const fallbackLogged = new Set<string>();

/** The most triggers `fallbackLogged` remembers: past it, the one that logged longest ago is forgotten. */
export const MAX_FALLBACK_LOGGED = 1000;

/**
 * Whether the fallback to n8n's clock (no readable `Date` header) should be logged for the
 * trigger `who`: true the first time in this process, false after (a trigger forgotten past
 * `MAX_FALLBACK_LOGGED` others logs it once more).
 */
export function firstFallback(who: string): boolean {
	if (fallbackLogged.has(who)) return false;
	if (fallbackLogged.size >= MAX_FALLBACK_LOGGED) {
		const oldest = fallbackLogged.values().next();
		if (!oldest.done) fallbackLogged.delete(oldest.value);
	}
	fallbackLogged.add(who);
	return true;
}
