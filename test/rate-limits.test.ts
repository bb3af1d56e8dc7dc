/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the cancellation test waits for the sandbox */
/**
 * The package's one rule for answers asking to slow down (nodes/api/transport/throttle.ts:
 * the 429 rule in transport/throttle.ts), through n8n's engine against the sandbox: a read (Get, any page of Get Many at any
 * "Parallel Page Requests", a list search, a trigger poll) is sent again once after its
 * `Retry-After` when that is at most 60 s; a second 429, or a longer `Retry-After`, fails with the
 * worded 429; a write is never sent again (exactly one request, the worded 429 reaches the user);
 * a cancelled execution sends nothing after the wait.
 */
import type { INodeParameters } from 'n8n-workflow';

import { MAX_THROTTLE_RETRIES, MAX_THROTTLE_WAIT_MS, throttleRetryWait } from '../nodes/api/transport/throttle';
import type { RecordedRequest, Sandbox } from './sandbox';
import { accessTokenCredentials, runWith, useSandbox, rl, apiRequestsOf } from './helpers/fixtures';
import { runNode } from './helpers/harness';
import { callListSearch } from './helpers/loadOptions';
import { TriggerRunner } from './trigger/pollHarness';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

const contactsPage = (page: number) => (r: RecordedRequest) =>
	r.path === '/v1/contacts' && r.query['page[number]'] === String(page);
const contactPages = () => apiRequestsOf(sandbox).map((r) => Number(r.query['page[number]']));

/** A 429 as the API sends it, with `Retry-After` (seconds, or none). */
function tooMany(retryAfter: string | undefined, match: (r: RecordedRequest) => boolean, times = 1) {
	sandbox.failNext({
		status: 429,
		...(retryAfter === undefined ? {} : { headers: { 'Retry-After': retryAfter } }),
		body: { errors: [{ status: '429', title: 'Too Many Requests', detail: 'Slow down' }] },
		match,
		times,
	});
}

function contactsGetMany(parallelPages: number, limit?: number): INodeParameters {
	return {
		resource: 'contact',
		operation: 'getAll',
		...(limit === undefined ? { returnAll: true } : { returnAll: false, limit }),
		requestSettings: { parallelPages },
	};
}

test('the rule: one retry per read, 60 s at most', () => {
	expect(MAX_THROTTLE_RETRIES).toBe(1);
	expect(MAX_THROTTLE_WAIT_MS).toBe(60_000);
});

describe('Get Many, Limit 50 (one page)', () => {
	beforeEach(() => {
		sandbox.clear('contacts');
		sandbox.insertMany('contacts', 120);
	});

	test.each([1, 4])(
		'Parallel Page Requests %i: a first 429 (Retry-After: 0) is sent again once and succeeds',
		async (k) => {
			const ids = sandbox.store.contacts.slice(0, 50).map((r) => r.id);
			tooMany('0', contactsPage(1));
			const result = await runWith(sandbox, contactsGetMany(k, 50));
			expect(result.error).toBeUndefined();
			expect(result.items.map((i) => i.json.id)).toEqual(ids);
			expect(contactPages()).toEqual([1, 1]);
		},
	);

	test.each([1, 4])(
		'Parallel Page Requests %i: a 429 again on the second try fails with the worded 429 (2 requests)',
		async (k) => {
			tooMany('0', contactsPage(1), 2);
			const result = await runWith(sandbox, contactsGetMany(k, 50));
			expect(result.error?.message).toMatch(
				/^Rate limited by the Content Platform API: retry after 0 seconds — Too Many Requests: Slow down \(page 1, after 0 records\)$/,
			);
			expect(result.items).toEqual([]);
			expect(contactPages()).toEqual([1, 1]);
		},
	);

	test.each([
		['61', 'retry after 61 seconds'],
		['3600', 'retry after 3600 seconds'],
	])('Retry-After: %s (above the 60 s cap): not waited for, fails at once (1 request)', async (value, words) => {
		tooMany(value, contactsPage(1));
		const result = await runWith(sandbox, contactsGetMany(4, 50));
		expect(result.error?.message).toContain(`Rate limited by the Content Platform API: ${words}`);
		expect(contactPages()).toEqual([1]);
	});

	test('a 429 without Retry-After: waited for 1 s, sent again once', async () => {
		tooMany(undefined, contactsPage(1));
		const result = await runWith(sandbox, contactsGetMany(1, 50));
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(50);
		expect(contactPages()).toEqual([1, 1]);
	});
});

