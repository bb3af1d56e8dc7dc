/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test: timers to let a request reach the sandbox */
/**
 * The Content Platform Trigger, poll after poll through n8n-core's PollContext against a sandbox
 * whose data changes between polls (issue 3): activation, bursts, ties, shifting lists, failures,
 * restarts, manual runs, filters, OAuth2, and long randomized runs (exactly once).
 */
import { createSandbox, type Sandbox } from '../sandbox';
import { TriggerRunner, type PollResult } from './pollHarness';

type EventCase = { event: string; type: string; strategy: 'createdAt' | 'idOnly' | 'dateWindow' };

const EVENTS: EventCase[] = [
	{ event: 'newOrder', type: 'orders', strategy: 'createdAt' },
	{ event: 'newTransaction', type: 'transactions', strategy: 'dateWindow' },
	{ event: 'newFormSubmission', type: 'form_submissions', strategy: 'idOnly' },
	{ event: 'newContact', type: 'contacts', strategy: 'createdAt' },
	{ event: 'newCustomer', type: 'customers', strategy: 'createdAt' },
	{ event: 'newOrderItem', type: 'order_items', strategy: 'createdAt' },
];
const REQUIRED = EVENTS.slice(0, 3);

let sandbox: Sandbox;
beforeEach(async () => {
	sandbox = await createSandbox();
});
afterEach(async () => sandbox.close());

/** A simulated clock after the seeded history (2026-11-01), so inserted records are the newest. */
class Clock {
	constructor(private ms = Date.parse('2026-11-05T08:00:00.000Z')) {}

	tick(seconds: number): string {
		this.ms += seconds * 1000;
		return this.now();
	}

	now(): string {
		return new Date(this.ms).toISOString();
	}
}

function runner(event: string, extra: Record<string, unknown> = {}): TriggerRunner {
	return new TriggerRunner({ event, ...extra }, { contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token } });
}

/** Inserts `n` records, `perInstant` of them sharing each created_at, and returns their IDs. */
function insert(type: string, clock: Clock, n: number, perInstant = 1): string[] {
	return sandbox
		.insertMany(type, n, (i) => ({ created_at: i % perInstant === 0 ? clock.tick(1) : clock.now() }))
		.map((r) => r.id);
}

function ids(result: PollResult): string[] {
	expect(result.error).toBeUndefined();
	return (result.items ?? []).map((item) => String(item.id));
}

/** Polls while counting the requests of that poll. */
async function countedPoll(trigger: TriggerRunner, mode?: 'manual'): Promise<{ result: PollResult; requests: number }> {
	sandbox.clearRequests();
	const result = await trigger.poll(mode);
	return { result, requests: sandbox.requests.filter((r) => r.rawPath.startsWith('/v1/') && r.rawPath !== '/v1/oauth/token').length };
}

