/**
 * Unit tests of the trigger's pure cursor module (nodes/ContentPlatformTrigger/cursor.ts, issue 3):
 * the query of each strategy, when a poll stops paging, which records are new (ties at the
 * watermark, a list that shifted between pages), the next cursor (baseline, advance, nothing new),
 * the emit order, reading a stored cursor, and the ID caps. No n8n, no HTTP.
 */
import {
	MAX_RECENT_IDS,
	MAX_WATERMARK_IDS,
	MAX_WINDOW_IDS,
	SETTLE_MS,
	TRIGGER_PAGE_SIZE,
	dayBefore,
	emitOrder,
	nextCursor,
	pageQuery,
	readCursor,
	sameInstant,
	storeCursor,
	scanPage,
	startScan,
	type Cursor,
	type CursorRecord,
	type Strategy,
} from '../../nodes/ContentPlatformTrigger/cursor';

const KEY = '["newOrder",{}]';
const BASE = Date.parse('2026-11-05T08:00:00.000Z');

/** ISO time `s` seconds after BASE. */
const at = (s: number) => new Date(BASE + s * 1000).toISOString();
const rec = (id: number | string, s?: number): CursorRecord => ({ id: String(id), createdAt: s === undefined ? undefined : at(s) });
/** Records with IDs from..to (descending), created at second(id). */
function range(from: number, to: number, second: (id: number) => number = (id) => id): CursorRecord[] {
	const out: CursorRecord[] = [];
	for (let id = from; id >= to; id--) out.push(rec(id, second(id)));
	return out;
}
const ids = (records: CursorRecord[]) => records.map((r) => r.id);
const createdAtCursor = (watermark: string | null, seen: string[]): Cursor => ({ v: 1, key: KEY, watermark, ids: seen });

describe('constants', () => {
	test('page size 100, recent IDs twice a page, window and watermark caps', () => {
		expect(TRIGGER_PAGE_SIZE).toBe(100);
		expect(MAX_RECENT_IDS).toBe(200);
		expect(MAX_WINDOW_IDS).toBe(300);
		expect(MAX_WATERMARK_IDS).toBe(5000);
		expect(SETTLE_MS).toBe(3_600_000);
	});
});

describe('pageQuery', () => {
	test.each<[Strategy]>([['createdAt'], ['idOnly']])('%s: newest first, page number and size, no date filter', (strategy) => {
		expect(pageQuery(strategy, undefined, 1)).toEqual({ 'page[number]': 1, 'page[size]': 100, sort: '-created_at' });
		expect(pageQuery(strategy, createdAtCursor(at(0), ['1']), 3)).toEqual({ 'page[number]': 3, 'page[size]': 100, sort: '-created_at' });
	});

	test('dateWindow: no sort (transactions have none); start date = UTC day before the floor', () => {
		expect(pageQuery('dateWindow', undefined, 1)).toEqual({ 'page[number]': 1, 'page[size]': 100 });
		expect(pageQuery('dateWindow', createdAtCursor(null, []), 2)).toEqual({ 'page[number]': 2, 'page[size]': 100 });
		const cursor: Cursor = { v: 1, key: KEY, watermark: '2026-11-05T00:30:00.000Z', floor: '2026-11-04T23:30:00.000Z', ids: [] };
		expect(pageQuery('dateWindow', cursor, 2)).toEqual({ 'page[number]': 2, 'page[size]': 100, 'filter[start_date]': '2026-11-03' });
		// Without a floor the watermark is used.
		expect(pageQuery('dateWindow', createdAtCursor('2026-03-01T00:00:00.000Z', []), 1)['filter[start_date]']).toBe('2026-02-28');
	});

	test('dayBefore works on UTC days across month and year ends; sameInstant compares times', () => {
		expect(dayBefore('2026-01-01T00:00:00.000Z', 1)).toBe('2025-12-31');
		expect(dayBefore('2026-11-05T23:59:59.999Z', 0)).toBe('2026-11-05');
		expect(dayBefore('2026-11-05T10:00:00+02:00', 0)).toBe('2026-11-05');
		expect(sameInstant(rec(1, 5), { id: '2', createdAt: new Date(BASE + 5000).toISOString().replace('Z', '+00:00') })).toBe(true);
		expect(sameInstant(rec(1, 5), rec(2, 6))).toBe(false);
		expect(sameInstant(rec(1, 5), undefined)).toBe(false);
	});
});