describe('Get Many, Return All over 500 contacts', () => {
	beforeEach(() => {
		sandbox.clear('contacts');
		sandbox.insertMany('contacts', 500);
	});

	test.each([1, 4])(
		'Parallel Page Requests %i: a 429 on page 3 (Retry-After: 0): page 3 sent again once, every record once and in order',
		async (k) => {
			const ids = sandbox.store.contacts.map((r) => r.id);
			tooMany('0', contactsPage(3));
			const result = await runWith(sandbox, contactsGetMany(k));
			expect(result.error).toBeUndefined();
			expect(result.items.map((i) => i.json.id)).toEqual(ids);
			const pages = contactPages();
			expect(pages.filter((p) => p === 3)).toHaveLength(2);
			expect(new Set(pages).size).toBe(pages.length - 1);
		},
	);

	test.each([1, 4])(
		'Parallel Page Requests %i: a 429 twice on page 3: fails naming the page, page 3 sent twice, no later page after it',
		async (k) => {
			tooMany('0', contactsPage(3), 2);
			const result = await runWith(sandbox, contactsGetMany(k));
			expect(result.error?.message).toMatch(
				/^Rate limited by the Content Platform API: retry after 0 seconds .*\(page 3, after 200 records\)$/,
			);
			expect(result.items).toEqual([]);
			const pages = contactPages();
			expect(pages.filter((p) => p === 3)).toHaveLength(2);
			// k = 1: nothing after page 3; k = 4: only the k − 1 pages sent ahead of page 3 before its 429
			if (k === 1) expect(pages).toEqual([1, 2, 3, 3]);
			else expect(Math.max(...pages)).toBeLessThanOrEqual(3 + k - 1);
		},
	);

	test('Parallel Page Requests 4: Retry-After above the cap on page 2: fails at once, page 2 sent once', async () => {
		tooMany('120', contactsPage(2));
		const result = await runWith(sandbox, contactsGetMany(4));
		expect(result.error?.message).toMatch(/retry after 120 seconds .*\(page 2, after 100 records\)$/);
		expect(contactPages().filter((p) => p === 2)).toHaveLength(1);
	});
});

describe('other reads', () => {
	test('Contact → Get: a first 429 (Retry-After: 0) is sent again once and succeeds; a second fails', async () => {
		const get = { resource: 'contact', operation: 'get', contactId: rl('1') };
		tooMany('0', (r) => r.path === '/v1/contacts/1');
		const ok = await runWith(sandbox, get);
		expect(ok.error).toBeUndefined();
		expect(ok.items.map((i) => i.json.id)).toEqual(['1']);
		expect(apiRequestsOf(sandbox)).toHaveLength(2);
		tooMany('0', (r) => r.path === '/v1/contacts/1', 2);
		const failed = await runWith(sandbox, get);
		expect(failed.error?.message).toBe(
			'Rate limited by the Content Platform API: retry after 0 seconds — Too Many Requests: Slow down',
		);
		expect(apiRequestsOf(sandbox)).toHaveLength(2);
	});

	test('a list search (the editor\'s "From List"): sent again once', async () => {
		tooMany('0', (r) => r.path === '/v1/contacts');
		sandbox.clearRequests();
		const result = await callListSearch('searchContacts', {
			parameters: { resource: 'contact', operation: 'get' },
			credentials: accessTokenCredentials(sandbox),
		});
		expect(result.results.length).toBeGreaterThan(0);
		expect(apiRequestsOf(sandbox)).toHaveLength(2);
	});

	test('a trigger poll: its page sent again once, the new orders emitted', async () => {
		const trigger = new TriggerRunner({ event: 'newOrder' }, accessTokenCredentials(sandbox));
		expect((await trigger.poll()).error).toBeUndefined();
		await new Promise((resolve) => setTimeout(resolve, 5));
		const fresh = sandbox.insertMany('orders', 3).map((r) => r.id);
		await new Promise((resolve) => setTimeout(resolve, 5));
		tooMany('0', (r) => r.path === '/v1/orders');
		sandbox.clearRequests();
		const result = await trigger.poll();
		expect(result.error).toBeUndefined();
		expect((result.items ?? []).map((i) => String(i.id)).sort()).toEqual([...fresh].sort());
		expect(apiRequestsOf(sandbox)).toHaveLength(2);
	});
});

