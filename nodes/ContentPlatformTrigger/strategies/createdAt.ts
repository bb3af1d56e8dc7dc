/**
 * Strategy `createdAt` (orders, order items, contacts, customers): the list can be sorted by
 * `-created_at` and records carry `created_at` (spec "Endpoints").
 *
 * A poll reads overlapping pages newest first (strategies/listPages.ts `pageAt`). Each answer is
 * one consistent snapshot; the next page starts one record above the last instant of the
 * previous one, so every instant a poll passes is seen whole in one answer, between a newer
 * and an older record. That holds when the API orders the records of one instant differently on
 * every request, and when records are deleted or inserted between two requests (a page whose
 * first record is not newer than that instant is read again from further up). The poll stops at
 * the first record older than the watermark. New = newer than the watermark (and not an emitted
 * future-dated record), or at the watermark with an unseen ID, or without a readable `created_at`
 * and not emitted before. The watermark never passes the poll's clock (the API's, apiClock.ts): a
 * record dated after it is emitted once and remembered by ID until the clock passes it.
 *
 * Limits (none of them re-emits on overflow): at most MAX_AHEAD records dated ahead are
 * remembered: further ones, farthest ahead first, are held back (emitted by a later poll, once
 * there is room or the clock has passed them) and the poll logs a warning; at most MAX_ODD
 * records without a readable `created_at`: further ones are held back the same way; at most
 * MAX_SET_IDS IDs at the watermark instant: beyond, the watermark moves 1 ms past that instant
 * (a record created later at that very millisecond is not emitted) and the poll logs it.
 *
 * Shortcoming: an instant that fills a whole page (more than 98 records at one `created_at`)
 * cannot be seen whole, between a newer and an older record, in one answer; it is read with
 * contiguous pages, exact only if the API's tie order is stable.
 */
import { CURSOR_VERSION, TRIGGER_PAGE_SIZE, nextOdd, oddHeldWarning, oddRoom, type PollRecord } from '../cursorParts';
import { MAX_SET_IDS } from '../idRuns';
import { iso, parseTime } from '../storedValues';
import { MAX_AHEAD, MAX_RESUME, type CreatedAtCursor, type ResumePoint } from './createdAt.cursor';
import { MAX_RETRIES, checkAnswer, listShifted, pageAt, type PageAnswer } from './listPages';
import { ScanError, type PageRequest, type PollClock, type Scan, type TriggerStrategy } from './types';

const SORT = { sort: '-created_at' };

/** An answer and where its last instant starts (`describe`). */
interface DescribedAnswer extends PageAnswer {
	/** Index of the first record of the answer's last instant (records without a time belong to it). */
	lastInstantIndex: number;
	/** The answer's last instant (ms), or NaN when it holds no timed record. */
	lastInstant: number;
}

class CreatedAtScan implements Scan {
	suppressed = 0;

	private readonly baseline: boolean;

	private readonly watermark: number;

	private readonly floor: number;

	/** The poll's clock (read when needed: it is the API's once the first answer is in). */
	private get horizon(): number {
		return this.clock.now;
	}

	/** Records held back by this poll because a list of the cursor was at its limit (see the module comment). */
	private held = { ahead: 0, odd: 0 };

	/** Set when the IDs at the watermark instant exceeded MAX_SET_IDS (the watermark moved past it). */
	private movedPast?: number;

	private readonly known: Set<string>;

	private readonly ahead: Map<string, number>;

	private readonly odd: Set<string>;

	/** Every record read, in the order first read. */
	private readonly seen = new Map<string, PollRecord>();

	private pending: PageRequest | null = { number: 1, size: 100, query: SORT };

	private previous?: DescribedAnswer;

	private retries = 0;

	/** The poll's first answer. */
	private first?: PageAnswer;

	/** Resuming a backlog: records at or after this instant are left to later polls. */
	private readonly cap: number;

	/** Resuming a backlog: still looking for the page where the previous poll stopped. */
	private seeking: boolean;

	private seekTries = 0;

	/** Set when the budget ran out (see `pause`): the new backlog points. */
	private paused?: ResumePoint[];

	constructor(
		private readonly old: CreatedAtCursor | undefined,
		private readonly clock: PollClock,
	) {
		this.baseline = old === undefined;
		this.watermark = old?.watermark ? parseTime(old.watermark) : Number.NEGATIVE_INFINITY;
		this.floor = Math.max(this.watermark, clock.notBefore);
		this.known = new Set(old?.ids);
		this.ahead = new Map((old?.ahead ?? []).map(([id, at]) => [id, parseTime(at)]));
		this.odd = new Set(old?.odd);
		const point = old?.resume?.[old.resume.length - 1];
		this.cap = point ? parseTime(point.before) : Number.POSITIVE_INFINITY;
		this.seeking = point !== undefined;
		if (point) this.pending = this.seekAt(point.at);
	}

