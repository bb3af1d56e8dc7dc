/**
 * Writes and relationship operations through n8n's engine against the sandbox: Contact → Create /
 * Update / Delete, Contact Note → Create / Update / Delete, Form → Submit, contact tags (Get / Add /
 * Remove / Replace), offer grants on contacts and customers, Purchase → Deactivate / Reactivate /
 * Cancel Subscription, the destructive operations (described, never retried) and the Tags and Offers
 * pickers. The request on the wire (method, path, the exact JSON:API body, its `Content-Type:
 * application/vnd.api+json`), the items (Simplify on and off), what the write did in the sandbox's
 * store, and the errors in the API's words. A fresh sandbox for every test.
 */
import type { INodeParameters, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import {
	JSON_API,
	NODE_PROPERTIES,
	accessTokenCredentials,
	propertiesOf,
	rl,
	runWith,
	specAttributes,
	useSandbox,
	runExpectingSuccess,
	runExpectingFailure,
} from './helpers/fixtures';
import { RESOURCES } from '../nodes/api/tables/registry';
import { ContentPlatform } from '../nodes/ContentPlatform/ContentPlatform.node';
import { loadOptionsContext } from './helpers/loadOptions';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

const soleRequest = (requests: RecordedRequest[]) => {
	expect(requests).toHaveLength(1);
	return requests[0];
};
const relIds = (type: string, id: string, name: string) =>
	((sandbox.find(type, id)?.relationships[name]?.data ?? []) as Array<{ id: string }>).map((d) => d.id);

describe('Contact → Create / Delete', () => {
	test('POST /v1/contacts with the site relationship, the email and the fields set', async () => {
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'contact',
			operation: 'create',
			siteId: rl('2', 'list'),
			email: ' ada@example.com ',
			additionalFields: { name: 'Ada Lovelace', subscribed: true, custom_1: 'vip' },
		});
		const request = soleRequest(requests);
		expect(request).toMatchObject({ method: 'POST', rawPath: '/v1/contacts', status: 201 });
		expect(request.headers['content-type']).toBe(JSON_API);
		expect(request.body).toEqual({
			data: {
				type: 'contacts',
				attributes: { email: 'ada@example.com', name: 'Ada Lovelace', subscribed: true, custom_1: 'vip' },
				relationships: { site: { data: { type: 'sites', id: '2' } } },
			},
		});
		const created = sandbox.store.contacts.at(-1)!;
		expect(items).toEqual([
			expect.objectContaining({
				id: created.id,
				type: 'contacts',
				email: 'ada@example.com',
				site_id: '2',
				tags_ids: [],
			}),
		]);
	});

	test('Additional Fields offer every contact attribute but the email, external_user_id and the timestamps', () => {
		const fields = propertiesOf('contact', 'create').find((p) => p.name === 'additionalFields')!;
		const names = ((fields.options ?? []) as INodeProperties[]).map((f) => f.name).sort();
		expect(names).toEqual(
			[
				'name',
				'phone_number',
				'business_number',
				'subscribed',
				'address_line_1',
				'address_line_2',
				'address_city',
				'address_state',
				'address_country',
				'address_zip',
				'custom_1',
				'custom_2',
				'custom_3',
			].sort(),
		);
	});

	test.each([
		[{ siteId: rl('={{ " " }}'), email: 'a@example.com' }, '"Site" is empty'],
		[{ siteId: rl('1'), email: '  ' }, '"Email" is empty'],
	])('bad input is refused before any request (%j)', async (parameters, words) => {
		const { message, requests } = await runExpectingFailure(sandbox, {
			resource: 'contact',
			operation: 'create',
			...parameters,
		});
		expect(message).toContain(words);
		expect(requests).toHaveLength(0);
	});

	test("an email already on the site: the API's 422 with its field", async () => {
		const taken = String(sandbox.find('contacts', '3')!.attributes.email);
		const { message } = await runExpectingFailure(sandbox, {
			resource: 'contact',
			operation: 'create',
			siteId: rl('1'),
			email: taken,
		});
		expect(message).toBe('Invalid fields: Unprocessable Entity: has already been taken (at /data/attributes/email)');
	});

	test('DELETE /v1/contacts/{id} → { id, deleted: true }; the contact is gone', async () => {
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'contact',
			operation: 'delete',
			contactId: rl('28'),
		});
		expect(soleRequest(requests)).toMatchObject({
			method: 'DELETE',
			rawPath: '/v1/contacts/28',
			body: undefined,
			status: 200,
		});
		expect(items).toEqual([{ id: '28', deleted: true }]);
		expect(sandbox.find('contacts', '28')).toBeUndefined();
	});

	test("a contact with an active subscription cannot be deleted (422 with the API's words)", async () => {
		const subscriber = sandbox.store.purchases.find(
			(p) => p.attributes.payment_type === 'subscription' && p.attributes.deactivated_at === null,
		)!;
		const contactId = (
			sandbox.find('customers', (subscriber.relationships.customer.data as { id: string }).id)!.relationships.contact
				.data as { id: string }
		).id;
		const { message } = await runExpectingFailure(sandbox, {
			resource: 'contact',
			operation: 'delete',
			contactId: rl(contactId),
		});
		// Release 1.1.0's reason, then the API's own words (contact-delete-refusal.test.ts: the whole way out).
		expect(message).toMatch(/^The API refuses to delete this contact: .*Purchase → Cancel Subscription/);
		expect(message).toMatch(
			/ — Unprocessable Entity: Contact has active Kajabi Payments subscriptions or payment plans \(1\)/,
		);
		expect(sandbox.find('contacts', contactId)).toBeDefined();
	});

	test('Contact Note → Delete: the API answers 200 without a body → { id, deleted: true }', async () => {
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'contactNote',
			operation: 'delete',
			contactNoteId: rl('3'),
		});
		expect(soleRequest(requests)).toMatchObject({ method: 'DELETE', rawPath: '/v1/contact_notes/3' });
		expect(items).toEqual([{ id: '3', deleted: true }]);
		expect(sandbox.find('contact_notes', '3')).toBeUndefined();
		const again = await runExpectingFailure(sandbox, {
			resource: 'contactNote',
			operation: 'delete',
			contactNoteId: rl('3'),
		});
		expect(again.message).toContain('No contact note with ID "3"');
	});

	test('Contact Note → Update: PATCH with data.id, data.type and the body', async () => {
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'contactNote',
			operation: 'update',
			contactNoteId: rl(' 1 '),
			body: 'Called back, renewing.',
		});
		const request = soleRequest(requests);
		expect(request).toMatchObject({ method: 'PATCH', rawPath: '/v1/contact_notes/1' });
		expect(request.body).toEqual({
			data: { type: 'contact_notes', id: '1', attributes: { body: 'Called back, renewing.' } },
		});
		expect(items[0]).toMatchObject({ id: '1', body: 'Called back, renewing.' });
		const empty = await runExpectingFailure(sandbox, {
			resource: 'contactNote',
			operation: 'update',
			contactNoteId: rl('1'),
			body: ' ',
		});
		expect(empty.message).toContain('"Body" is empty');
		expect(empty.requests).toHaveLength(0);
	});
});

