/**
 * The node's `methods.listSearch` (the "From List" mode of every ID
 * resource locator), called with n8n-core's real `LoadOptionsContext` (test/helpers/loadOptions.ts)
 * against the sandbox: the request sent (path, page, search filter, credential), the results
 * (value = ID, label), and the next page via `paginationToken`.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from './sandbox';
import { accessTokenCredentials, useSandbox } from './helpers/fixtures';
import { TestCredentialsHelper } from './helpers/harness';
import { callListSearch, type LoadOptionsSetup } from './helpers/loadOptions';
import { ContentPlatform } from '../nodes/ContentPlatform/ContentPlatform.node';

let sandbox: Sandbox;
useSandbox(
	async (started) => {
		sandbox = started;
		// Hooks of other tools, so that the hooks list has records to pick.
		for (const [event, url] of [
			['purchase', 'https://zapier.example.com/hooks/1'],
			['tag_added', 'https://make.example.com/hooks/2'],
		]) {
			await fetch(`${sandbox.url}/v1/hooks`, {
				method: 'POST',
				headers: { Authorization: `Bearer ${sandbox.token}`, 'Content-Type': 'application/vnd.api+json' },
				body: JSON.stringify({
					data: {
						type: 'hooks',
						attributes: { event, target_url: url },
						relationships: { site: { data: { type: 'sites', id: '1' } } },
					},
				}),
			});
		}
	},
	{ clearBeforeEach: true },
);

const locatorSetup = (resource: string): LoadOptionsSetup => ({
	parameters: { resource, operation: 'get' },
	credentials: accessTokenCredentials(sandbox),
	path: `parameters.${resource}Id`,
});

interface Resource {
	id: string;
	attributes: IDataObject;
}

/** One page of a list, fetched directly from the API (not through the node). */
async function apiPage(path: string, query: Record<string, string>): Promise<Resource[]> {
	const qs = new URLSearchParams({ 'page[number]': '1', 'page[size]': '50', ...query });
	const response = await fetch(`${sandbox.url}/v1${path}?${qs}`, {
		headers: { Authorization: `Bearer ${sandbox.token}` },
	});
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: Resource[] }).data;
}

/** The list searches of the issue: method, resource, list path, label fields (joined with " · "). */
const SEARCHES = [
	{ method: 'searchContacts', resource: 'contact', path: '/contacts', label: ['name', 'email'] },
	{ method: 'searchCustomers', resource: 'customer', path: '/customers', label: ['name', 'email'] },
	{ method: 'searchOrders', resource: 'order', path: '/orders', label: ['order_number', 'formatted_total_price'] },
	{
		method: 'searchOrderItems',
		resource: 'orderItem',
		path: '/order_items',
		label: ['title', 'formatted_total_price'],
	},
	{
		method: 'searchTransactions',
		resource: 'transaction',
		path: '/transactions',
		label: ['formatted_amount', 'state'],
	},
	{ method: 'searchFormSubmissions', resource: 'formSubmission', path: '/form_submissions', label: ['name', 'email'] },
	{ method: 'searchPodcasts', resource: 'podcast', path: '/podcasts', label: ['title'] },
	// The lists of the supplement.
	{ method: 'searchOffers', resource: 'offer', path: '/offers', label: ['title', 'price_description'] },
	{ method: 'searchPurchases', resource: 'purchase', path: '/purchases', label: ['created_at', 'payment_type'] },
	{ method: 'searchTags', resource: 'tag', path: '/contact_tags', label: ['name'] },
	{ method: 'searchSites', resource: 'site', path: '/sites', label: ['title', 'subdomain'] },
	{ method: 'searchProducts', resource: 'product', path: '/products', label: ['title'] },
	{ method: 'searchCourses', resource: 'course', path: '/courses', label: ['title'] },
	{ method: 'searchForms', resource: 'form', path: '/forms', label: ['title'] },
	{ method: 'searchBlogPosts', resource: 'blogPost', path: '/blog_posts', label: ['title'] },
	{ method: 'searchContactNotes', resource: 'contactNote', path: '/contact_notes', label: ['body'] },
	// The lists of supplement sections 5 and 9; payouts need a site, so they have no list search.
	{ method: 'searchCustomFields', resource: 'customField', path: '/custom_fields', label: ['title', 'handle'] },
	{ method: 'searchLandingPages', resource: 'landingPage', path: '/landing_pages', label: ['title'] },
	{ method: 'searchWebsitePages', resource: 'websitePage', path: '/website_pages', label: ['title', 'url'] },
	{ method: 'searchHooks', resource: 'hook', path: '/hooks', label: ['event', 'target_url'] },
];

function expectedLabel(fields: string[], record: Resource, isOrder: boolean): string {
	return fields
		.map((name) => record.attributes[name])
		.filter((value) => value !== undefined && value !== null && value !== '')
		.map((value) => (isOrder && typeof value === 'number' ? `#${value}` : String(value)))
		.join(' · ');
}