describe('scanPage stop rules', () => {
	test('createdAt: a full page with nothing older than the watermark asks for the next page', () => {
		const cursor = createdAtCursor(at(100), ['100']);
		const scan = startScan('createdAt', cursor);
		expect(scanPage(scan, range(300, 201))).toBe(true);
		expect(scanPage(scan, range(200, 101))).toBe(true);
		// The third page reaches the watermark and one older record: stop.
		expect(scanPage(scan, range(100, 1))).toBe(false);
		expect(scan.fresh).toHaveLength(200);
	});

	test('createdAt: a full page ending exactly at the watermark (all at it) still needs the next page', () => {
		// 100 records share the watermark instant: a new one at that instant could be on page 2.
		const scan = startScan('createdAt', createdAtCursor(at(0), range(100, 1, () => 0).map((r) => r.id)));
		expect(scanPage(scan, range(100, 1, () => 0))).toBe(true);
		expect(scanPage(scan, [])).toBe(false);
		expect(scan.fresh).toEqual([]);
	});

	test('createdAt: a short page ends the poll; so does an empty one', () => {
		const scan = startScan('createdAt', createdAtCursor(at(0), ['1']));
		expect(scanPage(scan, range(50, 2))).toBe(false);
		expect(scanPage(startScan('createdAt', createdAtCursor(at(0), ['1'])), [])).toBe(false);
	});

	test('createdAt baseline (no cursor) and a null watermark: every full page asks for more', () => {
		const baseline = startScan('createdAt', undefined);
		expect(scanPage(baseline, range(200, 101))).toBe(true);
		expect(baseline.fresh).toHaveLength(100);
		const empty = startScan('createdAt', createdAtCursor(null, []));
		expect(scanPage(empty, range(200, 101))).toBe(true);
		expect(empty.fresh).toHaveLength(100);
	});

	test('idOnly: a page holding a known ID ends the poll, even if full', () => {
		const cursor: Cursor = { v: 1, key: KEY, ids: ['50', '49'] };
		const scan = startScan('idOnly', cursor);
		expect(scanPage(scan, range(250, 151))).toBe(true);
		expect(scanPage(scan, range(150, 51))).toBe(true);
		expect(scanPage(scan, range(149, 50))).toBe(false); // shifted page holding the known '50'
		expect(ids(scan.fresh)).toEqual(ids(range(250, 51)));
	});

	test('idOnly: a short page without known IDs ends the poll (the list is exhausted)', () => {
		const scan = startScan('idOnly', { v: 1, key: KEY, ids: ['999'] });
		expect(scanPage(scan, range(10, 1))).toBe(false);
		expect(scan.fresh).toHaveLength(10);
	});

	test('dateWindow: every full page asks for the next (no order assumed), a short one stops', () => {
		const cursor: Cursor = { v: 1, key: KEY, watermark: at(5000), floor: at(5000 - 3600), ids: [] };
		const scan = startScan('dateWindow', cursor);
		// A full page of records all older than the floor still asks for more: the list has no order.
		expect(scanPage(scan, range(100, 1, () => 0))).toBe(true);
		expect(scanPage(scan, range(150, 101, (id) => 5000 + id))).toBe(false);
		expect(ids(scan.fresh)).toEqual(ids(range(150, 101)));
	});
});

