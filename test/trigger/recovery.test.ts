/**
 * The trigger through n8n-core's real PollContext when its saved position cannot be trusted or
 * the API misbehaves: an unreadable cursor (logged in n8n's log; the gap since the
 * previous poll is emitted, no history), a 1970 watermark (no replay, logged), a server that
 * ignores page[number] (a clear error, nothing emitted, cursor unchanged), a backlog larger than
 * the poll budget (continues over later polls), two polls at once (one reads, one waits), and
 * an API whose clock is 10 minutes off n8n's or whose answers carry no `Date` header.
 */
import { PollContext } from 'n8n-core';
import { NodeOperationError } from 'n8n-workflow';

import { accessTokenCredentials, useSandbox } from '../helpers/fixtures';
import type { Sandbox } from '../sandbox';
import { EVENT_TYPES } from './events';
import { TriggerRunner, emittedIds, triggerRunner, HandClock } from './pollHarness';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

// The simulated clock: 2026-11-05 08:00 UTC of the seed's calendar (the seed moves to the day
// the sandbox starts; sandbox.seedDate moves this clock with it).
const clock = new HandClock();
let warnings: string[] = [];
beforeEach(() => {
	clock.nowMs = Date.parse(sandbox.seedDate('2026-11-05T08:00:00.000Z'));
	warnings = [];
	jest.spyOn(Date, 'now').mockImplementation(() => clock.nowMs);
	// n8n's logger as the trigger sees it (this.logger of its PollContext).
	const logger = {
		warn: (message: string) => warnings.push(message),
		info: () => undefined,
		debug: () => undefined,
		error: () => undefined,
	};
	jest.spyOn(PollContext.prototype, 'logger', 'get').mockReturnValue(logger as unknown as PollContext['logger']);
});
afterEach(() => jest.restoreAllMocks());

describe.each([
	['newOrder', 'orders'],
	['newTransaction', 'transactions'],
])('%s: a saved position the package cannot read', (event, type) => {
	test('is logged; the records created since the previous poll are emitted, not the history', async () => {
		const trigger = triggerRunner(sandbox, event);
		await trigger.poll();
		clock.insertTicked(sandbox, type, 3);
		// The previous successful poll starts after those records (see README: records created
		// at or after its start that it emitted would be emitted again).
		clock.tick(5);
		expect(emittedIds(await trigger.poll())).toHaveLength(3);
		clock.tick(60);
		const gap = clock.insertTicked(sandbox, type, 4);
		(trigger.staticData as Record<string, unknown>).cursor = 'garbage';
		trigger.restart();
		expect(new Set(emittedIds(await trigger.poll()))).toEqual(new Set(gap));
		expect(warnings.join('\n')).toMatch(
			/saved position could not be read; emitting the records created after the previous successful poll/,
		);
		expect(await trigger.poll()).toEqual({ items: null });
	});

	test('without the time of the previous poll: a fresh start, logged', async () => {
		const trigger = triggerRunner(sandbox, event);
		await trigger.poll();
		clock.insertTicked(sandbox, type, 2);
		(trigger.staticData as Record<string, unknown>).cursor = { v: 2, kind: 'nonsense' };
		delete (trigger.staticData as Record<string, unknown>).polledAt;
		expect(await trigger.poll()).toEqual({ items: null });
		expect(warnings.join('\n')).toMatch(/time of the previous poll is unknown; starting afresh/);
		const next = clock.insertTicked(sandbox, type, 2);
		expect(emittedIds(await trigger.poll())).toEqual(next);
	});
});

/**
 * Every request from now on takes 10 simulated seconds (the trigger's clock `clock.nowMs` moves on as the
 * sandbox receives it), and each poll may take `budgetMs`: a poll fits about budgetMs / 10 s requests.
 */
function slowRequests(trigger: { budgetMs?: number }, budgetMs: number): void {
	trigger.budgetMs = budgetMs;
	sandbox.failNext({
		times: 100_000,
		match: () => {
			clock.nowMs += 10_000;
			return false;
		},
	});
}

