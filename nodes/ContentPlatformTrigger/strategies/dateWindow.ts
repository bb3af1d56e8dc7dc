/**
 * Strategy `dateWindow` (transactions): the list has no `sort` parameter, only
 * `filter[start_date]` (a day) (spec "GET /v1/transactions"). Every poll reads all pages of its
 * date window, from the UTC day before the cursor's floor (one day of margin for the API's time
 * zone) to now, and assumes no order, only that it does not change between two requests but by
 * insertions and deletions. The pages overlap by OVERLAP records; a page whose first record was
 * not in the previous one (records deleted between two requests) is read again from further up.
 * Records created during a poll can land on pages already read while newer ones land on pages
 * still to come: the cursor keeps the IDs of every record of the RECHECK_MS before the watermark
 * (the floor), so such a record is emitted by the next poll. New = created at or after the floor
 * with an unseen ID, or without a readable `created_at` and not emitted before. The watermark
 * never passes the poll's clock; a record dated after it is emitted once and its ID kept.
 *
 * Budget: a poll that runs out (`pause`) emits what it read and saves where it stopped (`resume`:
 * the position and the last OVERLAP IDs read), keeping the floor and adding every emitted ID. The
 * next poll starts at a page holding those IDs (from the start of the list when none is
 * there), and the poll that reaches the end saves the usual cursor, with a floor no higher than
 * an hour before the first poll of the series and the IDs emitted meanwhile.
 */
import { CURSOR_VERSION, nextOdd, oddHeldWarning, oddRoom, TRIGGER_PAGE_SIZE, type PollRecord } from '../cursorParts';
import { iso, parseTime } from '../storedValues';
import type { DateWindowCursor } from './dateWindow.cursor';
import { MAX_RETRIES, checkAnswer, listShifted, pageAt, type PageAnswer, type ReadEnd } from './listPages';
import type { PageRequest, PollClock, Scan, TriggerStrategy } from './types';

/**
 * How far back from the watermark every poll checks the records again (1 hour): the cursor keeps
 * the IDs of every record of that hour (the floor is the watermark less this, or higher).
 */
export const RECHECK_MS = 3_600_000;

/** Most IDs a `dateWindow` cursor keeps (the floor rises above the oldest kept when there are more). */
export const MAX_WINDOW_IDS = 300;

/**
 * Records shared by two consecutive pages of one poll (the list has no order that would keep the
 * records of one instant together, so a fixed number).
 */
export const OVERLAP = 10;

/** Date windows (days back from the poll's clock) probed for the newest transaction at activation, then all. */
export const PROBE_DAYS = [2, 8, 31, 366];

/** One day in milliseconds. */
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day `days` days before the instant `ms` (a `filter[start_date]`). */
function dayBefore(ms: number, days: number): string {
	return iso(ms - days * DAY_MS).slice(0, 10);
}

class DateWindowScan implements Scan {
	suppressed = 0;

	private readonly floor: number;

	/** The poll's clock (read when needed: it is the API's once the first answer is in). */
	private get horizon(): number {
		return this.clock.now;
	}

	/** Undated records held back by this poll (`odd` full, see `fresh`). */
	private heldOdd = 0;

	/** The activation probe's `filter[start_date]`, fixed for all pages of one probe's date window. */
	private probeStart?: { probe: number; date: string | undefined };

	private readonly known: Set<string>;

	private readonly odd: Set<string>;

	private readonly seen = new Map<string, PollRecord>();

	private pending: Pick<PageRequest, 'number' | 'size'> = { number: 1, size: TRIGGER_PAGE_SIZE };

	private probe = 0;

	/** The first answer of this date window, and the previous one. */
	private first?: PageAnswer;

	private previous?: PageAnswer;

	private retries = 0;

	private done = false;

	/** Set when the budget ran out (see `pause`): where the next poll goes on. */
	private paused?: ReadEnd;

	/** Where the last answer ended (position in the list) and its last records. */
	private reached?: ReadEnd;

