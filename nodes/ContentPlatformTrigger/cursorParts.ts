/**
 * The parts every strategy's cursor is built from (each cursor variant and its reader live beside
 * its strategy, strategies/<kind>.cursor.ts; the union and how it is stored and read back in
 * cursorStorage.ts): the record a poll reads, the stored envelope, the limits, the time helpers,
 * ID sets stored as runs, and the read checks of the stored values. Pure functions, no n8n
 * plumbing.
 */

/** What the strategies need of a record: its ID and its creation time (ms), NaN when unreadable. */
export interface PollRecord {
	id: string;
	/** `created_at` in ms since the epoch; NaN when the attribute is missing, null, not a string or not a date. */
	time: number;
}

/** Format version of the stored cursor. Version 1 (no `kind`) is still read. */
export const CURSOR_VERSION = 2;

/** What every cursor variant carries (its `kind` names the strategy, see cursorStorage.ts). */
export interface CursorBase {
	v: typeof CURSOR_VERSION;
	/** What the cursor is for (event and filters); a cursor for something else is a fresh start. */
	key: string;
}

/** Page size of the trigger's requests (the API's maximum is not shown; 100 as in the action node). */
export const TRIGGER_PAGE_SIZE = 100;

/** Most IDs of records without a readable `created_at` remembered (`odd`), newest first. */
export const MAX_ODD = 200;

/** Most IDs a stored set may expand to (a safety net far above real bursts). */
export const MAX_SET_IDS = 5000;

/**
 * The `odd` list of the next cursor: the IDs of the records of `fresh` (oldest first) that have no
 * readable `created_at`, newest first, then the IDs remembered before that this poll read again
 * (`seen`), then the other remembered ones; each once, at most `MAX_ODD`. The strategies hold back
 * undated records beyond that room (so the first two groups always fit: none is emitted twice).
 */
export function nextOdd(
	fresh: PollRecord[],
	remembered: Iterable<string>,
	seen: ReadonlyMap<string, unknown>,
): string[] {
	const undated = fresh
		.filter((r) => Number.isNaN(r.time))
		.map((r) => r.id)
		.reverse();
	const old = [...remembered];
	return [...new Set([...undated, ...old.filter((id) => seen.has(id)), ...old])].slice(0, MAX_ODD);
}

/**
 * How many undated records (no readable `created_at`) a poll may still emit: `MAX_ODD` less the
 * undated records it read that `odd` (the cursor's remembered IDs) already holds. The strategies
 * hold back the undated records beyond it, so that `nextOdd` keeps every one emitted.
 */
export function oddRoom(read: PollRecord[], odd: ReadonlySet<string>): number {
	return MAX_ODD - read.filter((r) => Number.isNaN(r.time) && odd.has(r.id)).length;
}

/** The poll's warning when `held` undated records were held back because `odd` was full (see `oddRoom`). */
export function oddHeldWarning(held: number): string {
	return `${held} new record(s) without a readable created_at were held back: the trigger remembers at most ${MAX_ODD} such records; they are emitted by a later poll once there is room`;
}

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

// ---------------------------------------------------------------------------------------------
// Storage: IDs of a set as runs of consecutive integers
// ---------------------------------------------------------------------------------------------

/** Shortest run stored as a pair: `[a,b]` is shorter than `"a","b","c"` from three IDs on. */
const MIN_RUN = 3;

/** A canonical decimal integer ID ("12", not "012", "1e3" or "-1"), within the safe integers. */
const INTEGER_ID = /^(0|[1-9][0-9]{0,14})$/;

/**
 * IDs of a set (order carries no meaning) as `{ ids, runs }`: runs of three or more consecutive
 * integer IDs (as a burst of records gets them) become `[first, last]` pairs.
 */
export function packIds(ids: string[]): { ids: string[]; runs?: Array<[number, number]> } {
	const numbers: number[] = [];
	const others: string[] = [];
	for (const id of new Set(ids)) {
		if (INTEGER_ID.test(id)) numbers.push(Number(id));
		else others.push(id);
	}
	numbers.sort((a, b) => a - b);
	const runs: Array<[number, number]> = [];
	for (let start = 0; start < numbers.length; ) {
		let end = start;
		while (end + 1 < numbers.length && numbers[end + 1] === numbers[end] + 1) end++;
		if (end - start + 1 >= MIN_RUN) runs.push([numbers[start], numbers[end]]);
		else others.push(...numbers.slice(start, end + 1).map(String));
		start = end + 1;
	}
	return runs.length ? { ids: others, runs } : { ids: others };
}

/** The IDs of `ids` + `runs` as packed by `packIds`, or undefined when they are not valid. */
export function unpackIds(ids: unknown, runs: unknown): string[] | undefined {
	if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return undefined;
	const out: string[] = [...(ids as string[])];
	if (runs === undefined) return out.length <= MAX_SET_IDS ? out : undefined;
	if (!Array.isArray(runs)) return undefined;
	for (const run of runs as unknown[]) {
		if (!Array.isArray(run) || run.length !== 2) return undefined;
		const [from, to] = run as unknown[];
		if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) return undefined;
		if ((from as number) < 0 || (to as number) < (from as number)) return undefined;
		if (out.length + ((to as number) - (from as number) + 1) > MAX_SET_IDS) return undefined;
		for (let id = from as number; id <= (to as number); id++) out.push(String(id));
	}
	return out;
}

// ---------------------------------------------------------------------------------------------
// The dated cursors (`createdAt`, `dateWindow`): watermark, ID set, undated IDs
// ---------------------------------------------------------------------------------------------

/** What the two dated cursor variants share: the watermark, an ID set (stored packed) and `odd`. */
export interface DatedFields {
	/** ISO 8601, or null for an empty list. */
	watermark: string | null;
	ids: string[];
	/** IDs of emitted records whose `created_at` is missing or not a date (at most MAX_ODD). */
	odd: string[];
}

/**
 * A dated cursor as kept in static data: plain JSON, the ID set packed with `packIds` (its `runs`
 * last), an empty `odd` left out (read back as empty).
 */
export function storeDated(cursor: CursorBase & DatedFields): Record<string, unknown> {
	const { ids, runs } = packIds(cursor.ids);
	const stored: Record<string, unknown> = { ...cursor, ids };
	if (runs) stored.runs = runs;
	if (cursor.odd.length === 0) delete stored.odd;
	return stored;
}

/** The fields `storeDated` wrote, or undefined when one is not valid (a missing `odd` is empty). */
export function readDated(stored: Record<string, unknown>): DatedFields | undefined {
	const ids = unpackIds(stored.ids, stored.runs);
	const watermark = stored.watermark ?? null;
	const odd = stored.odd ?? [];
	if (!ids || !isIsoOrNull(watermark) || !stringList(odd, MAX_ODD)) return undefined;
	return { watermark, ids, odd };
}

// ---------------------------------------------------------------------------------------------
// Read checks of stored values (every reader uses these)
// ---------------------------------------------------------------------------------------------

/** Whether a stored value is an ISO 8601 time as `parseTime` reads it. */
export const isIso = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(parseTime(v));

/** `isIso`, or null. */
export const isIsoOrNull = (v: unknown): v is string | null => v === null || isIso(v);

/** Whether a stored value is a list of at most `max` strings. */
export const stringList = (v: unknown, max: number): v is string[] =>
	Array.isArray(v) && v.length <= max && v.every((id) => typeof id === 'string');

/** Whether a stored value is a safe integer ≥ `min`. */
export const integerFrom = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;
