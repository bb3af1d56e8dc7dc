/**
 * Unit tests of the trigger's pure parts: the page arithmetic, the three strategies
 * driven over an in-memory list (ties reordered on every request, deletions between requests,
 * records inserted while a poll runs, future-dated and malformed created_at, a server that
 * ignores page[number]), the cursor union's storage and reading, the lease and the budget. No n8n,
 * no HTTP: the clock is passed in.
 */
import { readCursor, storeCursor, type Cursor } from '../../nodes/ContentPlatformTrigger/cursorStorage';
import { CURSOR_VERSION, MAX_ODD, type PollRecord } from '../../nodes/ContentPlatformTrigger/cursorParts';
import { MAX_SET_IDS, packIds, unpackIds } from '../../nodes/ContentPlatformTrigger/idRuns';
import { holdsLease, releaseLease, takeLease } from '../../nodes/ContentPlatformTrigger/lease';
import { BudgetExceeded, LATE_MS, notBefore, runScan } from '../../nodes/ContentPlatformTrigger/pollLimits';
import { createdAtStrategy } from '../../nodes/ContentPlatformTrigger/strategies/createdAt';
import {
	MAX_AHEAD,
	MAX_RESUME,
	type CreatedAtCursor,
} from '../../nodes/ContentPlatformTrigger/strategies/createdAt.cursor';
import { MAX_WINDOW_IDS, dateWindowStrategy } from '../../nodes/ContentPlatformTrigger/strategies/dateWindow';
import type { DateWindowCursor } from '../../nodes/ContentPlatformTrigger/strategies/dateWindow.cursor';
import { MAX_DONE_IDS, idOnlyStrategy } from '../../nodes/ContentPlatformTrigger/strategies/idOnly';
import type { IdOnlyCursor } from '../../nodes/ContentPlatformTrigger/strategies/idOnly.cursor';
import { ScanError, type PageRequest, type TriggerStrategy } from '../../nodes/ContentPlatformTrigger/strategies/types';
import { checkAnswer, repeats, pageAt } from '../../nodes/ContentPlatformTrigger/strategies/listPages';
import { prng } from './random';

const KEY = '["newOrder",{}]';
const NOW = Date.parse('2026-11-05T08:00:00.000Z');
/** A clock after every record of the tests. */
const LATER = NOW + 30 * 86_400_000;
const clock = (now = NOW) => ({ now, notBefore: Number.NEGATIVE_INFINITY });

/**
 * An in-memory list endpoint: records sorted by time, newest first (`sorted`), or in insertion
 * order (`dateWindow`), with the hostile behaviours as options. `before(request)` runs before each
 * answer (to change the list between two requests).
 */
class FakeList {
	records: PollRecord[] = [];

	requests: PageRequest[] = [];

	shuffleTies = false;

	ignorePageNumber = false;

	before?: (request: PageRequest, index: number) => void;

	private readonly random = prng(7);

	constructor(private readonly sorted = true) {}

	add(id: string | number, seconds: number): void {
		this.records.push({ id: String(id), time: NOW + seconds * 1000 });
	}

	remove(id: string): void {
		this.records = this.records.filter((r) => r.id !== id);
	}

	async page(request: PageRequest): Promise<PollRecord[]> {
		this.before?.(request, this.requests.length);
		this.requests.push(request);
		let list = [...this.records];
		if (this.sorted) {
			list.sort((a, b) => (Number.isNaN(b.time) ? 0 : b.time) - (Number.isNaN(a.time) ? 0 : a.time));
			if (this.shuffleTies) {
				for (let start = 0; start < list.length; ) {
					let end = start + 1;
					while (end < list.length && list[end].time === list[start].time) end++;
					const block = list.slice(start, end).sort(() => this.random() - 0.5);
					list.splice(start, block.length, ...block);
					start = end;
				}
			}
		}
		const number = this.ignorePageNumber ? 1 : request.number;
		list = list.slice((number - 1) * request.size, number * request.size);
		return list;
	}
}

/**
 * One poll of `strategy` over `list`, the clock at `now`. With a `budget`, the poll's own clock is a
 * counter that ticks each time it is read and the poll may use `budget` ticks: a backlog larger than
 * that pauses the poll (`complete` false).
 */
async function poll(
	strategy: TriggerStrategy,
	list: FakeList,
	cursor: Cursor | undefined,
	now = NOW,
	budget = Number.POSITIVE_INFINITY,
) {
	const scan = strategy.start(cursor, clock(now));
	let tick = 0;
	const { requests, complete } = await runScan(
		scan,
		(r) => list.page(r),
		budget,
		budget === Number.POSITIVE_INFINITY ? () => now : () => tick++,
	);
	return { fresh: scan.fresh().map((r) => r.id), cursor: scan.cursor(KEY), requests, complete, scan };
}

