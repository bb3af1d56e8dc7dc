/**
 * Return All and Limit through n8n's engine: how many pages are requested (spec "Limits"),
 * with which `page[number]`/`page[size]`, and which items come back. Each test fills the sandbox
 * with `clear(type)` + `insertMany`.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import { ONE_PAGE_AT_A_TIME, runWith, useSandbox } from './helpers/fixtures';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

/** Runs Get Many one page at a time; expects success and returns the items, the pages requested and the requests. */
async function readPages(parameters: INodeParameters) {
	const result = await runWith(sandbox, { ...ONE_PAGE_AT_A_TIME, ...parameters });
	expect(result.error).toBeUndefined();
	const requests = [...sandbox.requests];
	for (const request of requests) {
		expect(request.status).toBe(200);
		expect(request.headers.authorization).toBe(`Bearer ${sandbox.token}`);
	}
	return {
		items: result.items.map((i) => i.json),
		pages: requests.map((r) => [r.query['page[number]'], r.query['page[size]']]),
		requests,
	};
}

function fill(type: string, n: number): string[] {
	sandbox.clear(type);
	return sandbox.insertMany(type, n).map((r) => r.id);
}

test('Return All over 250 records: exactly 3 requests of 100', async () => {
	const ids = fill('contacts', 250);
	const { items, pages } = await readPages({ resource: 'contact', operation: 'getAll', returnAll: true });
	expect(pages).toEqual([
		['1', '100'],
		['2', '100'],
		['3', '100'],
	]);
	expect(items.map((i) => i.id)).toEqual(ids);
});

/** What the sandbox answers to a recorded request when asked again (data length and paging links). */
async function replayPage(request: RecordedRequest): Promise<{ count: number; links: Record<string, unknown> }> {
	const response = await fetch(`${sandbox.url}${request.rawPath}?${request.rawQuery}`, {
		headers: { authorization: `Bearer ${sandbox.token}`, accept: 'application/vnd.api+json' },
	});
	const document = (await response.json()) as { data: unknown[]; links: Record<string, unknown> };
	return { count: document.data.length, links: document.links };
}

test('Return All over 200 records, no paging links: 3 requests, the third empty', async () => {
	const ids = fill('orders', 200);
	const { items, pages, requests } = await readPages({ resource: 'order', operation: 'getAll', returnAll: true });
	expect(pages).toEqual([
		['1', '100'],
		['2', '100'],
		['3', '100'],
	]);
	expect(items).toHaveLength(200);
	expect(new Set(items.map((i) => i.id))).toEqual(new Set(ids));
	// The orders list has no next/last links: only an empty page says that the end was reached.
	expect(await replayPage(requests[1])).toMatchObject({ count: 100, links: { self: expect.any(String) } });
	expect((await replayPage(requests[1])).links).not.toHaveProperty('next');
	expect((await replayPage(requests[2])).count).toBe(0);
});

test('Return All over 200 podcasts: 2 requests, links.next says the second page is the last', async () => {
	const ids = fill('podcasts', 200);
	const { items, pages, requests } = await readPages({ resource: 'podcast', operation: 'getAll', returnAll: true });
	expect(pages).toEqual([
		['1', '100'],
		['2', '100'],
	]);
	expect(items.map((i) => i.id)).toEqual(ids);
	expect((await replayPage(requests[0])).links.next).toEqual(expect.any(String));
	expect(await replayPage(requests[1])).toMatchObject({ count: 100, links: { next: null } });
});

test('Return All over 250 podcasts: 3 requests, the last one short', async () => {
	const ids = fill('podcasts', 250);
	const { items, pages } = await readPages({ resource: 'podcast', operation: 'getAll', returnAll: true });
	expect(pages).toEqual([
		['1', '100'],
		['2', '100'],
		['3', '100'],
	]);
	expect(items.map((i) => i.id)).toEqual(ids);
});

