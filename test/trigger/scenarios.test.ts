/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test: process.env switches the measurement report */
/**
 * Scenario tests of the Content Platform Trigger, poll after poll through n8n-core's real
 * PollContext (test/trigger/pollHarness.ts) against the sandbox API, whose data changes between
 * polls and during them: activation with history, bursts of 1/250/1000/0, request counts, ties
 * across page boundaries, records inserted between two pages of one poll, failing polls (500, 401,
 * 429, connection reset, truncated JSON) and recovery, restarts (static data through JSON), manual
 * runs, filters, OAuth2 token renewal and failure, and seeded randomized runs (exactly once).
 *
 * Orders, transactions and form submissions are covered fully; contacts, customers and order items
 * (the same `createdAt` strategy as orders) more lightly.
 */
import { NodeApiError } from 'n8n-workflow';

import { runNode } from '../helpers/harness';
import { accessTokenCredentials, useSandbox } from '../helpers/fixtures';
import type { Fault, RecordedRequest, Sandbox } from '../sandbox';
import { pageAt } from '../../nodes/ContentPlatformTrigger/strategies/listPages';
import { TriggerRunner, type PollResult, emittedIds, triggerRunner } from './pollHarness';
import { prng, RANDOM_FAULTS } from './random';
import { measuredTableProblem } from './measuredTable';

type Strategy = 'createdAt' | 'idOnly' | 'dateWindow';

interface EventCase {
	event: string;
	/** Sandbox store type. */
	type: string;
	strategy: Strategy;
	/** A filter of the event: its parameter, the query it must send, and relationships/attributes that match it or not. */
	filter: {
		values: Record<string, string>;
		query: Record<string, string>;
		matching: { attributes?: Record<string, unknown>; relationships?: Record<string, string> };
		other: { attributes?: Record<string, unknown>; relationships?: Record<string, string> };
	};
}

const ORDERS: EventCase = {
	event: 'newOrder',
	type: 'orders',
	strategy: 'createdAt',
	filter: {
		values: { site_id: '2', customer_id: '7' },
		query: { 'filter[site_id]': '2', 'filter[customer_id]': '7' },
		matching: { relationships: { site: '2', customer: '7' } },
		other: { relationships: { site: '2', customer: '8' } },
	},
};
const TRANSACTIONS: EventCase = {
	event: 'newTransaction',
	type: 'transactions',
	strategy: 'dateWindow',
	filter: {
		values: { customer_id: '4' },
		query: { 'filter[customer_id]': '4' },
		matching: { relationships: { customer: '4' } },
		other: { relationships: { customer: '5' } },
	},
};
const FORM_SUBMISSIONS: EventCase = {
	event: 'newFormSubmission',
	type: 'form_submissions',
	strategy: 'idOnly',
	filter: {
		values: { form_id: '3' },
		query: { 'filter[form_id]': '3' },
		matching: { relationships: { form: '3', site: '2' } },
		other: { relationships: { form: '2', site: '1' } },
	},
};
const siteFilter = {
	values: { site_id: '2' },
	query: { 'filter[site_id]': '2' },
	matching: { relationships: { site: '2' } },
	other: { relationships: { site: '1' } },
};
const CONTACTS: EventCase = { event: 'newContact', type: 'contacts', strategy: 'createdAt', filter: siteFilter };
const CUSTOMERS: EventCase = { event: 'newCustomer', type: 'customers', strategy: 'createdAt', filter: siteFilter };
const ORDER_ITEMS: EventCase = {
	event: 'newOrderItem',
	type: 'order_items',
	strategy: 'createdAt',
	filter: {
		values: { item_type_eq: 'Product' },
		query: { 'filter[item_type_eq]': 'Product' },
		matching: { attributes: { item_type: 'Product' } },
		other: { attributes: { item_type: 'Offer' } },
	},
};

/** New Purchase: the purchases list sorted -created_at. */
const PURCHASES: EventCase = {
	event: 'newPurchase',
	type: 'purchases',
	strategy: 'createdAt',
	filter: {
		values: { customer_id: '7' },
		query: { 'filter[customer_id]': '7' },
		matching: { relationships: { customer: '7' } },
		other: { relationships: { customer: '8' } },
	},
};

const REQUIRED = [ORDERS, TRANSACTIONS, FORM_SUBMISSIONS, PURCHASES];
const LIGHTER = [CONTACTS, CUSTOMERS, ORDER_ITEMS];
const ALL = [...REQUIRED, ...LIGHTER];

const PAGE = 100;

let sandbox: Sandbox;
/** Every Clock made; Date.now() follows the latest. */
const clocks: Array<{ ms: number }> = [];
beforeEach(() => {
	clocks.length = 0;
	clocks.push({ ms: Date.parse('2026-11-05T08:00:00.000Z') });
	jest.spyOn(Date, 'now').mockImplementation(() => clocks[clocks.length - 1].ms);
});
afterEach(() => jest.restoreAllMocks());
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

