/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the test prints the measured request counts (process.stdout) */
/**
 * Get Many's "Date Range" (Created After / Created Before / Updated After) through n8n's engine
 * (WorkflowExecute → routing → `runRequest` → `readGetMany`) against the sandbox: the API's day filter
 * (transactions), the client-side bound on a list read newest first (orders, contact notes), the
 * list that can be neither filtered nor sorted by the date (products), ascending and descending
 * order, ties at the bound, a bound with no record, with 1 and k parallel pages, and the requests
 * each costs (docs/node-reference.md, "Date Range: the requests per list", takes its request counts from here).
 */
import type { INodeParameters } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import { runWith, useSandbox } from './helpers/fixtures';
import { dateRangeModesOf, RESOURCES } from '../nodes/api/tables/registry';

let sandbox: Sandbox;
useSandbox((started) => {
	sandbox = started;
});

const HOUR = 3_600_000;
/** The orders' clock: order i (1 … N) is created at BASE + i hours; orders 101 and 102 share one time. */
const BASE = Date.parse('2026-10-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** N orders, order i created at BASE + i hours, except that the second of each tie pair repeats the time before it. */
function seedOrders(n: number, ties: number[] = []) {
	sandbox.clear('orders');
	return sandbox.insertMany('orders', n, (i) => {
		const hour = ties.includes(i + 1) ? i : i + 1;
		return { id: `ord${i + 1}`, created_at: iso(BASE + hour * HOUR), attributes: { order_number: i + 1 } };
	});
}

const pagesOf = (path: string) =>
	sandbox.requests.filter((r: RecordedRequest) => r.path === path && r.query['page[number]'] !== undefined);

const PATHS: Record<string, string> = {
	order: 'orders',
	contactNote: 'contact_notes',
	transaction: 'transactions',
	product: 'products',
};

async function readDateRange(resource: string, parameters: INodeParameters, parallelPages = 1) {
	const result = await runWith(sandbox, {
		resource,
		operation: 'getAll',
		requestSettings: { parallelPages },
		...parameters,
	});
	return {
		ids: result.items.map((item) => String(item.json.id)),
		items: result.items,
		requests: pagesOf(`/v1/${PATHS[resource]}`),
		error: result.error,
	};
}

/** The ids of orders `from` … `to` (1-based, inclusive), newest first. */
const newestFirst = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `ord${to - i}`);

