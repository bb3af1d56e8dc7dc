/**
 * The fields the two dated cursors (`createdAt`, `dateWindow`) share, stored and read back: the
 * watermark, the ID set (packed, idRuns.ts) and the undated IDs (`DatedFields`, `storeDated`,
 * `readDated`).
 */
import { MAX_ODD, type CursorBase } from './cursorParts';
import { packIds, unpackIds } from './idRuns';
import { isIsoOrNull, stringList } from './storedValues';

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