describe('Contact tags: Get / Add / Remove / Replace (type contact_tags)', () => {
	test('Get Tags: GET …/relationships/tags → one item with the tag IDs', async () => {
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'contact',
			operation: 'getTags',
			contactId: rl('4'),
		});
		expect(soleRequest(requests)).toMatchObject({
			method: 'GET',
			rawPath: '/v1/contacts/4/relationships/tags',
			body: undefined,
		});
		expect(items).toEqual([{ id: '4', type: 'contacts', tags_ids: relIds('contacts', '4', 'tags') }]);
	});

	test('Add Tags: POST with contact_tags identifiers (picked, typed, or an array by expression) → the tags after', async () => {
		const before = relIds('contacts', '1', 'tags');
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'contact',
			operation: 'addTags',
			contactId: rl('1'),
			tagIds: ['5', '1'],
		});
		const request = soleRequest(requests);
		expect(request).toMatchObject({ method: 'POST', rawPath: '/v1/contacts/1/relationships/tags', status: 200 });
		expect(request.headers['content-type']).toBe(JSON_API);
		expect(request.body).toEqual({
			data: [
				{ type: 'contact_tags', id: '5' },
				{ type: 'contact_tags', id: '1' },
			],
		});
		const after = [...before, ...['5', '1'].filter((id) => !before.includes(id))];
		expect(relIds('contacts', '1', 'tags')).toEqual(after);
		expect(items).toEqual([{ id: '1', type: 'contacts', tags_ids: after }]);

		const typed = await runExpectingSuccess(sandbox, {
			resource: 'contact',
			operation: 'addTags',
			contactId: rl('2'),
			tagIds: '={{ "2, 3 ," }}',
		});
		expect(typed.requests[0].body).toEqual({
			data: [
				{ type: 'contact_tags', id: '2' },
				{ type: 'contact_tags', id: '3' },
			],
		});
		const fromItem = await runExpectingSuccess(
			sandbox,
			{ resource: 'contact', operation: 'addTags', contactId: rl('={{ $json.contact }}'), tagIds: '={{ $json.tags }}' },
			[{ contact: 6, tags: [4] }],
		);
		expect(fromItem.requests[0]).toMatchObject({
			rawPath: '/v1/contacts/6/relationships/tags',
			body: { data: [{ type: 'contact_tags', id: '4' }] },
		});
	});

	test('Remove Tags: DELETE with the identifiers in the body; Replace Tags: PATCH with the whole set', async () => {
		await runExpectingSuccess(sandbox, {
			resource: 'contact',
			operation: 'addTags',
			contactId: rl('3'),
			tagIds: ['1', '2', '3'],
		});
		const removed = await runExpectingSuccess(sandbox, {
			resource: 'contact',
			operation: 'removeTags',
			contactId: rl('3'),
			tagIds: ['2'],
		});
		expect(soleRequest(removed.requests)).toMatchObject({
			method: 'DELETE',
			rawPath: '/v1/contacts/3/relationships/tags',
			body: { data: [{ type: 'contact_tags', id: '2' }] },
		});
		expect(relIds('contacts', '3', 'tags')).not.toContain('2');
		const replaced = await runExpectingSuccess(sandbox, {
			resource: 'contact',
			operation: 'replaceTags',
			contactId: rl('3'),
			tagIds: ['4', '5'],
		});
		expect(soleRequest(replaced.requests)).toMatchObject({
			method: 'PATCH',
			body: {
				data: [
					{ type: 'contact_tags', id: '4' },
					{ type: 'contact_tags', id: '5' },
				],
			},
		});
		expect(replaced.items).toEqual([{ id: '3', type: 'contacts', tags_ids: ['4', '5'] }]);
	});

	test('Simplify off: the relationship document as the API sent it', async () => {
		const { items } = await runExpectingSuccess(sandbox, {
			resource: 'contact',
			operation: 'getTags',
			contactId: rl('4'),
			simple: false,
		});
		expect(items).toEqual([
			{
				data: relIds('contacts', '4', 'tags').map((id) => ({ id, type: 'contact_tags' })),
				links: { self: `${sandbox.url}/v1/contacts/4/relationships/tags` },
			},
		]);
	});

	test.each(['addTags', 'removeTags', 'replaceTags'])(
		'%s: no tag IDs → refused before any request',
		async (operation) => {
			const { message, requests } = await runExpectingFailure(sandbox, {
				resource: 'contact',
				operation,
				contactId: rl('1'),
				tagIds: '={{ " , " }}',
			});
			expect(message).toContain('"Tags" is empty');
			expect(requests).toHaveLength(0);
		},
	);

	test("an unknown tag or contact: the API's 404 named", async () => {
		const tag = await runExpectingFailure(sandbox, {
			resource: 'contact',
			operation: 'addTags',
			contactId: rl('1'),
			tagIds: ['999'],
		});
		expect(tag.message).toContain("Couldn't find ContactTag with 'id'=999");
		const contact = await runExpectingFailure(sandbox, {
			resource: 'contact',
			operation: 'getTags',
			contactId: rl('a b/c'),
		});
		expect(contact.requests[0].rawPath).toBe('/v1/contacts/a%20b%2Fc/relationships/tags');
		expect(contact.message).toContain('No contact with ID "a b/c"');
	});
});

