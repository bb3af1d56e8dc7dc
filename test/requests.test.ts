/**
 * How the node's fields become the request (issue 2): query strings (include, sparse fieldsets,
 * sort with direction, filters of each type), write bodies exactly as the spec writes them, and
 * user-typed IDs as one encoded path segment. Asserted on what the sandbox received.
 */
import type { INodeParameters } from 'n8n-workflow';

import { createSandbox, type RecordedRequest, type Sandbox } from './sandbox';
import { runNode } from './helpers/harness';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await createSandbox();
});
afterAll(async () => sandbox.close());

const rl = (value: string) => ({ __rl: true, mode: 'id', value });

async function request(parameters: INodeParameters): Promise<RecordedRequest> {
	sandbox.clearRequests();
	const result = await runNode({ parameters, credentials: { contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token } } });
	expect(sandbox.requests).toHaveLength(1);
	expect(result.error?.message ?? '').not.toContain(sandbox.token);
	return sandbox.requests[0];
}

describe('query strings', () => {
	test.each<[string, INodeParameters, string]>([
		['include, comma-joined', { resource: 'order', operation: 'get', orderId: rl('1'), include: ['order_items', 'customer'] }, 'include=order_items%2Ccustomer'],
		['nested include', { resource: 'course', operation: 'get', courseId: rl('1'), include: ['lessons.media'] }, 'include=lessons.media'],
		['sparse fieldset', { resource: 'blogPost', operation: 'get', blogPostId: rl('1'), options: { fields: ['title', 'slug'] } }, 'fields%5Bblog_posts%5D=title%2Cslug'],
		['sort ascending', { resource: 'customer', operation: 'getAll', limit: 1, options: { sort: 'net_revenue' } }, 'sort=net_revenue&page%5Bnumber%5D=1&page%5Bsize%5D=1'],
		['sort descending', { resource: 'customer', operation: 'getAll', limit: 1, options: { sort: 'last_request_at', sortDirection: 'descending' } }, 'sort=-last_request_at&page%5Bnumber%5D=1&page%5Bsize%5D=1'],
		['string filter', { resource: 'contact', operation: 'getAll', limit: 1, filters: { email_contains: 'a+b@x.io' } }, 'filter%5Bemail_contains%5D=a%2Bb%40x.io&page%5Bnumber%5D=1&page%5Bsize%5D=1'],
		['boolean filter true', { resource: 'order', operation: 'getAll', limit: 1, filters: { fulfilled_at_null: true } }, 'filter%5Bfulfilled_at_null%5D=true&page%5Bnumber%5D=1&page%5Bsize%5D=1'],
		['boolean filter false', { resource: 'contact', operation: 'getAll', limit: 1, filters: { subscribed: false } }, 'filter%5Bsubscribed%5D=false&page%5Bnumber%5D=1&page%5Bsize%5D=1'],
		['number filter', { resource: 'contact', operation: 'getAll', limit: 1, filters: { created_in_last: 30 } }, 'filter%5Bcreated_in_last%5D=30&page%5Bnumber%5D=1&page%5Bsize%5D=1'],
		['date filters', { resource: 'transaction', operation: 'getAll', limit: 1, filters: { start_date: '2026-10-20T00:00:00', end_date: '2026-10-27T15:30:00' } }, 'filter%5Bend_date%5D=2026-10-27&filter%5Bstart_date%5D=2026-10-20&page%5Bnumber%5D=1&page%5Bsize%5D=1'],
		['include filters with include', { resource: 'customer', operation: 'get', customerId: rl('1'), include: ['offers'], includeFilters: { offers_page: 2, offers_per: 5 } }, 'include=offers&filter%5Boffers_page%5D=2&filter%5Boffers_per%5D=5'],
		['include filters are not sent without include', { resource: 'customer', operation: 'get', customerId: rl('1'), includeFilters: { offers_page: 2 } }, ''],
	])('%s', async (_name, parameters, rawQuery) => {
		const received = await request(parameters);
		expect(received.rawQuery.split('&').sort()).toEqual(rawQuery.split('&').sort());
		expect(received.status).toBe(200);
	});
});

describe('write bodies', () => {
	const JSON_API = 'application/vnd.api+json';

	test('Contact Note → Create', async () => {
		const received = await request({ resource: 'contactNote', operation: 'create', contactId: rl(' 2 '), body: 'Prefers email' });
		expect(received.method).toBe('POST');
		expect(received.headers['content-type']).toBe(JSON_API);
		expect(received.body).toEqual({
			data: { type: 'contact_notes', attributes: { body: 'Prefers email' }, relationships: { contact: { data: { id: '2', type: 'contacts' } } } },
		});
	});

	test('Contact → Update: only the fields set, tags as the top-level relationships member', async () => {
		const received = await request({
			resource: 'contact',
			operation: 'update',
			contactId: rl('6'),
			updateFields: { subscribed: false, phone_number: '+1 555 0100', tagIds: '1, 3' },
		});
		expect(received.method).toBe('PATCH');
		expect(received.rawPath).toBe('/v1/contacts/6');
		expect(received.headers['content-type']).toBe(JSON_API);
		expect(received.body).toEqual({
			data: { id: '6', type: 'contacts', attributes: { subscribed: false, phone_number: '+1 555 0100' } },
			relationships: { tags: { data: [{ id: '1', type: 'tags' }, { id: '3', type: 'tags' }] } },
		});
	});

	test('Contact → Update: tag IDs as an array from an expression', async () => {
		const received = await request({ resource: 'contact', operation: 'update', contactId: rl('6'), updateFields: { tagIds: '={{ ["2", 4] }}' } });
		expect(received.body).toEqual({
			data: { id: '6', type: 'contacts', attributes: {} },
			relationships: { tags: { data: [{ id: '2', type: 'tags' }, { id: '4', type: 'tags' }] } },
		});
	});

	test('Form → Submit', async () => {
		const received = await request({
			resource: 'form',
			operation: 'submit',
			formId: rl('3'),
			submissionFields: { email: 'lin@example.com', name: 'Lin', custom_2: 'webinar', address_country: 'PT' },
		});
		expect(received.method).toBe('POST');
		expect(received.rawPath).toBe('/v1/forms/3/submit');
		expect(received.headers['content-type']).toBe(JSON_API);
		expect(received.body).toEqual({
			data: { type: 'form_submissions', attributes: { email: 'lin@example.com', name: 'Lin', custom_2: 'webinar', address_country: 'PT' } },
		});
	});
});

describe('user-typed IDs are one encoded path segment', () => {
	test.each([
		['1/../../x', '/v1/orders/1%2F..%2F..%2Fx'],
		['a?b#c', '/v1/orders/a%3Fb%23c'],
		[' 12 ', '/v1/orders/12'],
		['50%', '/v1/orders/50%25'],
	])('%j', async (id, rawPath) => {
		const received = await request({ resource: 'order', operation: 'get', orderId: rl(id) });
		expect(received.rawPath).toBe(rawPath);
		expect(received.rawQuery).toBe('');
	});
});
