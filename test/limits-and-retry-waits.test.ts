/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test: steps the fake clock between turns of the event loop (setImmediate) */
/**
 * The limits and retry waits the README states as figures ("Errors and retries", "Triggers",
 * "Limits"), held through n8n's engine against the sandbox (no mock of the package's code):
 *
 * - a 503 with `Retry-After` is a read's one retry, like a 429 (a 503 without it fails at once);
 * - the wait before that retry is the one the answer asked for (1 s for a 429 without
 *   `Retry-After`, the header's seconds otherwise), measured on jest's fake clock, not the wall clock;
 * - the polling trigger does not emit a record backdated behind one it already emitted;
 * - a server capping pages below 100 without paging links ends Return All after its first page;
 *   with paging links (`links.next`) every record is read;
 * - the webhook trigger remembers the last 100 deliveries (counted here, not read from its constant);
 * - the polling trigger's limits the README states in figures (200 dated ahead, 200 undated, 5,000 at one
 *   instant) are the code's: test/trigger/strategies.test.ts ("the cursor's lists at their limits") tests
 *   the behaviour at each limit by reading the constant, so these pins fail when a constant moves away
 *   from the README.
 */
import type { INodeParameters } from 'n8n-workflow';

import { MAX_ODD } from '../nodes/ContentPlatformTrigger/cursorParts';
import { MAX_SET_IDS } from '../nodes/ContentPlatformTrigger/idRuns';
import { MAX_AHEAD } from '../nodes/ContentPlatformTrigger/strategies/createdAt.cursor';
import { accessTokenCredentials, NODE_PROPERTIES, rl, runWith, useSandbox, apiRequestsOf } from './helpers/fixtures';
import { runNode } from './helpers/harness';
import { WebhookRunner } from './helpers/webhookHarness';
import { meterConcurrency } from './sandbox/concurrency';
import type { RecordedRequest, Sandbox } from './sandbox';
import { TriggerRunner, type PollResult } from './trigger/pollHarness';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

const getContact: INodeParameters = { resource: 'contact', operation: 'get', contactId: rl('1') };
const isContact1 = (r: RecordedRequest) => r.path === '/v1/contacts/1';

describe('a 503 with Retry-After: one retry of a read, as a 429', () => {
	const unavailable = (headers: Record<string, string>, times = 1) =>
		sandbox.failNext({
			status: 503,
			headers,
			body: { errors: [{ status: '503', title: 'Service Unavailable', detail: 'Down for maintenance' }] },
			match: isContact1,
			times,
		});

	test('Contact → Get answered 503 with Retry-After: 0: sent again once, succeeds (2 requests)', async () => {
		unavailable({ 'Retry-After': '0' });
		const result = await runWith(sandbox, getContact);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual(['1']);
		expect(apiRequestsOf(sandbox).map((r) => r.status)).toEqual([503, 200]);
	});

	test('a 503 with Retry-After twice: fails after 2 requests', async () => {
		unavailable({ 'Retry-After': '0' }, 2);
		const result = await runWith(sandbox, getContact);
		expect(result.error?.message).toMatch(/Down for maintenance/);
		expect(apiRequestsOf(sandbox).map((r) => r.status)).toEqual([503, 503]);
	});

	test('a 503 without Retry-After: not sent again (1 request)', async () => {
		unavailable({});
		const result = await runWith(sandbox, getContact);
		expect(result.error?.message).toMatch(/Down for maintenance/);
		expect(apiRequestsOf(sandbox).map((r) => r.status)).toEqual([503]);
	});

	test('a write answered 503 with Retry-After: never sent again (1 request)', async () => {
		sandbox.failNext({
			status: 503,
			headers: { 'Retry-After': '0' },
			match: (r) => r.method === 'PATCH',
		});
		const result = await runWith(sandbox, { ...getContact, operation: 'update', updateFields: { name: 'x' } });
		expect(result.error).toBeDefined();
		expect(apiRequestsOf(sandbox).map((r) => `${r.method} ${r.status}`)).toEqual(['PATCH 503']);
	});
});