/**
 * A simulated clock after the seeded history (which ends 2026-11-01), so inserted records are the
 * newest. The trigger reads the time with Date.now(): while a test runs, Date.now() is the clock
 * of the test's latest Clock (the trigger compares created_at with its own clock).
 */
class Clock {
	constructor(public ms = Date.parse('2026-11-05T08:00:00.000Z')) {
		clocks.push(this);
	}

	tick(seconds = 1): string {
		this.ms += seconds * 1000;
		return this.now();
	}

	now(): string {
		return new Date(this.ms).toISOString();
	}
}

/** Inserts `n` records of `type`, `perInstant` of them sharing each created_at second; returns their IDs. */
function insertOnClock(
	type: string,
	clock: Clock,
	n: number,
	perInstant = 1,
	spec: EventCase['filter']['matching'] = {},
): string[] {
	return sandbox
		.insertMany(type, n, (i) => ({ ...spec, created_at: i % perInstant === 0 ? clock.tick(1) : clock.now() }))
		.map((r) => r.id);
}

function expectNoDuplicates(list: string[]): void {
	expect(new Set(list).size).toBe(list.length);
}

/** API requests (not token requests) since the last clearRequests(). */
function apiRequestsSinceClear(): RecordedRequest[] {
	return sandbox.requests.filter((r) => r.rawPath.startsWith('/v1/') && r.rawPath !== '/v1/oauth/token');
}

/** One poll and the number of API requests it made. */
async function countedPoll(trigger: TriggerRunner, mode?: 'manual'): Promise<{ result: PollResult; requests: number }> {
	sandbox.clearRequests();
	const result = await trigger.poll(mode);
	return { result, requests: apiRequestsSinceClear().length };
}

const snapshot = (trigger: TriggerRunner) => JSON.parse(JSON.stringify(trigger.staticData)) as Record<string, unknown>;

/**
 * Runs `action` synchronously when the first request matching `when` reaches the sandbox, before it
 * is answered (a failNext whose match never applies the fault). Used to change the data between
 * two pages of one poll.
 */
function onRequest(when: (req: RecordedRequest) => boolean, action: () => void): void {
	let done = false;
	sandbox.failNext({
		match: (req) => {
			if (!done && when(req)) {
				done = true;
				action();
			}
			return false;
		},
	});
}

const pageNumber = (n: number) => (req: RecordedRequest) =>
	req.rawPath.startsWith('/v1/') && req.query['page[number]'] === String(n);

/**
 * Transactions: the trigger reads every record of its date window (from the UTC day before its
 * floor), in pages of 100 that overlap by 10 records (strategies/dateWindow.ts): the requests of a
 * poll with nothing new, computed with the same page arithmetic.
 */
function transactionWindowRequests(trigger: TriggerRunner): number {
	const cursor = trigger.staticData.cursor as { floor?: string; watermark?: string };
	const start = new Date(Date.parse(cursor.floor ?? cursor.watermark!) - 86_400_000).toISOString().slice(0, 10);
	const inWindow = sandbox.store.transactions.filter((r) => r.created_at.slice(0, 10) >= start).length;
	let requests = 0;
	for (let from = 0, size = PAGE; ; ) {
		requests++;
		if (inWindow - from < size) return requests;
		const end = from + size;
		const next = pageAt(end - 10, end + 1) ?? pageAt(end)!;
		from = next.start;
		size = next.size;
	}
}

/** Measured request counts, reported at the end of the run. */
const measured: Record<string, Record<string, number>> = {};
function measure(event: string, what: string, value: number): void {
	(measured[event] ??= {})[what] = value;
}
afterAll(() => {
	if (Object.keys(measured).length && process.env.TRIGGER_REPORT) {
		process.stdout.write(`Trigger measurements: ${JSON.stringify(measured)}\n`);
	}
	// docs/polling-trigger.md states these counts: a full run checks them (test/trigger/measuredTable.ts).
	const problem = measuredTableProblem(measured);
	if (problem) throw new Error(problem);
});

// ---------------------------------------------------------------------------------------------
// Activation, bursts, idle polls, request counts
// ---------------------------------------------------------------------------------------------