test('newOrder: a readable cursor with a 1970 watermark does not replay the history; logged', async () => {
	const trigger = triggerRunner(sandbox, 'newOrder');
	await trigger.poll();
	clock.tick(2 * 3600);
	const fresh = clock.insertTicked(sandbox, 'orders', 2);
	const cursor = trigger.staticData.cursor as Record<string, unknown>;
	cursor.watermark = '1970-01-01T00:00:00.000Z';
	delete cursor.runs;
	cursor.ids = [];
	expect(emittedIds(await trigger.poll())).toEqual(fresh);
	expect(warnings.join('\n')).toMatch(
		/record\(s\) newer than the saved position but created over an hour before the previous poll were not emitted/,
	);
});

test('newOrder: a server that ignores page[number]: a clear error, nothing emitted, cursor unchanged', async () => {
	const trigger = triggerRunner(sandbox, 'newOrder');
	await trigger.poll();
	const fresh = clock.insertTicked(sandbox, 'orders', 250);
	const before = JSON.stringify(trigger.staticData.cursor);
	sandbox.adversity.ignorePageNumber = true;
	const failed = await trigger.poll();
	expect(failed.error).toBeInstanceOf(NodeOperationError);
	expect(failed.error!.message).toMatch(
		/answered page \d+ .* with the records of the previous page: it seems to ignore page\[number\]/,
	);
	expect(JSON.stringify(trigger.staticData.cursor)).toBe(before);
	expect(sandbox.requests.length).toBeLessThan(10);
	sandbox.adversity.ignorePageNumber = false;
	expect(emittedIds(await trigger.poll())).toEqual(fresh);
});

test('newContact: a backlog larger than the poll budget continues over later polls, each record once', async () => {
	const trigger = triggerRunner(sandbox, 'newContact');
	await trigger.poll();
	const backlog = clock.insertTicked(sandbox, 'contacts', 1500);
	slowRequests(trigger, 66_000); // about 6 requests per poll
	const emitted: string[] = [];
	let paused = 0;
	for (let poll = 0; poll < 60 && emitted.length < backlog.length; poll++) {
		const result = await trigger.poll();
		const got = emittedIds(result);
		if (got.length === 0) paused++;
		emitted.push(...got);
	}
	expect(paused).toBeGreaterThan(0);
	expect(new Set(emitted).size).toBe(emitted.length);
	expect(new Set(emitted)).toEqual(new Set(backlog));
	expect(await trigger.poll()).toEqual({ items: null });
});

test('newTransaction: a window larger than the poll budget is read over later polls, each emitting what it read, each record once', async () => {
	const trigger = triggerRunner(sandbox, 'newTransaction');
	await trigger.poll();
	const backlog = clock.insertTicked(sandbox, 'transactions', 1500);
	slowRequests(trigger, 66_000); // about 6 requests per poll
	const emitted: string[] = [];
	let parts = 0;
	for (let poll = 0; poll < 60 && emitted.length < backlog.length; poll++) {
		const got = emittedIds(await trigger.poll());
		if (got.length) parts++;
		emitted.push(...got);
	}
	expect(parts).toBeGreaterThan(1);
	expect(new Set(emitted).size).toBe(emitted.length);
	expect(new Set(emitted)).toEqual(new Set(backlog));
	// The polls that read the window in parts, then idle polls: nothing more.
	for (let poll = 0; poll < 4; poll++) expect(emittedIds(await trigger.poll())).toEqual([]);
	// The window shrinks again once read: a new transaction an hour later is found by a poll within the budget.
	clock.tick(7200);
	const later = clock.insertTicked(sandbox, 'transactions', 3);
	const got: string[] = [];
	for (let poll = 0; poll < 4; poll++) got.push(...emittedIds(await trigger.poll()));
	expect(got).toEqual(later);
	expect(trigger.staticDataBytes).toBeLessThan(4096);
});

