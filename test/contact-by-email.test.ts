/**
 * The contact found by its email, or created once, through n8n's engine against the sandbox:
 * Contact → Create or Update (`upsert`) and Contact → Grant Offers by Email. The rules tested here are the ones docs/operations.md
 * states: the email is trimmed and matched without regard to case, only on the chosen site;
 * several matches → the oldest contact; items of one execution, and executions of one n8n process,
 * that name the same person take turns (n8n runs a declarative node's items concurrently, and
 * overlapping executions at once), so they never create two contacts for one email, and a re-run
 * creates nothing new; a create the API refuses with "has already been taken" (another process
 * created the contact after the lookup) is answered by updating (granting to) that contact.
 */
import * as workflow from 'n8n-workflow';
import type { INodeParameters, INodeType } from 'n8n-workflow';

import { emailLocksHeld } from '../nodes/ContentPlatform/resources/contact/byEmail';
import type { RecordedRequest, Sandbox } from './sandbox';
import { rl, runWith, useSandbox, runExpectingSuccess, wire } from './helpers/fixtures';
import { registerNodeType } from './helpers/harness';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

/** The n-th seeded contact of site 1. */
const onSite1 = (n: number) =>
	sandbox.store.contacts.filter((c) => (c.relationships.site?.data as { id: string } | null)?.id === '1')[n];
const contactsWith = (email: string) =>
	sandbox.store.contacts.filter((c) => String(c.attributes.email).toLowerCase() === email.toLowerCase());

const upsert = (email: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'contact',
	operation: 'upsert',
	siteId: rl('1'),
	email,
	...extra,
});

