/**
 * Strategy `createdAt` (orders, order items, contacts, customers): the list can be sorted by
 * `-created_at` and records carry `created_at` (spec "Endpoints").
 *
 * A poll reads overlapping windows newest first (strategies/types.ts `windowAt`). Each answer is
 * one consistent snapshot; the next window starts one record above the last instant of the
 * previous one, so every instant a poll passes is seen whole in one answer, bounded by a newer
 * and an older record. That holds when the API orders the records of one instant differently on
 * every request, and when records are deleted or inserted between two requests (a window whose
 * first record is not newer than that instant is read again from further up). The poll stops at
 * the first record older than the watermark. New = newer than the watermark (and not an emitted
 * future-dated record), or at the watermark with an unseen ID, or without a readable `created_at`
 * and not emitted before. The watermark never passes the poll's clock: a record dated after it is emitted once and remembered by ID until the clock passes it.
 *
 * Limit: an instant that fills a whole window (more than 98 records at one `created_at`) cannot be
 * bounded inside one answer; it is read with contiguous pages, exact only if the API's tie order
 * is stable.
 */
import {
	CURSOR_VERSION,
	MAX_AHEAD,
	MAX_ODD,
	iso,
	parseTime,
	type CreatedAtCursor,
	type Cursor,
	type PollRecord,
} from '../cursor';
import { MAX_RETRIES, ScanError, repeatedPage, repeats, windowAt, type PageRequest, type PollClock, type Scan, type TriggerStrategy } from './types';

const SORT = { sort: '-created_at' };

interface Window {
	start: number;
	records: PollRecord[];
	/** Index of the first record of the window's last instant (records without a time belong to it). */
	tailIndex: number;
	/** The window's last instant (ms), or NaN when it holds no timed record. */
	tail: number;
}

class CreatedAtScan implements Scan {
	suppressed = 0;

	private readonly baseline: boolean;

	private readonly watermark: number;

	private readonly floor: number;

	private readonly horizon: number;

	private readonly known: Set<string>;

	private readonly ahead: Map<string, number>;

	private readonly odd: Set<string>;

	/** Every record read, in the order first read. */
	private readonly seen = new Map<string, PollRecord>();

	private pending: PageRequest | null = { number: 1, size: 100, query: SORT };

	private previous?: Window;

	private retries = 0;

	/** The poll's first answer. */
	private first?: PollRecord[];

	constructor(
		old: CreatedAtCursor | undefined,
		private readonly clock: PollClock,
	) {
		this.baseline = old === undefined;
		this.watermark = old?.watermark ? parseTime(old.watermark) : Number.NEGATIVE_INFINITY;
		this.floor = Math.max(this.watermark, clock.notBefore);
		this.horizon = clock.now;
		this.known = new Set(old?.ids);
		this.ahead = new Map((old?.ahead ?? []).map(([id, at]) => [id, parseTime(at)]));
		this.odd = new Set(old?.odd);
	}

	next(): PageRequest | null {
		return this.pending;
	}

	read(records: PollRecord[]): void {
		const request = this.pending!;
		const start = (request.number - 1) * request.size;
		const previous = this.previous;
		if (start > 0 && records.length === request.size && repeats(this.first, records)) {
			throw repeatedPage(request);
		}
		this.first ??= records;
		for (const record of records) if (!this.seen.has(record.id)) this.seen.set(record.id, record);
		const firstTimed = records.find((r) => !Number.isNaN(r.time));
		if (previous && !Number.isNaN(previous.tail) && previous.tailIndex > 0 && firstTimed && firstTimed.time <= previous.tail) {
			// The window does not start above the previous window's last instant: the list moved up
			// (records deleted) or the window's start fell inside that instant. Start further up.
			if (++this.retries > MAX_RETRIES) {
				throw new ScanError('The list kept shifting while it was read (records deleted between requests). Nothing was emitted; the next poll tries again.', 'unstable');
			}
			const retry = this.request(previous.start + previous.tailIndex - 1 - 2 ** this.retries, previous);
			if (!retry) {
				throw new ScanError('The list kept shifting while it was read (records deleted between requests). Nothing was emitted; the next poll tries again.', 'unstable');
			}
			this.pending = retry;
			return;
		}
		this.retries = 0;
		if (records.length < request.size || this.reachedFloor(records)) {
			this.pending = null;
			return;
		}
		const window = describe(start, records);
		this.previous = window;
		// The next window starts one record above the window's last instant and reaches past the
		// window. When no window can (an instant that fills most of a window, or an awkward
		// position), the next page follows on without overlap: exact only if the list did not
		// shift in between.
		const overlapping = window.tailIndex >= 1 ? this.request(start + window.tailIndex - 1, window) : undefined;
		if (overlapping) {
			this.pending = overlapping;
		} else {
			window.tail = Number.NaN;
			const page = windowAt(start + records.length)!;
			this.pending = { number: page.number, size: page.size, query: SORT };
		}
	}

	private request(target: number, previous: Window): PageRequest | undefined {
		const window = windowAt(target, previous.start + previous.records.length + 1);
		return window && window.start <= target ? { number: window.number, size: window.size, query: SORT } : undefined;
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
		for (const r of this.seen.values()) if (r.time <= this.horizon && r.time > top) top = r.time;
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
		if (record.time < this.watermark) return false;
		return !this.ahead.has(record.id);
	}

	fresh(): PollRecord[] {
		const list = [...this.seen.values()];
		this.suppressed = 0;
		return list
			.map((record, index) => ({ record, index }))
			.filter(({ record }) => this.isNew(record))
			.sort((a, b) => (a.record.time || 0) - (b.record.time || 0) || b.index - a.index)
			.map(({ record }) => record);
	}

	cursor(key: string): Cursor {
		const fresh = this.baseline ? [...this.seen.values()] : this.fresh();
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
		const ahead = new Map([...this.ahead].filter(([, at]) => at > watermark));
		for (const r of fresh) if (r.time > this.horizon) ahead.set(r.id, r.time);
		const odd = [...fresh.filter((r) => Number.isNaN(r.time)).map((r) => r.id).reverse(), ...this.odd];
		return {
			v: CURSOR_VERSION,
			kind: 'createdAt',
			key,
			watermark: watermark === Number.NEGATIVE_INFINITY ? null : iso(watermark),
			ids,
			ahead: [...ahead]
				.sort((a, b) => a[1] - b[1])
				.slice(0, MAX_AHEAD)
				.map(([id, at]) => [id, iso(at)]),
			odd: [...new Set(odd)].slice(0, MAX_ODD),
		};
	}

	newest(): PollRecord | undefined {
		return [...this.seen.values()][0];
	}
}

/** Where a window's last instant starts. */
function describe(start: number, records: PollRecord[]): Window {
	let tailIndex = records.length;
	let tail = Number.NaN;
	for (let i = records.length - 1; i >= 0; i--) {
		const t = records[i].time;
		if (Number.isNaN(t)) {
			tailIndex = i;
			continue;
		}
		if (Number.isNaN(tail)) tail = t;
		if (t !== tail) break;
		tailIndex = i;
	}
	return { start, records, tailIndex, tail };
}

/** The `createdAt` strategy (see the module comment). */
export const createdAtStrategy: TriggerStrategy = {
	kind: 'createdAt',
	start: (cursor, clock) => new CreatedAtScan(cursor?.kind === 'createdAt' ? cursor : undefined, clock),
};
