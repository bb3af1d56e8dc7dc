/**
 * Return All and Limit through n8n's engine: how many pages are requested (issue 2, spec "Limits").
 */
import type { INodeParameters } from 'n8n-workflow';

import { createSandbox, type Sandbox } from './sandbox';
import { runNode } from './helpers/harness';

let sandbox: Sandbox;
beforeEach(async () => {
	sandbox = await createSandbox();
});
afterEach(async () => sandbox.close());

async function run(parameters: INodeParameters) {
	sandbox.clearRequests();
	const result = await runNode({ parameters, credentials: { contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token } } });
	expect(result.error).toBeUndefined();
	return { items: result.items.map((i) => i.json), pages: sandbox.requests.map((r) => [r.query['page[number]'], r.query['page[size]']]) };
}

function fill(type: string, n: number): string[] {
	sandbox.clear(type);
	return sandbox.insertMany(type, n).map((r) => r.id);
}

test('Return All over 250 records: exactly 3 requests of 100', async () => {
	const ids = fill('contacts', 250);
	const { items, pages } = await run({ resource: 'contact', operation: 'getAll', returnAll: true });
	expect(pages).toEqual([['1', '100'], ['2', '100'], ['3', '100']]);
	expect(items.map((i) => i.id)).toEqual(ids);
});

test('Return All over 200 records, no paging links: 3 requests, the third empty', async () => {
	const ids = fill('orders', 200);
	const { items, pages } = await run({ resource: 'order', operation: 'getAll', returnAll: true });
	expect(pages).toEqual([['1', '100'], ['2', '100'], ['3', '100']]);
	expect(items).toHaveLength(200);
	expect(new Set(items.map((i) => i.id))).toEqual(new Set(ids));
});

test('Return All over 200 podcasts: 2 requests, links.next says the second page is the last', async () => {
	fill('podcasts', 200);
	const { items, pages } = await run({ resource: 'podcast', operation: 'getAll', returnAll: true });
	expect(pages).toEqual([['1', '100'], ['2', '100']]);
	expect(items).toHaveLength(200);
});

test('Limit 10: one request of page[size]=10', async () => {
	fill('customers', 250);
	const { items, pages } = await run({ resource: 'customer', operation: 'getAll', limit: 10 });
	expect(pages).toEqual([['1', '10']]);
	expect(items).toHaveLength(10);
});

test('Limit 150: two requests of 100, 150 items', async () => {
	const ids = fill('contacts', 250);
	const { items, pages } = await run({ resource: 'contact', operation: 'getAll', limit: 150 });
	expect(pages).toEqual([['1', '100'], ['2', '100']]);
	expect(items.map((i) => i.id)).toEqual(ids.slice(0, 150));
});

test('Return All on an empty list: 1 request, no items', async () => {
	fill('order_items', 0);
	const { items, pages } = await run({ resource: 'orderItem', operation: 'getAll', returnAll: true });
	expect(pages).toEqual([['1', '100']]);
	expect(items).toEqual([]);
});

test('Return All keeps the filters and sort on every page', async () => {
	fill('orders', 0);
	sandbox.insertMany('orders', 120, (i) => ({ relationships: { customer: i % 2 ? '3' : '4' } }));
	const result = await runNode({
		parameters: { resource: 'order', operation: 'getAll', returnAll: true, filters: { customer_id: '3' }, options: { sort: 'order_number', sortDirection: 'descending' } },
		credentials: { contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token } },
	});
	expect(result.items).toHaveLength(60);
	for (const request of sandbox.requests) expect(request.query).toMatchObject({ 'filter[customer_id]': '3', sort: '-order_number' });
});
