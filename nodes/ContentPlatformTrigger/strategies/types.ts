/**
 * What a strategy is: the interface a strategy and its scan implement (createdAt.ts, idOnly.ts,
 * dateWindow.ts), the requests it asks for, the clock passed in, and the error of a list that
 * cannot be read consistently (`ScanError`). How every scan reads the list's pages, and the checks
 * each answer passes, are listPages.ts's.
 */
import type { Cursor } from '../cursorStorage';
import type { PollRecord } from '../cursorParts';

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