describe('which records are new', () => {
	test('createdAt ties: at the watermark only unseen IDs are new; older records never are', () => {
		const scan = startScan('createdAt', createdAtCursor(at(10), ['7', '8']));
		scanPage(scan, [rec(12, 11), rec(9, 10), rec(8, 10), rec(7, 10), rec(6, 9), rec(13, 9)]);
		expect(ids(scan.fresh)).toEqual(['12', '9']);
	});

	test('createdAt: timestamps with another offset compare as instants', () => {
		const scan = startScan('createdAt', createdAtCursor('2026-11-05T08:00:10.000Z', ['1']));
		scanPage(scan, [
			{ id: '3', createdAt: '2026-11-05T09:00:11+01:00' }, // 08:00:11Z: newer
			{ id: '2', createdAt: '2026-11-05T09:00:10+01:00' }, // the watermark instant, unseen
			{ id: '1', createdAt: '2026-11-05T09:00:10+01:00' }, // seen
		]);
		expect(ids(scan.fresh)).toEqual(['3', '2']);
	});

	test('a list shifted between pages (repeated IDs) counts each record once', () => {
		for (const strategy of ['createdAt', 'idOnly', 'dateWindow'] as Strategy[]) {
			// Known: everything up to ID 10 (created at second 10).
			const cursor: Cursor =
				strategy === 'idOnly'
					? { v: 1, key: KEY, ids: ids(range(10, 1)) }
					: { v: 1, key: KEY, watermark: at(10), floor: at(10), ids: ['10'] };
			const scan = startScan(strategy, cursor);
			// Page 1: 150..51; 5 records were inserted before page 2, which repeats 55..51.
			scanPage(scan, range(150, 51));
			scanPage(scan, range(55, 1));
			const fresh = ids(scan.fresh);
			expect(new Set(fresh).size).toBe(fresh.length);
			expect(fresh).toEqual(ids(range(150, 11)));
			expect(scan.order).toEqual(ids(range(150, 1)));
		}
	});

	test('dateWindow: new = at or after the floor with an unseen ID, in any order', () => {
		const cursor: Cursor = { v: 1, key: KEY, watermark: at(7200), floor: at(3600), ids: ['5', '6'] };
		const scan = startScan('dateWindow', cursor);
		scanPage(scan, [rec(6, 7200), rec(9, 7300), rec(4, 3599), rec(8, 3600), rec(5, 5000), rec(7, 7100)]);
		expect(ids(scan.fresh)).toEqual(['9', '8', '7']);
	});

	test('a baseline scan (no cursor) counts everything as read, for the cursor only', () => {
		const scan = startScan('idOnly', undefined);
		scanPage(scan, range(5, 1));
		expect(scan.fresh).toHaveLength(5);
		expect(scan.order).toEqual(['5', '4', '3', '2', '1']);
	});
});

