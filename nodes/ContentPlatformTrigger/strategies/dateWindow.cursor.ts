/**
 * The `dateWindow` strategy's cursor (strategies/dateWindow.ts): its shape, how it is stored in
 * static data and read back (the envelope, `v`, `key` and `kind`, is checked by `readCursor` in
 * cursorStorage.ts before this reader runs).
 */
import { CURSOR_VERSION, TRIGGER_PAGE_SIZE, type CursorBase } from '../cursorParts';
import { readDated, storeDated, type DatedFields } from '../datedCursor';
import { integerFrom, isIso, isIsoOrNull, stringList } from '../storedValues';

/**
 * `dateWindow` (transactions: no sort, only `filter[start_date]`): every record created before
 * `floor` was emitted; of those created at or after it, the ones in `ids`.
 */
export interface DateWindowCursor extends CursorBase, DatedFields {
	/** Stored as it is (static data): "window" in it is the strategy's date window. */
	kind: 'dateWindow';
	/** The newest `created_at` read (at most the poll's clock); null for an empty list. */
	watermark: string | null;
	/** Records created before this instant are known (watermark − RECHECK_MS, or higher). */
	floor: string | null;
	/** IDs of the records created at or after `floor` (and of emitted records dated beyond the clock). */
	ids: string[];
	/** IDs of emitted records whose `created_at` is missing or not a date. */
	odd: string[];
	/**
	 * A date window larger than one poll's budget, in progress: the polls since `since` (ISO 8601, the
	 * first one's clock) read it in parts, each emitting what it found; the next one goes on from
	 * position `at`, after the records `tail` (the last ones read). Meanwhile `floor` stays and
	 * `ids` holds every record emitted since.
	 */
	resume?: { at: number; tail: string[]; since: string };
}

/** The cursor as kept in static data (`storeDated`). */
export function storeDateWindow(cursor: DateWindowCursor): Record<string, unknown> {
	return storeDated(cursor);
}

/**
 * Reads the fields `storeDateWindow` wrote (a version 1 cursor without `floor` has its watermark
 * as floor).
 * @returns the cursor for `key`, or undefined when a field is not valid or exceeds its limit.
 */
export function readDateWindow(stored: Record<string, unknown>, key: string): DateWindowCursor | undefined {
	const dated = readDated(stored);
	const floor = stored.floor ?? dated?.watermark;
	if (!dated || !isIsoOrNull(floor)) return undefined;
	const { watermark, ids, odd } = dated;
	const cursor: DateWindowCursor = { v: CURSOR_VERSION, kind: 'dateWindow', key, watermark, floor, ids, odd };
	if (stored.resume === undefined) return cursor;
	const r = stored.resume as { at?: unknown; tail?: unknown; since?: unknown } | null;
	if (
		typeof r !== 'object' ||
		r === null ||
		!integerFrom(r.at, 0) ||
		!stringList(r.tail, TRIGGER_PAGE_SIZE) ||
		!isIso(r.since)
	) {
		return undefined;
	}
	cursor.resume = { at: r.at, tail: r.tail, since: r.since };
	return cursor;
}
