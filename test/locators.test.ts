/**
 * Every ID parameter is a resource locator with the modes "From List"
 * (list, value = ID), "By ID" (id) and "By URL" (url: the API self link `<base>/v1/<type>/<id>`).
 * Whatever the mode, the request carries the extracted, trimmed, URL-encoded ID as one path
 * segment (or, for the contact note's contact, in the body). Through n8n's real engine.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from './sandbox';
import { useSandbox, nodeRunner, rl } from './helpers/fixtures';
import { ContentPlatform } from '../nodes/ContentPlatform/ContentPlatform.node';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ clearBeforeEach: true },
);

const run = nodeRunner(() => sandbox, { options: { keepRequests: true } });

/** Get operations: resource, API type, seeded ID, and whether the resource has a list search. */
const GETS = [
	{ resource: 'contact', type: 'contacts', id: '12', list: true },
	{ resource: 'customer', type: 'customers', id: '12', list: true },
	{ resource: 'course', type: 'courses', id: '2', list: false },
	{ resource: 'order', type: 'orders', id: '12', list: true },
	{ resource: 'orderItem', type: 'order_items', id: '12', list: true },
	{ resource: 'transaction', type: 'transactions', id: '12', list: true },
	{ resource: 'form', type: 'forms', id: '2', list: false },
	{ resource: 'formSubmission', type: 'form_submissions', id: '12', list: true },
	{ resource: 'podcast', type: 'podcasts', id: '2', list: false },
	{ resource: 'blogPost', type: 'blog_posts', id: '2', list: false },
].map((c) => ({
	...c,
	list: [
		'contact',
		'customer',
		'order',
		'orderItem',
		'transaction',
		'formSubmission',
		'podcast',
		'course',
		'form',
		'blogPost',
	].includes(c.resource),
}));

describe('the locator modes each resource offers', () => {
	const properties = new ContentPlatform().description.properties;
	test.each(GETS)('$resource: modes list (when searchable), id, url', ({ resource, list }) => {
		const property = properties.find(
			(p) => p.name === `${resource}Id` && p.displayOptions?.show?.operation?.includes('get'),
		);
		expect(property?.type).toBe('resourceLocator');
		expect(property?.modes?.map((m) => m.name)).toEqual(list ? ['list', 'id', 'url'] : ['id', 'url']);
	});
});

describe.each(GETS)('$resource Get', ({ resource, type, id, list }) => {
	const modes: Array<[string, string]> = [
		['id', id],
		['url', `${'BASE'}/v1/${type}/${id}`],
		...(list ? ([['list', id]] as Array<[string, string]>) : []),
	];
	test.each(modes)('mode %s sends /v1/%s with the extracted ID', async (mode, value) => {
		const locatorValue = value.replace('BASE', sandbox.url);
		const result = await run({ resource, operation: 'get', [`${resource}Id`]: rl(locatorValue, mode) });
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual([`/v1/${type}/${id}`]);
		expect(result.items.map((i) => i.json.id)).toEqual([id]);
	});
});

