/**
 * Strategy `idOnly` (form submissions): the list can be sorted by `-created_at`, but the records
 * carry no timestamp (spec "form_submissions"), so only IDs tell new from seen.
 *
 * Cursor: the IDs at the top of the list as last read, then older known ones (MAX_RECENT_IDS). A
 * poll reads windows newest first, each overlapping the previous one by OVERLAP records, so up to
 * OVERLAP − 1 records deleted between two requests of one poll shift nothing past it. The poll
 * stops at a window holding OVERLAP consecutive known IDs after a new one (fewer when fewer are
 * known) that reach below the cursor's head, at a first window of known IDs only, or at the end
 * of the list.
 * New = an ID not in the cursor.
 *
 * Limits: the timestamps are hidden, so ties cannot be seen. On an API that orders the records of
 * one `created_at` differently on every request, tie groups of up to OVERLAP − 1 records are read
 * whole (they always fit inside an overlap); larger ones may hide a record from a poll. More than
 * OVERLAP − 1 records deleted between two requests of one poll may hide as many records. Records
 * dated ahead of the clock stay on top of the list; the cursor's `head` counts the known records
 * that sat above the first new one, and a run of known IDs ends a poll only if it reaches below
 * them. Records dated ahead that are already there at activation are not told apart (head 0).
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

	/** The poll's first answer. */
	private first?: PollRecord[];

	/** Whether the poll has read an unknown ID (known records above it, e.g. dated ahead, do not end the poll). */
	private sawNew = false;

	/** Position of each known ID in the old cursor (top of the list first). */
	private readonly position: Map<string, number>;

	constructor(private readonly old: IdOnlyCursor | undefined) {
		this.known = new Set(old?.ids);
		this.position = new Map((old?.ids ?? []).map((id, index) => [id, index]));
	}

	next(): PageRequest | null {
		return this.pending;
	}

	read(records: PollRecord[]): void {
		const request = this.pending!;
		const start = (request.number - 1) * request.size;
		if (start > 0 && records.length === request.size && repeats(this.first, records)) {
			throw repeatedPage(request);
		}
		this.first ??= records;
		for (const record of records) if (!this.seen.has(record.id)) this.seen.set(record.id, record);
		const allKnown = !this.sawNew && records.length > 0 && records.every((r) => this.known.has(r.id));
		const done = !this.old || records.length < request.size || allKnown || (this.known.size > 0 && this.knownRun(records) >= Math.min(OVERLAP, this.known.size));
		if (done) {
			this.pending = null;
			return;
		}
		this.previous = { start, records };
		this.pending = this.request(start + records.length - OVERLAP, this.previous);
	}

	/**
	 * The longest run of consecutive known IDs in the answer after the first unknown one of the
	 * poll, counting only runs that reach below the cursor's head (known records that sat above
	 * the new ones last time, such as records dated ahead, do not end a poll).
	 */
	private knownRun(records: PollRecord[]): number {
		const head = this.old?.head ?? 0;
		let best = 0;
		let run = 0;
		let below = false;
		for (const r of records) {
			if (!this.known.has(r.id)) {
				this.sawNew = true;
				run = 0;
				below = false;
			} else if (this.sawNew) {
				run++;
				below ||= (this.position.get(r.id) ?? 0) >= head;
				if (below) best = Math.max(best, run);
			}
		}
		return best;
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
		// The top of the list as read now (records dated ahead stay on top and stay known), then the old IDs.
		const ids = [...this.seen.keys(), ...(this.old?.ids ?? [])];
		const order = [...this.seen.keys()];
		const firstNew = this.old ? order.findIndex((id) => !this.known.has(id)) : -1;
		const head = firstNew >= 0 ? firstNew : (this.old?.head ?? 0);
		return { v: CURSOR_VERSION, kind: 'idOnly', key, ids: [...new Set(ids)].slice(0, MAX_RECENT_IDS), head: Math.min(head, MAX_RECENT_IDS) };
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