describe.each(ALL)('$event: activation, then 1, 250 and 0 new records', ({ event, type, strategy }) => {
	test('history is not emitted; each new record is emitted once, oldest first; idle = null', async () => {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, event);
		expect(sandbox.store[type].length).toBeGreaterThan(0);
		const activation = await countedPoll(trigger);
		expect(activation.result).toEqual({ items: null });
		measure(event, 'activation', activation.requests);
		const cursor = trigger.staticData.cursor as { ids: string[]; watermark?: string };
		expect(cursor).toBeDefined();
		if (strategy !== 'idOnly') {
			// Set from the newest existing record, not from the clock.
			const newest = Math.max(...sandbox.store[type].map((r) => Date.parse(r.created_at)));
			expect(Date.parse(cursor.watermark!)).toBe(newest);
		}

		const one = insertOnClock(type, clock, 1);
		const first = await countedPoll(trigger);
		expect(emittedIds(first.result)).toEqual(one);

		const burst = insertOnClock(type, clock, 250);
		const second = await countedPoll(trigger);
		expect(emittedIds(second.result)).toEqual(burst);
		measure(event, 'burst250', second.requests);

		const idle = await countedPoll(trigger);
		expect(idle.result).toEqual({ items: null });
		measure(event, 'idle', idle.requests);
		if (strategy === 'dateWindow') {
			// No sort on transactions: an idle poll reads the whole date window from the day before the
			// floor; here the 251 records inserted today → 3 requests.
			expect(idle.requests).toBe(transactionWindowRequests(trigger));
			expect(idle.requests).toBe(Math.floor(251 / PAGE) + 1);
			expect(second.requests).toBe(Math.floor(251 / PAGE) + 1);
			const start = apiRequestsSinceClear().map((r) => r.query['filter[start_date]']);
			expect(new Set(start)).toEqual(new Set(['2026-11-04']));
		} else {
			expect(idle.requests).toBe(1);
			// Overlapping pages (strategies/listPages.ts pageAt): ceil(250 / 100) + 1 requests.
			expect(second.requests).toBeLessThanOrEqual(Math.ceil(250 / PAGE) + 1);
		}
		expect(await trigger.poll()).toEqual({ items: null });
	});
});

describe.each([ORDERS, FORM_SUBMISSIONS, TRANSACTIONS, PURCHASES])(
	'$event: a burst of 1000',
	({ event, type, strategy }) => {
		test('emitted completely in one poll; requests at most ceil(K / 100) + 1 when sortable', async () => {
			const clock = new Clock();
			const trigger = triggerRunner(sandbox, event);
			await trigger.poll();
			const burst = insertOnClock(type, clock, 1000, 3);
			const { result, requests } = await countedPoll(trigger);
			const emitted = emittedIds(result);
			expectNoDuplicates(emitted);
			expect(new Set(emitted)).toEqual(new Set(burst));
			measure(event, 'burst1000', requests);
			if (strategy === 'dateWindow') expect(requests).toBe(transactionWindowRequests(trigger));
			else {
				// Overlapping pages: each answer shares at least one record (createdAt: the last
				// instant's block and the record above it; idOnly: 10 records) with the previous one.
				expect(requests).toBeLessThanOrEqual(Math.ceil(1000 / (strategy === 'idOnly' ? PAGE - 10 : PAGE)) + 2);
				// Oldest first: the order of insertion.
				expect(emitted).toEqual(burst);
			}
			expect(await trigger.poll()).toEqual({ items: null });
		});
	},
);

describe.each(REQUIRED)('$event: activation on an empty list', ({ event, type }) => {
	test('nothing to emit, then every record is new', async () => {
		const clock = new Clock();
		sandbox.clear(type);
		const trigger = triggerRunner(sandbox, event);
		expect(await trigger.poll()).toEqual({ items: null });
		expect(trigger.staticData.cursor).toBeDefined();
		const fresh = insertOnClock(type, clock, 120);
		expect(emittedIds(await trigger.poll())).toEqual(fresh);
		expect(await trigger.poll()).toEqual({ items: null });
	});
});

// ---------------------------------------------------------------------------------------------
// Ties and a list that shifts while it is read
// ---------------------------------------------------------------------------------------------

describe.each(ALL)('$event: ties', ({ event, type, strategy }) => {
	test('many records in the same second across page boundaries, including the watermark second', async () => {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, event);
		await trigger.poll();
		// One record, then 150 more in the same second (ties at the stored watermark).
		const first = insertOnClock(type, clock, 1);
		expect(emittedIds(await trigger.poll())).toEqual(first);
		const tied = sandbox.insertMany(type, 150, () => ({ created_at: clock.now() })).map((r) => r.id);
		const second = emittedIds(await trigger.poll());
		expectNoDuplicates(second);
		expect(new Set(second)).toEqual(new Set(tied));
		const idle = await countedPoll(trigger);
		expect(idle.result).toEqual({ items: null });
		if (strategy === 'createdAt') {
			// 151 records share the watermark second: a new one in that second could sort onto page 2,
			// so an idle poll reads until a record older than the watermark: 2 requests.
			expect(idle.requests).toBe(2);
			measure(event, 'idleAfter151Tied', idle.requests);
		}
		if (strategy === 'idOnly') expect(idle.requests).toBe(1);
		// Then 250 records in groups of 50 per second, one more poll later.
		const groups = insertOnClock(type, clock, 250, 50);
		const third = emittedIds(await trigger.poll());
		expectNoDuplicates(third);
		expect(new Set(third)).toEqual(new Set(groups));
		expect(await trigger.poll()).toEqual({ items: null });
	});
});

