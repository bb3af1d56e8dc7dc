/**
 * Find or create (issue 24 item 4) through n8n's engine against the sandbox: Contact → Create or
 * Update (`upsert`) and Contact → Grant Offers by Email. The rules tested here are the ones
 * docs/operations.md states: the email is trimmed and matched without regard to case, only on the
 * chosen site; several matches → the oldest contact; items of one execution that name the same
 * person are handled one after the other (n8n runs a declarative node's items concurrently), so
 * one execution never creates two contacts for one email, and a re-run creates nothing new.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import { rl, runWith, useSandbox } from './helpers/fixtures';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

const wire = (request: RecordedRequest) => `${request.method} ${request.rawPath}`;
/** The n-th seeded contact of site 1. */
const onSite1 = (n: number) =>
	sandbox.store.contacts.filter((c) => (c.relationships.site?.data as { id: string } | null)?.id === '1')[n];
const contactsWith = (email: string) =>
	sandbox.store.contacts.filter((c) => String(c.attributes.email).toLowerCase() === email.toLowerCase());

async function run(parameters: INodeParameters, input?: IDataObject[]) {
	const result = await runWith(sandbox, parameters, { input });
	expect(result.error).toBeUndefined();
	return { requests: [...sandbox.requests], items: result.items.map((item) => item.json) };
}

const upsert = (email: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'contact',
	operation: 'upsert',
	siteId: rl('1'),
	email,
	...extra,
});