	private seekAt(position: number): PageRequest {
		const page = pageAt(Math.max(0, position - 1))!;
		return { number: page.number, size: page.size, query: SORT };
	}

	/**
	 * Resuming: whether this answer starts at or above the instant where the previous poll stopped
	 * and reaches below it; otherwise the next page to try (further down or up).
	 */
	private seek(start: number, records: PollRecord[]): boolean {
		const timed = records.filter((r) => !Number.isNaN(r.time));
		const first = timed[0];
		const last = timed[timed.length - 1];
		if (first && first.time >= this.cap && (last.time < this.cap || records.length < this.pending!.size)) return true;
		if (!first && records.length < this.pending!.size) return true;
		if (++this.seekTries > 12) {
			throw new ScanError(
				'The list changed too much to find where the previous poll stopped. Nothing was emitted; the next poll tries again.',
				'unstable',
			);
		}
		const step = TRIGGER_PAGE_SIZE * 2 ** (this.seekTries - 1);
		// Entirely newer than that instant: further down; starting below it: further up.
		const target = first && first.time >= this.cap ? start + records.length : Math.max(0, start - step);
		this.pending = this.seekAt(target + 1);
		return false;
	}

	pause(): boolean {
		if (this.baseline || this.points.length === 0) return false;
		this.paused = [...(this.old?.resume ?? []), ...this.points].slice(-MAX_RESUME);
		return true;
	}

	/** Where each accepted answer's last complete instant ends: the points a later poll can resume from. */
	private readonly points: ResumePoint[] = [];

	private addPoint(answer: DescribedAnswer): void {
		let index = answer.lastInstantIndex - 1;
		while (index >= 0 && Number.isNaN(answer.records[index].time)) index--;
		if (index < 0 || answer.records[index].time >= this.cap || answer.records[index].time > this.horizon) return;
		this.points.push({ at: answer.start + index, before: iso(answer.records[index].time) });
	}

	next(): PageRequest | null {
		return this.pending;
	}

	read(records: PollRecord[]): void {
		const request = this.pending!;
		const start = (request.number - 1) * request.size;
		const previous = this.previous;
		this.first = checkAnswer(this.first, request, records);
		for (const record of records) if (!this.seen.has(record.id)) this.seen.set(record.id, record);
		if (this.seeking) {
			if (!this.seek(start, records)) return;
			this.seeking = false;
		}
		const firstTimed = records.find((r) => !Number.isNaN(r.time));
		if (
			previous &&
			!Number.isNaN(previous.lastInstant) &&
			previous.lastInstantIndex > 0 &&
			firstTimed &&
			firstTimed.time <= previous.lastInstant
		) {
			// The page does not start above the previous page's last instant: the list moved up
			// (records deleted) or the page's start fell inside that instant. Start further up.
			if (++this.retries > MAX_RETRIES) throw listShifted();
			const retry = this.request(previous.start + previous.lastInstantIndex - 1 - 2 ** this.retries, previous);
			if (!retry) throw listShifted();
			this.pending = retry;
			return;
		}
		this.retries = 0;
		if (records.length < request.size || this.reachedFloor(records)) {
			this.pending = null;
			return;
		}
		const answer = describe(start, records);
		this.previous = answer;
		this.addPoint(answer);
		// The next page starts one record above the answer's last instant and reaches past the
		// answer. When no page can (an instant that fills most of a page, or an awkward
		// position), the next page follows on without overlap: exact only if the list did not
		// shift in between.
		const overlapping =
			answer.lastInstantIndex >= 1 ? this.request(start + answer.lastInstantIndex - 1, answer) : undefined;
		if (overlapping) {
			this.pending = overlapping;
		} else {
			answer.lastInstant = Number.NaN;
			const page = pageAt(start + records.length)!;
			this.pending = { number: page.number, size: page.size, query: SORT };
		}
	}

	private request(target: number, previous: PageAnswer): PageRequest | undefined {
		const page = pageAt(target, previous.start + previous.records.length + 1);
		return page && page.start <= target ? { number: page.number, size: page.size, query: SORT } : undefined;
	}

	/** Whether the answer reaches below what the poll must read. */
	private reachedFloor(records: PollRecord[]): boolean {
		if (this.baseline) {
			const top = this.topInstant();
			return records.some((r) => r.time < top);
		}
		return this.floor !== Number.NEGATIVE_INFINITY && records.some((r) => r.time < this.floor);
	}

	/** The newest instant read that is not beyond the horizon (-Infinity when none). */
	private topInstant(): number {
		let top = Number.NEGATIVE_INFINITY;
		for (const r of this.seen.values()) if (r.time <= this.horizon && r.time < this.cap && r.time > top) top = r.time;
		return top;
	}