describe('the wait before the retry is the one asked for (fake clock)', () => {
	afterEach(() => jest.useRealTimers());

	/**
	 * Runs Contact → Get with the first answer `status` + `headers`, on jest's fake timers (only
	 * `setTimeout`/`setInterval` faked: I/O, `setImmediate` and `Date` stay real), and advances the fake
	 * clock in steps of `step` ms once that answer is in. Returns the fake milliseconds that had
	 * passed when the retry arrived.
	 */
	async function fakeMsUntilRetry(status: number, headers: Record<string, string>, step = 50): Promise<number> {
		sandbox.failNext({ status, headers, match: isContact1 });
		sandbox.clearRequests();
		jest.useFakeTimers({
			doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate'],
		});
		const run = runNode({ parameters: getContact, credentials: accessTokenCredentials(sandbox) });
		const turn = () => new Promise((resolve) => setImmediate(resolve));
		while (!apiRequestsOf(sandbox).some((r) => r.status === status)) await turn();
		// let the answer reach the package and its wait start
		for (let i = 0; i < 200; i++) await turn();
		let fakeMs = 0;
		while (apiRequestsOf(sandbox).length < 2) {
			if (fakeMs > 10_000) throw new Error('no retry within 10 s of fake time');
			await jest.advanceTimersByTimeAsync(step);
			fakeMs += step;
			for (let i = 0; i < 200 && apiRequestsOf(sandbox).length < 2; i++) await turn();
		}
		jest.useRealTimers();
		const result = await run;
		expect(result.error).toBeUndefined();
		return fakeMs;
	}

	test('a 429 without Retry-After waits 1 s', async () => {
		const ms = await fakeMsUntilRetry(429, {});
		expect(ms).toBeGreaterThanOrEqual(1000);
		expect(ms).toBeLessThanOrEqual(1050);
	});

	test('a 429 with Retry-After: 3 waits 3 s', async () => {
		const ms = await fakeMsUntilRetry(429, { 'Retry-After': '3' });
		expect(ms).toBeGreaterThanOrEqual(3000);
		expect(ms).toBeLessThanOrEqual(3050);
	});

	test('a 503 with Retry-After: 2 waits 2 s', async () => {
		const ms = await fakeMsUntilRetry(503, { 'Retry-After': '2' });
		expect(ms).toBeGreaterThanOrEqual(2000);
		expect(ms).toBeLessThanOrEqual(2050);
	});
});

describe('polling trigger: a record backdated behind one already emitted is not emitted', () => {
	let nowMs = Date.parse('2026-11-05T08:00:00.000Z');
	beforeEach(() => {
		nowMs = Date.parse('2026-11-05T08:00:00.000Z');
		jest.spyOn(Date, 'now').mockImplementation(() => nowMs);
	});
	afterEach(() => jest.restoreAllMocks());
	const at = (ms: number) => new Date(ms).toISOString();
	const ids = (result: PollResult) => {
		expect(result.error).toBeUndefined();
		return (result.items ?? []).map((item) => String(item.id));
	};

	test('New Order: an order dated 1 minute before the last emitted one is never emitted; later orders are', async () => {
		const trigger = new TriggerRunner({ event: 'newOrder' }, accessTokenCredentials(sandbox));
		expect(ids(await trigger.poll())).toEqual([]);
		nowMs += 60_000;
		const emitted = sandbox.insert('orders', {}, {}, { created_at: at(nowMs - 1000) });
		expect(ids(await trigger.poll())).toEqual([emitted.id]);
		nowMs += 60_000;
		const backdated = sandbox.insert('orders', {}, {}, { created_at: at(Date.parse(emitted.created_at) - 60_000) });
		expect(ids(await trigger.poll())).toEqual([]);
		nowMs += 60_000;
		const later = sandbox.insert('orders', {}, {}, { created_at: at(nowMs - 1000) });
		expect(ids(await trigger.poll())).toEqual([later.id]);
		nowMs += 60_000;
		expect(ids(await trigger.poll())).toEqual([]);
		expect(sandbox.find('orders', backdated.id)).toBeDefined();
	});
});