describe('Offer grants on contacts and customers', () => {
	test('Contact → Grant Offers: POST with offers identifiers and meta.send_customer_welcome_email', async () => {
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'contact',
			operation: 'grantOffers',
			contactId: rl('27'),
			offerIds: ['2', '4'],
		});
		const request = soleRequest(requests);
		expect(request).toMatchObject({ method: 'POST', rawPath: '/v1/contacts/27/relationships/offers' });
		expect(request.body).toEqual({
			data: [
				{ type: 'offers', id: '2' },
				{ type: 'offers', id: '4' },
			],
			meta: { send_customer_welcome_email: true },
		});
		expect(items).toEqual([{ id: '27', type: 'contacts', offers_ids: ['2', '4'] }]);
		expect(sandbox.supplement.emails.map((e) => e.offer)).toEqual(['2', '4']);
		// the grant created the contact's customer, with the offers' products
		const customer = sandbox.store.customers.find(
			(c) => (c.relationships.contact?.data as { id: string } | null)?.id === '27',
		)!;
		expect(relIds('customers', customer.id, 'offers')).toEqual(['2', '4']);
		expect(relIds('customers', customer.id, 'products')).toEqual(['1', '2']);
	});

	test('Send Welcome Email off → meta.send_customer_welcome_email false, no email', async () => {
		const { requests } = await runExpectingSuccess(sandbox, {
			resource: 'contact',
			operation: 'grantOffers',
			contactId: rl('28'),
			offerIds: ['3'],
			sendWelcomeEmail: false,
		});
		expect(requests[0].body).toEqual({
			data: [{ type: 'offers', id: '3' }],
			meta: { send_customer_welcome_email: false },
		});
		expect(sandbox.supplement.emails).toEqual([]);
		expect(sandbox.supplement.grants).toEqual([
			expect.objectContaining({ offer: '3', contact: '28', welcomeEmail: false }),
		]);
	});

	test('Customer → Grant Offers sends no meta (the customer version has no welcome-email switch)', async () => {
		expect(propertiesOf('customer', 'grantOffers').map((p) => p.name)).not.toContain('sendWelcomeEmail');
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'customer',
			operation: 'grantOffers',
			customerId: rl('2'),
			offerIds: ['6'],
		});
		expect(soleRequest(requests)).toMatchObject({
			method: 'POST',
			rawPath: '/v1/customers/2/relationships/offers',
			body: { data: [{ type: 'offers', id: '6' }] },
		});
		expect(items[0].offers_ids).toContain('6');
	});

	test.each([
		{ resource: 'contact', id: '5', path: '/v1/contacts/5/relationships/offers' },
		{ resource: 'customer', id: '5', path: '/v1/customers/5/relationships/offers' },
	])('$resource: Get Offers, Revoke Offers (DELETE), Replace Offers (PATCH)', async ({ resource, id, path }) => {
		const type = `${resource}s`;
		const held = relIds(type, id, 'offers');
		expect(held.length).toBeGreaterThan(0);
		const got = await runExpectingSuccess(sandbox, { resource, operation: 'getOffers', [`${resource}Id`]: rl(id) });
		expect(soleRequest(got.requests)).toMatchObject({ method: 'GET', rawPath: path });
		expect(got.items).toEqual([{ id, type, offers_ids: held }]);

		const revoked = await runExpectingSuccess(sandbox, {
			resource,
			operation: 'revokeOffers',
			[`${resource}Id`]: rl(id),
			offerIds: [held[0]],
		});
		expect(soleRequest(revoked.requests)).toMatchObject({
			method: 'DELETE',
			rawPath: path,
			body: { data: [{ type: 'offers', id: held[0] }] },
		});
		expect(relIds(type, id, 'offers')).not.toContain(held[0]);

		const replaced = await runExpectingSuccess(sandbox, {
			resource,
			operation: 'replaceOffers',
			[`${resource}Id`]: rl(id),
			offerIds: '1,2',
		});
		expect(soleRequest(replaced.requests)).toMatchObject({
			method: 'PATCH',
			rawPath: path,
			body: {
				data: [
					{ type: 'offers', id: '1' },
					{ type: 'offers', id: '2' },
				],
			},
		});
		expect(replaced.items).toEqual([{ id, type, offers_ids: ['1', '2'] }]);
	});

	test('Offer → Get Products: GET /v1/offers/{id}/relationships/products', async () => {
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'offer',
			operation: 'getProducts',
			offerId: rl('5'),
		});
		expect(soleRequest(requests).rawPath).toBe('/v1/offers/5/relationships/products');
		expect(items).toEqual([{ id: '5', type: 'offers', products_ids: ['3'] }]);
	});
});