describe('pageAt', () => {
	test('the first page is number 1 of size 100; later ones start at or before the target and reach furthest', () => {
		expect(pageAt(0)).toEqual({ number: 1, size: 100, start: 0, end: 100 });
		const w = pageAt(98, 101)!;
		expect(w.start).toBeLessThanOrEqual(98);
		expect(w.end).toBeGreaterThanOrEqual(101);
		expect(w.end).toBe(196); // size 98, page 2
		for (let target = 1; target < 2000; target += 37) {
			const x = pageAt(target, target + 2)!;
			expect(x.start).toBeLessThanOrEqual(target);
			expect(x.end).toBeGreaterThan(target + 1);
			expect(x.size).toBeLessThanOrEqual(100);
			expect(x.start).toBe((x.number - 1) * x.size);
		}
	});

	test('aligned pages cannot cover every stretch: none starts at or before 49 and reaches 101', () => {
		expect(pageAt(49, 101)).toBeUndefined();
	});

	test('repeats: a later answer that is the first answer again', () => {
		const first = [1, 2, 3, 4].map((id) => ({ id: String(id), time: 0 }));
		expect(repeats(first, first.slice(0, 3))).toBe(true);
		expect(repeats(first, [first[1], first[0]])).toBe(true);
		expect(repeats(first, [first[3], { id: '9', time: 0 }])).toBe(false);
		expect(repeats(undefined, first)).toBe(false);
	});

	test('checkAnswer: a page elsewhere that repeats the first answer, whatever its length; an answer longer than page[size]', () => {
		const page = (from: number, n: number) =>
			Array.from({ length: n }, (_, i) => ({ id: String(from + i), time: NOW - (from + i) * 1000 }));
		const first = checkAnswer(undefined, { number: 1, size: 100 }, page(0, 100));
		expect(first).toEqual({ start: 0, records: page(0, 100) });
		// The same 100 records to page 2 of 98 (a server that ignores page[number] and page[size]),
		// the first 98 again, or the first 90 in another order: repeated pages.
		expect(() => checkAnswer(first, { number: 2, size: 98 }, page(0, 100))).toThrow(
			/page 2 \(page\[size\]=98\) with the records of the previous page/,
		);
		expect(() => checkAnswer(first, { number: 2, size: 98 }, page(0, 98))).toThrow(/ignore page\[number\]/);
		expect(() => checkAnswer(first, { number: 2, size: 90 }, page(0, 90).reverse())).toThrow(/ignore page\[number\]/);
		// The overlapping page that follows (positions 98–195), short or full: accepted.
		expect(checkAnswer(first, { number: 2, size: 98 }, page(98, 2))).toBe(first);
		expect(checkAnswer(first, { number: 2, size: 98 }, page(98, 98))).toBe(first);
		// More records than page[size] (a server that ignores page[size]): refused.
		expect(() => checkAnswer(first, { number: 2, size: 98 }, page(98, 100))).toThrow(
			/with 100 records, more than page\[size\]: it seems to ignore page\[size\]/,
		);
		expect(() => checkAnswer(undefined, { number: 1, size: 50 }, page(0, 51))).toThrow(ScanError);
	});
});