test('Return All over 100 records: 2 requests (a full page without links cannot tell it is the last)', async () => {
	fill('order_items', 100);
	const { items, pages } = await readPages({ resource: 'orderItem', operation: 'getAll', returnAll: true });
	expect(pages).toEqual([
		['1', '100'],
		['2', '100'],
	]);
	expect(items).toHaveLength(100);
});

test('Limit 10: one request of page[size]=10', async () => {
	fill('customers', 250);
	const { items, pages } = await readPages({ resource: 'customer', operation: 'getAll', limit: 10 });
	expect(pages).toEqual([['1', '10']]);
	expect(items).toHaveLength(10);
});

test('Limit 100: one request of 100', async () => {
	const ids = fill('contacts', 250);
	const { items, pages } = await readPages({ resource: 'contact', operation: 'getAll', limit: 100 });
	expect(pages).toEqual([['1', '100']]);
	expect(items.map((i) => i.id)).toEqual(ids.slice(0, 100));
});

test('Limit 101: two requests, 101 items', async () => {
	const ids = fill('contacts', 250);
	const { items, pages } = await readPages({ resource: 'contact', operation: 'getAll', limit: 101 });
	expect(pages).toEqual([
		['1', '100'],
		['2', '100'],
	]);
	expect(items.map((i) => i.id)).toEqual(ids.slice(0, 101));
});

test('Limit above the number of records: stops at the short page', async () => {
	const ids = fill('form_submissions', 30);
	const { items, pages } = await readPages({ resource: 'formSubmission', operation: 'getAll', limit: 500 });
	expect(pages).toEqual([['1', '100']]);
	expect(new Set(items.map((i) => i.id))).toEqual(new Set(ids));
});

test('Limit 150: two requests of 100, 150 items', async () => {
	const ids = fill('contacts', 250);
	const { items, pages } = await readPages({ resource: 'contact', operation: 'getAll', limit: 150 });
	expect(pages).toEqual([
		['1', '100'],
		['2', '100'],
	]);
	expect(items.map((i) => i.id)).toEqual(ids.slice(0, 150));
});

test('Return All on an empty list: 1 request, no items', async () => {
	fill('order_items', 0);
	const { items, pages } = await readPages({ resource: 'orderItem', operation: 'getAll', returnAll: true });
	expect(pages).toEqual([['1', '100']]);
	expect(items).toEqual([]);
});

test('Return All keeps the filters and sort on every page', async () => {
	fill('orders', 0);
	sandbox.insertMany('orders', 120, (i) => ({ relationships: { customer: i % 2 ? '3' : '4' } }));
	const result = await runWith(sandbox, {
		resource: 'order',
		operation: 'getAll',
		returnAll: true,
		filters: { customer_id: '3' },
		options: { sort: 'order_number', sortDirection: 'descending' },
	});
	expect(result.items).toHaveLength(60);
	for (const request of sandbox.requests)
		expect(request.query).toMatchObject({ 'filter[customer_id]': '3', sort: '-order_number' });
});

test('Return All with 2 input items: each item reads every page, its items are paired with it', async () => {
	fill('orders', 0);
	sandbox.insertMany('orders', 240, (i) => ({ relationships: { customer: i < 120 ? '3' : '4' } }));
	const result = await runWith(
		sandbox,
		{
			...ONE_PAGE_AT_A_TIME,
			resource: 'order',
			operation: 'getAll',
			returnAll: true,
			filters: { customer_id: '={{ $json.customer }}' },
		},
		{ input: [{ customer: '3' }, { customer: '4' }] },
	);
	expect(result.error).toBeUndefined();
	// 120 each: pages of 100 and 20 per input item.
	expect(sandbox.requests).toHaveLength(4);
	expect(result.items).toHaveLength(240);
	expect(
		result.items
			.slice(0, 120)
			.every((i) => (i.pairedItem as { item: number }).item === 0 && i.json.customer_id === '3'),
	).toBe(true);
	expect(
		result.items.slice(120).every((i) => (i.pairedItem as { item: number }).item === 1 && i.json.customer_id === '4'),
	).toBe(true);
});