describe('Purchase → Deactivate / Reactivate / Cancel Subscription', () => {
	const active = () =>
		sandbox.store.purchases.find(
			(p) => p.attributes.deactivated_at === null && p.attributes.payment_type !== 'subscription',
		)!;

	test('Deactivate then Reactivate: POST without a body → the purchase after the change', async () => {
		const purchase = active();
		const deactivated = await runExpectingSuccess(sandbox, {
			resource: 'purchase',
			operation: 'deactivate',
			purchaseId: rl(purchase.id),
		});
		expect(soleRequest(deactivated.requests)).toMatchObject({
			method: 'POST',
			rawPath: `/v1/purchases/${purchase.id}/deactivate`,
			body: undefined,
			status: 200,
		});
		expect(deactivated.items).toEqual([
			expect.objectContaining({ id: purchase.id, type: 'purchases', deactivated_at: expect.any(String) }),
		]);
		const reactivated = await runExpectingSuccess(sandbox, {
			resource: 'purchase',
			operation: 'reactivate',
			purchaseId: rl(purchase.id),
		});
		expect(soleRequest(reactivated.requests).rawPath).toBe(`/v1/purchases/${purchase.id}/reactivate`);
		expect(reactivated.items[0]).toMatchObject({ id: purchase.id, deactivated_at: null });
	});

	test("Cancel Subscription: POST …/cancel_subscription; a purchase without subscription → the API's 422", async () => {
		const subscription = sandbox.store.purchases.find(
			(p) => p.attributes.payment_type === 'subscription' && p.attributes.deactivated_at === null,
		)!;
		const { requests, items } = await runExpectingSuccess(sandbox, {
			resource: 'purchase',
			operation: 'cancelSubscription',
			purchaseId: rl(subscription.id),
		});
		expect(soleRequest(requests)).toMatchObject({
			method: 'POST',
			rawPath: `/v1/purchases/${subscription.id}/cancel_subscription`,
		});
		expect(items[0]).toMatchObject({
			id: subscription.id,
			deactivated_at: expect.any(String),
			deactivation_reason: 'subscription canceled',
		});
		const { message } = await runExpectingFailure(sandbox, {
			resource: 'purchase',
			operation: 'cancelSubscription',
			purchaseId: rl(active().id),
		});
		expect(message).toBe('Invalid fields: Unprocessable Entity: Purchase has no subscription to cancel');
	});
});