describe('createdAt', () => {
	/** 40 old records, baseline, then `n` new ones `perInstant` per second. */
	async function setup(n: number, perInstant: number, shuffle: boolean) {
		const list = new FakeList();
		for (let i = 1; i <= 40; i++) list.add(i, -1000 + i);
		const baseline = await poll(createdAtStrategy, list, undefined);
		expect(baseline.fresh).toEqual([]);
		for (let i = 0; i < n; i++) list.add(1000 + i, Math.floor(i / perInstant) + 1);
		list.shuffleTies = shuffle;
		return { list, cursor: baseline.cursor };
	}

	test.each([
		[1000, 1],
		[1000, 40],
		[600, 48],
		[450, 7],
	])('%i new records, %i per instant, ties reordered on every request: each exactly once', async (n, perInstant) => {
		for (let seed = 0; seed < 5; seed++) {
			const { list, cursor } = await setup(n, perInstant, true);
			const result = await poll(createdAtStrategy, list, cursor, LATER);
			expect(new Set(result.fresh).size).toBe(n);
			expect(result.fresh).toHaveLength(n);
			const again = await poll(createdAtStrategy, list, result.cursor, LATER);
			expect(again.fresh).toEqual([]);
			expect(again.requests).toBe(1);
		}
	});

	test('a record deleted between two requests does not hide the one that moves back', async () => {
		const { list, cursor } = await setup(250, 1, false);
		list.before = (_request, index) => {
			if (index === 2) list.remove('1249'); // after the poll's first answer (the baseline made one request): the newest goes, everything moves back by one
		};
		const result = await poll(createdAtStrategy, list, cursor, LATER);
		const expected = Array.from({ length: 249 }, (_, i) => String(1000 + i));
		expect(new Set(result.fresh)).toEqual(new Set([...expected, '1249']));
		expect(result.requests).toBe(4); // the page after the deletion was read again from further up
	});

	test('a server that ignores page[number]: a clear error', async () => {
		const { list, cursor } = await setup(250, 1, false);
		list.ignorePageNumber = true;
		await expect(poll(createdAtStrategy, list, cursor)).rejects.toThrow(/ignore page\[number\]/);
		await expect(poll(createdAtStrategy, list, cursor)).rejects.toBeInstanceOf(ScanError);
	});

	test('future-dated: emitted once, the watermark stays at the clock, later records are not lost', async () => {
		const { list, cursor } = await setup(0, 1, false);
		list.add('future', 3 * 86_400);
		list.add('a', 10);
		const first = await poll(createdAtStrategy, list, cursor, NOW + 20_000);
		expect(first.fresh).toEqual(['a', 'future']);
		const c = first.cursor as CreatedAtCursor;
		expect(Date.parse(c.watermark!)).toBe(NOW + 10_000);
		expect(c.ahead.map(([id]) => id)).toEqual(['future']);
		list.add('b', 30);
		const second = await poll(createdAtStrategy, list, first.cursor, NOW + 40_000);
		expect(second.fresh).toEqual(['b']);
		// Once the clock has passed it, it is not emitted again either.
		list.add('c', 4 * 86_400);
		const later = await poll(createdAtStrategy, list, second.cursor, NOW + 5 * 86_400_000);
		expect(later.fresh).toEqual(['c']);
		expect((later.cursor as CreatedAtCursor).ahead).toEqual([]);
	});

	test('records whose created_at is unreadable are emitted once, the others as usual', async () => {
		const { list, cursor } = await setup(5, 1, false);
		list.records.push({ id: 'odd', time: Number.NaN });
		const first = await poll(createdAtStrategy, list, cursor);
		expect(first.fresh.sort()).toEqual(['1000', '1001', '1002', '1003', '1004', 'odd']);
		const second = await poll(createdAtStrategy, list, first.cursor);
		expect(second.fresh).toEqual([]);
	});

	test('a 1970 watermark does not replay the history: notBefore (the previous poll − LATE_MS) stops it', async () => {
		const list = new FakeList();
		for (let i = 1; i <= 300; i++) list.add(i, -5 * 86_400 + i);
		list.add('new', 5);
		const cursor: CreatedAtCursor = {
			v: CURSOR_VERSION,
			kind: 'createdAt',
			key: KEY,
			watermark: '1970-01-01T00:00:00.000Z',
			ids: [],
			ahead: [],
			odd: [],
		};
		const scan = createdAtStrategy.start(cursor, { now: NOW + 60_000, notBefore: notBefore(NOW) });
		await runScan(
			scan,
			(r) => list.page(r),
			Number.POSITIVE_INFINITY,
			() => NOW,
		);
		expect(scan.fresh().map((r) => r.id)).toEqual(['new']);
		// The history it did not emit again is counted (the node logs it).
		expect(scan.suppressed).toBeGreaterThan(0);
		expect(notBefore(NOW)).toBe(NOW - LATE_MS);
		expect(notBefore('garbage')).toBe(Number.NEGATIVE_INFINITY);
	});
});

describe('idOnly', () => {
	test('bursts with ties of up to 9 reordered, deletions of up to 9 between requests: each exactly once', async () => {
		const list = new FakeList();
		for (let i = 1; i <= 30; i++) list.add(i, -1000 + i);
		let cursor = (await poll(idOnlyStrategy, list, undefined)).cursor;
		list.shuffleTies = true;
		const emitted: string[] = [];
		let next = 100;
		for (let round = 0; round < 6; round++) {
			for (let i = 0; i < 333; i++, next++) list.add(next, round * 1000 + Math.floor(i / 9));
			list.before = (_r, index) => {
				if (index === 1) list.remove(String(next - 5));
			};
			const result = await poll(idOnlyStrategy, list, cursor);
			emitted.push(...result.fresh);
			cursor = result.cursor;
		}
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(emitted.length).toBeGreaterThanOrEqual(6 * 333 - 6);
	});

	test('known records dated ahead on top of the list do not end a poll before new ones below', async () => {
		const list = new FakeList();
		for (let i = 1; i <= 50; i++) list.add(i, -1000 + i);
		for (let i = 0; i < 30; i++) list.add(`f${i}`, 86_400 + i); // dated a day ahead
		let cursor = (await poll(idOnlyStrategy, list, undefined)).cursor;
		list.add('fnew', 86_400 - 1); // new, among them
		for (let i = 0; i < 150; i++) list.add(`n${i}`, i);
		let result = await poll(idOnlyStrategy, list, cursor);
		expect(new Set(result.fresh)).toEqual(new Set(['fnew', ...Array.from({ length: 150 }, (_, i) => `n${i}`)]));
		cursor = result.cursor;
		list.add('fnew2', 86_400 + 5);
		for (let i = 150; i < 300; i++) list.add(`n${i}`, i);
		result = await poll(idOnlyStrategy, list, cursor);
		expect(result.fresh).toHaveLength(151);
	});

	test('a new record dated ahead above a run of known ones dated ahead: the poll reads on down to the anchor', async () => {
		const list = new FakeList();
		for (let i = 1; i <= 50; i++) list.add(i, -1000 + i);
		let cursor = (await poll(idOnlyStrategy, list, undefined)).cursor;
		for (let i = 0; i < 30; i++) list.add(`f${i}`, 86_400 + 10 * i); // dated a day ahead
		cursor = (await poll(idOnlyStrategy, list, cursor)).cursor;
		const rounds = [
			['fx', 86_400 + 105], // among them
			['fy', 86_400 + 1000], // above them all
			['fz', 86_400 + 999],
		] as const;
		for (const [round, [future, at]] of rounds.entries()) {
			list.add(future, at);
			const normal = Array.from({ length: 50 }, (_, i) => `n${round}-${i}`);
			normal.forEach((id, i) => list.add(id, round * 100 + i));
			const result = await poll(idOnlyStrategy, list, cursor);
			expect(new Set(result.fresh)).toEqual(new Set([future, ...normal]));
			cursor = result.cursor;
			// The anchor: below the records dated ahead.
			expect((cursor as IdOnlyCursor).ids[(cursor as IdOnlyCursor).head!]).toMatch(/^(n|50$)/);
		}
		const idle = await poll(idOnlyStrategy, list, cursor);
		expect({ fresh: idle.fresh, requests: idle.requests }).toEqual({ fresh: [], requests: 1 });
	});

	test('a poll that reads to the end of the list without finding a run of known IDs takes nothing below the known ones for new', async () => {
		const list = new FakeList();
		for (let i = 1; i <= 300; i++) list.add(i, -1000 + i);
		const cursor = (await poll(idOnlyStrategy, list, undefined)).cursor as IdOnlyCursor;
		// Every other known record below the top deleted: no run of 10 known IDs is left.
		for (let i = 300; i > 300 - 200; i -= 2) list.remove(String(i));
		list.add('new', 1);
		const result = await poll(idOnlyStrategy, list, cursor);
		expect(result.fresh).toEqual(['new']);
	});
});