describe('nextCursor', () => {
	describe('baseline (no stored cursor): from the newest records read, not the clock', () => {
		test('createdAt: the newest instant and every ID at it', () => {
			const scan = startScan('createdAt', undefined);
			scanPage(scan, [rec(9, 50), rec(8, 50), rec(7, 50), rec(6, 40)]);
			expect(nextCursor(scan, KEY)).toEqual({ v: 1, key: KEY, watermark: at(50), ids: ['9', '8', '7'] });
		});

		test('an empty list: a null watermark (every later record is new)', () => {
			expect(nextCursor(startScan('createdAt', undefined), KEY)).toEqual({ v: 1, key: KEY, watermark: null, ids: [] });
			expect(nextCursor(startScan('dateWindow', undefined), KEY)).toEqual({ v: 1, key: KEY, watermark: null, ids: [] });
			expect(nextCursor(startScan('idOnly', undefined), KEY)).toEqual({ v: 1, key: KEY, ids: [] });
		});

		test('idOnly: the IDs in the order read', () => {
			const scan = startScan('idOnly', undefined);
			scanPage(scan, range(30, 1));
			expect(nextCursor(scan, KEY)).toEqual({ v: 1, key: KEY, ids: ids(range(30, 1)) });
		});

		test('dateWindow: watermark = newest, floor = watermark − 1 hour, IDs of every record since the floor', () => {
			const scan = startScan('dateWindow', undefined);
			scanPage(scan, [rec(1, 0), rec(4, 9000), rec(2, 5399), rec(3, 5400), rec(5, 8000)]);
			const cursor = nextCursor(scan, KEY);
			expect(cursor).toEqual({ v: 1, key: KEY, watermark: at(9000), floor: at(5400), ids: ['4', '5', '3'] });
		});
	});

	describe('advance', () => {
		test('createdAt: a newer instant replaces the watermark and its IDs', () => {
			const scan = startScan('createdAt', createdAtCursor(at(10), ['1']));
			scanPage(scan, [rec(4, 12), rec(3, 12), rec(2, 11), rec(1, 10)]);
			expect(nextCursor(scan, KEY)).toEqual({ v: 1, key: KEY, watermark: at(12), ids: ['4', '3'] });
		});

		test('createdAt: new records at the watermark instant are added to its IDs', () => {
			const scan = startScan('createdAt', createdAtCursor(at(10), ['1', '2']));
			scanPage(scan, [rec(4, 10), rec(3, 10), rec(2, 10), rec(1, 10), rec(0, 9)]);
			expect(nextCursor(scan, KEY)).toEqual({ v: 1, key: KEY, watermark: at(10), ids: ['1', '2', '4', '3'] });
		});

		test('idOnly: new IDs first, then the old ones', () => {
			const scan = startScan('idOnly', { v: 1, key: KEY, ids: ['3', '2', '1'] });
			scanPage(scan, range(6, 1));
			expect(nextCursor(scan, KEY)).toEqual({ v: 1, key: KEY, ids: ['6', '5', '4', '3', '2', '1'] });
		});

		test('dateWindow: the window follows the newest record; IDs older than the new floor are dropped', () => {
			const cursor: Cursor = { v: 1, key: KEY, watermark: at(3600), floor: at(0), ids: ['1', '2'] };
			const scan = startScan('dateWindow', cursor);
			scanPage(scan, [rec(2, 3600), rec(1, 0), rec(3, 7000), rec(4, 3700)]);
			expect(ids(scan.fresh)).toEqual(['3', '4']);
			expect(nextCursor(scan, KEY)).toEqual({ v: 1, key: KEY, watermark: at(7000), floor: at(3400), ids: ['3', '4', '2'] });
		});
	});

	describe('nothing new: the cursor is unchanged', () => {
		test('createdAt (the same records read again)', () => {
			const old = createdAtCursor(at(10), ['2', '1']);
			const scan = startScan('createdAt', old);
			scanPage(scan, [rec(2, 10), rec(1, 10), rec(0, 5)]);
			expect(scan.fresh).toEqual([]);
			expect(nextCursor(scan, KEY)).toEqual(old);
		});

		test('createdAt: an empty page, or only older records (the newest were deleted)', () => {
			const old = createdAtCursor(at(10), ['2']);
			expect(nextCursor(startScan('createdAt', old), KEY)).toEqual(old);
			const scan = startScan('createdAt', old);
			scanPage(scan, [rec(1, 5)]);
			expect(nextCursor(scan, KEY)).toEqual(old);
		});

		test('idOnly', () => {
			const old: Cursor = { v: 1, key: KEY, ids: ['3', '2', '1'] };
			const scan = startScan('idOnly', old);
			scanPage(scan, range(3, 1));
			expect(nextCursor(scan, KEY)).toEqual(old);
		});

		test('dateWindow (the same window read again, in the same order)', () => {
			const first = startScan('dateWindow', undefined);
			const list = [rec(1, 10), rec(3, 30), rec(2, 20), rec(0, -4000)];
			scanPage(first, list);
			const old = nextCursor(first, KEY);
			const again = startScan('dateWindow', old);
			scanPage(again, list);
			expect(again.fresh).toEqual([]);
			expect(nextCursor(again, KEY)).toEqual(old);
		});
	});
});