describe('a page cap below 100', () => {
	const CAP = 40;
	/**
	 * The contacts list as a server capping `page[size]` at `CAP` answers it (the stored order, the
	 * request's page), with or without `links.next`.
	 */
	function capPages(withLinks: boolean) {
		sandbox.failNext({
			status: 200,
			headers: { 'Content-Type': 'application/vnd.api+json' },
			match: (r) => r.path === '/v1/contacts',
			times: 1000,
			body: (r: RecordedRequest) => {
				const page = Number(r.query['page[number]'] ?? 1);
				const records = sandbox.store.contacts.slice((page - 1) * CAP, page * CAP);
				const last = Math.ceil(sandbox.store.contacts.length / CAP);
				return {
					data: records.map((record) => ({ id: record.id, type: 'contacts', attributes: record.attributes })),
					...(withLinks
						? { links: { next: page < last ? `${sandbox.url}/v1/contacts?page[number]=${page + 1}` : null } }
						: {}),
				};
			},
		});
	}
	const returnAll = (parallelPages: number): INodeParameters => ({
		resource: 'contact',
		operation: 'getAll',
		returnAll: true,
		requestSettings: { parallelPages },
	});

	beforeEach(() => {
		sandbox.clear('contacts');
		sandbox.insertMany('contacts', 100);
	});

	test.each([1, 4])(
		'without paging links, Parallel Page Requests %i: Return All ends after the first page (40 of 100 contacts)',
		async (k) => {
			capPages(false);
			const result = await runWith(sandbox, returnAll(k));
			expect(result.error).toBeUndefined();
			expect(result.items.map((i) => i.json.id)).toEqual(sandbox.store.contacts.slice(0, CAP).map((r) => r.id));
			expect(apiRequestsOf(sandbox)[0].query['page[size]']).toBe('100');
		},
	);

	test('with links.next: Return All reads every contact (100 of 100, 3 pages)', async () => {
		capPages(true);
		const result = await runWith(sandbox, returnAll(1));
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual(sandbox.store.contacts.map((r) => r.id));
		expect(apiRequestsOf(sandbox).map((r) => r.query['page[number]'])).toEqual(['1', '2', '3']);
	});
});

describe('the webhook trigger remembers the last 100 deliveries', () => {
	let trigger: WebhookRunner | undefined;
	afterEach(async () => {
		await trigger?.close();
		trigger = undefined;
	});
	const body = (i: number) => ({ id: String(i), event: 'tag_added', payload: [{ id: String(i), type: 'contacts' }] });

	test('a repeat after 99 other deliveries is not emitted; after 100 others it is', async () => {
		trigger = new WebhookRunner({ event: 'tag_added', siteId: '1' }, accessTokenCredentials(sandbox));
		await trigger.listen();
		expect((await trigger.receive(body(0))).items).toHaveLength(1);
		for (let i = 1; i <= 99; i++) expect((await trigger.receive(body(i))).items).toHaveLength(1);
		expect((await trigger.receive(body(0))).items).toHaveLength(0);
		expect((await trigger.receive(body(1))).items).toHaveLength(0);
		// two new deliveries push out the two oldest, 0 and 1: a repeat of 1 is then emitted again
		for (let i = 100; i <= 101; i++) expect((await trigger.receive(body(i))).items).toHaveLength(1);
		expect((await trigger.receive(body(1))).items).toHaveLength(1);
	});
});

test("the polling trigger's limits are the README's figures (200 dated ahead, 200 undated, 5,000 at one instant)", () => {
	expect(MAX_AHEAD).toBe(200);
	expect(MAX_ODD).toBe(200);
	expect(MAX_SET_IDS).toBe(5000);
});

describe('Return All: up to 4 pages at once by default, 1–8', () => {
	test('the field: Request Settings → Parallel Page Requests, default 4, from 1 to 8', () => {
		const settings = NODE_PROPERTIES.find((p) => p.name === 'requestSettings');
		const field = (settings?.options as Array<{ name: string; default?: unknown; typeOptions?: object }>).find(
			(o) => o.name === 'parallelPages',
		);
		expect(field?.default).toBe(4);
		expect(field?.typeOptions).toEqual({ minValue: 1, maxValue: 8 });
	});

	test('left at its default: 4 pages in flight at most, every contact once and in order (1,000 contacts, 20 ms a page)', async () => {
		const meter = meterConcurrency(sandbox, (req) => /^\/v1\/contacts\?/.test(req.url ?? ''));
		sandbox.clear('contacts');
		const ids = sandbox.insertMany('contacts', 1000).map((r) => r.id);
		sandbox.adversity.delayMs = 20;
		const result = await runWith(sandbox, { resource: 'contact', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual(ids);
		expect(meter.max).toBe(4);
	});
});