describe('Destructive operations: described, never retried', () => {
	const destructive = RESOURCES.flatMap((resource) =>
		resource.endpoints.filter((e) => e.destructive).map((e) => ({ resource: resource.value, operation: e.operation })),
	);

	test('Delete ×3, Remove/Replace Tags, Revoke/Replace Offers ×2, Revoke Offers by Email, Deactivate, Cancel Subscription are destructive', () => {
		expect(destructive.map((d) => `${d.resource}.${d.operation}`).sort()).toEqual(
			[
				'contact.delete',
				'contact.removeTags',
				'contact.replaceTags',
				'contact.revokeOffers',
				'contact.revokeOffersByEmail',
				'contact.replaceOffers',
				'customer.revokeOffers',
				'customer.replaceOffers',
				'contactNote.delete',
				'hook.delete',
				'purchase.deactivate',
				'purchase.cancelSubscription',
			].sort(),
		);
	});

	test.each(destructive)(
		'$resource → $operation says what it does and that it cannot be undone',
		({ resource, operation }) => {
			const option = (
				NODE_PROPERTIES.find(
					(p) => p.name === 'operation' && (p.displayOptions?.show?.resource as string[])[0] === resource,
				)!.options as INodePropertyOptions[]
			).find((o) => o.value === operation)!;
			expect(option.description).toMatch(/\. This cannot be undone\./);
			const notice = propertiesOf(resource, operation).find((p) => p.type === 'notice');
			expect(notice?.displayName).toMatch(/This cannot be undone\.$/);
		},
	);

	test.each([
		{ resource: 'contact', operation: 'delete', contactId: rl('2') },
		{ resource: 'contact', operation: 'revokeOffers', contactId: rl('2'), offerIds: ['1'] },
		{ resource: 'purchase', operation: 'cancelSubscription', purchaseId: rl('1') },
	])('$resource → $operation with Retry On Fail on: refused, nothing sent', async (parameters) => {
		const { message, requests } = await runExpectingFailure(sandbox, parameters, {
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
		});
		expect(message).toContain('"Retry On Fail" is on: this operation cannot be undone and is never retried');
		expect(requests).toHaveLength(0);
	});

	test('a destructive request that fails is sent once (a 500 on Revoke Offers is reported, not retried)', async () => {
		sandbox.failNext({ status: 500, match: (r) => r.method === 'DELETE' });
		const { message, requests } = await runExpectingFailure(sandbox, {
			resource: 'customer',
			operation: 'revokeOffers',
			customerId: rl('3'),
			offerIds: ['1'],
		});
		expect(message).toContain('The Content Platform API answered 500');
		expect(requests).toHaveLength(1);
	});
});