describe.each(REQUIRED)('$event: records inserted between two pages of one poll', ({ event, type, strategy }) => {
	test.each([
		['newer records', 30, 1],
		['records sharing the newest second of the burst', 30, 0],
		['a burst larger than a page', 130, 1],
	])('%s: nothing lost or duplicated over the next polls', async (_name, during, tick) => {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, event);
		await trigger.poll();
		const before = insertOnClock(type, clock, 230);
		const inserted: string[] = [];
		onRequest(pageNumber(2), () => {
			inserted.push(
				...sandbox
					.insertMany(type, during, () => ({ created_at: tick ? clock.tick(tick) : clock.now() }))
					.map((r) => r.id),
			);
		});
		const emitted = emittedIds(await trigger.poll());
		sandbox.clearFaults();
		expect(inserted).toHaveLength(during);
		// The page-2 request saw the shifted list: records of page 1 repeated (or reordered).
		emitted.push(...emittedIds(await trigger.poll()));
		expect(await trigger.poll()).toEqual({ items: null });
		expectNoDuplicates(emitted);
		expect(new Set(emitted)).toEqual(new Set([...before, ...inserted]));
		// Sorted by created_at, the records read before the shift come first (oldest first). Form
		// submissions have no timestamp: their emit order is the reverse of the (shifted) read order.
		if (strategy === 'createdAt') expect(emitted.slice(0, before.length)).toEqual(before);
	});
});

// A record DELETED between two requests of one poll shifts the rest of the list back by one, so
// the record that followed the last one read moves onto the part already read. createdAt re-reads
// a page whose first record is not above the previous page's last instant.
describe('newOrder: a record deleted between two pages of one poll', () => {
	test('the record that moved back onto page 1 is emitted by a later poll', async () => {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, 'newOrder');
		await trigger.poll();
		const fresh = insertOnClock('orders', clock, 150);
		const deleted = fresh[fresh.length - 1]; // the newest: first on page 1
		onRequest(pageNumber(2), () => {
			sandbox.store.orders.splice(
				sandbox.store.orders.findIndex((r) => r.id === deleted),
				1,
			);
		});
		const emitted = emittedIds(await trigger.poll());
		sandbox.clearFaults();
		emitted.push(...emittedIds(await trigger.poll()));
		expectNoDuplicates(emitted);
		const expected = fresh.filter((id) => id !== deleted);
		expect(new Set(emitted.filter((id) => id !== deleted))).toEqual(new Set(expected));
	});

	test.each([FORM_SUBMISSIONS, TRANSACTIONS])(
		'$event: the record that moved back is emitted by the next poll',
		async ({ event, type, strategy }) => {
			const clock = new Clock();
			const trigger = triggerRunner(sandbox, event);
			await trigger.poll();
			const fresh = insertOnClock(type, clock, 150);
			// What the trigger's page 1 will hold, asked the same way before the poll.
			const query = new URLSearchParams({ 'page[number]': '1', 'page[size]': '100' });
			if (strategy === 'dateWindow') {
				const cursor = trigger.staticData.cursor as { floor: string };
				query.set('filter[start_date]', new Date(Date.parse(cursor.floor) - 86_400_000).toISOString().slice(0, 10));
			} else query.set('sort', '-created_at');
			const response = await fetch(`${sandbox.url}/v1/${type}?${query.toString()}`, {
				headers: { Authorization: `Bearer ${sandbox.token}` },
			});
			const page1 = ((await response.json()) as { data: Array<{ id: string }> }).data.map((r) => r.id);
			expect(page1).toHaveLength(100);
			const deleted = page1.find((id) => fresh.includes(id))!;
			let done = false;
			onRequest(pageNumber(2), () => {
				sandbox.store[type].splice(
					sandbox.store[type].findIndex((r) => r.id === deleted),
					1,
				);
				done = true;
			});
			const emitted = emittedIds(await trigger.poll());
			sandbox.clearFaults();
			expect(done).toBe(true);
			emitted.push(...emittedIds(await trigger.poll()));
			expectNoDuplicates(emitted);
			expect(new Set(emitted.filter((id) => id !== deleted))).toEqual(new Set(fresh.filter((id) => id !== deleted)));
		},
	);
});

describe('newTransaction: records inserted during the activation poll', () => {
	test('the activation reads a window of several pages; what it did not read is emitted next, nothing twice', async () => {
		const clock = new Clock();
		insertOnClock('transactions', clock, 150);
		const trigger = triggerRunner(sandbox, 'newTransaction');
		const inserted: string[] = [];
		onRequest(pageNumber(2), () => inserted.push(...insertOnClock('transactions', clock, 20)));
		await trigger.poll();
		sandbox.clearFaults();
		expect(inserted).toHaveLength(20);
		const emitted = emittedIds(await trigger.poll());
		expectNoDuplicates(emitted);
		// Records created during the activation may count as history (read on page 2 or later) or
		// as new (landed on page 1, already read): never anything else, never twice.
		expect(emitted.every((id) => inserted.includes(id))).toBe(true);
		expect(await trigger.poll()).toEqual({ items: null });
	});
});

// ---------------------------------------------------------------------------------------------
// Failures
// ---------------------------------------------------------------------------------------------

