/**
 * The values a cursor stores, written and read back one way: a time as ISO 8601 text (`iso`) and
 * an API `created_at` as a time (`parseTime`), and the checks a reader applies to each stored
 * value (`isIso`, `isIsoOrNull`, `stringList`, `integerFrom`). Pure functions.
 */

/**
 * Reads an API `created_at` value. Only an ISO 8601 string is a date here: a number, null, a
 * missing attribute or a string that is not a date gives NaN (the record has no usable time).
 */
export function parseTime(value: unknown): number {
	if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return Number.NaN;
	return Date.parse(value);
}

/** ISO 8601 of a time in ms. */
export function iso(ms: number): string {
	return new Date(ms).toISOString();
}

/** Whether a stored value is an ISO 8601 time as `parseTime` reads it. */
export const isIso = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(parseTime(v));

/** `isIso`, or null. */
export const isIsoOrNull = (v: unknown): v is string | null => v === null || isIso(v);

/** Whether a stored value is a list of at most `max` strings. */
export const stringList = (v: unknown, max: number): v is string[] =>
	Array.isArray(v) && v.length <= max && v.every((id) => typeof id === 'string');

/** Whether a stored value is a safe integer ≥ `min`. */
export const integerFrom = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;