describe('emitOrder: oldest first', () => {
	test('createdAt: read newest first, emitted oldest first; ties in reverse read order', () => {
		const scan = startScan('createdAt', createdAtCursor(at(0), []));
		scanPage(scan, [rec(5, 3), rec(4, 2), rec(3, 2), rec(2, 1), rec(1, 0)]);
		expect(ids(emitOrder(scan))).toEqual(['1', '2', '3', '4', '5']);
	});

	test('idOnly: the reverse of the read order', () => {
		const scan = startScan('idOnly', { v: 1, key: KEY, ids: ['1'] });
		scanPage(scan, [rec('c'), rec('a'), rec('b'), rec('1')]);
		expect(ids(emitOrder(scan))).toEqual(['b', 'a', 'c']);
	});

	test('dateWindow: by creation time whatever the list order', () => {
		const scan = startScan('dateWindow', { v: 1, key: KEY, watermark: at(0), floor: at(-3600), ids: [] });
		scanPage(scan, [rec(7, 30), rec(3, 10), rec(9, 20), rec(4, 10)]);
		expect(ids(emitOrder(scan))).toEqual(['4', '3', '9', '7']);
	});
});

describe('readCursor', () => {
	const good: Cursor = { v: 1, key: KEY, watermark: at(0), ids: ['1'] };

	test('a cursor for this key is returned as stored', () => {
		expect(readCursor(good, KEY)).toEqual(good);
		expect(readCursor(JSON.parse(JSON.stringify(good)), KEY)).toEqual(good);
		expect(readCursor({ ...good, unknown: 'dropped' }, KEY)).toEqual(good);
	});

	test.each<[string, unknown]>([
		['undefined', undefined],
		['null', null],
		['a string', 'cursor'],
		['a number', 42],
		['an empty object', {}],
		['an array', [good]],
		['another version', { ...good, v: 2 }],
		['a cursor of another event or filter', { ...good, key: '["newOrder",{"filter[site_id]":"2"}]' }],
		['IDs that are not a list', { ...good, ids: '1,2' }],
		['no IDs', { v: 1, key: KEY, watermark: at(0) }],
		['IDs that are not strings', { ...good, ids: [1] }],
		['runs that are not a list', { ...good, runs: '1-5' }],
		['a run that is not a pair', { ...good, runs: [[1, 2, 3]] }],
		['a run of non-integers', { ...good, runs: [['1', '5']] }],
		['a run backwards', { ...good, runs: [[5, 1]] }],
		['a negative run', { ...good, runs: [[-3, 1]] }],
		[`runs of more than ${MAX_WATERMARK_IDS} IDs`, { ...good, runs: [[1, MAX_WATERMARK_IDS + 1]] }],
	])('%s is a fresh start (undefined)', (_name, value) => {
		expect(readCursor(value, KEY)).toBeUndefined();
	});

	// Corrupted static data: a watermark that is not a date would make every poll fail (dateWindow)
	// or count every record as new (createdAt); readCursor starts afresh instead.
	test('a watermark that is not a date is a fresh start', () => {
		expect(readCursor({ v: 1, key: KEY, watermark: 'yesterday', ids: [] }, KEY)).toBeUndefined();
	});
});

