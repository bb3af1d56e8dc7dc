/**
 * The trigger's pure cursor module (nodes/ContentPlatformTrigger/cursor.ts), without n8n or HTTP.
 */
import {
	MAX_RECENT_IDS,
	TRIGGER_PAGE_SIZE,
	emitOrder,
	nextCursor,
	pageQuery,
	readCursor,
	scanPage,
	startScan,
	type Cursor,
	type CursorRecord,
} from '../../nodes/ContentPlatformTrigger/cursor';

const at = (second: number) => new Date(Date.UTC(2026, 10, 5, 8, 0, second)).toISOString();
const rec = (id: number, second?: number): CursorRecord => ({ id: String(id), createdAt: second === undefined ? undefined : at(second) });
const page = (from: number, to: number, second: (id: number) => number) => {
	const records: CursorRecord[] = [];
	for (let id = from; id >= to; id--) records.push(rec(id, second(id)));
	return records;
};

describe('pageQuery', () => {
	test('sorted strategies ask for -created_at; transactions for the day before the floor', () => {
		expect(pageQuery('createdAt', undefined, 2)).toEqual({ 'page[number]': 2, 'page[size]': 100, sort: '-created_at' });
		expect(pageQuery('idOnly', undefined, 1)).toEqual({ 'page[number]': 1, 'page[size]': 100, sort: '-created_at' });
		expect(pageQuery('dateWindow', undefined, 1)).toEqual({ 'page[number]': 1, 'page[size]': 100 });
		const cursor: Cursor = { v: 1, key: 'k', watermark: '2026-11-05T00:30:00.000Z', floor: '2026-11-04T23:30:00.000Z', ids: [] };
		expect(pageQuery('dateWindow', cursor, 3)['filter[start_date]']).toBe('2026-11-03');
	});
});

describe('createdAt', () => {
	const cursor: Cursor = { v: 1, key: 'k', watermark: at(10), ids: ['10', '9'] };

	test('new = newer than the watermark, or at it with an unseen ID; a page with an older record ends the poll', () => {
		const scan = startScan('createdAt', cursor);
		const more = scanPage(scan, [rec(12, 11), rec(11, 10), rec(10, 10), rec(9, 10), rec(8, 9)]);
		expect(more).toBe(false);
		expect(scan.fresh.map((r) => r.id)).toEqual(['12', '11']);
		expect(nextCursor(scan, 'k')).toEqual({ v: 1, key: 'k', watermark: at(11), ids: ['12'] });
		expect(emitOrder(scan).map((r) => r.id)).toEqual(['11', '12']);
	});

	test('a full page that ends inside the watermark instant asks for the next page', () => {
		const scan = startScan('createdAt', cursor);
		expect(scanPage(scan, page(300, 201, () => 20))).toBe(true);
		expect(scanPage(scan, page(200, 150, (id) => (id > 160 ? 20 : 5)))).toBe(false);
		expect(scan.fresh).toHaveLength(140);
	});

	test('a record read twice in one poll (the list shifted) counts once; ties at the new watermark are all kept', () => {
		const scan = startScan('createdAt', cursor);
		scanPage(scan, page(200, 101, () => 30));
		scanPage(scan, [...page(105, 101, () => 30), rec(100, 29), rec(9, 10)]);
		expect(scan.fresh).toHaveLength(101);
		const next = nextCursor(scan, 'k');
		expect(next.watermark).toBe(at(30));
		expect(next.ids).toHaveLength(100);
	});

	test('nothing new keeps the cursor; a baseline takes the newest records read', () => {
		const idle = startScan('createdAt', cursor);
		scanPage(idle, [rec(10, 10), rec(9, 10), rec(8, 9)]);
		expect(idle.fresh).toEqual([]);
		expect(nextCursor(idle, 'k')).toEqual(cursor);
		const baseline = startScan('createdAt', undefined);
		scanPage(baseline, [rec(3, 7), rec(2, 7), rec(1, 6)]);
		expect(nextCursor(baseline, 'k')).toEqual({ v: 1, key: 'k', watermark: at(7), ids: ['3', '2'] });
		const empty = startScan('createdAt', undefined);
		scanPage(empty, []);
		expect(nextCursor(empty, 'k')).toEqual({ v: 1, key: 'k', watermark: null, ids: [] });
	});
});

describe('idOnly', () => {
	test('new = unseen ID; a page with a known ID ends the poll; the set is capped newest first', () => {
		const known = Array.from({ length: MAX_RECENT_IDS }, (_, i) => String(1000 - i));
		const cursor: Cursor = { v: 1, key: 'k', ids: known };
		const scan = startScan('idOnly', cursor);
		expect(scanPage(scan, page(1100, 1001, () => 0).map(({ id }) => ({ id })))).toBe(true);
		expect(scanPage(scan, [{ id: '1000' }, { id: '999' }])).toBe(false);
		const next = nextCursor(scan, 'k');
		expect(next.ids).toHaveLength(MAX_RECENT_IDS);
		expect(next.ids[0]).toBe('1100');
		expect(emitOrder(scan)[0].id).toBe('1001');
	});
});

describe('dateWindow', () => {
	test('reads every page; new = at or after the floor with an unseen ID, in any order', () => {
		const cursor: Cursor = { v: 1, key: 'k', watermark: at(50), floor: at(0), ids: ['5', '6'] };
		const scan = startScan('dateWindow', cursor);
		const full = Array.from({ length: TRIGGER_PAGE_SIZE }, (_, i) => rec(100 + i, 40));
		expect(scanPage(scan, full)).toBe(true);
		expect(scanPage(scan, [rec(6, 20), rec(7, 10), rec(5, 30), rec(1, -4000)])).toBe(false);
		expect(scan.fresh.map((r) => r.id)).toContain('7');
		expect(scan.fresh.map((r) => r.id)).not.toContain('1');
		const next = nextCursor(scan, 'k');
		expect(next.watermark).toBe(at(50));
		expect(next.ids).toEqual(expect.arrayContaining(['5', '6', '7', '100']));
		expect(next.ids).not.toContain('1');
	});
});

describe('readCursor', () => {
	test('anything but a cursor for this key is a fresh start', () => {
		const cursor: Cursor = { v: 1, key: 'k', watermark: null, ids: [] };
		expect(readCursor(cursor, 'k')).toBe(cursor);
		expect(readCursor(cursor, 'other')).toBeUndefined();
		expect(readCursor({ v: 2, key: 'k', ids: [] }, 'k')).toBeUndefined();
		expect(readCursor('garbage', 'k')).toBeUndefined();
		expect(readCursor(undefined, 'k')).toBeUndefined();
	});
});