describe('Contact → Create or Update', () => {
	test('a new email: one lookup on the site, then POST; created: true', async () => {
		const { requests, items } = await run(
			upsert('New.Person@Example.com', { additionalFields: { name: 'New Person' } }),
		);
		expect(requests.map(wire)).toEqual(['GET /v1/contacts', 'POST /v1/contacts']);
		expect(requests[0].query).toMatchObject({
			'filter[site_id]': '1',
			'filter[email_contains]': 'New.Person@Example.com',
		});
		expect(requests[1].body).toEqual({
			data: {
				type: 'contacts',
				attributes: { email: 'New.Person@Example.com', name: 'New Person' },
				relationships: { site: { data: { type: 'sites', id: '1' } } },
			},
		});
		expect(items).toEqual([
			expect.objectContaining({ type: 'contacts', email: 'New.Person@Example.com', created: true }),
		]);
		expect(contactsWith('new.person@example.com')).toHaveLength(1);
	});

	test('run twice on the same input: the first creates, the second updates; one contact in the end', async () => {
		const parameters = upsert('twice@example.com', { additionalFields: { name: 'First' } });
		const first = await run(parameters);
		const second = await run({ ...parameters, additionalFields: { name: 'Second' } });
		expect(first.items[0].created).toBe(true);
		expect(second.items[0].created).toBe(false);
		expect(second.requests.map(wire)).toEqual(['GET /v1/contacts', `PATCH /v1/contacts/${first.items[0].id}`]);
		expect(second.requests[1].body).toEqual({
			data: { id: first.items[0].id, type: 'contacts', attributes: { name: 'Second' } },
		});
		expect(contactsWith('twice@example.com').map((c) => c.attributes.name)).toEqual(['Second']);
	});

	test('an existing contact matched whatever the case and surrounding spaces of the email', async () => {
		const known = onSite1(4);
		const typed = `  ${String(known.attributes.email).toUpperCase()} `;
		const { requests, items } = await run(upsert(typed, { additionalFields: { address_city: 'Porto' } }));
		expect(requests.map(wire)).toEqual(['GET /v1/contacts', `PATCH /v1/contacts/${known.id}`]);
		expect(requests[0].query['filter[email_contains]']).toBe(typed.trim());
		expect(items[0]).toMatchObject({ id: known.id, created: false, address_city: 'Porto' });
		expect(known.attributes.email).not.toBe(typed.trim());
	});

	test('a contact whose email only contains the typed one is not a match', async () => {
		sandbox.insert('contacts', { email: 'xzed@example.com.au', name: 'Not Zed' }, { site: '1' });
		const { requests, items } = await run(upsert('zed@example.com'));
		expect(requests.map(wire)).toEqual(['GET /v1/contacts', 'POST /v1/contacts']);
		expect(items[0].created).toBe(true);
	});

	test('several contacts with the email (differing only in case): the oldest is updated, none created', async () => {
		const [oldest, newer] = sandbox.insertCaseTwins();
		const { requests, items } = await run(upsert('TWIN@example.com', { additionalFields: { name: 'Updated' } }));
		expect(requests.map(wire)).toEqual(['GET /v1/contacts', `PATCH /v1/contacts/${oldest.id}`]);
		expect(items[0]).toMatchObject({ id: oldest.id, created: false });
		expect(newer.attributes.name).toBe('Twin Two');
	});

	test('multi-site rule: a contact with the email on another site is not matched; one is created on this site', async () => {
		sandbox.insert('contacts', { email: 'both@example.com', name: 'On site 2' }, { site: '2' });
		const { requests, items } = await run(upsert('both@example.com'));
		expect(requests[0].query['filter[site_id]']).toBe('1');
		expect(requests.map(wire)).toEqual(['GET /v1/contacts', 'POST /v1/contacts']);
		expect(items[0]).toMatchObject({ created: true, site_id: '1' });
		expect(contactsWith('both@example.com')).toHaveLength(2);
	});

	test('items of one execution naming one person: one POST, then PATCHes; one contact', async () => {
		const input = [
			{ email: 'same@example.com', name: 'A' },
			{ email: ' SAME@example.com', name: 'B' },
			{ email: 'Same@Example.com ', name: 'C' },
			{ email: 'other@example.com', name: 'D' },
		];
		const { requests, items } = await run(
			upsert('={{ $json.email }}', { additionalFields: { name: '={{ $json.name }}' } }),
			input,
		);
		const writes = requests.filter((r) => r.method !== 'GET').map(wire);
		expect(writes.filter((w) => w === 'POST /v1/contacts')).toHaveLength(2);
		expect(writes.filter((w) => w.startsWith('PATCH'))).toHaveLength(2);
		expect(contactsWith('same@example.com')).toHaveLength(1);
		expect(items.map((i) => i.created)).toEqual([true, false, false, true]);
		expect(new Set(items.slice(0, 3).map((i) => i.id)).size).toBe(1);
		// a re-run of the same items creates nothing new
		const again = await run(upsert('={{ $json.email }}', { additionalFields: { name: '={{ $json.name }}' } }), input);
		expect(again.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
		expect(again.items.map((i) => i.created)).toEqual([false, false, false, false]);
	});

	test('bad input is refused before any request: no email, an invalid email, no site', async () => {
		for (const [parameters, words] of [
			[upsert('={{ "  " }}'), '"Email" is empty'],
			[upsert('not-an-email'), 'not an email address'],
			[{ ...upsert('a@example.com'), siteId: rl('={{ $json.site ?? "" }}') }, '"Site" is empty'],
		] as const) {
			const result = await runWith(sandbox, parameters);
			expect(String(result.error?.message)).toContain(words);
			expect(sandbox.requests).toHaveLength(0);
		}
	});
});

describe('Contact → Grant Offers by Email', () => {
	const grant = (email: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'contact',
		operation: 'grantOffersByEmail',
		siteId: rl('1'),
		email,
		offerIds: ['2'],
		...extra,
	});

	test('a new person: looked up, created, then granted', async () => {
		const { requests, items } = await run(grant('newbie@example.com', { additionalFields: { name: 'Newbie' } }));
		expect(requests.map(wire)).toEqual([
			'GET /v1/contacts',
			'POST /v1/contacts',
			expect.stringMatching(/^POST \/v1\/contacts\/\d+\/relationships\/offers$/),
		]);
		expect(requests[2].body).toEqual({
			data: [{ type: 'offers', id: '2' }],
			meta: { send_customer_welcome_email: true },
		});
		const [contact] = contactsWith('newbie@example.com');
		expect(items).toEqual([
			expect.objectContaining({ id: contact.id, type: 'contacts', offers_ids: ['2'], created: true }),
		]);
		expect(sandbox.supplement.grants).toEqual([expect.objectContaining({ offer: '2', contact: contact.id })]);
	});

	test('a known person (typed in another case): granted, nothing created', async () => {
		const known = onSite1(2);
		const { requests, items } = await run(
			grant(String(known.attributes.email).toUpperCase(), { sendWelcomeEmail: false }),
		);
		expect(requests.map(wire)).toEqual(['GET /v1/contacts', `POST /v1/contacts/${known.id}/relationships/offers`]);
		expect(requests[1].body).toEqual({
			data: [{ type: 'offers', id: '2' }],
			meta: { send_customer_welcome_email: false },
		});
		expect(items[0]).toMatchObject({ id: known.id, created: false });
	});

	test('two items for one new person in one execution: one contact, two grants', async () => {
		const { requests, items } = await run(grant('={{ $json.email }}', { offerIds: '={{ $json.offer }}' }), [
			{ email: 'pair@example.com', offer: '1' },
			{ email: 'Pair@example.com', offer: '3' },
		]);
		expect(requests.filter((r) => wire(r) === 'POST /v1/contacts')).toHaveLength(1);
		expect(contactsWith('pair@example.com')).toHaveLength(1);
		expect(items.map((i) => i.created).sort()).toEqual([false, true]);
	});
});