	private isNew(record: PollRecord): boolean {
		if (this.baseline) return false;
		if (Number.isNaN(record.time)) return !this.odd.has(record.id);
		if (record.time < this.floor) {
			if (record.time > this.watermark) this.suppressed++;
			return false;
		}
		if (record.time === this.watermark) return !this.known.has(record.id);
		if (record.time < this.watermark || record.time >= this.cap) return false;
		return !this.ahead.has(record.id);
	}

	fresh(): PollRecord[] {
		if (this.paused) return [];
		const list = [...this.seen.values()];
		this.suppressed = 0;
		this.held = { ahead: 0, odd: 0 };
		const candidates = list
			.map((record, index) => ({ record, index }))
			.filter(({ record }) => this.isNew(record))
			.sort((a, b) => (a.record.time || 0) - (b.record.time || 0) || b.index - a.index)
			.map(({ record }) => record);
		// The lists of the next cursor that have a limit must hold every record emitted now: hold back the rest.
		const { watermark } = this.nextWatermark();
		let aheadRoom = MAX_AHEAD - [...this.ahead.values()].filter((at) => at > watermark).length;
		let oddLeft = oddRoom(list, this.odd);
		return candidates.filter((record) => {
			if (Number.isNaN(record.time)) {
				if (oddLeft-- > 0) return true;
				this.held.odd++;
				return false;
			}
			if (record.time <= this.horizon || aheadRoom-- > 0) return true;
			this.held.ahead++;
			return false;
		});
	}

	warnings(): string[] {
		const out: string[] = [];
		if (this.held.ahead)
			out.push(
				`${this.held.ahead} new record(s) dated ahead of the API's clock were held back: the trigger remembers at most ${MAX_AHEAD} emitted records dated ahead; they are emitted by a later poll (once the API's clock has passed them or there is room)`,
			);
		if (this.held.odd) out.push(oddHeldWarning(this.held.odd));
		if (this.movedPast !== undefined)
			out.push(
				`more than ${MAX_SET_IDS} records share the created_at ${iso(this.movedPast)}: the trigger's position moved past that instant (a record created later with that very created_at would not be emitted)`,
			);
		return out;
	}

	/** The next cursor's watermark (ms) and the IDs at it (before any limit is applied). */
	private nextWatermark(): { watermark: number; ids: string[] } {
		const top = this.topInstant();
		let watermark = this.watermark;
		let ids = [...this.known];
		if (top > watermark) {
			watermark = top;
			ids = [...this.seen.values()].filter((r) => r.time === top).map((r) => r.id);
		} else if (top === watermark) {
			ids = [...new Set([...ids, ...[...this.seen.values()].filter((r) => r.time === top).map((r) => r.id)])];
		}
		if (!this.baseline && this.clock.notBefore > watermark && this.clock.notBefore <= this.clock.now) {
			watermark = this.clock.notBefore;
			ids = [];
		}
		return { watermark, ids };
	}

	cursor(key: string): CreatedAtCursor {
		if (this.paused) return { ...this.old!, key, resume: this.paused };
		const fresh = this.baseline ? [...this.seen.values()] : this.fresh();
		let { watermark, ids } = this.nextWatermark();
		if (ids.length > MAX_SET_IDS) {
			// Too many IDs at one instant to store: move past it (no record of it is emitted again).
			this.movedPast = watermark;
			watermark += 1;
			ids = [];
		}
		const ahead = new Map([...this.ahead].filter(([, at]) => at > watermark));
		for (const r of fresh) if (r.time > this.horizon) ahead.set(r.id, r.time);
		const rest = this.old?.resume?.slice(0, -1);
		return {
			v: CURSOR_VERSION,
			kind: 'createdAt',
			key,
			...(rest?.length ? { resume: rest } : {}),
			watermark: watermark === Number.NEGATIVE_INFINITY ? null : iso(watermark),
			ids,
			ahead: [...ahead]
				.sort((a, b) => a[1] - b[1])
				.slice(0, MAX_AHEAD)
				.map(([id, at]) => [id, iso(at)]),
			odd: nextOdd(fresh, this.odd, this.seen),
		};
	}

	newest(): PollRecord | undefined {
		return [...this.seen.values()][0];
	}
}

/** Where an answer's last instant starts. */
function describe(start: number, records: PollRecord[]): DescribedAnswer {
	let lastInstantIndex = records.length;
	let lastInstant = Number.NaN;
	for (let i = records.length - 1; i >= 0; i--) {
		const t = records[i].time;
		if (Number.isNaN(t)) {
			lastInstantIndex = i;
			continue;
		}
		if (Number.isNaN(lastInstant)) lastInstant = t;
		if (t !== lastInstant) break;
		lastInstantIndex = i;
	}
	return { start, records, lastInstantIndex, lastInstant };
}

/** The `createdAt` strategy (see the module comment). */
export const createdAtStrategy: TriggerStrategy = {
	kind: 'createdAt',
	start: (cursor, clock) => new CreatedAtScan(cursor?.kind === 'createdAt' ? cursor : undefined, clock),
};