describe('Contact → Create or Update', () => {
	test('a new email: one lookup on the site, then POST; created: true', async () => {
		const { requests, items } = await runExpectingSuccess(
			sandbox,
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
		const first = await runExpectingSuccess(sandbox, parameters);
		const second = await runExpectingSuccess(sandbox, { ...parameters, additionalFields: { name: 'Second' } });
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
		const { requests, items } = await runExpectingSuccess(
			sandbox,
			upsert(typed, { additionalFields: { address_city: 'Porto' } }),
		);
		expect(requests.map(wire)).toEqual(['GET /v1/contacts', `PATCH /v1/contacts/${known.id}`]);
		expect(requests[0].query['filter[email_contains]']).toBe(typed.trim());
		expect(items[0]).toMatchObject({ id: known.id, created: false, address_city: 'Porto' });
		expect(known.attributes.email).not.toBe(typed.trim());
	});

	test('a contact whose email only contains the typed one is not a match', async () => {
		sandbox.insert('contacts', { email: 'xzed@example.com.au', name: 'Not Zed' }, { site: '1' });
		const { requests, items } = await runExpectingSuccess(sandbox, upsert('zed@example.com'));
		expect(requests.map(wire)).toEqual(['GET /v1/contacts', 'POST /v1/contacts']);
		expect(items[0].created).toBe(true);
	});

	test('several contacts with the email (differing only in case): the oldest is updated, none created', async () => {
		const [oldest, newer] = sandbox.insertCaseTwins();
		const { requests, items } = await runExpectingSuccess(
			sandbox,
			upsert('TWIN@example.com', { additionalFields: { name: 'Updated' } }),
		);
		expect(requests.map(wire)).toEqual(['GET /v1/contacts', `PATCH /v1/contacts/${oldest.id}`]);
		expect(items[0]).toMatchObject({ id: oldest.id, created: false });
		expect(newer.attributes.name).toBe('Twin Two');
	});

	test('multi-site rule: a contact with the email on another site is not matched; one is created on this site', async () => {
		sandbox.insert('contacts', { email: 'both@example.com', name: 'On site 2' }, { site: '2' });
		const { requests, items } = await runExpectingSuccess(sandbox, upsert('both@example.com'));
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
		const { requests, items } = await runExpectingSuccess(
			sandbox,
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
		const again = await runExpectingSuccess(
			sandbox,
			upsert('={{ $json.email }}', { additionalFields: { name: '={{ $json.name }}' } }),
			input,
		);
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
		const { requests, items } = await runExpectingSuccess(
			sandbox,
			grant('newbie@example.com', { additionalFields: { name: 'Newbie' } }),
		);
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
		const { requests, items } = await runExpectingSuccess(
			sandbox,
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
		const { requests, items } = await runExpectingSuccess(
			sandbox,
			grant('={{ $json.email }}', { offerIds: '={{ $json.offer }}' }),
			[
				{ email: 'pair@example.com', offer: '1' },
				{ email: 'Pair@example.com', offer: '3' },
			],
		);
		expect(requests.filter((r) => wire(r) === 'POST /v1/contacts')).toHaveLength(1);
		expect(contactsWith('pair@example.com')).toHaveLength(1);
		expect(items.map((i) => i.created).sort()).toEqual([false, true]);
	});
});

/**
 * The node as a second n8n process (a queue-mode worker) has it: loaded again in its own module
 * registry, so its module-level person lock is its own (n8n-workflow is the same module, as both
 * workers run the same n8n). Registered as `contentPlatformOtherProcess`.
 */
function otherProcessNode(): INodeType {
	let Type!: new () => INodeType;
	jest.isolateModules(() => {
		jest.doMock('n8n-workflow', () => workflow);
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		Type = (require('../nodes/ContentPlatform/ContentPlatform.node') as { ContentPlatform: new () => INodeType })
			.ContentPlatform;
	});
	return new Type();
}
registerNodeType('contentPlatformOtherProcess', otherProcessNode());

describe('executions that overlap', () => {
	const upsertNew = (name: string) => upsert('Lead@Example.com', { additionalFields: { name } });
	const grantNew = (offer: string) => ({
		resource: 'contact',
		operation: 'grantOffersByEmail',
		siteId: rl('1'),
		email: 'lead@example.com ',
		offerIds: [offer],
	});
	const isLookup = (r: RecordedRequest) => r.method === 'GET' && r.rawPath === '/v1/contacts';
	const isCreate = (r: RecordedRequest) => r.method === 'POST' && r.rawPath === '/v1/contacts';

	/** Two executions started together (own execution IDs); `other`: the second runs as another process. */
	async function together(first: INodeParameters, second: INodeParameters, other = false) {
		sandbox.clearRequests();
		const results = await Promise.all([
			runWith(sandbox, first, { executionId: '101', keepRequests: true }),
			runWith(sandbox, second, {
				executionId: '102',
				keepRequests: true,
				...(other ? { type: 'contentPlatformOtherProcess' } : {}),
			}),
		]);
		return { results, requests: [...sandbox.requests], items: results.map((r) => r.items[0]?.json) };
	}

	describe.each([
		['refuses a second contact with the email (422)', false],
		['accepts a second contact with the email', true],
	])('one n8n process, an API that %s', (_words, accepts) => {
		beforeEach(() => {
			sandbox.adversity.acceptDuplicateEmails = accepts;
		});

		test('Create or Update ×2 for one new email: the second waits, finds the first’s contact and updates it', async () => {
			const { results, requests, items } = await together(upsertNew('First'), upsertNew('Second'));
			expect(results.map((r) => r.error)).toEqual([undefined, undefined]);
			expect(contactsWith('lead@example.com')).toHaveLength(1);
			const [contact] = contactsWith('lead@example.com');
			expect(requests.filter(isCreate)).toHaveLength(1);
			expect(requests.filter((r) => r.status === 422)).toHaveLength(0);
			// one lookup, the create, then the update of the created contact: the turns in wire order
			expect(requests.map(wire)).toEqual(['GET /v1/contacts', 'POST /v1/contacts', `PATCH /v1/contacts/${contact.id}`]);
			expect(items.map((i) => i?.created).sort()).toEqual([false, true]);
			expect(items.map((i) => i?.id)).toEqual([contact.id, contact.id]);
			expect(emailLocksHeld()).toBe(0);
		});

		test('Grant Offers by Email ×2 for one new email: one contact, both grants', async () => {
			const { results, requests, items } = await together(grantNew('1'), grantNew('3'));
			expect(results.map((r) => r.error)).toEqual([undefined, undefined]);
			const [contact, ...others] = contactsWith('lead@example.com');
			expect(others).toHaveLength(0);
			expect(requests.filter(isCreate)).toHaveLength(1);
			expect(requests.filter((r) => r.status === 422)).toHaveLength(0);
			expect(items.map((i) => i?.created).sort()).toEqual([false, true]);
			expect(sandbox.supplement.grants.map((g) => [g.offer, g.contact]).sort()).toEqual([
				['1', contact.id],
				['3', contact.id],
			]);
			expect(emailLocksHeld()).toBe(0);
		});
	});

	describe('two n8n processes (own locks), both lookups answered before either create', () => {
		beforeEach(() => {
			sandbox.hold({ match: isLookup, count: 2 });
		});

		test('Create or Update, API refusing the second contact: the 422 is answered by the update; both succeed, one contact', async () => {
			const { results, requests, items } = await together(upsertNew('First'), upsertNew('Second'), true);
			expect(results.map((r) => r.error)).toEqual([undefined, undefined]);
			const [contact, ...others] = contactsWith('lead@example.com');
			expect(others).toHaveLength(0);
			const creates = requests.filter(isCreate);
			expect(creates.map((r) => r.status).sort()).toEqual([201, 422]);
			// the refused one looked the contact up again (3 lookups in all) and updated it
			expect(requests.filter(isLookup)).toHaveLength(3);
			expect(requests.filter((r) => r.method === 'PATCH').map(wire)).toEqual([`PATCH /v1/contacts/${contact.id}`]);
			expect(items.map((i) => i?.created).sort()).toEqual([false, true]);
			expect(items.map((i) => i?.id)).toEqual([contact.id, contact.id]);
			expect(['First', 'Second']).toContain(contact.attributes.name);
		});

		test('Grant Offers by Email, API refusing the second contact: the refused one grants to the contact the other created', async () => {
			const { results, requests, items } = await together(grantNew('1'), grantNew('3'), true);
			expect(results.map((r) => r.error)).toEqual([undefined, undefined]);
			const [contact, ...others] = contactsWith('lead@example.com');
			expect(others).toHaveLength(0);
			expect(
				requests
					.filter(isCreate)
					.map((r) => r.status)
					.sort(),
			).toEqual([201, 422]);
			expect(items.map((i) => i?.created).sort()).toEqual([false, true]);
			expect(items.map((i) => i?.id)).toEqual([contact.id, contact.id]);
			expect(sandbox.supplement.grants.map((g) => [g.offer, g.contact]).sort()).toEqual([
				['1', contact.id],
				['3', contact.id],
			]);
		});

		test('an API accepting the second contact: two contacts (what the README says remains); the next run uses the oldest', async () => {
			sandbox.adversity.acceptDuplicateEmails = true;
			const { results, items } = await together(upsertNew('First'), upsertNew('Second'), true);
			expect(results.map((r) => r.error)).toEqual([undefined, undefined]);
			expect(items.map((i) => i?.created)).toEqual([true, true]);
			const twins = contactsWith('lead@example.com');
			expect(twins).toHaveLength(2);
			const oldest = [...twins].sort((a, b) => Number(a.id) - Number(b.id))[0];
			const next = await runExpectingSuccess(sandbox, upsertNew('Third'));
			expect(next.requests.map(wire)).toEqual(['GET /v1/contacts', `PATCH /v1/contacts/${oldest.id}`]);
			const granted = await runExpectingSuccess(sandbox, grantNew('2'));
			expect(granted.items[0]).toMatchObject({ id: oldest.id, created: false });
		});
	});

	describe('the refusal answered is only "has already been taken", and only once', () => {
		const taken = {
			errors: [
				{
					status: '422',
					title: 'Unprocessable Entity',
					detail: 'has already been taken',
					source: { pointer: '/data/attributes/email' },
				},
			],
		};

		test('another 422 of the create fails the item as before: no second lookup, no update', async () => {
			sandbox.failNext({
				match: isCreate,
				status: 422,
				body: {
					errors: [
						{
							status: '422',
							title: 'Unprocessable Entity',
							detail: 'is too long',
							source: { pointer: '/data/attributes/name' },
						},
					],
				},
			});
			const result = await runWith(sandbox, upsertNew('x'));
			expect(result.error?.message).toBe(
				'Invalid fields: Unprocessable Entity: is too long (at /data/attributes/name)',
			);
			expect(sandbox.requests.map(wire)).toEqual(['GET /v1/contacts', 'POST /v1/contacts']);
		});

		test('"taken" but the second lookup still finds nobody: the 422 fails the item after one more lookup', async () => {
			sandbox.failNext({ match: isCreate, status: 422, body: taken, times: 2 });
			for (const parameters of [upsertNew('x'), grantNew('1')]) {
				const result = await runWith(sandbox, parameters);
				expect(result.error?.message).toMatch(
					/^Invalid fields: Unprocessable Entity: has already been taken \(at \/data\/attributes\/email\)/,
				);
				expect(sandbox.requests.map(wire)).toEqual(['GET /v1/contacts', 'POST /v1/contacts', 'GET /v1/contacts']);
			}
			expect(contactsWith('lead@example.com')).toHaveLength(0);
			expect(emailLocksHeld()).toBe(0);
		});
	});
});