describe('the lists of the Tags and Offers fields (load options)', () => {
	const loadOptions = new ContentPlatform().methods.loadOptions as Record<
		string,
		(this: unknown) => Promise<Array<{ name: string; value: string }>>
	>;

	test('exactly two lists: offers and tags', () => {
		expect(Object.keys(loadOptions).sort()).toEqual(['listOffers', 'listTags']);
	});

	test('Tags: every tag that is not archived, "name (ID)", by name; pages of 100 from GET /v1/contact_tags', async () => {
		sandbox.insertMany('contact_tags', 120, (i) => ({ attributes: { name: `bulk-${String(i).padStart(3, '0')}` } }));
		const context = loadOptionsContext({
			parameters: { resource: 'contact', operation: 'addTags' },
			credentials: accessTokenCredentials(sandbox),
		});
		sandbox.clearRequests();
		const options = await loadOptions.listTags.call(context);
		expect(sandbox.requests.map((r) => [r.rawPath, r.query['page[number]'], r.query['page[size]']])).toEqual([
			['/v1/contact_tags', '1', '100'],
			['/v1/contact_tags', '2', '100'],
		]);
		const visible = sandbox.store.contact_tags.filter((t) => !(t as unknown as { archived?: boolean }).archived);
		expect(options).toHaveLength(visible.length);
		expect(options.map((o) => o.name)).toEqual([...options.map((o) => o.name)].sort((a, b) => a.localeCompare(b)));
		expect(options).toContainEqual({ name: 'customer (2)', value: '2' });
		expect(options.map((o) => o.value)).not.toContain('6');
	});

	test('Offers: "title · price (ID)"', async () => {
		const context = loadOptionsContext({
			parameters: { resource: 'contact', operation: 'grantOffers' },
			credentials: accessTokenCredentials(sandbox),
		});
		const options = await loadOptions.listOffers.call(context);
		const offer = sandbox.find('offers', '1')!;
		expect(options).toHaveLength(sandbox.store.offers.length);
		expect(options).toContainEqual({
			name: `${String(offer.attributes.title)} · ${String(offer.attributes.price_description)} (1)`,
			value: '1',
		});
	});
});

/** Runs the node; expects one successful write request with the JSON:API headers and returns it. */
async function onlyWrite(parameters: INodeParameters) {
	const result = await runWith(sandbox, parameters);
	expect(result.error).toBeUndefined();
	expect(sandbox.requests).toHaveLength(1);
	const request: RecordedRequest = sandbox.requests[0];
	expect(request.headers['content-type']).toBe(JSON_API);
	expect(request.headers.accept).toBe(JSON_API);
	expect(request.headers.authorization).toBe(`Bearer ${sandbox.token}`);
	expect(request.rawQuery).toBe('');
	expect(request.status).toBeLessThan(300);
	return { request, items: result.items.map((item) => item.json) };
}

describe('Contact Note → Create', () => {
	test('POST /v1/contact_notes with data.type, attributes.body and the contact relationship', async () => {
		const before = sandbox.store.contact_notes.length;
		const { request, items } = await onlyWrite({
			resource: 'contactNote',
			operation: 'create',
			contactId: rl('3'),
			body: 'Called about the renewal.\nWill call back on Monday.',
		});
		expect(request.method).toBe('POST');
		expect(request.rawPath).toBe('/v1/contact_notes');
		expect(request.status).toBe(201);
		expect(request.body).toEqual({
			data: {
				type: 'contact_notes',
				attributes: { body: 'Called about the renewal.\nWill call back on Monday.' },
				relationships: { contact: { data: { id: '3', type: 'contacts' } } },
			},
		});
		expect(sandbox.store.contact_notes).toHaveLength(before + 1);
		const created = sandbox.store.contact_notes[before];
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			id: created.id,
			type: 'contact_notes',
			body: created.attributes.body,
			contact_id: '3',
		});
	});

	test('the contact ID is trimmed in the body', async () => {
		const { request } = await onlyWrite({
			resource: 'contactNote',
			operation: 'create',
			contactId: rl('  2 '),
			body: 'Prefers email',
		});
		expect(request.body).toEqual({
			data: {
				type: 'contact_notes',
				attributes: { body: 'Prefers email' },
				relationships: { contact: { data: { id: '2', type: 'contacts' } } },
			},
		});
	});

	test('the contact ID from an expression on the input item', async () => {
		const result = await runWith(
			sandbox,
			{
				resource: 'contactNote',
				operation: 'create',
				contactId: rl('={{ $json.contact }}'),
				body: '={{ "Note for " + $json.contact }}',
			},
			{ input: [{ contact: 5 }] },
		);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests[0].body).toEqual({
			data: {
				type: 'contact_notes',
				attributes: { body: 'Note for 5' },
				relationships: { contact: { data: { id: '5', type: 'contacts' } } },
			},
		});
	});
});

