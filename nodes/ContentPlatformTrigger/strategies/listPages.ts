/**
 * The list's pages as every scan reads them, in the same way: overlapping pages (`pageAt`), and
 * the read checks each answer passes: the repeated page of a server that ignores `page[number]`
 * and the oversized page of one that ignores `page[size]` (`checkAnswer`), the list that keeps
 * shifting (`MAX_RETRIES`, `listShifted`).
 */
import { TRIGGER_PAGE_SIZE, type PollRecord } from '../cursorParts';
import { ScanError, type PageRequest } from './types';

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