const FAULTS: Array<[string, Fault, RegExp]> = [
	[
		'500',
		{
			status: 500,
			body: {
				errors: [{ status: '500', title: 'Internal Server Error', detail: 'database unavailable (maintenance)' }],
			},
		},
		/database unavailable \(maintenance\)/,
	],
	[
		'401',
		{
			status: 401,
			body: { errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid or expired access token' }] },
		},
		/Authentication failed.*Invalid or expired access token/,
	],
	[
		// beyond the 60 s a read is waited for (the 429 rule, transport/throttle.ts): the poll fails (waited for: rate-limits.test.ts)
		'429 with Retry-After',
		{
			status: 429,
			headers: { 'Retry-After': '120' },
			body: { errors: [{ status: '429', title: 'Too Many Requests', detail: 'Rate limit exceeded' }] },
		},
		/retry after 120 seconds.*Rate limit exceeded/,
	],
	['a connection reset', { destroy: true }, /connection to the server was closed unexpectedly/],
	[
		'truncated JSON',
		{
			status: 200,
			headers: { 'Content-Type': 'application/vnd.api+json' },
			body: '{"data": [{"id": "1", "type": "ord',
		},
		/not a JSON:API document.*\{"data": \[\{"id": "1"/,
	],
];

describe.each(REQUIRED)('$event: a failing poll', ({ event, type, strategy }) => {
	describe.each([1, 2])('on page %i', (failingPage) => {
		test.each(FAULTS)(
			'%s: NodeApiError with the server words, cursor unchanged, the next poll emits what was missed',
			async (_name, fault, message) => {
				const clock = new Clock();
				const trigger = triggerRunner(sandbox, event);
				await trigger.poll();
				insertOnClock(type, clock, 5);
				emittedIds(await trigger.poll());
				const before = snapshot(trigger);
				const missed = insertOnClock(type, clock, 230);
				sandbox.failNext({ ...fault, match: pageNumber(failingPage) });
				sandbox.clearRequests();
				const failed = await trigger.poll();
				expect(sandbox.requests.some((r) => r.query['page[number]'] === String(failingPage))).toBe(true);
				expect(failed.items).toBeNull();
				expect(failed.error).toBeInstanceOf(NodeApiError);
				expect(failed.error!.message).toMatch(message);
				const everything = `${failed.error!.message} ${failed.error!.description ?? ''} ${JSON.stringify(failed.error)} ${failed.error!.stack ?? ''}`;
				expect(everything).not.toContain(sandbox.token);
				expect(snapshot(trigger)).toEqual(before);
				// Restarting after the failure changes nothing either.
				trigger.restart();
				const recovered = emittedIds(await trigger.poll());
				expectNoDuplicates(recovered);
				if (strategy === 'dateWindow') expect(new Set(recovered)).toEqual(new Set(missed));
				else expect(recovered).toEqual(missed);
				expect(await trigger.poll()).toEqual({ items: null });
			},
		);
	});

	test('two failing polls in a row, then recovery with records added in between', async () => {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, event);
		await trigger.poll();
		const before = snapshot(trigger);
		const a = insertOnClock(type, clock, 40);
		sandbox.failNext({ status: 503, body: { errors: [{ status: '503', detail: 'try later' }] } });
		expect((await trigger.poll()).error?.message).toMatch(/503: try later/);
		const b = insertOnClock(type, clock, 140);
		sandbox.failNext({ destroy: true, match: pageNumber(2) });
		expect((await trigger.poll()).error).toBeInstanceOf(NodeApiError);
		expect(snapshot(trigger)).toEqual(before);
		const emitted = emittedIds(await trigger.poll());
		expectNoDuplicates(emitted);
		expect(new Set(emitted)).toEqual(new Set([...a, ...b]));
	});
});

describe.each(LIGHTER)('$event: a failing poll', ({ event, type }) => {
	test('500 on page 2: cursor unchanged, recovery emits everything once', async () => {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, event);
		await trigger.poll();
		const before = snapshot(trigger);
		const missed = insertOnClock(type, clock, 150);
		sandbox.failNext({
			status: 500,
			body: { errors: [{ status: '500', detail: 'upstream timeout' }] },
			match: pageNumber(2),
		});
		const failed = await trigger.poll();
		expect(failed.error).toBeInstanceOf(NodeApiError);
		expect(failed.error!.message).toContain('upstream timeout');
		expect(snapshot(trigger)).toEqual(before);
		expect(emittedIds(await trigger.poll())).toEqual(missed);
	});
});

// ---------------------------------------------------------------------------------------------
// Restart, manual runs, filters
// ---------------------------------------------------------------------------------------------

describe.each(ALL)('$event: restart and manual runs', ({ event, type }) => {
	test('restart (static data through JSON) between polls: nothing lost, nothing twice', async () => {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, event);
		await trigger.poll();
		trigger.restart();
		const a = insertOnClock(type, clock, 5);
		expect(emittedIds(await trigger.poll())).toEqual(a);
		trigger.restart();
		expect(await trigger.poll()).toEqual({ items: null });
		const b = insertOnClock(type, clock, 120, 40);
		trigger.restart();
		const emitted = emittedIds(await trigger.poll());
		expect(new Set(emitted)).toEqual(new Set(b));
		expectNoDuplicates(emitted);
		trigger.restart();
		expect(await trigger.poll()).toEqual({ items: null });
		// The static data is plain JSON.
		expect(JSON.parse(JSON.stringify(trigger.staticData))).toEqual(trigger.staticData);
	});

	test('manual mode returns the newest record and never moves (or creates) the cursor', async () => {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, event);
		// Before any activation: the newest record, and no cursor is stored.
		const seededNewest = [...sandbox.store[type]].sort(
			(x, y) => Date.parse(y.created_at) - Date.parse(x.created_at) || Number(y.id) - Number(x.id),
		)[0];
		const test1 = await trigger.poll('manual');
		expect(emittedIds(test1)).toHaveLength(1);
		if (type !== 'transactions') expect(emittedIds(test1)).toEqual([seededNewest.id]);
		else expect(sandbox.find(type, emittedIds(test1)[0])!.created_at).toBe(seededNewest.created_at);
		expect(trigger.staticData.cursor).toBeUndefined();

		await trigger.poll();
		const newest = insertOnClock(type, clock, 3);
		const before = snapshot(trigger);
		const manual = await trigger.poll('manual');
		expect(emittedIds(manual)).toEqual([newest[2]]);
		expect(manual.items![0]).toMatchObject({ id: newest[2] });
		expect(snapshot(trigger)).toEqual(before);
		// The active trigger still emits all three.
		expect(emittedIds(await trigger.poll())).toEqual(newest);
		// Manual on an empty list: null.
		sandbox.clear(type);
		expect(await trigger.poll('manual')).toEqual({ items: null });
	});
});

