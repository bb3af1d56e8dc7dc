/**
 * What the strategies share: the interface a strategy and its scan implement (createdAt.ts,
 * idOnly.ts, dateWindow.ts), the clock passed in, and the read checks every scan makes in the
 * same way: the overlapping pages (`pageAt`), the repeated page of a server that ignores
 * `page[number]` and the oversized page of one that ignores `page[size]` (`checkAnswer`), the list
 * that keeps shifting (`MAX_RETRIES`, `listShifted`).
 */
import type { Cursor } from '../cursorStorage';
import { TRIGGER_PAGE_SIZE, type PollRecord } from '../cursorParts';

/** One list request of a poll: `page[number]`, `page[size]` and the strategy's own parameters. */
export interface PageRequest {
	number: number;
	size: number;
	/** `sort`, `filter[start_date]`: the strategy's parameters (the user's filters are added by the caller). */
	query: Record<string, string>;
}

/** The poll's clock and guards, passed in (the strategies never read the clock themselves). */
export interface PollClock {
	/**
	 * The poll's own time (ms since the epoch): the API's clock (apiClock.ts). The caller sets it
	 * from the first answer before the scan reads that answer, so the scans read it when they need
	 * it, never before their first `read`, except for the first request of an activation probe.
	 */
	now: number;
	/**
	 * Records created before this instant (ms) are never emitted: the previous successful poll
	 * started after it (see ContentPlatformTrigger.node.ts, `LATE_MS`). -Infinity when unknown.
	 */
	notBefore: number;
}

/** A poll in progress: ask `next()`, answer with `read()`, until `next()` gives null. */
export interface Scan {
	/** The next request, or null when the poll has read enough. */
	next(): PageRequest | null;
	/** Takes the records of the answer to the last `next()`. Throws `ScanError` when the list cannot be read consistently. */
	read(records: PollRecord[]): void;
	/** The new records, oldest first (none for an activation baseline). */
	fresh(): PollRecord[];
	/** The cursor after this (completed) poll. */
	cursor(key: string): Cursor;
	/** The newest record read (for "Fetch Test Event"). */
	newest(): PollRecord | undefined;
	/** Records older than `notBefore` that would otherwise have been new (not emitted). */
	suppressed: number;
	/**
	 * What the poll had to do because a list of the cursor was at its limit (records held back,
	 * the watermark moved), for n8n's log; after `fresh()` and `cursor()`.
	 */
	warnings?(): string[];
	/**
	 * The time budget ran out: after this, `fresh()` is empty and `cursor()` continues next poll
	 * where this one stopped. Returns false when the strategy cannot continue (the poll fails).
	 */
	pause?(): boolean;
}

/**
 * A strategy: how one kind of list is polled. The three (strategies/createdAt.ts, idOnly.ts,
 * dateWindow.ts) share this interface; an event names one of them (events.ts).
 */
export interface TriggerStrategy {
	kind: Cursor['kind'];
	/**
	 * Starts a poll. `cursor` undefined: the activation baseline (records where the list stands,
	 * emits nothing). A cursor of another kind counts as undefined.
	 */
	start(cursor: Cursor | undefined, clock: PollClock): Scan;
}

/** Why a poll could not read the list consistently (the poll fails, the cursor does not move). */
export class ScanError extends Error {
	constructor(
		message: string,
		readonly reason: 'repeated-page' | 'oversized-page' | 'unstable',
	) {
		super(message);
		this.name = 'ScanError';
	}
}

/** Most pages of one poll whose start had to be moved back (the list shifted while read). */
export const MAX_RETRIES = 6;

/** A page of the list: `page[number]`, `page[size]` and the positions it covers, [start, end). */
export interface ListPage {
	number: number;
	size: number;
	start: number;
	end: number;
}

/**
 * The page (`page[size]` ≤ 100, `page[number]`) that starts at or before position `target`
 * (0-based, in the list's order) and reaches furthest: positions [(number − 1)·size, number·size).
 * Overlapping pages let each poll prove that nothing slipped between two requests.
 * @returns undefined when no such page reaches beyond position `minEnd` − 1 (pages are aligned
 *   on multiples of their size, so a start close to the end of a long stretch may not fit).
 */
