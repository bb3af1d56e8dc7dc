/**
 * How the trigger's cursor is stored in static data and read back: the cursor, a discriminated
 * union with one variant per strategy, and the store and read dispatched by `kind`. Each variant's
 * shape, limits, reader and storage live beside its strategy (strategies/<kind>.cursor.ts); the
 * parts they share in cursorParts.ts (the envelope), idRuns.ts (ID packing), storedValues.ts (the
 * read checks of stored values) and datedCursor.ts (the dated cursors' fields).
 * Pure functions, no n8n plumbing.
 */
import { CURSOR_VERSION } from './cursorParts';
import { readCreatedAt, storeCreatedAt, type CreatedAtCursor } from './strategies/createdAt.cursor';
import { readDateWindow, storeDateWindow, type DateWindowCursor } from './strategies/dateWindow.cursor';
import { readIdOnly, storeIdOnly, type IdOnlyCursor } from './strategies/idOnly.cursor';

/** The cursor (one variant per strategy). */
export type Cursor = CreatedAtCursor | IdOnlyCursor | DateWindowCursor;

/** How new records of a list endpoint are found (one module each under strategies/). */
export type StrategyKind = Cursor['kind'];

/** Why a stored cursor could not be used. */
export type CursorProblem = 'missing' | 'other-key' | 'unreadable';

/** Each variant's reader: the variant for `key`, or undefined when a field is not valid. */
const READERS: { [K in StrategyKind]: (stored: Record<string, unknown>, key: string) => Cursor | undefined } = {
	createdAt: readCreatedAt,
	idOnly: readIdOnly,
	dateWindow: readDateWindow,
};

/**
 * The cursor as kept in static data: plain JSON; the ID sets of `createdAt` and `dateWindow`
 * packed with `packIds` (`idOnly` keeps its IDs in order, newest first).
 */
export function storeCursor(cursor: Cursor): Record<string, unknown> {
	switch (cursor.kind) {
		case 'createdAt':
			return storeCreatedAt(cursor);
		case 'idOnly':
			return storeIdOnly(cursor);
		case 'dateWindow':
			return storeDateWindow(cursor);
	}
}

/**
 * Reads a stored cursor for `key` and strategy `kind`: the envelope (`v`, `key`, `kind`) here, the
 * fields by the variant's reader.
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
	const cursor = READERS[kind](stored, key);
	return cursor ? { cursor } : { problem: 'unreadable' };
}