describe.each(ALL)('$event: filter', ({ event, type, filter }) => {
	test('sent as filter[...] on every request; changing it re-baselines; only matching records are emitted', async () => {
		const clock = new Clock();
		const filtered = triggerRunner(sandbox, event, { filters: filter.values });
		sandbox.clearRequests();
		await filtered.poll();
		expect(apiRequestsSinceClear().length).toBeGreaterThan(0);
		for (const request of apiRequestsSinceClear()) expect(request.query).toMatchObject(filter.query);
		const match = insertOnClock(type, clock, 2, 1, filter.matching);
		insertOnClock(type, clock, 2, 1, filter.other);
		sandbox.clearRequests();
		expect(emittedIds(await filtered.poll())).toEqual(match);
		for (const request of apiRequestsSinceClear()) expect(request.query).toMatchObject(filter.query);

		// Changing the filter: a fresh baseline, nothing of the history of the new filter is emitted.
		const trigger = triggerRunner(sandbox, event);
		await trigger.poll();
		insertOnClock(type, clock, 3, 1, filter.matching);
		const unfiltered = snapshot(trigger);
		trigger.node.parameters.filters = filter.values;
		expect(await trigger.poll()).toEqual({ items: null });
		expect(snapshot(trigger)).not.toEqual(unfiltered);
		const next = insertOnClock(type, clock, 1, 1, filter.matching);
		insertOnClock(type, clock, 1, 1, filter.other);
		expect(emittedIds(await trigger.poll())).toEqual(next);
		// And back: another baseline (the old cursor was replaced), no history emitted.
		trigger.node.parameters.filters = {};
		expect(await trigger.poll()).toEqual({ items: null });
		const after = insertOnClock(type, clock, 1, 1, filter.other);
		expect(emittedIds(await trigger.poll())).toEqual(after);
	});
});

describe('site ID filter on the other required events', () => {
	test.each([
		[ORDERS, { site: '2' }, { site: '1' }],
		[FORM_SUBMISSIONS, { site: '2' }, { site: '1' }],
	])('$event: filter[site_id]', async ({ event, type }, matching, other) => {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, event, { filters: { site_id: '2' } });
		await trigger.poll();
		const match = insertOnClock(type, clock, 2, 1, { relationships: matching });
		insertOnClock(type, clock, 2, 1, { relationships: other });
		sandbox.clearRequests();
		expect(emittedIds(await trigger.poll())).toEqual(match);
		for (const request of apiRequestsSinceClear()) expect(request.query['filter[site_id]']).toBe('2');
	});

	test('newTransaction: filter[site_id] (through the customer)', async () => {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, 'newTransaction', { filters: { site_id: '2' } });
		await trigger.poll();
		const site2Customer = sandbox.store.customers.find(
			(c) => (c.relationships.site?.data as { id?: string } | null)?.id === '2',
		)!;
		const site1Customer = sandbox.store.customers.find(
			(c) => (c.relationships.site?.data as { id?: string } | null)?.id === '1',
		)!;
		const match = insertOnClock('transactions', clock, 2, 1, { relationships: { customer: site2Customer.id } });
		insertOnClock('transactions', clock, 2, 1, { relationships: { customer: site1Customer.id } });
		sandbox.clearRequests();
		expect(emittedIds(await trigger.poll())).toEqual(match);
		for (const request of apiRequestsSinceClear()) expect(request.query['filter[site_id]']).toBe('2');
	});
});

