/**
 * The `idOnly` strategy's cursor (strategies/idOnly.ts): its shape, how it is stored in static
 * data and read back (the envelope, `v`, `key` and `kind`, is checked by `readCursor` in cursorStorage.ts
 * before this reader runs).
 */
import { CURSOR_VERSION, TRIGGER_PAGE_SIZE, type CursorBase } from '../cursorParts';
import { MAX_SET_IDS, packIds, unpackIds } from '../idRuns';
import { integerFrom, stringList } from '../storedValues';

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
 * The cursor as kept in static data: plain JSON, `ids` in order (newest first), a `head` of 0
 * left out, the `done` set of `resume` packed with `packIds`.
 */
export function storeIdOnly(cursor: IdOnlyCursor): Record<string, unknown> {
	const stored: Record<string, unknown> = { v: cursor.v, kind: cursor.kind, key: cursor.key, ids: cursor.ids };
	if (cursor.head) stored.head = cursor.head;
	if (cursor.resume) {
		const { ids, runs } = packIds(cursor.resume.done);
		stored.resume = { ...cursor.resume, done: ids, ...(runs ? { runs } : {}) };
	}
	return stored;
}

/**
 * Reads the fields `storeIdOnly` wrote (version 1 cursors have the same fields).
 * @returns the cursor for `key`, or undefined when a field is not valid or exceeds its limit.
 */
export function readIdOnly(stored: Record<string, unknown>, key: string): IdOnlyCursor | undefined {
	const head = stored.head ?? 0;
	if (!stringList(stored.ids, MAX_SET_IDS) || !integerFrom(head, 0)) return undefined;
	const cursor: IdOnlyCursor = { v: CURSOR_VERSION, kind: 'idOnly', key, ids: stored.ids, head };
	if (stored.resume === undefined) return cursor;
	const r = stored.resume as { at?: unknown; top?: unknown; tail?: unknown; done?: unknown; runs?: unknown } | null;
	const done = typeof r === 'object' && r !== null ? unpackIds(r.done, r.runs) : undefined;
	if (!done || !integerFrom(r!.top, 0) || !integerFrom(r!.at, r!.top) || !stringList(r!.tail, TRIGGER_PAGE_SIZE)) {
		return undefined;
	}
	cursor.resume = { at: r!.at, top: r!.top, tail: r!.tail, done };
	return cursor;
}