describe('dateWindow', () => {
	test('overlapping pages: records deleted between requests do not hide the ones that move back', async () => {
		const list = new FakeList(false);
		for (let i = 0; i < 20; i++) list.add(`old${i}`, -3600 * 30 + i);
		const baseline = await poll(dateWindowStrategy, list, undefined);
		for (let i = 0; i < 400; i++) list.add(i, 60 + i);
		list.before = (_r, index) => {
			if (index === 2) ['old1', 'old2', 'old3'].forEach((id) => list.remove(id));
		};
		const result = await poll(dateWindowStrategy, list, baseline.cursor, NOW + 3600_000);
		expect(new Set(result.fresh).size).toBe(400);
		list.before = undefined;
		expect((await poll(dateWindowStrategy, list, result.cursor, NOW + 3600_000)).fresh).toEqual([]);
	});
});

describe('cursor storage', () => {
	test('packIds: runs of consecutive integers, other IDs as they are; unpackIds gives them back', () => {
		const ids = ['5', '1', '2', '3', '4', 'x', '007', '10', '11'];
		const packed = packIds(ids);
		expect(packed).toEqual({ ids: ['x', '007', '10', '11'], runs: [[1, 5]] });
		expect(new Set(unpackIds(packed.ids, packed.runs))).toEqual(new Set(ids));
		expect(unpackIds(['a'], [[1, MAX_SET_IDS + 5]])).toBeUndefined();
		expect(unpackIds(['a'], [[3, 1]])).toBeUndefined();
		expect(unpackIds([1], undefined)).toBeUndefined();
	});

	test('readCursor: missing, another key, unreadable; a stored cursor reads back; version 1 still reads', () => {
		expect(readCursor(undefined, KEY, 'createdAt')).toEqual({ problem: 'missing' });
		expect(readCursor('garbage', KEY, 'createdAt')).toEqual({ problem: 'unreadable' });
		expect(readCursor({ v: 2, kind: 'createdAt', key: 'other', watermark: null, ids: [] }, KEY, 'createdAt')).toEqual({
			problem: 'other-key',
		});
		expect(readCursor({ v: 2, kind: 'idOnly', key: KEY, ids: [] }, KEY, 'createdAt')).toEqual({
			problem: 'unreadable',
		});
		expect(readCursor({ v: 2, kind: 'createdAt', key: KEY, watermark: 'soon', ids: [] }, KEY, 'createdAt')).toEqual({
			problem: 'unreadable',
		});
		expect(readCursor({ v: 2, kind: 'createdAt', key: KEY, watermark: null, ids: [3] }, KEY, 'createdAt')).toEqual({
			problem: 'unreadable',
		});
		expect(readCursor({ v: 2, kind: 'idOnly', key: KEY, ids: ['1'], head: -1 }, KEY, 'idOnly')).toEqual({
			problem: 'unreadable',
		});
		const cursor: CreatedAtCursor = {
			v: CURSOR_VERSION,
			kind: 'createdAt',
			key: KEY,
			watermark: '2026-11-05T08:00:00.000Z',
			ids: ['1', '2', '3', 'a'],
			ahead: [['f', '2027-01-01T00:00:00.000Z']],
			odd: ['o'],
		};
		const stored = JSON.parse(JSON.stringify(storeCursor(cursor)));
		expect(stored.runs).toEqual([[1, 3]]);
		const read = readCursor(stored, KEY, 'createdAt') as { cursor: CreatedAtCursor };
		expect({ ...read.cursor, ids: new Set(read.cursor.ids) }).toEqual({ ...cursor, ids: new Set(cursor.ids) });
		// Version 1 cursors.
		expect(readCursor({ v: 1, key: KEY, watermark: '2026-11-05T08:00:00.000Z', ids: ['9'] }, KEY, 'createdAt')).toEqual(
			{
				cursor: {
					v: 2,
					kind: 'createdAt',
					key: KEY,
					watermark: '2026-11-05T08:00:00.000Z',
					ids: ['9'],
					ahead: [],
					odd: [],
				},
			},
		);
		expect(readCursor({ v: 1, key: KEY, ids: ['9', '8'] }, KEY, 'idOnly')).toEqual({
			cursor: { v: 2, kind: 'idOnly', key: KEY, ids: ['9', '8'], head: 0 },
		});
	});
});