	constructor(
		private readonly old: DateWindowCursor | undefined,
		private readonly clock: PollClock,
	) {
		const floor = old?.floor ? parseTime(old.floor) : Number.NEGATIVE_INFINITY;
		this.floor = Math.max(floor, clock.notBefore);
		this.known = new Set(old?.ids);
		this.odd = new Set(old?.odd);
		const resume = old?.resume;
		if (resume) {
			// Go on from a page that holds the records read last.
			const page = pageAt(Math.max(0, resume.at - OVERLAP), resume.at + 1)!;
			this.pending = { number: page.number, size: page.size };
			this.tail = new Set(resume.tail);
		}
	}

	/** Resuming: the records the previous poll read last, looked for in the first answer. */
	private tail?: Set<string>;

	pause(): boolean {
		if (!this.old || !this.reached) return false;
		this.paused = this.reached;
		return true;
	}

	/** The `filter[start_date]` of this poll's requests (none: the whole list). */
	private startDate(): string | undefined {
		if (this.old) return this.floor === Number.NEGATIVE_INFINITY ? undefined : dayBefore(this.floor, 1);
		if (this.probeStart?.probe !== this.probe) {
			const days = PROBE_DAYS[this.probe];
			this.probeStart = { probe: this.probe, date: days === undefined ? undefined : dayBefore(this.clock.now, days) };
		}
		return this.probeStart.date;
	}

	next(): PageRequest | null {
		if (this.done) return null;
		const start = this.startDate();
		return { ...this.pending, query: start ? { 'filter[start_date]': start } : {} };
	}

	read(records: PollRecord[]): void {
		const request = this.pending;
		const start = (request.number - 1) * request.size;
		this.first = checkAnswer(this.first, request, records);
		for (const record of records) if (!this.seen.has(record.id)) this.seen.set(record.id, record);
		if (this.tail) {
			const found = this.tail.size === 0 || records.some((r) => this.tail!.has(r.id));
			this.tail = undefined;
			if (!found) {
				// The list moved since: read it from the start (what was emitted since is known by ID).
				this.pending = { number: 1, size: TRIGGER_PAGE_SIZE };
				this.first = undefined;
				return;
			}
		}
		const previous = this.previous;
		if (previous && records.length && !previous.records.some((r) => r.id === records[0].id)) {
			// The page's first record was not in the previous page: records deleted between two
			// requests moved the list back past the overlap. Read again from further up.
			if (++this.retries > MAX_RETRIES) throw listShifted();
			this.pending = this.request(previous.start + previous.records.length - OVERLAP - 2 ** this.retries, previous);
			return;
		}
		this.retries = 0;
		this.reached = { at: start + records.length, tail: records.slice(-OVERLAP).map((r) => r.id) };
		if (records.length === request.size) {
			this.previous = { start, records };
			this.pending = this.request(start + records.length - OVERLAP, this.previous);
			return;
		}
		// Activation: the first date window that holds a record, read in full; else a wider one.
		if (!this.old && this.seen.size === 0 && this.probe < PROBE_DAYS.length) {
			this.probe++;
			this.pending = { number: 1, size: TRIGGER_PAGE_SIZE };
			this.first = undefined;
			this.previous = undefined;
			return;
		}
		this.done = true;
	}

	private request(target: number, previous: PageAnswer): Pick<PageRequest, 'number' | 'size'> {
		const end = previous.start + previous.records.length;
		const page = pageAt(target, end + 1) ?? pageAt(end)!;
		return { number: page.number, size: page.size };
	}

	private isNew(record: PollRecord): boolean {
		if (!this.old) return false;
		if (Number.isNaN(record.time)) return !this.odd.has(record.id);
		if (this.known.has(record.id)) return false;
		if (record.time < this.floor) {
			if (this.old.watermark && record.time > parseTime(this.old.watermark)) this.suppressed++;
			return false;
		}
		return true;
	}

	fresh(): PollRecord[] {
		this.suppressed = 0;
		this.heldOdd = 0;
		const list = [...this.seen.values()];
		// `odd` must hold every undated record emitted now: hold back the rest (see `nextOdd`).
		let oddLeft = oddRoom(list, this.odd);
		return list
			.map((record, index) => ({ record, index }))
			.filter(({ record }) => this.isNew(record))
			.sort((a, b) => (a.record.time || 0) - (b.record.time || 0) || a.index - b.index)
			.map(({ record }) => record)
			.filter((record) => {
				if (!Number.isNaN(record.time) || oddLeft-- > 0) return true;
				this.heldOdd++;
				return false;
			});
	}

