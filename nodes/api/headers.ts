/**
 * An answer's headers, read one way: any header by name (`headerValue`, the package's one header
 * lookup: the `Retry-After` and `Location` of an answer, the API's clock in its `Date`), and
 * `Retry-After` read as the wait it asks for (`retryAfterMs`) or in words (`retryAfterText`).
 * (RFC 9110 §10.2.3: delay-seconds or an HTTP date.)
 */
/**
 * The value of a response header, by name in lower case whatever its case in `headers` (the first
 * of repeated ones), or undefined when it is absent: the package's one header lookup (the
 * `Retry-After` and `Location` of an answer, the API's clock in its `Date`).
 */
export function headerValue(headers: Readonly<Record<string, unknown>> | undefined, name: string): string | undefined {
	if (!headers) return undefined;
	const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
	const value: unknown = Array.isArray(found?.[1]) ? (found[1] as unknown[])[0] : found?.[1];
	return value === undefined || value === null ? undefined : String(value);
}

/**
 * `Retry-After` as words: "7 seconds" for delay-seconds, "Tue, 24 Nov 2026 10:00:00 GMT (in 30
 * seconds)" for an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable.
 */
export function retryAfterText(value: string | undefined, now: number = Date.now()): string | undefined {
	const parsed = parseRetryAfter(value);
	if (parsed === undefined) return undefined;
	if (parsed.at === undefined) return `${parsed.seconds} second${parsed.seconds === 1 ? '' : 's'}`;
	const seconds = Math.max(0, Math.ceil((parsed.at - now) / 1000));
	return `${new Date(parsed.at).toUTCString()} (in ${seconds} second${seconds === 1 ? '' : 's'})`;
}

/**
 * `Retry-After` as the wait it asks for, in milliseconds from `now` (delay-seconds, or an HTTP
 * date: RFC 9110 §10.2.3; a date in the past is 0); undefined when absent or unreadable.
 */
export function retryAfterMs(value: string | undefined, now: number = Date.now()): number | undefined {
	const parsed = parseRetryAfter(value);
	if (parsed === undefined) return undefined;
	return parsed.at === undefined ? parsed.seconds * 1000 : Math.max(0, parsed.at - now);
}

/** `Retry-After` read: delay-seconds, or the time (ms since the epoch) of an HTTP date. */
function parseRetryAfter(value: string | undefined): { seconds: number; at?: undefined } | { at: number } | undefined {
	const text = value?.trim();
	if (!text) return undefined;
	if (/^\d+$/.test(text)) return { seconds: Number(text) };
	const at = Date.parse(text);
	return Number.isNaN(at) ? undefined : { at };
}