describe('lease and budget', () => {
	test('one poll at a time per process; a lease of another process (n8n restarted) or an expired one is void', () => {
		const data: Record<string, unknown> = {};
		const a = takeLease(data, NOW, 1000, 'p1')!;
		expect(a).toBeDefined();
		expect(takeLease(data, NOW + 999, 1000, 'p1')).toBeUndefined();
		const b = takeLease(data, NOW + 1001, 1000, 'p1')!;
		expect(b).toBeDefined();
		expect(holdsLease(data, a)).toBe(false);
		releaseLease(data, a); // no effect: b holds it
		expect(holdsLease(data, b)).toBe(true);
		const c = takeLease(data, NOW + 1002, 1000, 'p2')!;
		expect(holdsLease(data, c)).toBe(true);
		releaseLease(data, c);
		expect(data.lease).toBeUndefined();
	});

	test('past the deadline a scan pauses (createdAt: resume next poll) or fails with BudgetExceeded (a baseline cannot pause)', async () => {
		const list = new FakeList();
		for (let i = 0; i < 500; i++) list.add(i, i);
		const scan = createdAtStrategy.start(
			{ v: 2, kind: 'createdAt', key: KEY, watermark: new Date(NOW - 1000).toISOString(), ids: [], ahead: [], odd: [] },
			clock(LATER),
		);
		let t = NOW;
		expect(
			await runScan(
				scan,
				(r) => list.page(r),
				NOW + 2500,
				() => (t += 1000),
			),
		).toEqual({ requests: 3, complete: false });
		expect(scan.fresh()).toEqual([]);
		// One point per page read: where a later poll can go on from.
		expect((scan.cursor(KEY) as CreatedAtCursor).resume).toEqual(
			[0, 1, 2].map(() => ({ at: expect.any(Number), before: expect.any(String) })),
		);
		// An idOnly baseline reads one page, the list's first (number 1, size 100), and is done: no
		// deadline reaches it. A dateWindow baseline reads the whole list and cannot pause.
		const many = new FakeList();
		for (let i = 0; i < 500; i++) many.add(i, i);
		const baseline = idOnlyStrategy.start(undefined, clock());
		expect(baseline.next()).toMatchObject({ number: 1, size: 100 });
		let v = NOW;
		expect(
			await runScan(
				baseline,
				(r) => many.page(r),
				NOW + 500,
				() => (v += 1000),
			),
		).toEqual({ requests: 1, complete: true });
		const busy = dateWindowStrategy.start(undefined, clock());
		let u = NOW;
		await expect(
			runScan(
				busy,
				(r) => many.page(r),
				NOW + 500,
				() => (u += 1000),
			),
		).rejects.toBeInstanceOf(BudgetExceeded);
	});
});

describe('createdAt: a backlog larger than the poll budget', () => {
	test.each([false, true])('continues over later polls, each record once (ties reordered: %s)', async (shuffle) => {
		const list = new FakeList();
		for (let i = 1; i <= 40; i++) list.add(i, -1000 + i);
		let cursor: Cursor = (await poll(createdAtStrategy, list, undefined)).cursor;
		const added = Array.from({ length: 2000 }, (_, i) => String(1000 + i));
		added.forEach((id, i) => list.add(id, 1 + Math.floor(i / 3)));
		list.shuffleTies = shuffle;
		const emitted: string[] = [];
		let paused = 0;
		let polls = 0;
		for (; polls < 200; polls++) {
			// A budget of 8 requests per poll; records keep arriving at the top.
			added.push(`n${polls}`);
			list.add(`n${polls}`, 10_000 + polls);
			const step = await poll(createdAtStrategy, list, cursor, LATER, 7);
			const { complete } = step;
			const fresh = step.fresh;
			if (!complete) {
				paused++;
				expect(fresh).toEqual([]);
			}
			emitted.push(...fresh);
			cursor = step.cursor;
			if (complete && (cursor as CreatedAtCursor).resume === undefined && emitted.length === added.length) break;
		}
		expect(paused).toBeGreaterThan(0);
		expect(polls).toBeLessThan(200);
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(new Set(emitted)).toEqual(new Set(added));
	});
});