describe('Contact → Update', () => {
	test('PATCH with data.id, data.type and only the attributes that were set', async () => {
		const { request, items } = await onlyWrite({
			resource: 'contact',
			operation: 'update',
			contactId: rl('6'),
			updateFields: { address_city: 'Lisbon', custom_2: 'vip' },
		});
		expect(request.method).toBe('PATCH');
		expect(request.rawPath).toBe('/v1/contacts/6');
		expect(request.body).toEqual({
			data: { id: '6', type: 'contacts', attributes: { address_city: 'Lisbon', custom_2: 'vip' } },
		});
		expect(sandbox.find('contacts', '6')?.attributes).toMatchObject({ address_city: 'Lisbon', custom_2: 'vip' });
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ id: '6', type: 'contacts', address_city: 'Lisbon', custom_2: 'vip' });
	});

	test.each([true, false])('subscribed is sent as the boolean %s', async (subscribed) => {
		const { request } = await onlyWrite({
			resource: 'contact',
			operation: 'update',
			contactId: rl('7'),
			updateFields: { subscribed },
		});
		expect(request.body).toEqual({ data: { id: '7', type: 'contacts', attributes: { subscribed } } });
		expect(sandbox.find('contacts', '7')?.attributes.subscribed).toBe(subscribed);
	});

	test('every attribute the spec lists for PATCH /v1/contacts/{id} can be set', async () => {
		// The spec's PATCH attribute list: the contacts table without the timestamps.
		const names = specAttributes('contacts').filter((name) => !name.endsWith('_at'));
		expect(names).toHaveLength(15);
		const updateFields = Object.fromEntries(
			names.map((name) => [
				name,
				name === 'subscribed' ? true : name === 'email' ? 'new.address@example.com' : `new ${name}`,
			]),
		);
		const { request } = await onlyWrite({ resource: 'contact', operation: 'update', contactId: rl('8'), updateFields });
		expect(request.body).toEqual({ data: { id: '8', type: 'contacts', attributes: updateFields } });
	});

	test('tag IDs typed as a comma list → top-level relationships.tags.data, a sibling of data', async () => {
		const { request } = await onlyWrite({
			resource: 'contact',
			operation: 'update',
			contactId: rl('6'),
			updateFields: { phone_number: '+1 555 0100', tagIds: ' 1, 3 ,,5' },
		});
		expect(request.body).toEqual({
			data: { id: '6', type: 'contacts', attributes: { phone_number: '+1 555 0100' } },
			relationships: {
				tags: {
					data: [
						{ id: '1', type: 'contact_tags' },
						{ id: '3', type: 'contact_tags' },
						{ id: '5', type: 'contact_tags' },
					],
				},
			},
		});
		expect(sandbox.find('contacts', '6')?.relationships.tags.data).toEqual([
			{ id: '1', type: 'contact_tags' },
			{ id: '3', type: 'contact_tags' },
			{ id: '5', type: 'contact_tags' },
		]);
	});

	test('tag IDs as an array from an expression (strings and numbers)', async () => {
		const { request } = await onlyWrite({
			resource: 'contact',
			operation: 'update',
			contactId: rl('6'),
			updateFields: { tagIds: '={{ ["2", 4] }}' },
		});
		expect(request.body).toEqual({
			data: { id: '6', type: 'contacts', attributes: {} },
			relationships: {
				tags: {
					data: [
						{ id: '2', type: 'contact_tags' },
						{ id: '4', type: 'contact_tags' },
					],
				},
			},
		});
	});

	test('tag IDs from an expression on the input item', async () => {
		const result = await runWith(
			sandbox,
			{
				resource: 'contact',
				operation: 'update',
				contactId: rl('={{ $json.id }}'),
				updateFields: { tagIds: '={{ $json.tags }}' },
			},
			{ input: [{ id: '9', tags: ['1', '2'] }] },
		);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests[0].rawPath).toBe('/v1/contacts/9');
		expect(sandbox.requests[0].body).toEqual({
			data: { id: '9', type: 'contacts', attributes: {} },
			relationships: {
				tags: {
					data: [
						{ id: '1', type: 'contact_tags' },
						{ id: '2', type: 'contact_tags' },
					],
				},
			},
		});
	});

	test('without Tag IDs there is no relationships member', async () => {
		const { request } = await onlyWrite({
			resource: 'contact',
			operation: 'update',
			contactId: rl('10'),
			updateFields: { name: 'Ada Lovelace' },
		});
		expect(request.body).not.toHaveProperty('relationships');
		expect(request.body).not.toHaveProperty('data.relationships');
	});

	test('the ID in the path and in data.id is the same trimmed ID', async () => {
		const { request } = await onlyWrite({
			resource: 'contact',
			operation: 'update',
			contactId: rl(' 11 '),
			updateFields: { custom_1: 'x' },
		});
		expect(request.rawPath).toBe('/v1/contacts/11');
		expect(request.body).toEqual({ data: { id: '11', type: 'contacts', attributes: { custom_1: 'x' } } });
	});
});