describe('storeCursor: the cursor in static data', () => {
	const roundTrip = (cursor: Cursor) => readCursor(JSON.parse(JSON.stringify(storeCursor(cursor))), KEY);
	const sorted = (cursor: Cursor | undefined) => cursor && { ...cursor, ids: [...cursor.ids].sort() };

	test('runs of 3 or more consecutive integer IDs become [first, last]; the rest stay IDs', () => {
		const cursor = createdAtCursor(at(0), ['7', '1001', '1003', '1002', '1004', 'abc', '12', '13', '007', '1e3', '-1', '5']);
		const stored = storeCursor(cursor);
		expect(stored.runs).toEqual([[1001, 1004]]);
		expect([...stored.ids].sort()).toEqual(['-1', '007', '12', '13', '1e3', '5', '7', 'abc']);
		expect(sorted(roundTrip(cursor))).toEqual(sorted(cursor));
	});

	test(`${MAX_WATERMARK_IDS} consecutive IDs at the watermark: a few bytes, read back whole`, () => {
		const many = ids(range(20_000 + MAX_WATERMARK_IDS - 1, 20_000));
		const cursor = createdAtCursor(at(0), many);
		const stored = storeCursor(cursor);
		expect(JSON.stringify(stored).length).toBeLessThan(120);
		expect(stored).toEqual({ v: 1, key: KEY, watermark: at(0), ids: [], runs: [[20_000, 20_000 + MAX_WATERMARK_IDS - 1]] });
		expect(sorted(roundTrip(cursor))).toEqual(sorted(cursor));
	});

	test('dateWindow cursors are stored the same way, with their floor', () => {
		const cursor: Cursor = { v: 1, key: KEY, watermark: at(10), floor: at(-3590), ids: ['9', '8', '7', '3'] };
		expect(storeCursor(cursor)).toEqual({ ...cursor, ids: ['3'], runs: [[7, 9]] });
		expect(sorted(roundTrip(cursor))).toEqual(sorted(cursor));
	});

	test('idOnly cursors keep their IDs as they are (newest first: the order decides what the cap drops)', () => {
		const cursor: Cursor = { v: 1, key: KEY, ids: ['9', '8', '7', '6'] };
		expect(storeCursor(cursor)).toEqual(cursor);
		expect(roundTrip(cursor)).toEqual(cursor);
	});

	test('a cursor without runs is stored as it is', () => {
		const cursor = createdAtCursor(null, []);
		expect(storeCursor(cursor)).toEqual(cursor);
	});
});

describe('ID caps', () => {
	test(`idOnly keeps the ${MAX_RECENT_IDS} most recent IDs`, () => {
		const scan = startScan('idOnly', { v: 1, key: KEY, ids: ids(range(100, 1)) });
		scanPage(scan, range(350, 251));
		scanPage(scan, range(250, 151));
		scanPage(scan, range(150, 51));
		const cursor = nextCursor(scan, KEY);
		expect(cursor.ids).toEqual(ids(range(350, 151)));
		// The baseline too (it reads one page, but the cap holds for more).
		const baseline = startScan('idOnly', undefined);
		scanPage(baseline, range(300, 201));
		scanPage(baseline, range(200, 101));
		scanPage(baseline, range(100, 1));
		expect(nextCursor(baseline, KEY).ids).toEqual(ids(range(300, 101)));
	});

	test(`createdAt keeps every ID at the watermark instant up to ${MAX_WATERMARK_IDS} (the last read)`, () => {
		const scan = startScan('createdAt', createdAtCursor(at(0), ['0']));
		const tied = range(MAX_WATERMARK_IDS + 100, 1, () => 0);
		for (let i = 0; i < tied.length; i += 100) scanPage(scan, tied.slice(i, i + 100));
		const cursor = nextCursor(scan, KEY);
		expect(cursor.ids).toHaveLength(MAX_WATERMARK_IDS);
		expect(cursor.ids[cursor.ids.length - 1]).toBe('1');
		expect(cursor.ids).not.toContain('0');
	});

	test(`dateWindow keeps at most ${MAX_WINDOW_IDS} IDs: the floor rises to the oldest kept`, () => {
		const scan = startScan('dateWindow', undefined);
		// 400 records in the last hour, one per 5 seconds.
		scanPage(scan, range(400, 1, (id) => id * 5));
		const cursor = nextCursor(scan, KEY);
		expect(cursor.ids).toHaveLength(MAX_WINDOW_IDS);
		expect(cursor.ids[0]).toBe('400');
		expect(cursor.floor).toBe(at(101 * 5));
		expect(cursor.watermark).toBe(at(2000));
	});

	test('dateWindow: records tied at the raised floor are all kept (none can be re-emitted)', () => {
		const tie = startScan('dateWindow', undefined);
		// 50 records at distinct seconds, then 300 sharing one instant: the 300th newest is in the tie.
		scanPage(tie, range(350, 1, (id) => (id <= 300 ? 0 : id)));
		const cursor = nextCursor(tie, KEY);
		expect(cursor.floor).toBe(at(0));
		expect(cursor.ids).toHaveLength(350);
	});
});