// ---------------------------------------------------------------------------------------------
// Item shape and cursor size
// ---------------------------------------------------------------------------------------------

describe.each([
	{ ...ORDERS, resource: 'order' },
	{ ...TRANSACTIONS, resource: 'transaction' },
	{ ...FORM_SUBMISSIONS, resource: 'formSubmission' },
	{ ...PURCHASES, resource: 'purchase' },
])('$event: item shape', ({ event, type, resource }) => {
	test.each([true, false])('simple = %s: the items are those of the action node Get Many', async (simple) => {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, event, { simple });
		await trigger.poll();
		const fresh = insertOnClock(type, clock, 3);
		const items = (await trigger.poll()).items!;
		expect(items.map((item) => String(item.id))).toEqual(fresh);
		const action = await runNode({
			parameters: { resource, operation: 'getAll', returnAll: true, simple },
			credentials: accessTokenCredentials(sandbox),
		});
		expect(action.error).toBeUndefined();
		const byId = new Map(action.items.map((item) => [String(item.json.id), item.json]));
		expect(items).toEqual(fresh.map((id) => byId.get(id)));
		if (simple) expect(items[0]).not.toHaveProperty('attributes');
		else expect(items[0]).toMatchObject({ id: fresh[0], type, attributes: expect.any(Object) });
	});
});

describe('cursor size', () => {
	test('newOrder: 250 records at distinct seconds keep the cursor tiny', async () => {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, 'newOrder');
		await trigger.poll();
		insertOnClock('orders', clock, 250);
		await trigger.poll();
		expect(trigger.staticDataBytes).toBeLessThan(200);
	});

	test.each([TRANSACTIONS, FORM_SUBMISSIONS, PURCHASES])(
		'$event: a burst of 1000 keeps the cursor ≤ 4 KB',
		async ({ event, type }) => {
			const clock = new Clock();
			const trigger = triggerRunner(sandbox, event);
			await trigger.poll();
			insertOnClock(type, clock, 1000, 1);
			await trigger.poll();
			expect(trigger.staticDataBytes).toBeLessThanOrEqual(4096);
			measure(event, 'bytesAfterBurst1000', trigger.staticDataBytes);
		},
	);

	/** 800 orders created in the same second, emitted once; returns the cursor size after it. */
	async function tiedBurst(): Promise<number> {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, 'newOrder');
		await trigger.poll();
		const tied = sandbox.insertMany('orders', 800, () => ({ created_at: clock.now() })).map((r) => r.id);
		const emitted = emittedIds(await trigger.poll());
		expectNoDuplicates(emitted);
		expect(new Set(emitted)).toEqual(new Set(tied));
		expect(await trigger.poll()).toEqual({ items: null });
		return trigger.staticDataBytes;
	}

	// Every ID at the watermark instant is kept (it tells new from seen at that instant); stored as
	// runs of consecutive integer IDs (cursorStorage.ts storeCursor), a burst takes a few bytes.
	test('newOrder: 800 orders in the same second are emitted exactly once, and the cursor stays ≤ 4 KB', async () => {
		const bytes = await tiedBurst();
		measure('newOrder', 'bytesAfter800Tied', bytes);
		expect(bytes).toBeLessThanOrEqual(4096);
	});

	test('newOrder: 800 orders in the same second with IDs that are not consecutive are emitted exactly once', async () => {
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, 'newOrder');
		await trigger.poll();
		const tied = sandbox
			.insertMany('orders', 800, (i) => ({ id: `ord_${(i * 7919) % 100_003}`, created_at: clock.now() }))
			.map((r) => r.id);
		const emitted = emittedIds(await trigger.poll());
		expectNoDuplicates(emitted);
		expect(new Set(emitted)).toEqual(new Set(tied));
		expect(await trigger.poll()).toEqual({ items: null });
		measure('newOrder', 'bytesAfter800TiedNonInteger', trigger.staticDataBytes);
	});
});

// ---------------------------------------------------------------------------------------------
// OAuth2
// ---------------------------------------------------------------------------------------------