describe('By URL details', () => {
	test('an API self link <base>/v1/orders/12 → order 12', async () => {
		const result = await run({
			resource: 'order',
			operation: 'get',
			orderId: rl(`${sandbox.url}/v1/orders/12`, 'url'),
		});
		expect(sandbox.requests[0].rawPath).toBe('/v1/orders/12');
		expect(result.items[0].json).toMatchObject({ id: '12', type: 'orders' });
	});

	test('query string and fragment after the ID are not part of it', async () => {
		await run({
			resource: 'order',
			operation: 'get',
			orderId: rl(`${sandbox.url}/v1/orders/12?include=customer#top`, 'url'),
		});
		expect(sandbox.requests[0].rawPath).toBe('/v1/orders/12');
		expect(sandbox.requests[0].query).toEqual({});
	});

	test('a sub-path after the ID (a relationship link) still selects the record', async () => {
		await run({
			resource: 'contact',
			operation: 'get',
			contactId: rl(`${sandbox.url}/v1/contacts/3/relationships/tags`, 'url'),
		});
		expect(sandbox.requests[0].rawPath).toBe('/v1/contacts/3');
	});

	test('a URL of another host works: only the ID is taken, the request goes to the credential base URL', async () => {
		await run({ resource: 'podcast', operation: 'get', podcastId: rl('https://api.example.com/v1/podcasts/4', 'url') });
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual(['/v1/podcasts/4']);
	});

	test('a percent-encoded ID in the URL is decoded once and encoded once (no %2520)', async () => {
		const record = sandbox.insert('contacts', { name: 'Spaced Id' }, {}, { id: 'c 1' });
		const result = await run({
			resource: 'contact',
			operation: 'get',
			contactId: rl(`${sandbox.url}/v1/contacts/c%201`, 'url'),
		});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual(['/v1/contacts/c%201']);
		expect(result.items[0].json.id).toBe(record.id);
	});

	test('a URL that is not a link to this resource: n8n refuses to run the node (parameter issue), no request', async () => {
		await expect(
			run({ resource: 'order', operation: 'get', orderId: rl(`${sandbox.url}/v1/customers/12`, 'url') }),
		).rejects.toThrow('URL: expected …/v1/orders/<ID>');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('ID values as users and expressions give them', () => {
	test.each([
		['surrounding spaces', ' 12 ', 'id'],
		['a number from an expression', '={{ 12 }}', 'id'],
		['an expression on the input item', '={{ $json.orderId }}', 'list'],
	])('%s → /v1/orders/12', async (_name, value, mode) => {
		const result = await run({ resource: 'order', operation: 'get', orderId: rl(value, mode) }, [{ orderId: 12 }]);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual(['/v1/orders/12']);
	});

	test('one request per input item, each with its own ID', async () => {
		const result = await run({ resource: 'order', operation: 'get', orderId: rl('={{ $json.id }}', 'id') }, [
			{ id: '3' },
			{ id: '7' },
			{ id: 9 },
		]);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual(['/v1/orders/3', '/v1/orders/7', '/v1/orders/9']);
		expect(result.items.map((i) => [i.json.id, i.pairedItem])).toEqual([
			['3', { item: 0 }],
			['7', { item: 1 }],
			['9', { item: 2 }],
		]);
	});
});

describe('write operations use the same locator', () => {
	test.each([
		['id', '5'],
		['list', '5'],
		['url', 'BASE/v1/contacts/5'],
	])('contact note Create, contact mode %s → relationships.contact.data.id "5"', async (mode, value) => {
		const result = await run({
			resource: 'contactNote',
			operation: 'create',
			contactId: rl(value.replace('BASE', sandbox.url), mode),
			body: 'Called about the invoice',
		});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0].rawPath).toBe('/v1/contact_notes');
		expect((sandbox.requests[0].body as IDataObject).data).toMatchObject({
			type: 'contact_notes',
			attributes: { body: 'Called about the invoice' },
			relationships: { contact: { data: { id: '5', type: 'contacts' } } },
		});
		// Simplify (on by default): the created note, flattened
		expect(result.items[0].json).toMatchObject({
			type: 'contact_notes',
			body: 'Called about the invoice',
			contact_id: '5',
		});
	});

	test('contact note Create: the contact ID from an expression (a number) is sent as a string', async () => {
		const result = await run(
			{
				resource: 'contactNote',
				operation: 'create',
				contactId: rl('={{ $json.contact }}', 'id'),
				body: 'From an expression',
			},
			[{ contact: 6 }],
		);
		expect(result.error).toBeUndefined();
		expect((sandbox.requests[0].body as IDataObject).data).toMatchObject({
			relationships: { contact: { data: { id: '6', type: 'contacts' } } },
		});
	});

	test.each([
		['id', '7'],
		['list', '7'],
		['url', 'BASE/v1/contacts/7'],
	])('contact Update, mode %s → PATCH /v1/contacts/7 with data.id "7"', async (mode, value) => {
		const result = await run({
			resource: 'contact',
			operation: 'update',
			contactId: rl(value.replace('BASE', sandbox.url), mode),
			updateFields: { custom_1: `mode ${mode}` },
		});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => [r.method, r.rawPath])).toEqual([['PATCH', '/v1/contacts/7']]);
		expect((sandbox.requests[0].body as IDataObject).data).toEqual({
			id: '7',
			type: 'contacts',
			attributes: { custom_1: `mode ${mode}` },
		});
		expect(result.items[0].json).toMatchObject({ id: '7', custom_1: `mode ${mode}` });
	});

	test('contact Update: tag IDs from an expression (array of numbers and strings) → relationships.tags.data', async () => {
		const result = await run(
			{
				resource: 'contact',
				operation: 'update',
				contactId: rl('8', 'id'),
				updateFields: { tagIds: '={{ $json.tags }}' },
			},
			[{ tags: [1, ' 2 ', '4'] }],
		);
		expect(result.error).toBeUndefined();
		const body = sandbox.requests[0].body as IDataObject;
		expect(body.relationships).toEqual({
			tags: {
				data: [
					{ id: '1', type: 'contact_tags' },
					{ id: '2', type: 'contact_tags' },
					{ id: '4', type: 'contact_tags' },
				],
			},
		});
		expect(result.items[0].json.tags_ids).toEqual(['1', '2', '4']);
	});

	test('contact Update: tag IDs typed as a comma-separated list', async () => {
		await run({ resource: 'contact', operation: 'update', contactId: rl('8', 'id'), updateFields: { tagIds: '3, 5' } });
		expect((sandbox.requests[0].body as IDataObject).relationships).toEqual({
			tags: {
				data: [
					{ id: '3', type: 'contact_tags' },
					{ id: '5', type: 'contact_tags' },
				],
			},
		});
	});

	test.each([
		['id', '2'],
		['url', 'BASE/v1/forms/2'],
	])('form Submit, mode %s → POST /v1/forms/2/submit', async (mode, value) => {
		const result = await run({
			resource: 'form',
			operation: 'submit',
			formId: rl(value.replace('BASE', sandbox.url), mode),
			submissionFields: { name: 'Ada', email: 'ada@example.com' },
		});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => [r.method, r.rawPath])).toEqual([['POST', '/v1/forms/2/submit']]);
		expect(result.items[0].json).toMatchObject({ type: 'form_submissions', name: 'Ada', form_id: '2' });
	});

	test('contact Update by URL with a percent-encoded ID: path and data.id name the same contact', async () => {
		sandbox.insert('contacts', { name: 'Encoded Update' }, {}, { id: 'u 1' });
		const result = await run({
			resource: 'contact',
			operation: 'update',
			contactId: rl(`${sandbox.url}/v1/contacts/u%201`, 'url'),
			updateFields: { custom_2: 'x' },
		});
		expect(sandbox.requests[0].rawPath).toBe('/v1/contacts/u%201');
		expect((sandbox.requests[0].body as IDataObject).data).toMatchObject({ id: 'u 1' });
		expect(result.error).toBeUndefined();
	});

	test('contact note Create by URL with a percent-encoded contact ID: the body holds the decoded ID', async () => {
		sandbox.insert('contacts', { name: 'Encoded Note' }, {}, { id: 'n 1' });
		const result = await run({
			resource: 'contactNote',
			operation: 'create',
			contactId: rl(`${sandbox.url}/v1/contacts/n%201`, 'url'),
			body: 'Note',
		});
		expect((sandbox.requests[0].body as IDataObject).data).toMatchObject({
			relationships: { contact: { data: { id: 'n 1' } } },
		});
		expect(result.error).toBeUndefined();
	});
});
