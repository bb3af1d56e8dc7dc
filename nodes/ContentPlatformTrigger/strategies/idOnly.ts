/**
 * Strategy `idOnly` (form submissions): the list can be sorted by `-created_at`, but the records
 * carry no timestamp (spec "form_submissions"), so only IDs tell new from seen.
 *
 * Cursor: the IDs at the top of the list as last read, then older known ones (MAX_RECENT_IDS),
 * and `head`, the position of the *anchor* among them: every record created after the previous
 * poll lies above the anchor. A poll reads pages newest first, each overlapping the previous one
 * by OVERLAP records, so up to OVERLAP − 1 records deleted between two requests of one poll shift
 * nothing past it. The poll stops at a page holding OVERLAP consecutive known IDs at or below
 * the anchor after a new one (fewer when fewer are known; any such run in an answer of known IDs
 * only: an idle poll), or at the end of the list. New = an ID not in the cursor, read above that
 * run and above the last known ID at or below the anchor (a poll that reads on to the end of the
 * list never takes older records beyond the cursor for new ones).
 *
 * Records dated ahead of the clock (hidden here) stay on top of the list, and new records appear
 * below them: known IDs above the anchor never end a poll. The next anchor is the lower of the old
 * one and the top of the lowest run of new records of the poll (right if either is: the lower
 * one is below every record created since), or, once the old one is more than a page
 * (TRIGGER_PAGE_SIZE − OVERLAP) down, the top of that run alone.
 *
 * Budget: a poll that runs out (`pause`) emits the new records it read and keeps `ids` and `head`,
 * adding `resume`: the positions it read from the top of the backlog (`top`) down to `at`, the
 * last IDs read (`tail`) and every ID emitted by the polls of the series (`done`, at most
 * MAX_DONE_IDS). The next poll reads the new records on top until it finds an emitted one, then
 * jumps to `at` moved by as many positions as that record moved (new records on top, deletions
 * above it); unless `tail` moved by exactly as much (records inserted or deleted in between, a
 * record dated ahead found first), it reads on from the top part instead, emitted IDs excluded. The poll that reaches the anchor saves the usual
 * cursor (after a jump: the top part it read, anchored at the top of its lowest run of new records).
 *
 * Shortcomings: the timestamps are hidden, so ties cannot be seen. On an API that orders the records of
 * one `created_at` differently on every request, tie groups of up to OVERLAP − 1 records are read
 * whole (they always fit inside an overlap); larger ones may hide a record from a poll. More than
 * OVERLAP − 1 records deleted between two requests of one poll may hide as many records. The
 * anchor is a guess once the old one has moved more than a page down: when the top of the lowest
 * run of new records is itself dated ahead, and a later poll finds a new record above OVERLAP or
 * more consecutive known records still dated ahead below that anchor, the records created since
 * and below them are missed. Records dated ahead that are already there at activation are not
 * told apart (the anchor is the top of the list).
 */
import { CURSOR_VERSION, TRIGGER_PAGE_SIZE, type PollRecord } from '../cursorParts';
import { MAX_SET_IDS } from '../idRuns';
import type { IdOnlyCursor } from './idOnly.cursor';
import { checkAnswer, pageAt, type PageAnswer, type ReadEnd } from './listPages';
import type { PageRequest, Scan, TriggerStrategy } from './types';

/** Most IDs kept (twice a page, so a page never reaches past the known records). */
export const MAX_RECENT_IDS = 2 * TRIGGER_PAGE_SIZE;

/** Records shared by two consecutive pages of one poll. */
export const OVERLAP = 10;

/**
 * Most IDs a backlog read over several polls may emit (`resume.done`); a poll that would go past
 * it fails instead of pausing (its time budget is too small for such a backlog).
 */
export const MAX_DONE_IDS = MAX_SET_IDS - 2 * TRIGGER_PAGE_SIZE;

const SORT = { sort: '-created_at' };

class IdOnlyScan implements Scan {
	suppressed = 0;

	private readonly known: Set<string>;

	private readonly seen = new Map<string, PollRecord>();

	private pending: PageRequest | null = { number: 1, size: TRIGGER_PAGE_SIZE, query: SORT };

	private previous?: PageAnswer;

	/** The poll's first answer. */
	private first?: PageAnswer;

	/** Position of each known ID in the old cursor (top of the list first). */
	private readonly position: Map<string, number>;

	/** Whether the poll has read an unknown ID. */
	private sawNew = false;

	/** How many known IDs sit at or below the anchor. */
	private readonly below: number;

	/** IDs emitted by the earlier polls of a backlog in progress (`resume.done`). */
	private readonly done: Set<string>;