test('the node has exactly the list searches of the issue', () => {
	const names = Object.keys(new ContentPlatform().methods.listSearch).sort();
	expect(names).toEqual(SEARCHES.map((s) => s.method).sort());
});

describe.each(SEARCHES)('$method', ({ method, resource, path, label }) => {
	test('no search text: page 1 of 50 from the list endpoint, value = ID, label from the record', async () => {
		const expected = await apiPage(path, {});
		sandbox.clearRequests();
		const result = await callListSearch(method, locatorSetup(resource));

		expect(sandbox.requests).toHaveLength(1);
		const request = sandbox.requests[0];
		expect(request.method).toBe('GET');
		expect(request.rawPath).toBe(`/v1${path}`);
		expect(request.query).toEqual({ 'page[number]': '1', 'page[size]': '50' });
		expect(request.headers.authorization).toBe(`Bearer ${sandbox.token}`);

		expect(result.results).toEqual(
			expected.map((record) => ({ name: expectedLabel(label, record, resource === 'order'), value: record.id })),
		);
		expect(result.results.length).toBeGreaterThan(0);
		expect(result.results.every((r) => typeof r.name === 'string' && r.name !== '')).toBe(true);
		// a full page of 50 (order items: 74 seeded) offers page 2; a shorter page is the last
		expect(result.paginationToken).toBe(expected.length === 50 ? '2' : undefined);
	});
});

describe('search text', () => {
	test.each([
		{ method: 'searchContacts', resource: 'contact', path: '/contacts', filter: 'search', text: 'liam' },
		{ method: 'searchCustomers', resource: 'customer', path: '/customers', filter: 'search', text: 'moore' },
		{ method: 'searchPodcasts', resource: 'podcast', path: '/podcasts', filter: 'title_cont', text: 'money' },
		{ method: 'searchOffers', resource: 'offer', path: '/offers', filter: 'title_cont', text: 'monthly' },
		{ method: 'searchTags', resource: 'tag', path: '/contact_tags', filter: 'name_cont', text: 'le' },
		{ method: 'searchSites', resource: 'site', path: '/sites', filter: 'title_cont', text: 'money' },
		{ method: 'searchProducts', resource: 'product', path: '/products', filter: 'title_cont', text: 'lab' },
		{ method: 'searchCourses', resource: 'course', path: '/courses', filter: 'title_cont', text: 'creator' },
		{ method: 'searchForms', resource: 'form', path: '/forms', filter: 'title_cont', text: 'webinar' },
		{ method: 'searchBlogPosts', resource: 'blogPost', path: '/blog_posts', filter: 'title_cont', text: 'podcast' },
	])('$method sends filter[$filter] and returns only the matches', async ({ method, resource, path, filter, text }) => {
		const expected = await apiPage(path, { [`filter[${filter}]`]: text });
		const all = await apiPage(path, {});
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(all.length);
		sandbox.clearRequests();

		const result = await callListSearch(method, locatorSetup(resource), text);

		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0].query).toEqual({ 'page[number]': '1', 'page[size]': '50', [`filter[${filter}]`]: text });
		expect(result.results.map((r) => r.value)).toEqual(expected.map((r) => r.id));
	});

	test('search text is sent encoded (spaces, &, unicode) and matched as one value', async () => {
		const contact = sandbox.insert('contacts', { name: 'Zoë & Co Tester', email: 'zoe.co@example.com' });
		const result = await callListSearch('searchContacts', locatorSetup('contact'), 'zoë & co');
		expect(sandbox.requests[0].query['filter[search]']).toBe('zoë & co');
		expect(sandbox.requests[0].rawQuery).not.toContain('zoë & co');
		expect(result.results).toEqual([{ name: 'Zoë & Co Tester · zoe.co@example.com', value: contact.id }]);
	});

	test('no match: an empty result without a next page', async () => {
		const result = await callListSearch('searchPodcasts', locatorSetup('podcast'), 'no podcast has this title');
		expect(result).toEqual({ results: [], paginationToken: undefined });
	});

	test('lists without a text filter (orders) send no filter and list unfiltered', async () => {
		const result = await callListSearch('searchOrders', locatorSetup('order'), '1001');
		expect(Object.keys(sandbox.requests[0].query).filter((k) => k.startsWith('filter['))).toEqual([]);
		expect(result.results.length).toBeGreaterThan(1);
	});
});