test('newFormSubmission: a backlog larger than the poll budget is read over later polls, each emitting what it read, each record once', async () => {
	const trigger = triggerRunner(sandbox, 'newFormSubmission');
	await trigger.poll();
	const backlog = clock.insertTicked(sandbox, 'form_submissions', 1500);
	slowRequests(trigger, 45_000); // about 5 requests per poll
	const emitted: string[] = [];
	const expected = [...backlog];
	let parts = 0;
	let most = 0;
	let bytes = 0;
	for (let poll = 0; poll < 60; poll++) {
		// New submissions arrive between the polls of the backlog.
		if (poll < 6) expected.push(...clock.insertTicked(sandbox, 'form_submissions', 20));
		const before = sandbox.requests.length;
		const got = emittedIds(await trigger.poll());
		most = Math.max(most, sandbox.requests.length - before);
		bytes = Math.max(bytes, trigger.staticDataBytes);
		if (got.length) parts++;
		emitted.push(...got);
		if (poll >= 6 && emitted.length >= expected.length) break;
	}
	expect(parts).toBeGreaterThan(2);
	expect(most).toBeLessThanOrEqual(6);
	expect(bytes).toBeLessThan(8192);
	expect(new Set(emitted).size).toBe(emitted.length);
	expect(new Set(emitted)).toEqual(new Set(expected));
	// Then idle polls; a new submission is found once.
	for (let poll = 0; poll < 3; poll++) expect(emittedIds(await trigger.poll())).toEqual([]);
	const later = clock.insertTicked(sandbox, 'form_submissions', 2);
	const got: string[] = [];
	for (let poll = 0; poll < 3; poll++) got.push(...emittedIds(await trigger.poll()));
	expect(got.sort()).toEqual([...later].sort());
});

test('newOrder: two polls at once on a slow API: one reads and emits, the other waits for it and emits nothing', async () => {
	const trigger = triggerRunner(sandbox, 'newOrder');
	await trigger.poll();
	const fresh = clock.insertTicked(sandbox, 'orders', 150);
	sandbox.adversity.delayMs = 20;
	const [a, b] = await Promise.all([trigger.poll(), trigger.poll()]);
	expect([...emittedIds(a), ...emittedIds(b)]).toEqual(fresh);
	expect([a.items, b.items].filter((items) => items === null)).toHaveLength(1);
	expect(trigger.staticData.lease).toBeUndefined();
});

/**
 * The records on the repeated page, as the test inserts them (the trigger's baseline already read
 * the list): each shape returns the IDs the next well-behaved poll must emit. `old`: 150 records
 * created before the baseline (nothing new).
 */
const REPEATED_PAGE_SHAPES: Array<[shape: string, fill: (type: string) => string[]]> = [
	['new, one per second', (type) => clock.insertTicked(sandbox, type, 150)],
	[
		'new, 30 of them in the newest instant, reordered on every request',
		(type) => {
			const fresh = clock.insertTicked(sandbox, type, 120);
			const at = clock.tick(1);
			for (let i = 0; i < 30; i++) fresh.push(sandbox.insert(type, {}, {}, { created_at: at }).id);
			sandbox.adversity.shuffleTies = true;
			return fresh;
		},
	],
	[
		'new, all 150 in one instant',
		(type) => {
			const at = clock.tick(1);
			return Array.from({ length: 150 }, () => sandbox.insert(type, {}, {}, { created_at: at }).id);
		},
	],
	["new, dated now (the API's clock)", (type) => sandbox.insertMany(type, 150).map((r) => r.id)],
	[
		"new, dated ahead of the API's clock",
		(type) =>
			Array.from(
				{ length: 150 },
				(_, i) =>
					sandbox.insert(type, {}, {}, { created_at: new Date(clock.nowMs + 3_600_000 + i * 1000).toISOString() }).id,
			),
	],
	['old (created before the previous poll)', () => []],
];

// A server that ignores page[number] answers every request with the first page; one that also
// ignores page[size] answers the same 100 records to every request (whatever size was asked).
describe.each(EVENT_TYPES)('%s: a server that ignores page[number]', (event, type) => {
	describe.each([
		['page[size] honoured', false],
		['page[size] ignored too (the same 100 records every time)', true],
	])('%s', (_label, ignorePageSize) => {
		test.each(REPEATED_PAGE_SHAPES)(
			"%s: detected on the poll's 2nd request, nothing emitted, position unchanged; the next normal poll emits the new records",
			async (shape, fill) => {
				if (shape.startsWith('old')) clock.insertTicked(sandbox, type, 150);
				clock.tick(5);
				const trigger = triggerRunner(sandbox, event);
				expect((await trigger.poll()).error).toBeUndefined();
				clock.tick(5);
				const fresh = fill(type);
				clock.tick(5);
				const before = JSON.stringify(trigger.staticData);
				sandbox.adversity.ignorePageNumber = true;
				sandbox.adversity.ignorePageSize = ignorePageSize;
				sandbox.clearRequests();
				const failed = await trigger.poll();
				const requests = sandbox.requests.filter((r) => r.rawPath.startsWith('/v1/')).length;
				// A poll that needs only its first page (nothing new on a sorted list) cannot tell, and
				// needs not: it emits nothing and keeps its position. Transactions are read in full.
				const onePage = shape.startsWith('old') && type !== 'transactions';
				expect(failed.items).toBeNull();
				if (onePage) {
					expect(failed.error).toBeUndefined();
					expect(requests).toBe(1);
					expect(JSON.stringify(trigger.staticData.cursor)).toBe(JSON.stringify(JSON.parse(before).cursor));
				} else {
					expect(failed.error).toBeInstanceOf(NodeOperationError);
					expect(failed.error!.message).toMatch(
						/^The API answered page \d+ \(page\[size\]=\d+\) with the records of the previous page: it seems to ignore page\[number\]\. Nothing was emitted and the trigger's position did not move\.$/,
					);
					expect(requests).toBe(2);
					expect(JSON.stringify(trigger.staticData)).toBe(before);
				}
				sandbox.adversity.ignorePageNumber = false;
				sandbox.adversity.ignorePageSize = false;
				expect(emittedIds(await trigger.poll()).sort()).toEqual([...fresh].sort());
				expect(await trigger.poll()).toEqual({ items: null });
			},
		);
	});
});