describe('dateWindow: a window larger than the poll budget', () => {
	test.each(['appended', 'prepended'])(
		'goes on over later polls, emitting what each read, each record once (new records %s)',
		async (where) => {
			const list = new FakeList(false);
			for (let i = 1; i <= 40; i++) list.add(`old${i}`, -1000 + i);
			let cursor: Cursor = (await poll(dateWindowStrategy, list, undefined)).cursor;
			const added = Array.from({ length: 2000 }, (_, i) => String(1000 + i));
			added.forEach((id, i) => list.add(id, 1 + Math.floor(i / 3)));
			const emitted: string[] = [];
			let paused = 0;
			let polls = 0;
			for (; polls < 40; polls++) {
				// A budget of 8 requests per poll (the fake list ignores filter[start_date]: every poll
				// reads all of it); a record arrives before each of the first 12 polls.
				if (polls < 12) {
					added.push(`n${polls}`);
					list.add(`n${polls}`, 10_000 + polls);
					if (where === 'prepended') list.records.unshift(list.records.pop()!);
				}
				const step = await poll(dateWindowStrategy, list, cursor, LATER, 7);
				const { complete } = step;
				emitted.push(...step.fresh);
				if (!complete) paused++;
				cursor = step.cursor;
				const back = (readCursor(storeCursor(cursor), KEY, 'dateWindow') as { cursor: DateWindowCursor }).cursor;
				expect({ ...back, ids: [...back.ids].sort() }).toEqual({ ...cursor, ids: [...cursor.ids].sort() });
				if (polls >= 12 && complete) break;
			}
			expect(paused).toBeGreaterThan(1);
			expect(polls).toBeLessThan(40);
			expect(new Set(emitted).size).toBe(emitted.length);
			expect(new Set(emitted)).toEqual(new Set(added));
		},
	);
});

describe('idOnly: a backlog larger than the poll budget', () => {
	test.each([
		['none', false],
		['new records on top', true],
	])(
		'goes on over later polls, emitting what each read, each record once (between polls: %s)',
		async (_label, arrivals) => {
			const list = new FakeList();
			for (let i = 1; i <= 40; i++) list.add(`old${i}`, -1000 + i);
			let cursor: Cursor = (await poll(idOnlyStrategy, list, undefined)).cursor;
			const added = Array.from({ length: 2000 }, (_, i) => String(1000 + i));
			added.forEach((id, i) => list.add(id, 1 + i));
			const emitted: string[] = [];
			let paused = 0;
			let polls = 0;
			for (; polls < 60; polls++) {
				// A budget of 6 requests per poll; with arrivals, 30 records before each of the first 10 polls.
				if (arrivals && polls < 10) {
					for (let k = 0; k < 30; k++) {
						added.push(`n${polls}-${k}`);
						list.add(`n${polls}-${k}`, 10_000 + polls * 100 + k);
					}
				}
				const step = await poll(idOnlyStrategy, list, cursor, LATER, 5);
				const { complete } = step;
				emitted.push(...step.fresh);
				if (!complete) paused++;
				cursor = step.cursor;
				const back = (readCursor(storeCursor(cursor), KEY, 'idOnly') as { cursor: IdOnlyCursor }).cursor;
				expect(back.resume?.done.sort()).toEqual((cursor as IdOnlyCursor).resume?.done.sort());
				expect(JSON.stringify(storeCursor(cursor)).length).toBeLessThan(8192);
				if (complete && (!arrivals || polls >= 10)) break;
			}
			expect(paused).toBeGreaterThanOrEqual(3);
			expect(polls).toBeLessThan(60);
			expect(new Set(emitted).size).toBe(emitted.length);
			expect(new Set(emitted)).toEqual(new Set(added));
			// Then idle polls of one request each; a new record is found once.
			const idle = await poll(idOnlyStrategy, list, cursor, LATER);
			expect(idle.fresh).toEqual([]);
			expect(idle.requests).toBe(1);
			list.add('late', 50_000);
			const next = await poll(idOnlyStrategy, list, idle.cursor, LATER);
			expect(next.fresh).toEqual(['late']);
			expect((await poll(idOnlyStrategy, list, next.cursor, LATER)).fresh).toEqual([]);
		},
	);
});

test('idOnly: a backlog over several polls with records deleted between them (the jump may miss): each remaining record once', async () => {
	const random = prng(11);
	const list = new FakeList();
	for (let i = 1; i <= 40; i++) list.add(`old${i}`, -1000 + i);
	let cursor: Cursor = (await poll(idOnlyStrategy, list, undefined)).cursor;
	const added = new Set(Array.from({ length: 2000 }, (_, i) => String(1000 + i)));
	[...added].forEach((id, i) => list.add(id, 1 + i));
	const emitted: string[] = [];
	let paused = 0;
	let polls = 0;
	for (; polls < 60; polls++) {
		if (polls > 0 && polls < 8) {
			// Between polls: 40 emitted records and 5 not yet emitted are deleted, 20 new ones arrive.
			const gone = [
				...emitted.filter(() => random() < 0.1).slice(0, 40),
				...[...added].filter((id) => !emitted.includes(id) && random() < 0.01).slice(0, 5),
			];
			for (const id of gone) {
				list.remove(id);
				added.delete(id);
			}
			for (let k = 0; k < 20; k++) {
				added.add(`n${polls}-${k}`);
				list.add(`n${polls}-${k}`, 10_000 + polls * 100 + k);
			}
		}
		const step = await poll(idOnlyStrategy, list, cursor, LATER, 5);
		const { complete } = step;
		emitted.push(...step.fresh);
		if (!complete) paused++;
		cursor = step.cursor;
		if (complete && polls >= 8) break;
	}
	expect(paused).toBeGreaterThanOrEqual(3);
	expect(new Set(emitted).size).toBe(emitted.length);
	const remaining = emitted.filter((id) => list.records.some((r) => r.id === id));
	expect(new Set(remaining)).toEqual(added);
	expect((await poll(idOnlyStrategy, list, cursor, LATER)).fresh).toEqual([]);
});