describe('a 429 during a poll: the wait never outlasts the poll', () => {
	test.each([
		// [case, method, Retry-After (ms), time the caller can afford (ms) or none, wait chosen]
		['the poll has time left: the Retry-After is waited for', 'GET', 10_000, 20_000, 10_000],
		['the Retry-After is longer than the poll has left: not waited for', 'GET', 30_000, 20_000, undefined],
		['equal to the time left: waited for', 'GET', 20_000, 20_000, 20_000],
		['no deadline (the action node): the 60 s rule alone', 'GET', 30_000, undefined, 30_000],
		['a long deadline does not lift the 60 s rule', 'GET', 61_000, 1_000_000, undefined],
		['the poll has no time left: even Retry-After: 0 is sent again (nothing to wait)', 'GET', 0, 0, 0],
		['a write is never sent again', 'POST', 0, 1_000_000, undefined],
	] as Array<[string, string, number, number | undefined, number | undefined]>)(
		'%s',
		(_case, method, wait, limit, chosen) => {
			expect(throttleRetryWait(method, wait, 0, limit)).toBe(chosen);
			// the second 429 of a request is never waited for
			expect(throttleRetryWait(method, wait, 1, limit)).toBeUndefined();
		},
	);

	test('a poll whose budget is shorter than the Retry-After: fails at once with the worded 429 (1 request), keeps its position, the next poll emits', async () => {
		const trigger = new TriggerRunner({ event: 'newOrder' }, accessTokenCredentials(sandbox));
		// n8n's getPollBudgetMs(): 2 s, so the poll has at most 1.8 s left when the 429 asks for 5 s
		trigger.budgetMs = 2_000;
		expect((await trigger.poll()).error).toBeUndefined();
		await new Promise((resolve) => setTimeout(resolve, 5));
		const fresh = sandbox.insertMany('orders', 3).map((r) => r.id);
		await new Promise((resolve) => setTimeout(resolve, 5));
		const position = JSON.stringify(trigger.staticData.cursor);
		tooMany('5', (r) => r.path === '/v1/orders');
		sandbox.clearRequests();
		const failed = await trigger.poll();
		expect(failed.items).toBeNull();
		expect(failed.error?.message).toMatch(/^Rate limited by the Content Platform API: retry after 5 seconds/);
		expect(apiRequestsOf(sandbox)).toHaveLength(1);
		expect(JSON.stringify(trigger.staticData.cursor)).toBe(position);
		const next = await trigger.poll();
		expect(next.error).toBeUndefined();
		expect((next.items ?? []).map((i) => String(i.id)).sort()).toEqual([...fresh].sort());
	});

	test('the same 429 with the default budget (5 minutes): waited for, sent again once', async () => {
		const trigger = new TriggerRunner({ event: 'newOrder' }, accessTokenCredentials(sandbox));
		expect((await trigger.poll()).error).toBeUndefined();
		tooMany('1', (r) => r.path === '/v1/orders');
		sandbox.clearRequests();
		expect((await trigger.poll()).error).toBeUndefined();
		expect(apiRequestsOf(sandbox).map((r) => r.status)).toEqual([429, 200]);
	});
});

describe('writes: never sent again by the package', () => {
	test.each([
		[
			'Contact → Update (PATCH)',
			{ resource: 'contact', operation: 'update', contactId: rl('1'), updateFields: { name: 'x' } },
			'PATCH',
		],
		[
			'Contact Note → Create (POST)',
			{ resource: 'contactNote', operation: 'create', contactId: rl('1'), body: 'x' },
			'POST',
		],
	])(
		'%s: a 429 (Retry-After: 0) reaches the user with its Retry-After, after exactly 1 request',
		async (_name, parameters, method) => {
			tooMany('0', (r) => r.method === method);
			const result = await runWith(sandbox, parameters as INodeParameters);
			expect(result.error?.message).toBe(
				'Rate limited by the Content Platform API: retry after 0 seconds — Too Many Requests: Slow down',
			);
			expect(apiRequestsOf(sandbox)).toHaveLength(1);
			expect(apiRequestsOf(sandbox)[0].method).toBe(method);
		},
	);
});

describe('a cancelled execution during the wait sends nothing more', () => {
	test.each([
		['Get Many (a page)', contactsGetMany(1, 50), '/v1/contacts'],
		['Contact → Get', { resource: 'contact', operation: 'get', contactId: rl('1') }, '/v1/contacts/1'],
	])('%s', async (_name, parameters, path) => {
		tooMany('2', (r) => r.path === path);
		let cancel!: () => void;
		// n8n's cancelled execution promise does not settle in this harness: it is not awaited
		void runNode({
			parameters: parameters as INodeParameters,
			credentials: accessTokenCredentials(sandbox),
			onExecution: (execution) => (cancel = () => execution.cancel()),
		}).catch(() => undefined);
		while (!apiRequestsOf(sandbox).some((r) => r.status === 429))
			await new Promise((resolve) => setTimeout(resolve, 5));
		cancel();
		// longer than the 2 s the answer asked for: a read that went on would have been sent again
		await new Promise((resolve) => setTimeout(resolve, 3000));
		expect(apiRequestsOf(sandbox)).toHaveLength(1);
	});
});