	/** Resuming: `search` for an emitted record, then `verify` the page jumped to; `off` otherwise. */
	private jump: 'search' | 'verify' | 'off';

	/** The answer in which the first emitted record was found (read on from it when the jump misses). */
	private back?: PageAnswer;

	/** How far the first emitted record found moved since the previous poll (positions). */
	private shift = 0;

	/** How many records were read (`seen`) before the jump; undefined when this poll read the list in one stretch. */
	private gapAt?: number;

	/** Position of the first record read that is not in the old cursor (before any jump). */
	private topAt?: number;

	/** Where the last answer ended (position) and its last IDs. */
	private reached?: ReadEnd;

	/** Set when the budget ran out (`pause`). */
	private paused = false;

	constructor(private readonly old: IdOnlyCursor | undefined) {
		this.known = new Set(old?.ids);
		this.position = new Map((old?.ids ?? []).map((id, index) => [id, index]));
		this.below = Math.max(0, (old?.ids.length ?? 0) - (old?.head ?? 0));
		this.done = new Set(old?.resume?.done);
		this.jump = old?.resume ? 'search' : 'off';
	}

	pause(): boolean {
		if (!this.old || !this.reached) return false;
		this.paused = true;
		if (this.done.size + this.fresh().length > MAX_DONE_IDS) this.paused = false;
		return this.paused;
	}

	next(): PageRequest | null {
		return this.pending;
	}

	read(records: PollRecord[]): void {
		const request = this.pending!;
		const start = (request.number - 1) * request.size;
		this.first = checkAnswer(this.first, request, records);
		if (this.jump === 'verify') {
			this.jump = 'off';
			// The jump holds only if the last records read moved by exactly as much as the first
			// emitted one found: then nothing was inserted between them (else read on, from above).
			const { at, tail } = this.old!.resume!;
			const moved = records.some((r, i) => {
				const k = tail.indexOf(r.id);
				return k >= 0 && start + i === at - tail.length + k + this.shift;
			});
			if (!moved) {
				// The list changed below the top: read on from where the emitted records were found.
				this.gapAt = undefined;
				this.previous = this.back!;
				this.pending = this.request(this.back!.start + this.back!.records.length - OVERLAP, this.back!);
				return;
			}
		}
		for (const record of records) if (!this.seen.has(record.id)) this.seen.set(record.id, record);
		if (this.topAt === undefined && this.gapAt === undefined) {
			const first = records.findIndex((r) => !this.known.has(r.id));
			if (first >= 0) this.topAt = start + first;
		}
		const required = Math.min(OVERLAP, this.below);
		const allKnown = !this.sawNew && records.every((r) => this.known.has(r.id));
		const done =
			!this.old || records.length < request.size || (required > 0 && this.knownRun(records, allKnown) >= required);
		if (done) {
			this.pending = null;
			return;
		}
		this.previous = { start, records };
		this.reached = { at: start + records.length, tail: records.slice(-OVERLAP).map((r) => r.id) };
		if (this.jump === 'search') {
			const found = records.findIndex((r) => this.done.has(r.id));
			if (found >= 0) {
				// The emitted part moved by as much as its first record: go on below it.
				const resume = this.old!.resume!;
				this.shift = start + found - resume.top;
				const target = resume.at + this.shift - OVERLAP;
				this.jump = 'off';
				if (target > start + records.length - OVERLAP) {
					const page = pageAt(target, target + OVERLAP + 1)!;
					this.pending = { number: page.number, size: page.size, query: SORT };
					this.jump = 'verify';
					this.back = this.previous;
					this.gapAt = this.seen.size;
					return;
				}
			}
		}
		this.pending = this.request(start + records.length - OVERLAP, this.previous);
	}

	/**
	 * The longest run of consecutive known IDs in the answer that all sat at or below the cursor's
	 * anchor (`head`), after the poll's first new record (or anywhere in an answer of known records
	 * only, `idle`). Known records above the anchor (records dated ahead stay on top of the list)
	 * never end a poll, nor do known records above the poll's first new one.
	 */
	private knownRun(records: PollRecord[], idle: boolean): number {
		const head = this.old?.head ?? 0;
		let best = 0;
		let run = 0;
		for (const r of records) {
			const position = this.position.get(r.id);
			if (position === undefined) this.sawNew = true;
			if (position === undefined || position < head || !(this.sawNew || idle)) run = 0;
			else best = Math.max(best, ++run);
		}
		return best;
	}

	private request(target: number, previous: PageAnswer): PageRequest {
		const end = previous.start + previous.records.length;
		const page = pageAt(target, end + 1) ?? pageAt(end)!;
		return { number: page.number, size: page.size, query: SORT };
	}