test('idOnly: a backlog over several polls with records dated ahead on top and records created during the polls: each once', async () => {
	const list = new FakeList();
	for (let i = 1; i <= 40; i++) list.add(`old${i}`, -1000 + i);
	let cursor: Cursor = (await poll(idOnlyStrategy, list, undefined)).cursor;
	const added: string[] = [];
	for (let i = 0; i < 1500; i++) {
		// Every 100th record is dated ahead (stays on top of the list).
		const id = String(1000 + i);
		added.push(id);
		list.add(id, i % 100 === 0 ? 1_000_000 + i : 1 + i);
	}
	let created = 0;
	const emitted: string[] = [];
	let paused = 0;
	let polls = 0;
	for (; polls < 60; polls++) {
		// 120 records created before and 30 during each of the first 8 polls (after its second request).
		for (let k = 0; polls < 8 && k < 120; k++, created++) {
			added.push(`c${created}`);
			list.add(`c${created}`, 5000 + created);
		}
		list.before = (_request, index) => {
			if (polls < 8 && index === list.requests.length && index % 7 === 1) {
				for (let k = 0; k < 30; k++, created++) {
					added.push(`c${created}`);
					list.add(`c${created}`, 5000 + created);
				}
			}
		};
		const step = await poll(idOnlyStrategy, list, cursor, LATER, 5);
		const { complete } = step;
		emitted.push(...step.fresh);
		if (!complete) paused++;
		cursor = step.cursor;
		if (complete && polls >= 8) break;
	}
	list.before = undefined;
	emitted.push(...(await poll(idOnlyStrategy, list, cursor, LATER)).fresh);
	expect(paused).toBeGreaterThanOrEqual(3);
	expect(new Set(emitted).size).toBe(emitted.length);
	expect(new Set(emitted)).toEqual(new Set(added));
});