describe('Form → Submit', () => {
	test('POST /v1/forms/{id}/submit with data.type and the attributes set', async () => {
		const before = sandbox.store.form_submissions.length;
		const { request, items } = await onlyWrite({
			resource: 'form',
			operation: 'submit',
			formId: rl('3'),
			submissionFields: { email: 'lin@example.com', name: 'Lin', custom_2: 'webinar', address_country: 'PT' },
		});
		expect(request.method).toBe('POST');
		expect(request.rawPath).toBe('/v1/forms/3/submit');
		expect(request.status).toBe(201);
		expect(request.body).toEqual({
			data: {
				type: 'form_submissions',
				attributes: { email: 'lin@example.com', name: 'Lin', custom_2: 'webinar', address_country: 'PT' },
			},
		});
		expect(sandbox.store.form_submissions).toHaveLength(before + 1);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			id: sandbox.store.form_submissions[before].id,
			type: 'form_submissions',
			email: 'lin@example.com',
			name: 'Lin',
			custom_2: 'webinar',
			address_country: 'PT',
			form_id: '3',
		});
	});

	test("all 13 string fields of the spec's submit body", async () => {
		const names = specAttributes('form_submissions');
		expect(names).toHaveLength(13);
		const submissionFields = Object.fromEntries(
			names.map((name) => [name, name === 'email' ? 'all.fields@example.com' : `value of ${name}`]),
		);
		const { request } = await onlyWrite({ resource: 'form', operation: 'submit', formId: rl('1'), submissionFields });
		expect(request.body).toEqual({ data: { type: 'form_submissions', attributes: submissionFields } });
	});
});

describe('Simplify on writes: the answered resource object flattened (default), or raw with Simplify off', () => {
	const WRITES: Array<{
		name: string;
		parameters: INodeParameters;
		simple: Record<string, unknown>;
		raw: Record<string, unknown>;
	}> = [
		{
			name: 'Contact Note → Create',
			parameters: { resource: 'contactNote', operation: 'create', contactId: rl('4'), body: 'Raw or simple' },
			simple: { type: 'contact_notes', body: 'Raw or simple', contact_id: '4' },
			raw: {
				type: 'contact_notes',
				attributes: { body: 'Raw or simple' },
				relationships: { contact: { data: { id: '4', type: 'contacts' } } },
			},
		},
		{
			name: 'Contact → Update',
			parameters: {
				resource: 'contact',
				operation: 'update',
				contactId: rl('9'),
				updateFields: { custom_3: 'raw or simple' },
			},
			simple: { id: '9', type: 'contacts', custom_3: 'raw or simple' },
			raw: { id: '9', type: 'contacts', attributes: { custom_3: 'raw or simple' } },
		},
		{
			name: 'Form → Submit',
			parameters: {
				resource: 'form',
				operation: 'submit',
				formId: rl('2'),
				submissionFields: { email: 'raw@example.com' },
			},
			simple: { type: 'form_submissions', email: 'raw@example.com', form_id: '2' },
			raw: {
				type: 'form_submissions',
				attributes: { email: 'raw@example.com' },
				relationships: { form: { data: { id: '2', type: 'forms' } } },
			},
		},
	];

	test.each(WRITES)('$name', async ({ parameters, simple, raw }) => {
		const byDefault = await onlyWrite(parameters);
		expect(byDefault.items).toHaveLength(1);
		expect(byDefault.items[0]).toMatchObject(simple);
		expect(byDefault.items[0]).not.toHaveProperty('attributes');
		expect(byDefault.items[0]).not.toHaveProperty('relationships');

		const off = await onlyWrite({ ...parameters, simple: false });
		expect(off.items).toHaveLength(1);
		expect(off.items[0]).toMatchObject(raw);
		expect(
			Object.keys(off.items[0]).filter((key) => !['id', 'type', 'attributes', 'relationships', 'links'].includes(key)),
		).toEqual([]);
	});
});
