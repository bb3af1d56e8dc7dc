/**
 * Strategy `idOnly` (form submissions): the list can be sorted by `-created_at`, but the records
 * carry no timestamp (spec "form_submissions"), so only IDs tell new from seen.
 *
 * Cursor: the IDs of the most recent records (newest first, MAX_RECENT_IDS). A poll reads
 * windows newest first, each overlapping the previous one by OVERLAP records; a window whose first
 * record was not in the previous window (records deleted between two requests, or ties reordered)
 * is read again from further up. The poll stops once a window holds a known ID followed by at
 * least OVERLAP more records (or the list ends). New = an ID not in the cursor.
 *
 * Limit: the timestamps are hidden, so ties cannot be seen. On an API that orders the records of
 * one `created_at` differently on every request, tie groups of up to OVERLAP − 1 records are read
 * whole (they always fit inside an overlap); larger ones may hide a record from a poll. More than
 * OVERLAP − 1 records deleted between two requests of one poll may hide as many records.
 */
import { CURSOR_VERSION, TRIGGER_PAGE_SIZE, type Cursor, type IdOnlyCursor, type PollRecord } from '../cursor';
import { repeatedPage, repeats, windowAt, type PageRequest, type Scan, type TriggerStrategy } from './types';

/** Most IDs kept (twice a page, so a page never reaches past the known records). */
export const MAX_RECENT_IDS = 2 * TRIGGER_PAGE_SIZE;

/** Records shared by two consecutive windows of one poll. */
export const OVERLAP = 10;

const SORT = { sort: '-created_at' };

class IdOnlyScan implements Scan {
	suppressed = 0;

	private readonly known: Set<string>;

	private readonly seen = new Map<string, PollRecord>();

	private pending: PageRequest | null = { number: 1, size: TRIGGER_PAGE_SIZE, query: SORT };

	private previous?: { start: number; records: PollRecord[] };

	constructor(private readonly old: IdOnlyCursor | undefined) {
		this.known = new Set(old?.ids);
	}

	next(): PageRequest | null {
		return this.pending;
	}

	read(records: PollRecord[]): void {
		const request = this.pending!;
		const start = (request.number - 1) * request.size;
		const previous = this.previous;
		if (previous && start > previous.start && records.length === request.size && repeats(previous.records, records)) {
			throw repeatedPage(request);
		}
		for (const record of records) if (!this.seen.has(record.id)) this.seen.set(record.id, record);
		const firstKnown = records.findIndex((r) => this.known.has(r.id));
		const done = !this.old || records.length < request.size || (firstKnown >= 0 && firstKnown <= records.length - OVERLAP);
		if (done) {
			this.pending = null;
			return;
		}
		this.previous = { start, records };
		this.pending = this.request(start + records.length - OVERLAP, this.previous);
	}

	private request(target: number, previous: { start: number; records: PollRecord[] }): PageRequest {
		const end = previous.start + previous.records.length;
		const window = windowAt(target, end + 1) ?? windowAt(end)!;
		return { number: window.number, size: window.size, query: SORT };
	}

	fresh(): PollRecord[] {
		if (!this.old) return [];
		return [...this.seen.values()].filter((r) => !this.known.has(r.id)).reverse();
	}

	cursor(key: string): Cursor {
		const ids = this.old ? [...this.fresh().map((r) => r.id).reverse(), ...this.old.ids] : [...this.seen.keys()];
		return { v: CURSOR_VERSION, kind: 'idOnly', key, ids: [...new Set(ids)].slice(0, MAX_RECENT_IDS) };
	}

	newest(): PollRecord | undefined {
		return [...this.seen.values()][0];
	}
}

/** The `idOnly` strategy (see the module comment). */
export const idOnlyStrategy: TriggerStrategy = {
	kind: 'idOnly',
	start: (cursor) => new IdOnlyScan(cursor?.kind === 'idOnly' ? cursor : undefined),
};