export function pageAt(target: number, minEnd = 1): ListPage | undefined {
	let best: ListPage | undefined;
	for (let size = TRIGGER_PAGE_SIZE; size >= 1; size--) {
		const number = Math.floor(Math.max(0, target) / size) + 1;
		const end = number * size;
		if (end >= minEnd && (!best || end > best.end)) best = { number, size, start: (number - 1) * size, end };
	}
	return best;
}

/**
 * One answer of a poll: the records of one page and where the page starts. The scans keep their
 * first answer (`checkAnswer`) and the previous one in this shape.
 */
export interface PageAnswer {
	/** Position of the page's first record (0-based, in the list's order). */
	start: number;
	records: PollRecord[];
}

/**
 * Whether an answer is the first answer again: it holds only records of the first answer, among
 * them one of its first three. Order and length are not compared: an API that orders the records
 * of one instant differently on every request answers the same page in another order, and one that
 * also ignores `page[size]` answers more or fewer records than asked. (A page that starts
 * elsewhere holds the first answer's first three only if about as many records as the distance
 * were deleted between the two requests; records inserted in between shift the list down but put
 * new records first, so a later page can match only if about as many records as its start were
 * inserted: that poll then fails and the next one reads the list again.)
 */
export function repeats(first: PollRecord[] | undefined, records: PollRecord[]): boolean {
	if (!first || records.length === 0) return false;
	const before = new Set(first.map((r) => r.id));
	if (!records.every((r) => before.has(r.id))) return false;
	const now = new Set(records.map((r) => r.id));
	return first.slice(0, 3).some((r) => now.has(r.id));
}

/**
 * Where a poll's last answer ended: the position after its last record (`at`) and its last IDs
 * (`tail`, OVERLAP of them); a poll that pauses stores both in its cursor's `resume`.
 */
export interface ReadEnd {
	at: number;
	tail: string[];
}

/**
 * The read checks all strategies make on each answer, before anything else (the scan's own
 * judgement of the records comes after, so neither new nor old, dated nor undated records delay
 * them):
 * - an answer for a page that starts elsewhere than the first answer's and `repeats` it means a
 *   server that ignores `page[number]` (throws `repeatedPage`): on the poll's 2nd request, whatever
 *   the answer's length;
 * - an answer with more records than `page[size]` means a server that ignores `page[size]`: the
 *   positions the pages are built on would be wrong (throws `oversizedPage`).
 * @returns the first answer (this answer when there was none yet; the first since the scan last
 *   started reading from a new place).
 */
export function checkAnswer(
	first: PageAnswer | undefined,
	request: Pick<PageRequest, 'number' | 'size'>,
	records: PollRecord[],
): PageAnswer {
	const start = (request.number - 1) * request.size;
	if (first && start !== first.start && repeats(first.records, records)) throw repeatedPage(request);
	if (records.length > request.size) throw oversizedPage(request, records.length);
	return first ?? { start, records };
}

/**
 * The error of a list that kept shifting while a poll read it: more than MAX_RETRIES pages had
 * to be read again from further up, or no page could start above the previous one's end.
 */
export function listShifted(): ScanError {
	return new ScanError(
		'The list kept shifting while it was read (records deleted between requests). Nothing was emitted; the next poll tries again.',
		'unstable',
	);
}

/** The error of an answer with more records than `page[size]` asked for. */
export function oversizedPage(request: Pick<PageRequest, 'number' | 'size'>, received: number): ScanError {
	return new ScanError(
		`The API answered page ${request.number} (page[size]=${request.size}) with ${received} records, more than page[size]: it seems to ignore page[size]. Nothing was emitted and the trigger's position did not move.`,
		'oversized-page',
	);
}

/** The error of a repeated page. */
export function repeatedPage(request: Pick<PageRequest, 'number' | 'size'>): ScanError {
	return new ScanError(
		`The API answered page ${request.number} (page[size]=${request.size}) with the records of the previous page: it seems to ignore page[number]. Nothing was emitted and the trigger's position did not move.`,
		'repeated-page',
	);
}