describe.each(EVENTS)('$event', ({ event, type, strategy }) => {
	test('activation emits nothing of the history; then 1, 250 and 0 new records are emitted exactly', async () => {
		const clock = new Clock();
		const trigger = runner(event);
		expect(sandbox.store[type].length).toBeGreaterThan(0);
		const activation = await trigger.poll();
		expect(activation).toEqual({ items: null });
		expect(trigger.staticData.cursor).toBeDefined();

		const one = insert(type, clock, 1);
		expect(ids(await trigger.poll())).toEqual(one);

		const burst = insert(type, clock, 250);
		const { result, requests } = await countedPoll(trigger);
		expect(ids(result)).toEqual(burst);
		if (strategy !== 'dateWindow') expect(requests).toBeLessThanOrEqual(Math.ceil(250 / 100) + 1);

		const idle = await countedPoll(trigger);
		expect(idle.result).toEqual({ items: null });
		if (strategy !== 'dateWindow') expect(idle.requests).toBe(1);
		// Transactions cannot be sorted: an idle poll reads the window from the day before the newest one.
		else expect(idle.requests).toBe(Math.ceil(252 / 100));
	});

	test('a burst sharing one created_at instant across page boundaries is emitted once', async () => {
		const clock = new Clock();
		const trigger = runner(event);
		await trigger.poll();
		const tied = insert(type, clock, 150, 150);
		expect(new Set(ids(await trigger.poll()))).toEqual(new Set(tied));
		const more = insert(type, clock, 120, 40);
		expect(new Set(ids(await trigger.poll()))).toEqual(new Set(more));
		expect(await trigger.poll()).toEqual({ items: null });
	});

	test('a failing poll throws the server words and keeps the cursor; the next poll emits what was missed', async () => {
		const clock = new Clock();
		const trigger = runner(event);
		await trigger.poll();
		const before = JSON.parse(JSON.stringify(trigger.staticData));
		const missed = insert(type, clock, 3);
		sandbox.failNext({ status: 500, body: { errors: [{ status: '500', title: 'Server Error', detail: 'database unavailable' }] } });
		const failed = await trigger.poll();
		expect(failed.error?.message).toContain('database unavailable');
		expect(JSON.stringify(failed.error)).not.toContain(sandbox.token);
		expect(trigger.staticData).toEqual(before);
		expect(ids(await trigger.poll())).toEqual(missed);
	});

	test('manual mode returns the newest record and does not move the cursor', async () => {
		const clock = new Clock();
		const trigger = runner(event);
		await trigger.poll();
		const newest = insert(type, clock, 2);
		const before = JSON.parse(JSON.stringify(trigger.staticData));
		expect(ids(await trigger.poll('manual'))).toEqual([newest[1]]);
		expect(trigger.staticData).toEqual(before);
		expect(ids(await trigger.poll())).toEqual(newest);
	});
});

