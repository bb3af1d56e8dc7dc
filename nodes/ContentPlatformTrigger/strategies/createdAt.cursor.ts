/**
 * The `createdAt` strategy's cursor (strategies/createdAt.ts): its shape, its limits, how it is
 * stored in static data and read back (the envelope, `v`, `key` and `kind`, is checked by
 * `readCursor` in cursorStorage.ts before this reader runs).
 */
import { CURSOR_VERSION, type CursorBase } from '../cursorParts';
import { readDated, storeDated, type DatedFields } from '../datedCursor';
import { integerFrom, isIso } from '../storedValues';

/**
 * `createdAt` (orders, order items, contacts, customers): every record created at or before
 * `watermark` was emitted, except those at exactly `watermark` whose ID is not in `ids`.
 */
export interface CreatedAtCursor extends CursorBase, DatedFields {
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
	resume?: ResumePoint[];
}

/** One point of a backlog in progress (`CreatedAtCursor.resume`). */
export interface ResumePoint {
	/** About where an earlier poll stopped: a position in the list (0-based, newest first). */
	at: number;
	/** ISO 8601: the poll that resumes here emits the records older than this; newer ones are left to later polls. */
	before: string;
}

/** Most emitted future-dated records remembered (`ahead`); beyond, the farthest ahead are dropped. */
export const MAX_AHEAD = 200;

/** Most points of a backlog in progress kept (`resume`); beyond, the shallowest is dropped and read again later. */
export const MAX_RESUME = 20;

/** The cursor as kept in static data (`storeDated`; an empty `ahead` left out, read back as empty). */
export function storeCreatedAt(cursor: CreatedAtCursor): Record<string, unknown> {
	const stored = storeDated(cursor);
	if (cursor.ahead.length === 0) delete stored.ahead;
	return stored;
}

/** Whether a stored value is one `resume` point. */
function isPoint(value: unknown): boolean {
	const p = value as { at?: unknown; before?: unknown } | null;
	return typeof p === 'object' && p !== null && integerFrom(p.at, 0) && isIso(p.before);
}

/** Whether a stored value is one `ahead` entry, `[id, created_at]`. */
function isAhead(value: unknown): boolean {
	return Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && isIso(value[1]);
}

/**
 * Reads the fields `storeCreatedAt` wrote (version 1 cursors have the same fields).
 * @returns the cursor for `key`, or undefined when a field is not valid or exceeds its limit.
 */
export function readCreatedAt(stored: Record<string, unknown>, key: string): CreatedAtCursor | undefined {
	const dated = readDated(stored);
	const ahead = stored.ahead ?? [];
	const resume = stored.resume;
	if (!dated || !Array.isArray(ahead) || ahead.length > MAX_AHEAD || !ahead.every(isAhead)) return undefined;
	if (
		resume !== undefined &&
		(!Array.isArray(resume) || resume.length === 0 || resume.length > MAX_RESUME || !resume.every(isPoint))
	) {
		return undefined;
	}
	const cursor: CreatedAtCursor = {
		v: CURSOR_VERSION,
		kind: 'createdAt',
		key,
		watermark: dated.watermark,
		ids: dated.ids,
		ahead: ahead as Array<[string, string]>,
		odd: dated.odd,
	};
	if (resume) cursor.resume = (resume as ResumePoint[]).map(({ at, before }) => ({ at, before }));
	return cursor;
}
