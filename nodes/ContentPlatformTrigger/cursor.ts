/**
 * The trigger's cursor: a discriminated union (one variant per strategy, see strategies/), how it
 * is stored in the node's static data (plain JSON, small) and read back, and the time helpers the
 * strategies share. Pure functions, no n8n plumbing.
 */

/** How new records of a list endpoint are found (one module each under strategies/). */
export type StrategyKind = 'createdAt' | 'idOnly' | 'dateWindow';

/** Format version of the stored cursor. Version 1 (no `kind`) is still read. */
export const CURSOR_VERSION = 2;

interface CursorBase {
	v: typeof CURSOR_VERSION;
	/** What the cursor is for (event and filters); a cursor for something else is a fresh start. */
	key: string;
}

/**
 * `createdAt` (orders, order items, contacts, customers): every record created at or before
 * `watermark` was emitted, except those at exactly `watermark` whose ID is not in `ids`.
 */
export interface CreatedAtCursor extends CursorBase {
	kind: 'createdAt';
	/** The newest `created_at` (ISO 8601) emitted or seen at activation, at most the poll's clock; null for an empty list. */
	watermark: string | null;
	/** IDs of every record at the `watermark` instant (complete). */
	ids: string[];
	/** Records dated after the poll's clock that were already emitted: `[id, created_at]` (until the clock passes them). */
	ahead: Array<[string, string]>;
	/** IDs of emitted records whose `created_at` is missing or not a date. */
	odd: string[];
	/**
	 * A backlog larger than one poll's budget: where earlier polls stopped, shallowest first. The
	 * next poll goes straight to about position `at` of the last one (newest first), emits what
	 * lies between the watermark and its `before` (exclusive) and drops it; newer records are left
	 * to the polls after it (at most MAX_RESUME points).
	 */
	resume?: Array<{ at: number; before: string }>;
}

/** `idOnly` (form submissions: no timestamp attribute): the IDs of the most recent records, newest first. */
export interface IdOnlyCursor extends CursorBase {
	kind: 'idOnly';
	ids: string[];
	/**
	 * Position in `ids` of the anchor: records created after the poll that wrote the cursor lie
	 * above it (records dated ahead stay on top and never end a poll; see strategies/idOnly.ts).
	 */
	head?: number;
	/**
	 * A backlog larger than one poll's budget, in progress (strategies/idOnly.ts): the polls since
	 * the one that wrote `ids` and `head` read the list from position `top` (the newest record of
	 * the backlog) down to `at` (exclusive; `tail`, the last records read), and emitted `done`.
	 * `ids` and `head` stay until a poll reaches the anchor.
	 */
	resume?: { at: number; top: number; tail: string[]; done: string[] };
}

/**
 * `dateWindow` (transactions: no sort, only `filter[start_date]`): every record created before
 * `floor` was emitted; of those created at or after it, the ones in `ids`.
 */
export interface DateWindowCursor extends CursorBase {
	kind: 'dateWindow';
	/** The newest `created_at` read (at most the poll's clock); null for an empty list. */
	watermark: string | null;
	/** Records created before this instant are known (watermark − settle time, or higher). */
	floor: string | null;
	/** IDs of the records created at or after `floor` (and of emitted records dated beyond the clock). */
	ids: string[];
	/** IDs of emitted records whose `created_at` is missing or not a date. */
	odd: string[];
	/**
	 * A window larger than one poll's budget, in progress: the polls since `since` (ISO 8601, the
	 * first one's clock) read it in parts, each emitting what it found; the next one goes on from
	 * position `at`, after the records `tail` (the last ones read). Meanwhile `floor` stays and
	 * `ids` holds every record emitted since.
	 */
	resume?: { at: number; tail: string[]; since: string };
}

/** The cursor (one variant per strategy). */
export type Cursor = CreatedAtCursor | IdOnlyCursor | DateWindowCursor;

/** What the strategies need of a record: its ID and its creation time (ms), NaN when unreadable. */
export interface PollRecord {
	id: string;
	/** `created_at` in ms since the epoch; NaN when the attribute is missing, null, not a string or not a date. */
	time: number;
}

/** Page size of the trigger's requests (the API's maximum is not shown; 100 as in the action node). */
export const TRIGGER_PAGE_SIZE = 100;

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/** Most emitted future-dated records remembered (`ahead`); beyond, the farthest ahead are dropped. */
export const MAX_AHEAD = 200;

/** Most points of a backlog in progress kept (`resume`); beyond, the shallowest is dropped and read again later. */
export const MAX_RESUME = 20;

/** Most IDs of records without a readable `created_at` remembered (`odd`), newest first. */
export const MAX_ODD = 200;

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