test('newOrder: a server that ignores page[size] only: a clear error on the 2nd request, nothing emitted, position unchanged', async () => {
	const trigger = triggerRunner(sandbox, 'newOrder');
	await trigger.poll();
	const fresh = clock.insertTicked(sandbox, 'orders', 250);
	const before = JSON.stringify(trigger.staticData);
	sandbox.adversity.ignorePageSize = true;
	sandbox.clearRequests();
	const failed = await trigger.poll();
	expect(failed.items).toBeNull();
	expect(failed.error!.message).toMatch(
		/^The API answered page 2 \(page\[size\]=98\) with 100 records, more than page\[size\]: it seems to ignore page\[size\]\./,
	);
	expect(sandbox.requests.filter((r) => r.rawPath.startsWith('/v1/'))).toHaveLength(2);
	expect(JSON.stringify(trigger.staticData)).toBe(before);
	sandbox.adversity.ignorePageSize = false;
	expect(emittedIds(await trigger.poll())).toEqual(fresh);
});

// The trigger's clock is the API's: the API's clock 10 minutes ahead of n8n's or behind
// it (records dated by it, its `Date` header from it); without a `Date` header, n8n's clock.
describe.each(
	EVENT_TYPES.filter(([event]) => ['newOrder', 'newTransaction', 'newFormSubmission', 'newPurchase'].includes(event)),
)('%s', (event, type) => {
	test.each([
		['10 min ahead of', 600_000],
		['10 min behind', -600_000],
	])("the API's clock %s n8n's: a burst of 500 is emitted once, idle polls emit nothing", async (_label, skew) => {
		sandbox.adversity.clockOffsetMs = skew;
		const trigger = new TriggerRunner({ event }, accessTokenCredentials(sandbox));
		expect(emittedIds(await trigger.poll())).toEqual([]);
		clock.nowMs += 5_000;
		// Dated "now" by the API's clock (the sandbox's default created_at).
		const fresh = sandbox.insertMany(type, 500).map((r) => r.id);
		clock.nowMs += 2_000;
		const emitted = emittedIds(await trigger.poll());
		expect(emitted.sort()).toEqual([...fresh].sort());
		for (let i = 0; i < 3; i++) {
			clock.nowMs += 60_000;
			expect(await trigger.poll()).toEqual({ items: null });
		}
		expect(warnings).toEqual([]);
		// The saved poll time is the API's.
		expect(Math.abs((trigger.staticData.polledAt as number) - (clock.nowMs + skew))).toBeLessThan(1000);
	});
});

test("no Date header: n8n's clock, logged once", async () => {
	sandbox.adversity.omitDate = true;
	const trigger = new TriggerRunner({ event: 'newOrder' }, accessTokenCredentials(sandbox));
	await trigger.poll();
	clock.nowMs += 5_000;
	const fresh = sandbox.insertMany('orders', 3).map((r) => r.id);
	clock.nowMs += 1_000;
	expect(emittedIds(await trigger.poll())).toEqual(fresh);
	expect(await trigger.poll()).toEqual({ items: null });
	expect(warnings.filter((w) => /no readable Date header/.test(w))).toHaveLength(1);
});