describe('next page (paginationToken)', () => {
	test('contacts: 70 matches → 50 with token "2", then 20 without a token; page 2 is requested', async () => {
		const inserted = sandbox.insertMany('contacts', 70, (i) => ({
			attributes: { name: `Pager Person ${String(i).padStart(2, '0')}`, email: `pager${i}@example.com` },
		}));
		const expectedIds = (await apiPage('/contacts', { 'filter[search]': 'pager person', 'page[size]': '100' })).map(
			(r) => r.id,
		);
		expect(expectedIds.sort()).toEqual(inserted.map((r) => r.id).sort());
		sandbox.clearRequests();

		const first = await callListSearch('searchContacts', locatorSetup('contact'), 'pager person');
		expect(first.results).toHaveLength(50);
		expect(first.paginationToken).toBe('2');

		const second = await callListSearch(
			'searchContacts',
			locatorSetup('contact'),
			'pager person',
			first.paginationToken as string,
		);
		expect(second.results).toHaveLength(20);
		expect(second.paginationToken).toBeUndefined();

		expect(sandbox.requests.map((r) => r.query)).toEqual([
			{ 'page[number]': '1', 'page[size]': '50', 'filter[search]': 'pager person' },
			{ 'page[number]': '2', 'page[size]': '50', 'filter[search]': 'pager person' },
		]);
		const ids = [...first.results, ...second.results].map((r) => r.value);
		expect(new Set(ids).size).toBe(70);
		expect([...ids].sort()).toEqual(expectedIds.sort());
	});

	test('podcasts: 55 title matches → 50 + 5 over two pages', async () => {
		sandbox.insertMany('podcasts', 55, (i) => ({ attributes: { title: `Paged Cast ${i}` } }));
		const first = await callListSearch('searchPodcasts', locatorSetup('podcast'), 'paged cast');
		const second = await callListSearch(
			'searchPodcasts',
			locatorSetup('podcast'),
			'paged cast',
			first.paginationToken as string,
		);
		expect([first.results.length, first.paginationToken, second.results.length, second.paginationToken]).toEqual([
			50,
			'2',
			5,
			undefined,
		]);
		expect(sandbox.requests.map((r) => r.query['filter[title_cont]'])).toEqual(['paged cast', 'paged cast']);
		expect(second.results.every((r) => String(r.name).startsWith('Paged Cast'))).toBe(true);
	});

	test('orders: 60 records → 50 + 10, the second page without a search text', async () => {
		sandbox.insertMany('orders', 60 - sandbox.store.orders.length);
		const first = await callListSearch('searchOrders', locatorSetup('order'));
		const second = await callListSearch(
			'searchOrders',
			locatorSetup('order'),
			undefined,
			first.paginationToken as string,
		);
		expect([first.results.length, first.paginationToken, second.results.length, second.paginationToken]).toEqual([
			50,
			'2',
			10,
			undefined,
		]);
		expect(sandbox.requests[1].query).toEqual({ 'page[number]': '2', 'page[size]': '50' });
	});
});

describe('labels', () => {
	test('order label: "#<order_number> · <formatted_total_price>"', async () => {
		const result = await callListSearch('searchOrders', locatorSetup('order'));
		expect(result.results.find((r) => r.value === '1')).toEqual({ name: '#1001 · $128.52', value: '1' });
	});

	test('a record without any label field is labelled "<Resource> <ID>"', async () => {
		const record = sandbox.insert('form_submissions', { name: '', email: '' });
		const result = await callListSearch('searchFormSubmissions', locatorSetup('formSubmission'));
		expect(result.results.find((r) => r.value === record.id)).toEqual({
			name: `Form Submission ${record.id}`,
			value: record.id,
		});
	});
});

describe('credentials and errors', () => {
	test('OAuth2 authentication: the search fetches a token and sends it', async () => {
		const helper = new TestCredentialsHelper({
			contentPlatformOAuth2Api: {
				baseUrl: sandbox.url,
				clientId: sandbox.oauth.clientId,
				clientSecret: sandbox.oauth.clientSecret,
			},
		});
		const result = await callListSearch('searchPodcasts', {
			parameters: { authentication: 'oAuth2', resource: 'podcast', operation: 'get' },
			credentials: helper,
		});
		expect(result.results.length).toBeGreaterThan(0);
		const list = sandbox.requests.filter((r) => r.rawPath === '/v1/podcasts');
		expect(list).toHaveLength(1);
		expect(sandbox.issuedTokens.length).toBeGreaterThan(0);
		expect(list[0].headers.authorization).toBe(`Bearer ${sandbox.issuedTokens[sandbox.issuedTokens.length - 1]}`);
	});

	test('a wrong token: the search fails with the 401 message, without the token', async () => {
		const secret = 'wrong-secret-token-value';
		const error = (await callListSearch('searchContacts', {
			parameters: { resource: 'contact', operation: 'get' },
			credentials: accessTokenCredentials(sandbox, secret),
		}).catch((e: unknown) => e)) as Error & { description?: string };
		expect(error).toBeInstanceOf(Error);
		expect(error.message).toMatch(/^Authentication failed: check the credential's access token and base URL/);
		expect(`${error.message} ${error.description} ${JSON.stringify(error)}`).not.toContain(secret);
	});

	test('a server error: the search fails with the status and the server words', async () => {
		sandbox.failNext({
			status: 500,
			body: { errors: [{ title: 'Internal Server Error', detail: 'database offline' }] },
		});
		await expect(callListSearch('searchOrders', locatorSetup('order'))).rejects.toThrow(
			'The Content Platform API answered 500: Internal Server Error: database offline',
		);
	});
});