/** `YYYY-MM-DD` of the UTC day `days` days before the instant `ms`. */
export function dayBefore(ms: number, days: number): string {
	return iso(ms - days * DAY_MS).slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Storage: IDs of a set as runs of consecutive integers
// ---------------------------------------------------------------------------------------------

/** Shortest run stored as a pair: `[a,b]` is shorter than `"a","b","c"` from three IDs on. */
const MIN_RUN = 3;

/** A canonical decimal integer ID ("12", not "012", "1e3" or "-1"), within the safe integers. */
const INTEGER_ID = /^(0|[1-9][0-9]{0,14})$/;

/** Most IDs a stored set may expand to (a safety net far above real bursts). */
export const MAX_SET_IDS = 5000;

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

/**
 * The cursor as kept in static data: plain JSON; the ID sets of `createdAt` and `dateWindow`
 * packed with `packIds` (`idOnly` keeps its IDs in order, newest first).
 */
export function storeCursor(cursor: Cursor): Record<string, unknown> {
	if (cursor.kind === 'idOnly') {
		const stored: Record<string, unknown> = { v: cursor.v, kind: cursor.kind, key: cursor.key, ids: cursor.ids };
		if (cursor.head) stored.head = cursor.head;
		if (cursor.resume) {
			const { ids, runs } = packIds(cursor.resume.done);
			stored.resume = { ...cursor.resume, done: ids, ...(runs ? { runs } : {}) };
		}
		return stored;
	}
	const { ids, runs } = packIds(cursor.ids);
	const stored: Record<string, unknown> = { ...cursor, ids };
	if (runs) stored.runs = runs;
	// Empty lists are left out (read back as empty).
	if (cursor.odd.length === 0) delete stored.odd;
	if (cursor.kind === 'createdAt' && cursor.ahead.length === 0) delete stored.ahead;
	return stored;
}

/** Why a stored cursor could not be used. */
export type CursorProblem = 'missing' | 'other-key' | 'unreadable';

const isIso = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(parseTime(v));
const isIsoOrNull = (v: unknown): v is string | null => v === null || isIso(v);
const stringList = (v: unknown, max: number): v is string[] =>
	Array.isArray(v) && v.length <= max && v.every((id) => typeof id === 'string');

/**
 * Reads a stored cursor for `key` and strategy `kind`.
 * @returns `{ cursor }`, or `{ problem }`: `missing` (nothing stored: first activation),
 *   `other-key` (stored for another event or other filters: a fresh start is expected), or
 *   `unreadable` (not a cursor this package wrote: the caller logs it and recovers).
 *   Version 1 cursors (before `kind`) are read into the current shape.
 */
export function readCursor(
	value: unknown,
	key: string,
	kind: StrategyKind,
): { cursor: Cursor } | { problem: CursorProblem } {
	if (value === undefined || value === null) return { problem: 'missing' };
	if (typeof value !== 'object' || Array.isArray(value)) return { problem: 'unreadable' };
	const stored = value as Record<string, unknown>;
	if (stored.v !== 1 && stored.v !== CURSOR_VERSION) return { problem: 'unreadable' };
	if (typeof stored.key !== 'string') return { problem: 'unreadable' };
	if (stored.key !== key) return { problem: 'other-key' };
	if (stored.v === CURSOR_VERSION && stored.kind !== kind) return { problem: 'unreadable' };
	if (kind === 'idOnly') {
		if (!stringList(stored.ids, MAX_SET_IDS)) return { problem: 'unreadable' };
		const head = stored.head ?? 0;
		if (!Number.isSafeInteger(head) || (head as number) < 0) return { problem: 'unreadable' };
		const cursor: IdOnlyCursor = { v: CURSOR_VERSION, kind, key, ids: stored.ids, head: head as number };
		if (stored.resume !== undefined) {
			const r = stored.resume as { at?: unknown; top?: unknown; tail?: unknown; done?: unknown; runs?: unknown } | null;
			const done = typeof r === 'object' && r !== null ? unpackIds(r.done, r.runs) : undefined;
			if (
				!done ||
				!Number.isSafeInteger(r!.at) ||
				!Number.isSafeInteger(r!.top) ||
				(r!.top as number) < 0 ||
				(r!.at as number) < (r!.top as number) ||
				!stringList(r!.tail, TRIGGER_PAGE_SIZE)
			) {
				return { problem: 'unreadable' };
			}
			cursor.resume = { at: r!.at as number, top: r!.top as number, tail: r!.tail, done };
		}
		return { cursor };
	}
	const ids = unpackIds(stored.ids, stored.runs);
	if (!ids || !isIsoOrNull(stored.watermark ?? null)) return { problem: 'unreadable' };
	const odd = stored.odd ?? [];
	if (!stringList(odd, MAX_ODD)) return { problem: 'unreadable' };
	const watermark = (stored.watermark ?? null) as string | null;
	if (kind === 'createdAt') {
		const ahead = stored.ahead ?? [];
		if (!Array.isArray(ahead) || ahead.length > MAX_AHEAD) return { problem: 'unreadable' };
		if (!ahead.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && isIso(e[1])))
			return { problem: 'unreadable' };
		const resume = stored.resume;
		const point = (r: unknown) => {
			const p = r as { at?: unknown; before?: unknown } | null;
			return (
				typeof p === 'object' && p !== null && Number.isSafeInteger(p.at) && (p.at as number) >= 0 && isIso(p.before)
			);
		};
		if (
			resume !== undefined &&
			(!Array.isArray(resume) || resume.length === 0 || resume.length > MAX_RESUME || !resume.every(point))
		) {
			return { problem: 'unreadable' };
		}
		const cursor: CreatedAtCursor = {
			v: CURSOR_VERSION,
			kind,
			key,
			watermark,
			ids,
			ahead: ahead as Array<[string, string]>,
			odd,
		};
		if (resume)
			cursor.resume = (resume as Array<{ at: number; before: string }>).map(({ at, before }) => ({ at, before }));
		return { cursor };
	}
	const floor = stored.floor ?? watermark;
	if (!isIsoOrNull(floor)) return { problem: 'unreadable' };
	const cursor: DateWindowCursor = { v: CURSOR_VERSION, kind, key, watermark, floor, ids, odd };
	if (stored.resume !== undefined) {
		const r = stored.resume as { at?: unknown; tail?: unknown; since?: unknown } | null;
		if (
			typeof r !== 'object' ||
			r === null ||
			!Number.isSafeInteger(r.at) ||
			(r.at as number) < 0 ||
			!stringList(r.tail, TRIGGER_PAGE_SIZE) ||
			!isIso(r.since)
		) {
			return { problem: 'unreadable' };
		}
		cursor.resume = { at: r.at as number, tail: r.tail, since: r.since };
	}
	return { cursor };
}