describe('Created After on a list read newest first (orders: sort -created_at, stop past the bound)', () => {
	for (const k of [1, 4]) {
		it(`Return All, ${k} parallel page(s): exactly the orders at or after the bound, newest first; ties at the bound kept`, async () => {
			seedOrders(350, [102]);
			// order 101 and order 102 share the time BASE + 101 h: both are at the bound
			const { ids, requests, error } = await readDateRange(
				'order',
				{ returnAll: true, dateRange: { createdAfter: iso(BASE + 101 * HOUR) } },
				k,
			);
			expect(error).toBeUndefined();
			expect(ids).toEqual(newestFirst(101, 350));
			expect(requests.every((r) => r.query.sort === '-created_at' && r.query['page[size]'] === '100')).toBe(true);
			// 250 records in range: the first past the bound is on page 3 = floor(250 / 100) + 1
			const needed = Math.floor(250 / 100) + 1;
			expect(requests.length).toBeGreaterThanOrEqual(needed);
			expect(requests.length).toBeLessThanOrEqual(needed + k - 1);
			if (k === 1) expect(requests.length).toBe(needed);
		});
	}

	it('Sort By Created At ascending: the same records, oldest first', async () => {
		seedOrders(150);
		const { ids, requests } = await readDateRange('order', {
			returnAll: true,
			dateRange: { createdAfter: iso(BASE + 101 * HOUR) },
			options: { sort: 'created_at', sortDirection: 'ascending' },
		});
		expect(ids).toEqual(newestFirst(101, 150).reverse());
		expect(requests.map((r) => r.query.sort)).toEqual(['-created_at']);
	});

	it('Created After and Before, Limit 5: descending gives the 5 newest in range, ascending the 5 oldest', async () => {
		seedOrders(300);
		const dateRange = { createdAfter: iso(BASE + 50 * HOUR), createdBefore: iso(BASE + 260 * HOUR) };
		const down = await readDateRange('order', {
			limit: 5,
			dateRange,
			options: { sort: 'created_at', sortDirection: 'descending' },
		});
		// Before is excluded: order 260 is not kept
		expect(down.ids).toEqual(newestFirst(255, 259));
		// orders 300 … 260 are read and dropped, then 5 kept: one page of 100
		expect(down.requests).toHaveLength(1);
		const up = await readDateRange('order', { limit: 5, dateRange, options: { sort: 'created_at' } });
		expect(up.ids).toEqual(['ord50', 'ord51', 'ord52', 'ord53', 'ord54']);
		// ascending reads the whole range: until the first record before order 50 (page 3 of 100)
		expect(up.requests).toHaveLength(3);
	});

	for (const k of [1, 4]) {
		it(`a bound with no record (${k} parallel page(s)): no items, one page`, async () => {
			seedOrders(250);
			const { ids, requests, error } = await readDateRange(
				'order',
				{ returnAll: true, dateRange: { createdAfter: iso(BASE + 1000 * HOUR) } },
				k,
			);
			expect(error).toBeUndefined();
			expect(ids).toEqual([]);
			expect(requests.length).toBeGreaterThanOrEqual(1);
			expect(requests.length).toBeLessThanOrEqual(k);
		});
	}

	it('without a Date Range the request is unchanged (no sort, page size of the Limit)', async () => {
		seedOrders(20);
		const { ids, requests } = await readDateRange('order', { limit: 10 });
		expect(ids).toHaveLength(10);
		expect(requests).toHaveLength(1);
		expect(requests[0].query.sort).toBeUndefined();
		expect(requests[0].query['page[size]']).toBe('10');
	});

	it('refuses a Sort By on another key, naming it', async () => {
		seedOrders(5);
		const { error, requests } = await readDateRange('order', {
			returnAll: true,
			dateRange: { createdAfter: iso(BASE) },
			options: { sort: 'order_number' },
		});
		expect(String(error?.message)).toContain('Sort By "order_number" cannot be kept with this Date Range');
		expect(requests).toHaveLength(0);
	});

	it('a sparse fieldset without Created At still gets it, so each record is judged', async () => {
		seedOrders(10);
		const { ids, requests } = await readDateRange('order', {
			returnAll: true,
			dateRange: { createdAfter: iso(BASE + 8 * HOUR) },
			options: { fields: ['order_number'] },
		});
		expect(requests[0].query['fields[orders]']).toBe('order_number,created_at');
		expect(ids).toEqual(newestFirst(8, 10));
	});
});

describe('Updated After on a list sortable by updated_at (contact notes: sort -updated_at)', () => {
	it('keeps the notes updated at or after the bound, stops past it', async () => {
		sandbox.clear('contact_notes');
		const contact = sandbox.store.contacts[0];
		sandbox.insertMany('contact_notes', 30, (i) => ({
			id: `note${i + 1}`,
			created_at: iso(BASE + i * HOUR),
			attributes: { updated_at: iso(BASE + (100 - i) * HOUR) },
			relationships: { contact: contact.id },
		}));
		const { ids, requests, error } = await readDateRange('contactNote', {
			returnAll: true,
			dateRange: { updatedAfter: iso(BASE + 90 * HOUR) },
		});
		expect(error).toBeUndefined();
		// note i+1 is updated at BASE + (100 − i) h: notes 1 … 11 are at or after BASE + 90 h
		expect(ids).toEqual(Array.from({ length: 11 }, (_, i) => `note${i + 1}`));
		expect(requests.map((r) => r.query.sort)).toEqual(['-updated_at']);
	});
});

describe('Created After / Before with the API day filter (transactions: filter[start_date], filter[end_date])', () => {
	it('sends the days around the bound and keeps exactly the transactions in range', async () => {
		sandbox.clear('transactions');
		sandbox.insertMany('transactions', 48, (i) => ({ id: `tx${i + 1}`, created_at: iso(BASE + i * HOUR) }));
		const after = BASE + 10 * HOUR;
		const before = BASE + 30 * HOUR;
		const { ids, requests, error } = await readDateRange('transaction', {
			returnAll: true,
			dateRange: { createdAfter: iso(after), createdBefore: iso(before) },
		});
		expect(error).toBeUndefined();
		expect(ids.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `tx${i + 11}`).sort());
		expect(requests).toHaveLength(1);
		expect(requests[0].query['filter[start_date]']).toBe('2026-09-30');
		expect(requests[0].query['filter[end_date]']).toBe('2026-10-03');
		expect(requests[0].query.sort).toBeUndefined();
	});
});

