/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test timing (waits for the sandbox) */
/**
 * Return All with parallel page requests ("Request Settings → Parallel Page Requests"),
 * through n8n's engine (WorkflowExecute → routing → the node's `runRequest`) against the sandbox.
 * The sandbox's concurrency meter (test/sandbox/concurrency.js) sees how many pages were in flight
 * at once and which requests the client aborted.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import { meterConcurrency, type ConcurrencyMeter } from './sandbox/concurrency';
import { endlessOrders } from './sandbox/fault-bodies';
import { runWith, useSandbox } from './helpers/fixtures';
import { runNode, TestCredentialsHelper } from './helpers/harness';

let sandbox: Sandbox;
let meter: ConcurrencyMeter;
useSandbox(
	(started) => {
		sandbox = started;
		meter = meterConcurrency(started, (req) => /^\/v1\/(contacts|orders|podcasts|purchases)\?/.test(req.url ?? ''));
	},
	{ perTest: true },
);

const isPage = (r: RecordedRequest) => r.query['page[number]'] !== undefined && r.rawPath !== '/v1/oauth/token';
const listPageNumbers = () => sandbox.requests.filter(isPage).map((r) => Number(r.query['page[number]']));

function getAll(resource: string, parallelPages: number, extra: INodeParameters = {}): INodeParameters {
	return { resource, operation: 'getAll', returnAll: true, requestSettings: { parallelPages }, ...extra };
}

/** Runs Get Many; returns the item IDs, the page numbers requested (in order sent) and the error. */
async function readList(parameters: INodeParameters) {
	meter.reset();
	const result = await runWith(sandbox, parameters);
	return {
		ids: result.items.map((item) => String(item.json.id)),
		pages: listPageNumbers(),
		error: result.error,
		maxInFlight: meter.max,
	};
}

/**
 * A `failNext` body: a finite list of `total` orders in pages of `page[size]`, with `links.next`
 * (no `last`, no `meta`) or with `meta.total_pages` (no `links.next`), as the options say.
 */
function pagedOrders(total: number, shape: { next?: boolean; totalPages?: boolean }) {
	return (recorded: RecordedRequest) => {
		const page = Number(recorded.query['page[number]'] || 1);
		const size = Number(recorded.query['page[size]'] || 20);
		const from = (page - 1) * size;
		const count = Math.max(0, Math.min(size, total - from));
		const data = Array.from({ length: count }, (_, i) => ({
			id: `o${from + i + 1}`,
			type: 'orders',
			attributes: { order_number: from + i + 1 },
			relationships: {},
		}));
		const document: Record<string, unknown> = { data, links: { self: recorded.rawPath } };
		if (shape.next) {
			(document.links as Record<string, unknown>).next =
				from + size < total ? `${sandbox.url}/v1/orders?page[number]=${page + 1}&page[size]=${size}` : null;
		}
		if (shape.totalPages) document.meta = { total_pages: Math.ceil(total / size), current_page: page };
		return document;
	};
}

const isOrderList = (r: RecordedRequest) => r.path === '/v1/orders';