describe.each(REQUIRED)('$event: OAuth2', ({ event, type }) => {
	const oauth = () =>
		new TriggerRunner(
			{ event, authentication: 'oAuth2' },
			{ contentPlatformOAuth2Api: { baseUrl: sandbox.url, clientId: 'client-id', clientSecret: 'client-secret' } },
		);
	const tokenRequests = () => sandbox.requests.filter((r) => r.rawPath === '/v1/oauth/token');

	test('polls keep working across a token expiry, with exactly one new token request', async () => {
		const clock = new Clock();
		const trigger = oauth();
		await trigger.poll();
		expect(tokenRequests()).toHaveLength(1);
		const a = insertOnClock(type, clock, 2);
		sandbox.clearRequests();
		expect(emittedIds(await trigger.poll())).toEqual(a);
		expect(tokenRequests()).toHaveLength(0);
		sandbox.expireTokens();
		sandbox.clearRequests();
		const b = insertOnClock(type, clock, 120);
		const emitted = emittedIds(await trigger.poll());
		expect(new Set(emitted)).toEqual(new Set(b));
		expectNoDuplicates(emitted);
		expect(tokenRequests()).toHaveLength(1);
		expect(sandbox.issuedTokens).toHaveLength(2);
		// The API requests after the renewal carry the new token.
		const last = apiRequestsSinceClear().at(-1)!;
		expect(last.headers.authorization).toBe(`Bearer ${sandbox.issuedTokens[1]}`);
		sandbox.clearRequests();
		expect(await trigger.poll()).toEqual({ items: null });
		expect(tokenRequests()).toHaveLength(0);
	});

	test('a failed token request does not move the cursor; the next poll emits what was missed', async () => {
		const clock = new Clock();
		const trigger = oauth();
		await trigger.poll();
		const before = snapshot(trigger);
		const missed = insertOnClock(type, clock, 3);
		sandbox.expireTokens();
		sandbox.failNext({
			status: 401,
			headers: { 'Content-Type': 'application/json' },
			body: { error: 'invalid_client', error_description: 'Client authentication failed' },
			match: (r) => r.rawPath === '/v1/oauth/token',
		});
		const failed = await trigger.poll();
		expect(failed.items).toBeNull();
		expect(failed.error).toBeDefined();
		const everything = `${failed.error!.message} ${failed.error!.description ?? ''} ${JSON.stringify(failed.error)}`;
		expect(everything).not.toContain('client-secret');
		expect(everything).not.toContain(sandbox.issuedTokens[0]);
		expect(snapshot(trigger)).toEqual(before);
		const recovered = emittedIds(await trigger.poll());
		expect(new Set(recovered)).toEqual(new Set(missed));
		expect(recovered).toHaveLength(3);
	});
});

// ---------------------------------------------------------------------------------------------
// Randomized runs
// ---------------------------------------------------------------------------------------------

describe.each([
	{ ...ORDERS, seed: 101 },
	{ ...TRANSACTIONS, seed: 202 },
	{ ...FORM_SUBMISSIONS, seed: 303 },
])('$event: randomized run', ({ event, type, seed }) => {
	test('≥ 2,000 records over 100 polls (bursts 0..120, ties, failures, restarts, inserts during polls): each emitted exactly once, cursor ≤ 4 KB', async () => {
		const random = prng(seed);
		const int = (max: number) => Math.floor(random() * (max + 1));
		const clock = new Clock();
		const trigger = triggerRunner(sandbox, event);
		// The simulated clock jumps by minutes while a poll runs (records created during it).
		trigger.budgetMs = 86_400_000;
		await trigger.poll();
		const inserted: string[] = [];
		const emitted: string[] = [];
		let maxBytes = trigger.staticDataBytes;
		let failures = 0;
		const burst = (n: number) => {
			for (let i = 0; i < n; ) {
				// 25 % of the instants hold a tie of 2..15 records.
				const tie = Math.min(n - i, random() < 0.25 ? 2 + int(13) : 1);
				const at = clock.tick(int(3) === 0 ? 0 : 1 + int(120));
				for (let j = 0; j < tie; j++, i++) inserted.push(sandbox.insert(type, {}, {}, { created_at: at }).id);
			}
		};
		for (let poll = 0; poll < 100; poll++) {
			burst(int(120));
			// Between polls: sometimes a minute, sometimes up to a day and a half (transactions: the
			// date window, from the day before the floor, moves across days and stays a few pages long).
			clock.tick(random() < 0.5 ? int(60) : int(36 * 3600));
			if (random() < 0.1) trigger.restart();
			if (random() < 0.15) onRequest(pageNumber(1 + int(2)), () => burst(1 + int(40)));
			const faulty = random() < 0.1;
			if (faulty) sandbox.failNext({ ...RANDOM_FAULTS[int(RANDOM_FAULTS.length - 1)], match: pageNumber(1 + int(1)) });
			const before = snapshot(trigger);
			const result = await trigger.poll();
			sandbox.clearFaults();
			if (result.error) {
				failures++;
				expect([faulty, result.error.message]).toEqual([true, result.error.message]);
				expect(result.error).toBeInstanceOf(NodeApiError);
				expect(snapshot(trigger)).toEqual(before);
			} else {
				emitted.push(...emittedIds(result));
			}
			maxBytes = Math.max(maxBytes, trigger.staticDataBytes);
		}
		// Drain: polls without faults until nothing is new.
		for (let i = 0; i < 3; i++) emitted.push(...emittedIds(await trigger.poll()));
		expect(await trigger.poll()).toEqual({ items: null });

		expect(inserted.length).toBeGreaterThanOrEqual(2000);
		expect(failures).toBeGreaterThan(0);
		expectNoDuplicates(emitted);
		expect(emitted.length).toBe(inserted.length);
		expect(new Set(emitted)).toEqual(new Set(inserted));
		expect(maxBytes).toBeLessThanOrEqual(4096);
		measure(event, 'randomRecords', inserted.length);
		measure(event, 'randomFailures', failures);
		measure(event, 'maxStaticDataBytes', maxBytes);
	});
});