	fresh(): PollRecord[] {
		if (!this.old) return [];
		const records = [...this.seen.values()];
		return records
			.slice(0, this.paused ? records.length : this.cutoff(records))
			.filter((r) => !this.known.has(r.id) && !this.done.has(r.id))
			.reverse();
	}

	/**
	 * Where the new records end in the order read: at the start of the first run of known IDs that
	 * ends a poll (see `knownRun`), and in any case after the last known ID at or below the
	 * anchor (records created since the previous poll lie above the anchor; a poll that found no
	 * such run and read on to the end of the list does not take older records for new ones).
	 */
	private cutoff(records: PollRecord[]): number {
		const head = this.old?.head ?? 0;
		const required = Math.min(OVERLAP, this.below);
		let sawNew = false;
		let run = 0;
		let last = records.length;
		for (let i = 0; i < records.length; i++) {
			const position = this.position.get(records[i].id);
			if (position === undefined) sawNew = true;
			if (position === undefined || position < head) {
				run = 0;
				continue;
			}
			last = i;
			if (sawNew && required > 0 && ++run >= required) return i + 1 - run;
		}
		return last === records.length ? last : last + 1;
	}

	cursor(key: string): IdOnlyCursor {
		if (this.paused) {
			// The old `ids` and `head` stay (the anchor is not reached yet); the next poll goes on at `at`.
			const old = this.old!;
			return {
				v: CURSOR_VERSION,
				kind: 'idOnly',
				key,
				ids: old.ids,
				head: old.head ?? 0,
				resume: {
					at: this.reached!.at,
					top: Math.min(this.topAt ?? 0, this.reached!.at),
					tail: this.reached!.tail,
					done: [...this.done, ...this.fresh().map((r) => r.id)],
				},
			};
		}
		if (this.gapAt !== undefined) {
			// A backlog finished after a jump: the part read from the top, anchored at the newest
			// record of the backlog (every record created since lies above it), OVERLAP known below.
			const order = [...this.seen.keys()].slice(0, this.gapAt);
			const ids = order.slice(0, MAX_RECENT_IDS);
			// The top of the run of new records the backlog continues below (records dated ahead above it).
			let top = 0;
			for (let i = 0; i < order.length; i++)
				if (!this.known.has(order[i]) && (i === 0 || this.known.has(order[i - 1]))) top = i;
			const head = Math.min(top, ids.length - Math.min(OVERLAP, ids.length));
			return { v: CURSOR_VERSION, kind: 'idOnly', key, ids, head: Math.max(0, head) };
		}
		// The top of the list as read now (records dated ahead stay on top and stay known), then the old IDs.
		const ids = [...new Set([...this.seen.keys(), ...(this.old?.ids ?? [])])].slice(0, MAX_RECENT_IDS);
		// The anchor: every record created after this poll should lie above it. Two candidates:
		// the old anchor (or the first old ID below it still there), and the top of the lowest run
		// of new records of this poll (created since the previous poll and, but for a record dated
		// ahead at its very top, before this one). While the old anchor stays within a page of
		// the top (an idle poll is one request), the lower of the two (right if either is);
		// deeper, the top of the run.
		let anchor: string | undefined;
		if (this.old) {
			const kept = new Set(ids);
			const old = this.old.ids.slice(this.old.head ?? 0).find((id) => kept.has(id));
			const order = [...this.seen.keys()].slice(0, this.cutoff([...this.seen.values()]));
			let top: string | undefined;
			for (let i = 0; i < order.length; i++)
				if (!this.known.has(order[i]) && (i === 0 || this.known.has(order[i - 1]))) top = order[i];
			const oldAt = old === undefined ? -1 : ids.indexOf(old);
			if (oldAt >= 0 && oldAt <= TRIGGER_PAGE_SIZE - OVERLAP)
				anchor = top !== undefined && ids.indexOf(top) > oldAt ? top : old;
			else anchor = top ?? old;
		}
		const at = anchor === undefined ? -1 : ids.indexOf(anchor);
		// Keep OVERLAP known IDs below the anchor so a later poll can find a run of them.
		const head =
			at < 0 ? (anchor === undefined ? 0 : MAX_RECENT_IDS - OVERLAP) : Math.min(at, MAX_RECENT_IDS - OVERLAP);
		return {
			v: CURSOR_VERSION,
			kind: 'idOnly',
			key,
			ids,
			head: Math.max(0, Math.min(head, ids.length - Math.min(OVERLAP, ids.length))),
		};
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