	warnings(): string[] {
		return this.heldOdd ? [oddHeldWarning(this.heldOdd)] : [];
	}

	cursor(key: string): DateWindowCursor {
		if (this.paused) return this.pausedCursor(key);
		const fresh = this.old ? this.fresh() : [...this.seen.values()];
		const timed = [...this.seen.values()].filter((r) => !Number.isNaN(r.time));
		const present = timed.filter((r) => r.time <= this.horizon);
		const oldWatermark = this.old?.watermark ? parseTime(this.old.watermark) : Number.NEGATIVE_INFINITY;
		let watermark = present.reduce((max, r) => Math.max(max, r.time), oldWatermark);
		if (this.old && this.clock.notBefore > watermark && this.clock.notBefore <= this.clock.now)
			watermark = this.clock.notBefore;
		const base = {
			v: CURSOR_VERSION as typeof CURSOR_VERSION,
			kind: 'dateWindow' as const,
			key,
			odd: nextOdd(fresh, this.odd, this.seen),
		};
		if (watermark === Number.NEGATIVE_INFINITY) {
			// Nothing dated yet: keep the IDs read (future-dated ones included) so none is emitted twice.
			return { ...base, watermark: null, floor: null, ids: timed.map((r) => r.id).slice(0, MAX_WINDOW_IDS) };
		}
		const resume = this.old?.resume;
		if (resume) {
			// The last part of a date window read over several polls: the records emitted by the earlier
			// ones are kept (their times are not), and the floor stays below the first poll's clock
			// (records created meanwhile may sit on parts read before).
			const floor = Math.max(this.floor, Math.min(watermark - RECHECK_MS, parseTime(resume.since) - RECHECK_MS));
			const ids = [...timed.filter((r) => r.time >= floor).map((r) => r.id), ...this.old!.ids];
			return { ...base, watermark: iso(watermark), floor: iso(floor), ids: [...new Set(ids)] };
		}
		const recent = timed.filter((r) => r.time >= watermark - RECHECK_MS).sort((a, b) => b.time - a.time);
		let floor = watermark - RECHECK_MS;
		if (recent.length > MAX_WINDOW_IDS) floor = recent[MAX_WINDOW_IDS - 1].time;
		return {
			...base,
			watermark: iso(watermark),
			floor: iso(floor),
			ids: recent.filter((r) => r.time >= floor).map((r) => r.id),
		};
	}

	/** The budget ran out: the floor stays; every record emitted so far is kept by ID; the next poll goes on. */
	private pausedCursor(key: string): DateWindowCursor {
		const old = this.old!;
		const fresh = this.fresh();
		const present = [...this.seen.values()].filter((r) => !Number.isNaN(r.time) && r.time <= this.horizon);
		const oldWatermark = old.watermark ? parseTime(old.watermark) : Number.NEGATIVE_INFINITY;
		const watermark = present.reduce((max, r) => Math.max(max, r.time), oldWatermark);
		const floor = this.floor === Number.NEGATIVE_INFINITY ? null : iso(this.floor);
		return {
			v: CURSOR_VERSION,
			kind: 'dateWindow',
			key,
			watermark: watermark === Number.NEGATIVE_INFINITY ? null : iso(watermark),
			floor,
			ids: [...new Set([...fresh.filter((r) => !Number.isNaN(r.time)).map((r) => r.id), ...old.ids])],
			odd: nextOdd(fresh, this.odd, this.seen),
			resume: { ...this.paused!, since: old.resume?.since ?? iso(this.clock.now) },
		};
	}

	newest(): PollRecord | undefined {
		let newest: PollRecord | undefined;
		for (const r of this.seen.values()) if (!newest || r.time > newest.time) newest = r;
		return newest;
	}
}

/** The `dateWindow` strategy (see the module comment). */
export const dateWindowStrategy: TriggerStrategy = {
	kind: 'dateWindow',
	start: (cursor, clock) => new DateWindowScan(cursor?.kind === 'dateWindow' ? cursor : undefined, clock),
};