describe("the cursor's lists at their limits: an overflow never re-emits", () => {
	const emittedOnce = (all: string[]) => {
		const counts = new Map<string, number>();
		for (const id of all) counts.set(id, (counts.get(id) ?? 0) + 1);
		return [...counts.values()].filter((n) => n > 1).length;
	};

	test(`createdAt ahead (MAX_AHEAD = ${MAX_AHEAD}): records dated ahead beyond it are held back, then emitted once the clock passes them`, async () => {
		const list = new FakeList();
		for (let i = 1; i <= 40; i++) list.add(i, -1000 + i);
		let cursor = (await poll(createdAtStrategy, list, undefined)).cursor;
		// 250 records dated 1 to 250 minutes ahead of the clock at NOW.
		for (let i = 0; i < 250; i++) list.add(`f${i}`, 60 * (i + 1));
		const emitted: string[] = [];
		const first = await poll(createdAtStrategy, list, cursor, NOW);
		emitted.push(...first.fresh);
		expect(first.fresh).toHaveLength(MAX_AHEAD);
		// The nearest ahead are emitted; the farthest are held back and logged.
		expect(first.fresh[0]).toBe('f0');
		expect(first.scan.warnings!().join('\n')).toMatch(/50 new record\(s\) dated ahead .* held back/);
		cursor = first.cursor;
		expect(readCursor(storeCursor(cursor), KEY, 'createdAt')).toHaveProperty('cursor');
		// Same clock: nothing again, nothing new (no room yet).
		const second = await poll(createdAtStrategy, list, cursor, NOW);
		expect(second.fresh).toEqual([]);
		cursor = second.cursor;
		// The clock moves past all of them: the held-back ones come, each once.
		for (const now of [NOW + 100 * 60_000, NOW + 300 * 60_000, NOW + 400 * 60_000]) {
			const step = await poll(createdAtStrategy, list, cursor, now);
			emitted.push(...step.fresh);
			cursor = step.cursor;
		}
		expect(emittedOnce(emitted)).toBe(0);
		expect(new Set(emitted).size).toBe(250);
	});

	test(`createdAt / dateWindow odd (MAX_ODD = ${MAX_ODD}): undated records beyond it are held back, emitted once there is room`, async () => {
		for (const strategy of [createdAtStrategy, dateWindowStrategy]) {
			const list = new FakeList(strategy === createdAtStrategy);
			const baseline = await poll(strategy, list, undefined);
			for (let i = 0; i < 250; i++) list.records.push({ id: `u${i}`, time: Number.NaN });
			const emitted: string[] = [];
			const first = await poll(strategy, list, baseline.cursor);
			emitted.push(...first.fresh);
			expect(first.fresh).toHaveLength(MAX_ODD);
			expect(first.scan.warnings!().join('\n')).toMatch(
				/50 new record\(s\) without a readable created_at were held back/,
			);
			// Read again while all are still there: nothing twice, the 50 still held.
			const second = await poll(strategy, list, first.cursor);
			expect(second.fresh).toEqual([]);
			// 100 of the emitted ones are deleted: room for the 50 held back.
			for (const id of first.fresh.slice(0, 100)) list.remove(id);
			const third = await poll(strategy, list, second.cursor);
			emitted.push(...third.fresh);
			expect(third.fresh).toHaveLength(50);
			expect((await poll(strategy, list, third.cursor)).fresh).toEqual([]);
			expect(emittedOnce(emitted)).toBe(0);
			expect(new Set(emitted).size).toBe(250);
		}
	});

	test(`createdAt IDs at the watermark (MAX_SET_IDS = ${MAX_SET_IDS}): beyond, the watermark moves 1 ms past that instant`, async () => {
		const list = new FakeList();
		for (let i = 1; i <= 40; i++) list.add(i, -1000 + i);
		const baseline = await poll(createdAtStrategy, list, undefined);
		// Non-consecutive IDs (no runs to pack): MAX_SET_IDS + 1 records in one instant.
		for (let i = 0; i <= MAX_SET_IDS; i++) list.add(`s${i * 2}`, 5);
		const first = await poll(createdAtStrategy, list, baseline.cursor, LATER);
		expect(new Set(first.fresh).size).toBe(MAX_SET_IDS + 1);
		const c = first.cursor as CreatedAtCursor;
		expect(Date.parse(c.watermark!)).toBe(NOW + 5_001);
		expect(c.ids).toEqual([]);
		expect(first.scan.warnings!().join('\n')).toMatch(/more than 5000 records share the created_at/);
		expect(readCursor(storeCursor(c), KEY, 'createdAt')).toHaveProperty('cursor');
		list.add('next', 6);
		expect((await poll(createdAtStrategy, list, c, LATER)).fresh).toEqual(['next']);
	});

	test(`dateWindow IDs (MAX_WINDOW_IDS = ${MAX_WINDOW_IDS}): beyond, the floor rises; nothing is emitted twice`, async () => {
		const list = new FakeList(false);
		for (let i = 0; i < 20; i++) list.add(`old${i}`, -3600 * 30 + i);
		let cursor = (await poll(dateWindowStrategy, list, undefined)).cursor;
		const emitted: string[] = [];
		for (let round = 0; round < 3; round++) {
			for (let i = 0; i < 400; i++) list.add(`r${round}-${i}`, round * 600 + i);
			const step = await poll(dateWindowStrategy, list, cursor, NOW + (round + 1) * 600_000);
			emitted.push(...step.fresh);
			cursor = step.cursor;
			expect((cursor as DateWindowCursor).ids.length).toBeLessThanOrEqual(MAX_WINDOW_IDS);
		}
		expect((await poll(dateWindowStrategy, list, cursor, NOW + 3_600_000)).fresh).toEqual([]);
		expect(emittedOnce(emitted)).toBe(0);
		expect(new Set(emitted).size).toBe(1200);
	});

	test(`idOnly emitted during a backlog (MAX_DONE_IDS = ${MAX_DONE_IDS}): a poll that would go past it fails instead of pausing`, async () => {
		const list = new FakeList();
		for (let i = 1; i <= 40; i++) list.add(`old${i}`, -1000 + i);
		let cursor: Cursor = (await poll(idOnlyStrategy, list, undefined)).cursor;
		for (let i = 0; i < MAX_DONE_IDS + 500; i++) list.add(String(10_000 + i), 1 + i);
		const emitted: string[] = [];
		let failed: unknown;
		for (let polls = 0; polls < 20 && !failed; polls++) {
			try {
				const step = await poll(idOnlyStrategy, list, cursor, LATER, 15);
				emitted.push(...step.fresh);
				cursor = step.cursor;
			} catch (error) {
				failed = error;
			}
		}
		expect(failed).toBeInstanceOf(BudgetExceeded);
		expect(emittedOnce(emitted)).toBe(0);
		expect(emitted.length).toBeLessThanOrEqual(MAX_DONE_IDS);
	});

	test(`createdAt backlog points (MAX_RESUME = ${MAX_RESUME}): beyond, the shallowest is read again later; nothing twice`, async () => {
		const list = new FakeList();
		for (let i = 1; i <= 40; i++) list.add(i, -1000 + i);
		let cursor: Cursor = (await poll(createdAtStrategy, list, undefined)).cursor;
		for (let i = 0; i < 3000; i++) list.add(10_000 + i, 1 + i);
		const emitted: string[] = [];
		let maxPoints = 0;
		let polls = 0;
		for (; polls < 400; polls++) {
			const step = await poll(createdAtStrategy, list, cursor, LATER, 3);
			emitted.push(...step.fresh);
			cursor = step.cursor;
			maxPoints = Math.max(maxPoints, (cursor as CreatedAtCursor).resume?.length ?? 0);
			if (step.complete && !(cursor as CreatedAtCursor).resume && step.fresh.length === 0) break;
		}
		expect(polls).toBeLessThan(400);
		expect(maxPoints).toBe(MAX_RESUME);
		expect(emittedOnce(emitted)).toBe(0);
		expect(new Set(emitted).size).toBe(3000);
	});
});
