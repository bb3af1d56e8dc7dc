/**
 * The limits of one poll's reading, apart from n8n: the time budget its read loop keeps (`runScan`,
 * `BudgetExceeded`) and how old a record a poll may still emit (`notBefore`, `LATE_MS`, against a
 * watermark far too old). Functions over plain data, the clock passed in; runPoll.ts runs the poll
 * inside them.
 */
import { type PollRecord } from './cursorParts';
import { type PageRequest, type Scan } from './strategies/types';

/** A poll that ran out of its time budget before it had read what it needed. */
export class BudgetExceeded extends Error {
	constructor(readonly requests: number) {
		super(
			`The poll ran out of its time budget after ${requests} requests, before it had read every new record. Nothing was emitted and the trigger's position did not move; the next poll continues.`,
		);
		this.name = 'BudgetExceeded';
	}
}

/**
 * Runs a scan: asks for pages until the strategy has read enough.
 * @param fetchPage reads one page (the caller adds the user's filters and the request plumbing).
 * @param deadline ms since the epoch after which no further request is started.
 * @param clock the current time (ms), read before each request.
 * @returns `{ requests, complete }`: `complete` false when the deadline came first and the scan
 *   paused (its cursor continues next poll). Throws `BudgetExceeded` when the scan cannot pause,
 *   and whatever `fetchPage` or the scan throws.
 */
export async function runScan(
	scan: Scan,
	fetchPage: (request: PageRequest) => Promise<PollRecord[]>,
	deadline: number,
	clock: () => number,
): Promise<{ requests: number; complete: boolean }> {
	let requests = 0;
	for (let request = scan.next(); request; request = scan.next()) {
		if (requests > 0 && clock() > deadline) {
			if (scan.pause?.()) return { requests, complete: false };
			throw new BudgetExceeded(requests);
		}
		scan.read(await fetchPage(request));
		requests++;
	}
	return { requests, complete: true };
}

/**
 * Records created more than this before the previous successful poll started are never emitted:
 * that poll read the list after them. Guards against a cursor whose watermark is far too old (a
 * 1970 watermark would replay the history).
 */
export const LATE_MS = 3_600_000;

/** The `notBefore` guard of a poll from the time the previous successful poll started (ms or anything unreadable). */
export function notBefore(polledAt: unknown): number {
	return typeof polledAt === 'number' && Number.isFinite(polledAt) ? polledAt - LATE_MS : Number.NEGATIVE_INFINITY;
}