describe("the API day filter combined with the Filters' own days", () => {
	it('keeps the narrower day, sending each parameter once', async () => {
		sandbox.clear('transactions');
		sandbox.insertMany('transactions', 72, (i) => ({ id: `tx${i + 1}`, created_at: iso(BASE + i * HOUR) }));
		const { ids, requests } = await readDateRange('transaction', {
			returnAll: true,
			filters: { start_date: '2026-10-02' },
			dateRange: { createdAfter: iso(BASE + 10 * HOUR) },
		});
		expect(requests[0].query['filter[start_date]']).toBe('2026-10-02');
		expect(ids.sort()).toEqual(Array.from({ length: 48 }, (_, i) => `tx${i + 25}`).sort());
	});
});

describe('Created After on a list the API can neither filter nor sort by date (products)', () => {
	it('reads every page and keeps the records in range, in the API order', async () => {
		sandbox.clear('products');
		sandbox.insertMany('products', 150, (i) => ({ id: `p${i + 1}`, created_at: iso(BASE + i * HOUR) }));
		const { ids, requests } = await readDateRange('product', {
			returnAll: true,
			dateRange: { createdAfter: iso(BASE + 140 * HOUR) },
		});
		expect(ids.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `p${i + 141}`).sort());
		// Return All over N products: floor(N / 100) + 1 pages
		expect(requests).toHaveLength(2);
		expect(requests[0].query.sort).toBeUndefined();
	});
});

/**
 * Every list with a Date Range, N = 250 records one hour apart (created_at = updated_at), Created
 * After (or Updated After) keeping the newest R = 130, one page at a time: the items are exactly
 * those R and the requests are docs/node-reference.md's formulas — sorted: floor(R / 100) + 1; API day filter:
 * Return All over the records of the days sent; read-all: Return All over N (floor(N / 100) + 1
 * without paging totals, ceil(N / 100) with them). Printed as that document's table.
 */
describe('every bounded list: the items in range and the requests docs/node-reference.md states', () => {
	const N = 250;
	const R = 130;
	const rows: string[] = [];
	afterAll(() => {
		process.stdout.write(`date-bound requests, N = ${N}, R = ${R}, 1 page at a time:\n${rows.join('\n')}\n`);
	});
	// hooks: the sandbox keeps an account's few hooks apart from its lists (registered by the triggers)
	const lists = RESOURCES.filter((resource) => resource.value !== 'hook').flatMap((resource) =>
		resource.endpoints.flatMap((endpoint) => {
			const bounds = dateRangeModesOf(resource, endpoint);
			return bounds ? [{ resource, bounds }] : [];
		}),
	);
	const cases = lists.flatMap(({ resource, bounds }) => [
		...(bounds.created ? [{ resource, key: 'createdAfter', mode: bounds.created }] : []),
		...(bounds.updated ? [{ resource, key: 'updatedAfter', mode: bounds.updated }] : []),
	]);
	it.each(cases)('$resource.value, $key ($mode)', async ({ resource, key, mode }) => {
		sandbox.clear(resource.type);
		const start = Date.parse('2026-06-01T00:00:00Z');
		const at = (i: number) => iso(start + i * HOUR);
		const records = sandbox.insertMany(resource.type, N, (i) => ({
			created_at: at(i),
			attributes: { created_at: at(i), updated_at: at(i) },
		}));
		const inRange = records.slice(N - R).map((r) => r.id);
		const result = await runWith(sandbox, {
			resource: resource.value,
			operation: 'getAll',
			returnAll: true,
			requestSettings: { parallelPages: 1 },
			dateRange: { [key]: at(N - R) },
		});
		expect(result.error).toBeUndefined();
		const ids = result.items.map((item) => String(item.json.id));
		expect([...ids].sort()).toEqual([...inRange].sort());
		const requests = sandbox.requests.filter((r) => r.query['page[number]'] !== undefined);
		if (mode === 'sorted') expect(requests).toHaveLength(Math.floor(R / 100) + 1);
		if (mode === 'filter') {
			// the API answers the records of the days sent: from the day before the bound's day (UTC)
			const firstDay = iso(start + (N - R) * HOUR - 24 * HOUR).slice(0, 10);
			const answered = records.filter((r) => r.created_at.slice(0, 10) >= firstDay).length;
			expect(requests).toHaveLength(Math.floor(answered / 100) + 1);
		}
		// read-all: Return All over N (with paging totals ceil(N / 100), without floor(N / 100) + 1)
		if (mode === 'unsorted') expect([Math.floor(N / 100) + 1, Math.ceil(N / 100)]).toContain(requests.length);
		rows.push(`${resource.displayName} (${key}, ${mode}): ${requests.length} requests`);
	});
});