describe('the same items as the sequential read, for every list shape', () => {
	const shapes: Array<{
		name: string;
		/** Fills the sandbox; returns the resource of the node. */
		setUp: () => string;
		/** Whether the list says how many pages it has (then exactly those are requested). */
		counted: boolean;
	}> = [
		...[0, 99, 100, 250, 300].map((n) => ({
			name: `contacts, ${n} records (no links, no meta${n % 100 === 0 && n > 0 ? ', last page exactly full' : ''})`,
			setUp: () => {
				sandbox.clear('contacts');
				sandbox.insertMany('contacts', n);
				return 'contact';
			},
			counted: false,
		})),
		...[200, 250].map((n) => ({
			name: `podcasts, ${n} records (links.next and links.last, meta.total_pages)`,
			setUp: () => {
				sandbox.clear('podcasts');
				sandbox.insertMany('podcasts', n);
				return 'podcast';
			},
			counted: true,
		})),
		...[300, 301].map((n) => ({
			name: `orders, ${n} records, links.next only`,
			setUp: () => {
				sandbox.failNext({ status: 200, body: pagedOrders(n, { next: true }), times: 1000, match: isOrderList });
				return 'order';
			},
			counted: false,
		})),
		...[300, 301].map((n) => ({
			name: `orders, ${n} records, meta.total_pages only`,
			setUp: () => {
				sandbox.failNext({ status: 200, body: pagedOrders(n, { totalPages: true }), times: 1000, match: isOrderList });
				return 'order';
			},
			counted: true,
		})),
	];

	test.each(shapes)('$name: k = 1, 4 and 8 return the same items', async ({ setUp, counted }) => {
		const resource = setUp();
		sandbox.adversity.delayMs = 5;
		const sequential = await readList(getAll(resource, 1));
		expect(sequential.error).toBeUndefined();
		// k = 1 is the sequential read: pages 1, 2, … one after the other
		expect(sequential.pages).toEqual(sequential.pages.map((_, i) => i + 1));
		expect(sequential.maxInFlight).toBe(1);
		for (const k of [4, 8]) {
			const parallel = await readList(getAll(resource, k));
			expect(parallel.error).toBeUndefined();
			// same records, same order, none missing, none twice
			expect(parallel.ids).toEqual(sequential.ids);
			expect(new Set(parallel.ids).size).toBe(parallel.ids.length);
			// every page at most once, pages 1…m without a gap
			const sorted = [...parallel.pages].sort((a, b) => a - b);
			expect(sorted).toEqual(sorted.map((_, i) => i + 1));
			if (counted) {
				// the list says how many pages there are: exactly those
				expect(sorted).toEqual(sequential.pages);
			} else {
				// it does not: at most k − 1 pages read past the end
				expect(sorted.slice(0, sequential.pages.length)).toEqual(sequential.pages);
				expect(parallel.pages.length - sequential.pages.length).toBeLessThanOrEqual(k - 1);
			}
			expect(parallel.maxInFlight).toBeLessThanOrEqual(k);
		}
		sandbox.clearFaults();
	});

	test('k pages in flight at once after the first page, not more (1,000 contacts, pages answered after 20 ms)', async () => {
		sandbox.clear('contacts');
		const ids = sandbox.insertMany('contacts', 1000).map((r) => r.id);
		sandbox.adversity.delayMs = 20;
		for (const k of [1, 2, 4, 8]) {
			const { ids: read1, pages, maxInFlight, error } = await readList(getAll('contact', k));
			expect(error).toBeUndefined();
			expect(read1).toEqual(ids);
			expect(maxInFlight).toBe(k);
			// page 1 alone: the next request starts after its answer
			const first = meter.events.findIndex((e) => e.kind === 'end');
			expect(meter.events.slice(0, first).filter((e) => e.kind === 'start')).toHaveLength(1);
			// 10 full pages and the empty 11th (the list does not say it ends), plus at most k − 1 past it
			expect(pages.length).toBeGreaterThanOrEqual(11);
			expect(pages.length).toBeLessThanOrEqual(11 + k - 1);
		}
	});

	test('Parallel Page Requests not set: the default applies and the items are the same', async () => {
		sandbox.clear('contacts');
		const ids = sandbox.insertMany('contacts', 500).map((r) => r.id);
		sandbox.adversity.delayMs = 5;
		meter.reset();
		const result = await runWith(sandbox, { resource: 'contact', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual(ids);
		expect(meter.max).toBeGreaterThan(1);
	});
});

describe('Limit N requests only the pages N needs', () => {
	test.each([
		[50, [1], 50],
		[250, [1, 2, 3], 100],
		[1000, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 100],
	])('Limit %i over 1,000 contacts, k = 4: pages %j', async (limit, expected, size) => {
		sandbox.clear('contacts');
		const ids = sandbox.insertMany('contacts', 1000).map((r) => r.id);
		const result = await runWith(sandbox, {
			resource: 'contact',
			operation: 'getAll',
			returnAll: false,
			limit,
			requestSettings: { parallelPages: 4 },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual(ids.slice(0, limit));
		expect([...listPageNumbers()].sort((a, b) => a - b)).toEqual(expected);
		expect(sandbox.requests.every((r) => Number(r.query['page[size]']) === size)).toBe(true);
	});
});

describe('an answer asking to slow down (429, Retry-After)', () => {
	beforeEach(() => {
		sandbox.clear('contacts');
		sandbox.insertMany('contacts', 1000);
		sandbox.adversity.delayMs = 10;
	});
	const contactPage = (page: number) => (r: RecordedRequest) =>
		r.path === '/v1/contacts' && r.query['page[number]'] === String(page);

	test('k = 4, a 429 with Retry-After: 1 on page 4: one page at a time from then on, page 4 sent again after the wait, no record lost', async () => {
		const ids = sandbox.store.contacts.map((r) => r.id);
		sandbox.failNext({ status: 429, headers: { 'Retry-After': '1' }, match: contactPage(4) });
		const { ids: got, pages, error } = await readList(getAll('contact', 4));
		expect(error).toBeUndefined();
		expect(got).toEqual(ids);
		expect(pages.filter((p) => p === 4)).toHaveLength(2);
		const throttled = meter.events.find((e) => e.kind === 'end' && e.status === 429)!;
		const isPage4 = (e: { url: string }) => /page%5Bnumber%5D=4(&|$)/.test(e.url);
		const retryAt = meter.events.findIndex((e) => e.kind === 'start' && isPage4(e) && e.at >= throttled.at);
		// the retry of page 4 and every request after it were the only request in flight
		const fromRetry = meter.events.slice(retryAt).filter((e) => e.kind === 'start');
		expect(fromRetry.length).toBeGreaterThanOrEqual(5);
		expect(fromRetry.every((e) => e.inFlight === 1)).toBe(true);
		// the retry waited for the Retry-After second (a lower bound: a loaded machine only adds to it)
		expect(meter.events[retryAt].at - throttled.at).toBeGreaterThanOrEqual(1000);
	});

	test('k = 4, two pages answered 429 together (no Retry-After): both retried, items complete and in order', async () => {
		const ids = sandbox.store.contacts.map((r) => r.id);
		sandbox.failNext({
			status: 429,
			times: 2,
			match: (r) => r.path === '/v1/contacts' && Number(r.query['page[number]']) >= 3,
		});
		const { ids: got, error, pages } = await readList(getAll('contact', 4));
		expect(error).toBeUndefined();
		expect(got).toEqual(ids);
		expect(new Set(pages).size).toBe(pages.length - 2);
	});

	test('k = 1: the same rule (the 429 rule, transport/throttle.ts): page 4 sent again once after the wait, no record lost', async () => {
		const ids = sandbox.store.contacts.map((r) => r.id);
		sandbox.failNext({ status: 429, headers: { 'Retry-After': '1' }, match: contactPage(4) });
		const { ids: got, error, pages } = await readList(getAll('contact', 1));
		expect(error).toBeUndefined();
		expect(got).toEqual(ids);
		expect(pages).toEqual([1, 2, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11]);
	});

	test('k = 4, Retry-After of an hour: not waited for, the read fails with the 429 error', async () => {
		sandbox.failNext({ status: 429, headers: { 'Retry-After': '3600' }, match: contactPage(2) });
		const { error, pages } = await readList(getAll('contact', 4));
		expect(error?.message).toMatch(/^Rate limited by the Content Platform API: retry after 3600 seconds/);
		expect(error?.message).toMatch(/page 2, after 100 records/);
		expect(pages.filter((p) => p === 2)).toHaveLength(1);
	});

	test('k = 4, a 500 on page 3: fails as the sequential read does (5xx is not retried)', async () => {
		sandbox.failNext({ status: 500, match: contactPage(3) });
		const parallel = await readList(getAll('contact', 4));
		sandbox.failNext({ status: 500, match: contactPage(3) });
		const sequential = await readList(getAll('contact', 1));
		expect(parallel.error?.message).toBe(sequential.error?.message);
		expect(parallel.error?.message).toMatch(/page 3, after 200 records/);
		expect(parallel.pages.filter((p) => p === 3)).toHaveLength(1);
	});
});

describe('the checks of Return All hold with k pages in flight', () => {
	test('an API that ignores page[number]: the same error at the same page as k = 1', async () => {
		sandbox.clear('contacts');
		sandbox.insertMany('contacts', 500);
		sandbox.adversity.ignorePageNumber = true;
		const sequential = await readList(getAll('contact', 1));
		const parallel = await readList(getAll('contact', 4));
		expect(sequential.error?.message).toMatch(
			/^Return All stopped at page 2: page 2 holds only records already received/,
		);
		expect(parallel.error?.message).toBe(sequential.error?.message);
		expect(parallel.pages.length).toBeLessThanOrEqual(2 + 3);
	});

	test('paging that contradicts itself (meta.total_pages 2, links.next on every page): the same error as k = 1', async () => {
		const body = (recorded: RecordedRequest) => ({
			...(endlessOrders()(recorded) as object),
			meta: { total_pages: 2, current_page: Number(recorded.query['page[number]']) },
		});
		sandbox.failNext({ status: 200, body, times: 1000, match: isOrderList });
		const sequential = await readList(getAll('order', 1));
		const parallel = await readList(getAll('order', 4));
		expect(sequential.error?.message).toMatch(
			/^Return All stopped at page 3: page 3 has records but meta.total_pages says 2/,
		);
		expect(parallel.error?.message).toBe(sequential.error?.message);
		expect(parallel.pages.sort()).toEqual([1, 2, 3]);
	});
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const started = () => meter.events.filter((e) => e.kind === 'start').length;

test('cancelled with 4 pages in flight: those are aborted, no request after the cancel', async () => {
	// an endless list, each page answered after 1 s: the 4 pages after the first are surely still
	// waiting for their answer when the execution is cancelled
	sandbox.failNext({ status: 200, body: endlessOrders(), delayMs: 1000, times: 100_000, match: isOrderList });
	meter.reset();
	let cancel!: () => void;
	// n8n's cancelled execution promise does not settle in this harness: it is not awaited
	void runNode({
		parameters: getAll('order', 4),
		credentials: { contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token } },
		onExecution: (execution) => (cancel = () => execution.cancel()),
	}).catch(() => undefined);
	while (started() < 5 || meter.inFlight < 4) await sleep(5);
	const inFlight = meter.inFlight;
	cancel();
	const atCancel = started();
	// two page times: a read that went on would have sent more requests
	await sleep(2000);
	sandbox.clearFaults();
	expect(started()).toBe(atCancel);
	expect(inFlight).toBe(4);
	// the pages in flight were aborted by the client (n8n's request helper has the execution's cancel signal), not answered
	expect(meter.aborted).toBe(inFlight);
	expect(meter.inFlight).toBe(0);
});

test('OAuth2 token expiring mid-run while 4 pages are in flight: several 401s, one renewal, every record once', async () => {
	sandbox.clear('contacts');
	const ids = sandbox.insertMany('contacts', 1000).map((r) => r.id);
	const helper = new TestCredentialsHelper({
		contentPlatformOAuth2Api: { baseUrl: sandbox.url, clientId: 'client-id', clientSecret: 'client-secret' },
	});
	const parameters = { authentication: 'oAuth2', ...getAll('contact', 4) };
	// a first run fetches the token
	expect((await runNode({ parameters, credentials: helper })).error).toBeUndefined();
	sandbox.adversity.delayMs = 20;
	let expired = false;
	sandbox.failNext({
		// not a fault: expires every token when page 3 is answered (pages 3, 4 and 5 are in flight)
		match: (r) => {
			if (!expired && r.path === '/v1/contacts' && r.query['page[number]'] === '3') {
				expired = true;
				sandbox.expireTokens();
			}
			return false;
		},
	});
	sandbox.clearRequests();
	const updates = helper.tokenUpdates;
	const result = await runNode({ parameters, credentials: helper });
	expect(result.error).toBeUndefined();
	expect(result.items.map((i) => i.json.id)).toEqual(ids);
	expect(sandbox.requests.filter((r) => isPage(r) && r.status === 401).length).toBeGreaterThanOrEqual(2);
	expect(sandbox.requests.filter((r) => r.rawPath === '/v1/oauth/token')).toHaveLength(1);
	expect(helper.tokenUpdates - updates).toBe(1);
});
