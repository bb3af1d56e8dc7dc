/**
 * Through n8n's engine against the sandbox: the nine operations of supplement section 9
 * (custom fields, landing pages, website pages, payouts in their own format, the API version as a
 * health check), hooks as a resource, and the site hint on lists that need a site. What goes over
 * the wire (method, path, query, body), the items, and the errors in the server's words.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from './sandbox';
import {
	NODE_PROPERTIES,
	queryPieces,
	encodedPieces,
	rl,
	useSandbox,
	runExpectingSuccess,
	runExpectingFailure,
	wire,
} from './helpers/fixtures';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

test('the node offers 73 operations: the 56 of the spec and the published document, section 9’s 9, the hooks’ 5, the 3 by email', () => {
	const operations = NODE_PROPERTIES.filter((p) => p.name === 'operation').flatMap((p) =>
		(p.options as Array<{ value: string }>).map(
			(o) => `${(p.displayOptions!.show!.resource as string[])[0]}.${o.value}`,
		),
	);
	const added = [
		'customField.getAll',
		'customField.get',
		'landingPage.getAll',
		'landingPage.get',
		'websitePage.getAll',
		'websitePage.get',
		'payout.getAll',
		'payout.get',
		'apiVersion.healthCheck',
		'hook.getAll',
		'hook.get',
		'hook.create',
		'hook.delete',
		'hook.getSample',
		'contact.upsert',
		'contact.grantOffersByEmail',
		'contact.revokeOffersByEmail',
	];
	expect(operations.filter((o) => added.includes(o)).sort()).toEqual([...added].sort());
	expect(operations).toHaveLength(73);
	expect(new Set(operations).size).toBe(73);
});

describe('custom fields, landing pages, website pages: Get Many and Get', () => {
	test('Custom Field → Get Many sends every filter, sort and fields, and lists the site’s fields', async () => {
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'customField',
			operation: 'getAll',
			returnAll: true,
			filters: { site_id: rl('1'), title_cont: 'o', type_eq: 'TextField', required_eq: false },
			options: { sort: 'handle', sortDirection: 'descending', fields: ['title', 'handle'] },
		});
		expect(requests.map(wire)).toEqual(['GET /v1/custom_fields']);
		expect(queryPieces(requests[0])).toEqual(
			encodedPieces({
				'filter[site_id]': '1',
				'filter[title_cont]': 'o',
				'filter[type_eq]': 'TextField',
				'filter[required_eq]': 'false',
				sort: '-handle',
				'fields[custom_fields]': 'title,handle',
				'page[number]': 1,
				'page[size]': 100,
			}),
		);
		expect(items).toEqual([
			expect.objectContaining({ id: '1', type: 'custom_fields', title: 'Company', handle: 'custom_1' }),
		]);
	});

	test('custom fields differ per site', async () => {
		const one = await runExpectingSuccess(sandbox, {
			resource: 'customField',
			operation: 'getAll',
			returnAll: true,
			filters: { site_id: rl('1') },
		});
		const two = await runExpectingSuccess(sandbox, {
			resource: 'customField',
			operation: 'getAll',
			returnAll: true,
			filters: { site_id: rl('2') },
		});
		expect(one.items.map((i) => i.title)).toEqual(['Company', 'T-shirt size', 'Referral code']);
		expect(two.items.map((i) => i.title)).toEqual(['Membership number']);
	});

	test('Custom Field → Get sends the ID encoded and fields[custom_fields]', async () => {
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'customField',
			operation: 'get',
			customFieldId: rl('2'),
			options: { fields: ['title'] },
		});
		expect(requests.map(wire)).toEqual(['GET /v1/custom_fields/2']);
		expect(requests[0].query['fields[custom_fields]']).toBe('title');
		expect(items).toEqual([expect.objectContaining({ id: '2', title: 'T-shirt size', site_id: '1' })]);
	});

	test('Landing Page → Get Many: filters, the prose conditions, sort by publish date, paging ends', async () => {
		sandbox.insertMany('landing_pages', 200, () => ({ relationships: { site: '1' } }));
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'landingPage',
			operation: 'getAll',
			returnAll: true,
			filters: { site_id: rl('1'), title_cont: 'landing', published: true },
			options: { sort: 'publish_at', sortDirection: 'descending' },
		});
		// Page 1, then pages 2-5 at once (Parallel Page Requests, default 4): the list says no total,
		// so the short page 2 ends it and pages 3-5 are the stated read-ahead of k - 1 past the end.
		expect(requests.map(wire)).toEqual(Array(5).fill('GET /v1/landing_pages'));
		expect(requests.map((r) => r.query['page[number]']).sort()).toEqual(['1', '2', '3', '4', '5']);
		expect(requests[0].query).toMatchObject({
			'filter[site_id]': '1',
			'filter[title_cont]': 'landing',
			'filter[published]': 'true',
			sort: '-publish_at',
		});
		expect(items.length).toBeGreaterThan(100);
		expect(items.every((i) => i.type === 'landing_pages' && i.publish_at !== null)).toBe(true);
	});

	test('Landing Page → Get Many: a generic condition filter[<attribute>_<operator>]', async () => {
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'landingPage',
			operation: 'getAll',
			limit: 5,
			conditions: { condition: [{ attribute: 'title', operator: 'start', value: 'Site 2' }] },
		});
		expect(requests[0].query['filter[title_start]']).toBe('Site 2');
		expect(items.map((i) => i.title)).toEqual(['Site 2 launch']);
	});

	test('Website Page → Get Many and Get', async () => {
		const list = await runExpectingSuccess(sandbox, {
			resource: 'websitePage',
			operation: 'getAll',
			limit: 3,
			filters: { site_id: rl('1') },
			options: { sort: 'created_at', sortDirection: 'descending', fields: ['title', 'url'] },
		});
		expect(list.requests[0].query).toMatchObject({
			'filter[site_id]': '1',
			sort: '-created_at',
			'fields[website_pages]': 'title,url',
			'page[size]': '3',
		});
		expect(list.items).toHaveLength(3);
		const one = await runExpectingSuccess(sandbox, {
			resource: 'websitePage',
			operation: 'get',
			websitePageId: rl('4'),
		});
		expect(one.requests.map(wire)).toEqual(['GET /v1/website_pages/4']);
		expect(one.items[0]).toMatchObject({ id: '4', type: 'website_pages', url: null });
	});

	test('Landing Page → Get of an unknown page fails in the server’s words', async () => {
		const { message, requests } = await runExpectingFailure(sandbox, {
			resource: 'landingPage',
			operation: 'get',
			landingPageId: rl('999'),
		});
		expect(requests).toHaveLength(1);
		expect(message).toContain('999');
		expect(message).toContain("Couldn't find LandingPage");
	});
});

describe('payouts: their own paging and meta, a required site', () => {
	test('Return All reads the three pages with page[number] only and ends', async () => {
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'payout',
			operation: 'getAll',
			siteId: rl('1'),
			returnAll: true,
		});
		expect(requests.map((r) => r.query['page[number]'])).toEqual(['1', '2', '3']);
		for (const request of requests) {
			expect(request.rawPath).toBe('/v1/kajabi_payments_payouts');
			expect(request.query['filter[site_id]']).toBe('1');
			expect(request.query['page[size]']).toBeUndefined();
		}
		expect(items).toHaveLength(45);
		expect(new Set(items.map((i) => i.id)).size).toBe(45);
		expect(items[0]).toMatchObject({ id: 'payout_1', type: 'kajabi_payments_payouts', currency: 'USD' });
	});

	test('a Limit stops reading once it is reached (25 → two pages, 25 items)', async () => {
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'payout',
			operation: 'getAll',
			siteId: rl('1'),
			limit: 25,
		});
		expect(requests).toHaveLength(2);
		expect(items).toHaveLength(25);
	});

	test('Return All ends when the server repeats a page (meta.pagination.next always set)', async () => {
		sandbox.adversity.ignorePageNumber = true;
		const { message, requests } = await runExpectingFailure(sandbox, {
			resource: 'payout',
			operation: 'getAll',
			siteId: rl('1'),
			returnAll: true,
		});
		// Pages 2 and 3 (the last page the list names) are requested at once; page 2's check stops the read.
		expect(requests).toHaveLength(3);
		expect(message).toContain('page 2');
	});

	test('filters: status, start and end date', async () => {
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'payout',
			operation: 'getAll',
			siteId: rl('1'),
			returnAll: true,
			filters: {
				status: 'in_transit',
				start_date: sandbox.seedDate('2026-09-01'),
				end_date: sandbox.seedDate('2026-10-31'),
			},
		});
		expect(requests[0].query).toMatchObject({
			'filter[status]': 'in_transit',
			'filter[start_date]': sandbox.seedDate('2026-09-01'),
			'filter[end_date]': sandbox.seedDate('2026-10-31'),
		});
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((i) => i.status === 'In transit')).toBe(true);
	});

	test('no site: refused before any request, naming the field', async () => {
		// An expression that gives no site (an empty field is already refused by n8n as a required parameter).
		const { message, requests } = await runExpectingFailure(sandbox, {
			resource: 'payout',
			operation: 'getAll',
			siteId: rl('={{ $json.site ?? "" }}'),
			returnAll: true,
		});
		expect(requests).toHaveLength(0);
		expect(message).toContain('Site');
	});

	test('Get with Simplify: one item per transaction, each naming its payout', async () => {
		const payout = sandbox.find('kajabi_payments_payouts', 'payout_3')!;
		const transactions = payout.attributes.transactions as IDataObject[];
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'payout',
			operation: 'get',
			siteId: rl('1'),
			payoutId: rl('payout_3'),
		});
		expect(requests.map(wire)).toEqual(['GET /v1/kajabi_payments_payouts/payout_3']);
		expect(requests[0].query['filter[site_id]']).toBe('1');
		expect(items).toHaveLength(transactions.length);
		expect(items[0]).toMatchObject({
			...transactions[0],
			payout_id: 'payout_3',
			payout_status: payout.attributes.status,
		});
	});

	test('Get of a payout without transactions gives the payout itself; without Simplify the document', async () => {
		const failed = sandbox.store.kajabi_payments_payouts.find((p) => p.attributes.status === 'Failed')!;
		const simple = await runExpectingSuccess(sandbox, {
			resource: 'payout',
			operation: 'get',
			siteId: rl('1'),
			payoutId: rl(failed.id),
		});
		expect(simple.items).toEqual([expect.objectContaining({ id: failed.id, status: 'Failed', transactions: [] })]);
		const raw = await runExpectingSuccess(sandbox, {
			resource: 'payout',
			operation: 'get',
			siteId: rl('1'),
			payoutId: rl('payout_3'),
			simple: false,
		});
		expect(raw.items).toHaveLength(1);
		expect(raw.items[0]).toMatchObject({ id: 'payout_3', type: 'kajabi_payments_payouts' });
		expect((raw.items[0].attributes as IDataObject).transactions).toHaveLength(3);
	});

	test('Get of another site’s payout: the server’s 404 words', async () => {
		const { message } = await runExpectingFailure(sandbox, {
			resource: 'payout',
			operation: 'get',
			siteId: rl('1'),
			payoutId: rl('payout_46'),
		});
		expect(message).toContain('payout_46');
	});
});

describe('API version as a health check', () => {
	test('answers without a valid token; the item says what it is', async () => {
		const { requests, items } = await runExpectingSuccess(
			sandbox,
			{ resource: 'apiVersion', operation: 'healthCheck' },
			{ token: 'not-a-token' },
		);
		expect(requests.map(wire)).toEqual(['GET /v1/version']);
		expect(items).toEqual([
			expect.objectContaining({
				check: 'Content Platform API health check',
				healthy: true,
				title: 'Content Platform API',
				version: '1.1.0',
				jsonApiVersion: '1.0',
				documentation: 'https://developers.content-platform.example/api',
			}),
		]);
	});

	test('a 503 fails in the server’s words', async () => {
		sandbox.failNext({
			status: 503,
			body: { errors: [{ status: '503', title: 'Service Unavailable', detail: 'Down for maintenance' }] },
		});
		const { message } = await runExpectingFailure(sandbox, { resource: 'apiVersion', operation: 'healthCheck' });
		expect(message).toContain('Down for maintenance');
	});
});

describe('hooks as a resource', () => {
	test('Create, Get, Get Many (filtered by event), Delete', async () => {
		const created = await runExpectingSuccess(sandbox, {
			resource: 'hook',
			operation: 'create',
			event: 'tag_added',
			targetUrl: 'https://example.com/in',
			siteId: rl('1'),
			additionalFields: { resource_id: 3 },
		});
		expect(created.requests.map(wire)).toEqual(['POST /v1/hooks']);
		expect(created.requests[0].body).toEqual({
			data: {
				type: 'hooks',
				attributes: { event: 'tag_added', target_url: 'https://example.com/in', resource_id: 3 },
				relationships: { site: { data: { type: 'sites', id: '1' } } },
			},
		});
		const id = String(created.items[0].id);
		expect(created.items[0]).toMatchObject({ type: 'hooks', event: 'tag_added', site_id: '1' });
		await runExpectingSuccess(sandbox, {
			resource: 'hook',
			operation: 'create',
			event: 'purchase',
			targetUrl: 'https://example.com/p',
			siteId: rl('1'),
		});

		const list = await runExpectingSuccess(sandbox, {
			resource: 'hook',
			operation: 'getAll',
			returnAll: true,
			filters: { event_eq: 'tag_added' },
		});
		expect(list.requests[0].query['filter[event_eq]']).toBe('tag_added');
		expect(list.items.map((i) => i.id)).toEqual([id]);

		const got = await runExpectingSuccess(sandbox, { resource: 'hook', operation: 'get', hookId: rl(id) });
		expect(got.requests.map(wire)).toEqual([`GET /v1/hooks/${id}`]);

		const deleted = await runExpectingSuccess(sandbox, { resource: 'hook', operation: 'delete', hookId: rl(id) });
		expect(deleted.requests.map(wire)).toEqual([`DELETE /v1/hooks/${id}`]);
		expect(deleted.items).toEqual([{ deleted: true, id }]);
		expect(sandbox.hooks.map((h) => h.id)).not.toContain(id);
	});

	test.each(['purchase', 'payment_succeeded', 'order_created', 'form_submission', 'tag_added', 'tag_removed'])(
		'Get Sample %s: the bare array as items, in order',
		async (event) => {
			const { requests, items } = await runExpectingSuccess(sandbox, {
				resource: 'hook',
				operation: 'getSample',
				event,
			});
			expect(requests.map(wire)).toEqual([`GET /v1/hooks/${event}_sample`]);
			expect(items.map((i) => i.type)).toEqual(sandbox.hookSample(event as never).map((r) => r.type));
		},
	);

	test('Create with an invalid target URL: the server’s 422 words', async () => {
		const { message } = await runExpectingFailure(sandbox, {
			resource: 'hook',
			operation: 'create',
			event: 'purchase',
			targetUrl: 'ftp://nope',
			siteId: rl('1'),
		});
		expect(message).toContain('target_url');
	});
});

describe('lists that need a site say which field to set', () => {
	test.each(['contact', 'customer'])(
		'%s → Get Many on a multi-site account: the hint names Filters → Site',
		async (resource) => {
			sandbox.account.multiSite = true;
			const { message, description } = await runExpectingFailure(sandbox, { resource, operation: 'getAll', limit: 5 });
			expect(message).toContain('filter[site_id] is required');
			expect(`${message} ${description}`).toContain('Filters → Site');
		},
	);
});