describe.each(REQUIRED)('$event: failures', ({ event, type }) => {
	test.each([
		['401', { status: 401, body: { errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid or expired access token' }] } }, /Authentication failed/],
		['429 with Retry-After', { status: 429, headers: { 'Retry-After': '30' }, body: { errors: [{ title: 'Too Many Requests' }] } }, /retry after 30 seconds/],
		['a connection reset', { destroy: true }, /./],
		['truncated JSON', { status: 200, body: '{"data": [{"id": "1", "ty' }, /not a JSON:API document/],
	])('%s on a later page: nothing emitted, cursor kept, recovery emits everything', async (_name, fault, message) => {
		const clock = new Clock();
		const trigger = runner(event);
		await trigger.poll();
		const before = JSON.parse(JSON.stringify(trigger.staticData));
		const missed = insert(type, clock, 230);
		sandbox.failNext({ ...fault, match: (r) => r.query['page[number]'] === '2' });
		const failed = await trigger.poll();
		expect(failed.items).toBeNull();
		expect(failed.error?.message).toMatch(message);
		expect(JSON.stringify(failed.error)).not.toContain(sandbox.token);
		expect(trigger.staticData).toEqual(before);
		expect(new Set(ids(await trigger.poll()))).toEqual(new Set(missed));
	});

	test('records inserted between two pages of one poll: none lost, none twice', async () => {
		const clock = new Clock();
		const trigger = runner(event);
		await trigger.poll();
		const first = insert(type, clock, 180);
		sandbox.failNext({ delayMs: 150, match: (r) => r.query['page[number]'] === '2' });
		const polling = trigger.poll();
		while (!sandbox.requests.some((r) => r.query['page[number]'] === '2')) {
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
		const during = insert(type, clock, 30);
		const emitted = ids(await polling).concat(ids(await trigger.poll()));
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(new Set(emitted)).toEqual(new Set([...first, ...during]));
	});

	test('restart between polls: the cursor survives JSON and nothing is emitted twice', async () => {
		const clock = new Clock();
		const trigger = runner(event);
		await trigger.poll();
		const a = insert(type, clock, 5);
		expect(ids(await trigger.poll())).toEqual(a);
		trigger.restart();
		expect(await trigger.poll()).toEqual({ items: null });
		const b = insert(type, clock, 5);
		trigger.restart();
		expect(ids(await trigger.poll())).toEqual(b);
	});
});

describe('filters', () => {
	test.each([
		['newOrder', { site_id: '2', customer_id: '7' }, { 'filter[site_id]': '2', 'filter[customer_id]': '7' }],
		['newFormSubmission', { form_id: '3' }, { 'filter[form_id]': '3' }],
		['newOrderItem', { item_type_eq: 'Offer' }, { 'filter[item_type_eq]': 'Offer' }],
		['newTransaction', { customer_id: '4' }, { 'filter[customer_id]': '4' }],
	])('%s sends its filters', async (event, filters, query) => {
		await runner(event, { filters }).poll();
		for (const request of sandbox.requests) expect(request.query).toMatchObject(query);
	});

	test('changing a filter starts afresh: no history is emitted', async () => {
		const clock = new Clock();
		const trigger = runner('newOrder');
		await trigger.poll();
		insert('orders', clock, 3);
		trigger.node.parameters.filters = { site_id: '1' };
		expect(await trigger.poll()).toEqual({ items: null });
		const next = sandbox.insert('orders', {}, { site: '1' }, { created_at: clock.tick(5) });
		expect(ids(await trigger.poll())).toEqual([next.id]);
	});
});

describe('OAuth2', () => {
	const oauth = () =>
		new TriggerRunner(
			{ event: 'newOrder', authentication: 'oAuth2' },
			{ contentPlatformOAuth2Api: { baseUrl: sandbox.url, clientId: 'client-id', clientSecret: 'client-secret' } },
		);
	const tokenRequests = () => sandbox.requests.filter((r) => r.rawPath === '/v1/oauth/token').length;

	test('polls keep working across a token expiry with exactly one new token', async () => {
		const clock = new Clock();
		const trigger = oauth();
		await trigger.poll();
		expect(tokenRequests()).toBe(1);
		sandbox.expireTokens();
		sandbox.clearRequests();
		const fresh = insert('orders', clock, 2);
		expect(ids(await trigger.poll())).toEqual(fresh);
		expect(tokenRequests()).toBe(1);
	});

	test('a failed token request does not move the cursor', async () => {
		const clock = new Clock();
		const trigger = oauth();
		await trigger.poll();
		const before = JSON.parse(JSON.stringify(trigger.staticData));
		const missed = insert('orders', clock, 2);
		sandbox.expireTokens();
		sandbox.failNext({ status: 401, body: { error: 'invalid_client' }, match: (r) => r.rawPath === '/v1/oauth/token' });
		const failed = await trigger.poll();
		expect(failed.error).toBeDefined();
		expect(JSON.stringify(failed.error)).not.toContain('client-secret');
		expect(trigger.staticData).toEqual(before);
		expect(ids(await trigger.poll())).toEqual(missed);
	});
});

/** Mulberry32: a small seeded PRNG, so the randomized runs are reproducible. */
function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

describe.each(REQUIRED)('$event: randomized run', ({ event, type }) => {
	test('2,000+ records over 100 polls with random bursts and ties: every record emitted exactly once', async () => {
		const random = prng(event.length * 7919);
		const clock = new Clock();
		const trigger = runner(event);
		await trigger.poll();
		const inserted: string[] = [];
		const emitted: string[] = [];
		let maxCursorBytes = 0;
		for (let poll = 0; poll < 100; poll++) {
			const burst = Math.floor(random() * 45);
			for (let i = 0; i < burst; ) {
				const tie = Math.min(burst - i, random() < 0.2 ? 1 + Math.floor(random() * 12) : 1);
				const at = clock.tick(Math.floor(random() * 900));
				for (let j = 0; j < tie; j++, i++) inserted.push(sandbox.insert(type, {}, {}, { created_at: at }).id);
			}
			if (random() < 0.1) trigger.restart();
			emitted.push(...ids(await trigger.poll()));
			maxCursorBytes = Math.max(maxCursorBytes, trigger.staticDataBytes);
		}
		// One last burst larger than a page.
		inserted.push(...insert(type, clock, 260, 3));
		emitted.push(...ids(await trigger.poll()));
		expect(inserted.length).toBeGreaterThanOrEqual(2000);
		expect(emitted.length).toBe(inserted.length);
		expect(new Set(emitted)).toEqual(new Set(inserted));
		expect(maxCursorBytes).toBeLessThanOrEqual(4096);
	});
});
