/**
 * The trigger's cursor: which records of a list are new since the last poll, what to request, and
 * the next cursor. Pure functions and plain JSON data, no n8n plumbing (see ContentPlatformTrigger).
 *
 * Three strategies, forced by what the spec allows per list endpoint (spec "Endpoints"):
 * - `createdAt` (orders, order items, contacts, customers): the list can be sorted by `-created_at`
 *   and records carry `created_at`. Cursor = watermark (newest `created_at` seen) + the IDs seen at
 *   exactly that instant. Pages are read newest first until a page holds a record older than the
 *   watermark. New = newer than the watermark, or at the watermark with an unseen ID.
 * - `idOnly` (form submissions): sortable by `-created_at` but no timestamp attribute. Cursor = the
 *   IDs of the most recent records (newest first, capped). Pages are read newest first until a page
 *   holds a known ID. New = an ID not in the set.
 * - `dateWindow` (transactions): no `sort` parameter, only `filter[start_date]` (a day). Every poll
 *   reads all pages from the day before the cursor's floor (one day of margin for the API's time
 *   zone) and makes no assumption about the order of the list. Because records created during a
 *   poll may land on pages already read while newer ones land on pages still to come, the cursor
 *   keeps the IDs of every record of the last hour before the watermark (the floor): new = created
 *   at or after the floor with an unseen ID. (Capped: with very many records per hour the floor
 *   rises to the oldest kept record.)
 * In all three, a record seen twice in one poll (the list shifted while paging) counts once, and
 * a poll that fails leaves the cursor as it was (the caller only stores the cursor of a poll that
 * completed).
 */

/** How new records of a list endpoint are found. */
export type Strategy = 'createdAt' | 'idOnly' | 'dateWindow';

/** The cursor as the cursor logic uses it (stored with `storeCursor`, read back with `readCursor`). */
export interface Cursor {
	/** Format version. */
	v: 1;
	/** What the cursor is for (event and filters); a cursor for something else is a fresh start. */
	key: string;
	/** `createdAt`/`dateWindow`: the newest `created_at` seen (ISO 8601), null when the list was empty. */
	watermark?: string | null;
	/**
	 * `createdAt`: IDs seen at the watermark instant. `idOnly`: recent IDs, newest first.
	 * `dateWindow`: IDs of the records created at or after `floor`.
	 */
	ids: string[];
	/** `dateWindow`: records created before this instant (ISO 8601) are known. */
	floor?: string;
}

/** What the cursor logic needs of a record. */
export interface CursorRecord {
	id: string;
	/** `created_at` (ISO 8601) when the resource has it. */
	createdAt?: string;
}

/** Page size of every list request (the API's maximum is not shown; 100 as in the action node). */
export const TRIGGER_PAGE_SIZE = 100;

/** Most IDs kept by `idOnly` (twice a page, so a page never reaches past the known records). */
export const MAX_RECENT_IDS = 2 * TRIGGER_PAGE_SIZE;

/**
 * Most IDs kept at one watermark instant (records created in the same instant). Every one of them
 * is needed to tell new from seen at that instant, so the bound is a safety net far above real
 * bursts. Stored with `storeCursor`, consecutive integer IDs (a burst) take a few bytes per run, so
 * the cursor stays under 4 KB however many records share the newest instant, unless more than
 * ~300 of them have IDs that are not integers or not consecutive.
 */
export const MAX_WATERMARK_IDS = 5000;

/** Whether two records were created at the same instant. */
export function sameInstant(a: CursorRecord | undefined, b: CursorRecord | undefined): boolean {
	return a !== undefined && b !== undefined && time(a.createdAt) === time(b.createdAt);
}

/** `dateWindow`: how far back from the watermark the IDs of every record are kept (1 hour). */
export const SETTLE_MS = 3_600_000;

/** `dateWindow`: most IDs kept (the floor rises above the oldest kept when there are more). */
export const MAX_WINDOW_IDS = 300;

/** One day in milliseconds. */
const DAY_MS = 86_400_000;

