/**
 * The base every strategy's cursor stands on: the record a poll reads (`PollRecord`), the envelope
 * every stored cursor carries (`CursorBase`, `CURSOR_VERSION`), the trigger's page size, and the
 * records without a readable `created_at` a cursor remembers (`MAX_ODD`, `nextOdd`, `oddRoom`).
 * The other parts: stored values (storedValues.ts), ID sets as runs (idRuns.ts), the dated cursors'
 * fields (datedCursor.ts); each cursor variant beside its strategy (strategies/<kind>.cursor.ts);
 * the union and its storage (cursorStorage.ts). Pure functions, no n8n plumbing.
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