function time(iso: string | undefined | null): number {
	const ms = iso ? Date.parse(iso) : Number.NaN;
	return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** `YYYY-MM-DD` of the UTC day `days` days before the instant `iso`. */
export function dayBefore(iso: string, days: number): string {
	return new Date(time(iso) - days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Query parameters (besides the user's filters) for page `page` of a poll.
 * @returns `sort` + `page[...]` for the sorted strategies; `filter[start_date]` + `page[...]` for
 *   `dateWindow` (no start date when there is no watermark yet).
 */
export function pageQuery(strategy: Strategy, cursor: Cursor | undefined, page: number): Record<string, string | number> {
	const qs: Record<string, string | number> = { 'page[number]': page, 'page[size]': TRIGGER_PAGE_SIZE };
	if (strategy === 'dateWindow') {
		const floor = cursor?.floor ?? cursor?.watermark;
		if (floor) qs['filter[start_date]'] = dayBefore(floor, 1);
	} else {
		qs.sort = '-created_at';
	}
	return qs;
}

/** What one poll has read so far. Create with `startScan`, feed pages to `scanPage`. */
export interface Scan {
	strategy: Strategy;
	cursor: Cursor | undefined;
	/** New records in the order read. */
	fresh: CursorRecord[];
	/** The cursor's IDs, as a set. */
	known: ReadonlySet<string>;
	/** Every ID read in this poll (the list may shift between pages). */
	read: Set<string>;
	/** `createdAt`/`dateWindow`: newest record read (for a baseline). */
	newest?: CursorRecord;
	/** `createdAt`/`dateWindow`: every record read at the newest instant. */
	newestIds: string[];
	/** `idOnly`: IDs in the order read (for a baseline). */
	order: string[];
	/** `dateWindow`: every record read, with its creation time (ms). */
	times: Map<string, number>;
}

/** A scan for one poll. With `cursor` undefined every record is new (no history yet). */
export function startScan(strategy: Strategy, cursor: Cursor | undefined): Scan {
	return {
		strategy,
		cursor,
		fresh: [],
		known: new Set(cursor?.ids),
		read: new Set(),
		newestIds: [],
		order: [],
		times: new Map(),
	};
}

function isNew(scan: Scan, record: CursorRecord): boolean {
	const { cursor } = scan;
	if (!cursor) return true;
	if (scan.strategy === 'idOnly') return !scan.known.has(record.id);
	if (!cursor.watermark) return true;
	if (scan.strategy === 'dateWindow') {
		return time(record.createdAt) >= time(cursor.floor ?? cursor.watermark) && !scan.known.has(record.id);
	}
	const t = time(record.createdAt);
	const w = time(cursor.watermark);
	return t > w || (t === w && !scan.known.has(record.id));
}

/**
 * Reads one page into the scan.
 * @returns true when the poll needs the next page: the page was full and (`createdAt`) held no
 *   record older than the watermark, (`idOnly`) held no known ID, (`dateWindow`) always.
 */
export function scanPage(scan: Scan, records: CursorRecord[]): boolean {
	let reachedKnown = false;
	const w = time(scan.cursor?.watermark);
	for (const record of records) {
		if (scan.read.has(record.id)) continue;
		scan.read.add(record.id);
		scan.order.push(record.id);
		if (isNew(scan, record)) scan.fresh.push(record);
		if (scan.strategy === 'idOnly') {
			if (scan.known.has(record.id)) reachedKnown = true;
			continue;
		}
		const t = time(record.createdAt);
		scan.times.set(record.id, t);
		if (scan.cursor?.watermark && t < w) reachedKnown = true;
		const newest = time(scan.newest?.createdAt);
		if (!scan.newest || t > newest) {
			scan.newest = record;
			scan.newestIds = [record.id];
		} else if (t === newest) {
			scan.newestIds.push(record.id);
		}
	}
	if (records.length < TRIGGER_PAGE_SIZE) return false;
	if (scan.strategy === 'dateWindow') return true;
	return !reachedKnown;
}

/**
 * The cursor after a completed poll.
 * - baseline (`scan.cursor` undefined): from the newest records read (not from the clock).
 * - otherwise: the old cursor advanced by the new records.
 */
export function nextCursor(scan: Scan, key: string): Cursor {
	if (scan.strategy === 'idOnly') {
		const ids = scan.cursor ? [...scan.fresh.map((r) => r.id), ...scan.cursor.ids] : scan.order;
		return { v: 1, key, ids: [...new Set(ids)].slice(0, MAX_RECENT_IDS) };
	}
	const old = scan.cursor;
	const oldTime = time(old?.watermark);
	const newestTime = time(scan.newest?.createdAt);
	if (scan.strategy === 'dateWindow') return nextWindowCursor(scan, key);
	if (!scan.newest || (old?.watermark && newestTime < oldTime)) {
		return { v: 1, key, watermark: old?.watermark ?? null, ids: old?.ids ?? [] };
	}
	const ids = old?.watermark && newestTime === oldTime ? [...old.ids, ...scan.newestIds] : scan.newestIds;
	return { v: 1, key, watermark: scan.newest.createdAt ?? null, ids: [...new Set(ids)].slice(-MAX_WATERMARK_IDS) };
}

/**
 * `dateWindow`: the watermark is the newest creation time read so far; the IDs are those of every
 * record read in this poll created at or after the floor (watermark − 1 hour, or higher when more
 * than MAX_WINDOW_IDS records were created in that hour). Each poll reads the whole window, so
 * every record at or after the floor was read in this poll.
 */
function nextWindowCursor(scan: Scan, key: string): Cursor {
	const old = scan.cursor;
	const watermarkTime = Math.max(time(old?.watermark), time(scan.newest?.createdAt));
	if (watermarkTime === Number.NEGATIVE_INFINITY) return { v: 1, key, watermark: null, ids: [] };
	const recent = [...scan.times.entries()]
		.filter(([, t]) => t >= watermarkTime - SETTLE_MS)
		.sort((a, b) => b[1] - a[1]);
	let floorTime = watermarkTime - SETTLE_MS;
	if (recent.length > MAX_WINDOW_IDS) floorTime = recent[MAX_WINDOW_IDS - 1][1];
	return {
		v: 1,
		key,
		watermark: new Date(watermarkTime).toISOString(),
		floor: new Date(floorTime).toISOString(),
		ids: recent.filter(([, t]) => t >= floorTime).map(([id]) => id),
	};
}

/** New records oldest first, the order in which they are emitted. */
export function emitOrder(scan: Scan): CursorRecord[] {
	if (scan.strategy === 'idOnly') return [...scan.fresh].reverse();
	return [...scan.fresh]
		.map((record, index) => ({ record, index }))
		.sort((a, b) => time(a.record.createdAt) - time(b.record.createdAt) || b.index - a.index)
		.map(({ record }) => record);
}

/**
 * The cursor as stored in the node's static data: plain JSON. Where the order of the IDs carries
 * no meaning (`createdAt`, `dateWindow`: sets of IDs), runs of three or more consecutive integer
 * IDs (canonical decimals, as a burst of records gets them) are stored as `[first, last]` pairs in
 * `runs` and only the other IDs in `ids`; `idOnly` keeps its IDs as they are (newest first).
 */
export interface StoredCursor extends Cursor {
	/** Inclusive runs of consecutive integer IDs, e.g. `[1001, 1800]` for the 800 IDs 1001…1800. */
	runs?: Array<[number, number]>;
}

/** Shortest run stored as a pair: `[a,b]` is shorter than `"a","b","c"` from three IDs on. */
const MIN_RUN = 3;

/** A canonical decimal integer ID ("12", not "012", "1e3" or "-1"), within the safe integers. */
const INTEGER_ID = /^(0|[1-9][0-9]{0,14})$/;

/**
 * The cursor to keep in static data (see `StoredCursor`); `readCursor` gives the same cursor back
 * (IDs of a set in another order).
 */
export function storeCursor(cursor: Cursor): StoredCursor {
	if (cursor.watermark === undefined) return cursor;
	const numbers: number[] = [];
	const others: string[] = [];
	for (const id of cursor.ids) {
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
	return runs.length ? { ...cursor, ids: others, runs } : { ...cursor, ids: others };
}

/** The IDs of stored runs, or undefined when `runs` is not a list of valid runs within the bounds. */
function expandRuns(runs: unknown, limit: number): string[] | undefined {
	if (runs === undefined) return [];
	if (!Array.isArray(runs)) return undefined;
	const ids: string[] = [];
	for (const run of runs as unknown[]) {
		if (!Array.isArray(run) || run.length !== 2) return undefined;
		const [first, last] = run as unknown[];
		if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last)) return undefined;
		const [from, to] = [first as number, last as number];
		if (from < 0 || to < from || ids.length + (to - from + 1) > limit) return undefined;
		for (let id = from; id <= to; id++) ids.push(String(id));
	}
	return ids;
}

/**
 * Reads a stored cursor (see `storeCursor`); anything that is not a valid cursor for `key` (another
 * event or filters, another version, a watermark or floor that is not a date, IDs or runs that are
 * not lists of IDs, runs of more IDs than a cursor keeps) gives undefined: a fresh start.
 */
export function readCursor(value: unknown, key: string): Cursor | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const stored = value as StoredCursor;
	if (stored.v !== 1 || stored.key !== key || !Array.isArray(stored.ids)) return undefined;
	if (!stored.ids.every((id) => typeof id === 'string')) return undefined;
	const isInstant = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !Number.isNaN(Date.parse(v)));
	if (!isInstant(stored.watermark) || !isInstant(stored.floor)) return undefined;
	const fromRuns = expandRuns(stored.runs, MAX_WATERMARK_IDS);
	if (fromRuns === undefined) return undefined;
	const cursor: Cursor = { v: 1, key, ids: [...stored.ids, ...fromRuns] };
	if (stored.watermark !== undefined) cursor.watermark = stored.watermark;
	if (stored.floor !== undefined) cursor.floor = stored.floor;
	return cursor;
}
