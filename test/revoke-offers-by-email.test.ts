/**
 * Contact → Revoke Offers by Email through n8n's engine against the sandbox: the contact is found
 * as Grant Offers by Email finds it (trimmed, any case, on the chosen site, the oldest of several)
 * and never created; when no contact has the email the item says `found: false` and no DELETE is
 * sent. Destructive like Revoke Offers: refused with "Retry On Fail" and, as an AI tool, with
 * model-chosen values unless "Allow Model-Chosen Values" is on.
 */
import type { INodeParameters } from 'n8n-workflow';

import { ContentPlatform } from '../nodes/ContentPlatform/ContentPlatform.node';
import { ALLOW_MODEL_VALUES } from '../nodes/ContentPlatform/builders/guards';
import type { Sandbox } from './sandbox';
import { accessTokenCredentials, rl, runWith, useSandbox, wire } from './helpers/fixtures';
import { registerNodeType, runNode } from './helpers/harness';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

const siteOf = (contact: { relationships: Record<string, { data: unknown }> }) =>
	(contact.relationships.site?.data as { id: string } | null)?.id;
const offersOf = (contact: { relationships: Record<string, { data: unknown }> }) =>
	((contact.relationships.offers?.data ?? []) as Array<{ id: string }>).map((o) => o.id);

/** A site-1 contact with at least one offer, and its first offer. */
function siteContactWithOffer() {
	const contact = sandbox.store.contacts.find((c) => siteOf(c) === '1' && offersOf(c).length > 0)!;
	return { contact, offerId: offersOf(contact)[0] };
}

const revokeByEmail = (email: string, offerIds: unknown, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'contact',
	operation: 'revokeOffersByEmail',
	siteId: rl('1'),
	email,
	offerIds: offerIds as string[],
	...extra,
});

describe('Contact → Revoke Offers by Email', () => {
	test('found: one lookup on the site, then the DELETE; the item is the contact’s offers after it, found: true', async () => {
		const { contact, offerId } = siteContactWithOffer();
		const email = String(contact.attributes.email);
		const result = await runWith(sandbox, revokeByEmail(email, [offerId]));
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map(wire)).toEqual([
			'GET /v1/contacts',
			`DELETE /v1/contacts/${contact.id}/relationships/offers`,
		]);
		expect(sandbox.requests[0].query).toMatchObject({ 'filter[site_id]': '1', 'filter[email_contains]': email });
		expect(sandbox.requests[1].body).toEqual({ data: [{ type: 'offers', id: offerId }] });
		expect(result.items.map((i) => i.json)).toEqual([
			{ id: contact.id, type: 'contacts', email, offers_ids: offersOf(contact), found: true },
		]);
		expect(offersOf(contact)).not.toContain(offerId);
		expect(sandbox.supplement.revocations).toEqual([expect.objectContaining({ offer: offerId })]);
	});

	test('without Simplify: the document as it came, with contact_id and found', async () => {
		const { contact, offerId } = siteContactWithOffer();
		const result = await runWith(
			sandbox,
			revokeByEmail(String(contact.attributes.email), [offerId], { simple: false }),
		);
		expect(result.items[0].json).toMatchObject({ contact_id: contact.id, found: true, data: expect.any(Array) });
	});

	test('not found: found: false, nothing after the lookup (no DELETE, no contact created)', async () => {
		const contacts = sandbox.store.contacts.length;
		const result = await runWith(sandbox, revokeByEmail(' Nobody@Example.com ', ['1']));
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map(wire)).toEqual(['GET /v1/contacts']);
		expect(result.items.map((i) => i.json)).toEqual([
			{ id: null, type: 'contacts', email: 'Nobody@Example.com', offers_ids: [], found: false },
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(sandbox.store.contacts).toHaveLength(contacts);
		expect(sandbox.supplement.revocations).toHaveLength(0);
	});

	test('a contact with the email on another site only: found: false', async () => {
		sandbox.insert('contacts', { email: 'elsewhere@example.com' }, { site: '2', offers: ['1'] });
		const result = await runWith(sandbox, revokeByEmail('elsewhere@example.com', ['1']));
		expect(sandbox.requests.map(wire)).toEqual(['GET /v1/contacts']);
		expect(result.items[0].json.found).toBe(false);
	});

	test('matched whatever the case and surrounding spaces of the email', async () => {
		const { contact, offerId } = siteContactWithOffer();
		const typed = `  ${String(contact.attributes.email).toUpperCase()}\t`;
		const result = await runWith(sandbox, revokeByEmail(typed, [offerId]));
		expect(sandbox.requests[0].query['filter[email_contains]']).toBe(typed.trim());
		expect(sandbox.requests.map(wire)).toEqual([
			'GET /v1/contacts',
			`DELETE /v1/contacts/${contact.id}/relationships/offers`,
		]);
		expect(result.items[0].json).toMatchObject({ id: contact.id, email: typed.trim(), found: true });
	});

	test('two contacts with the email (differing only in case): the oldest', async () => {
		const [oldest, newer] = sandbox.insertCaseTwins();
		const result = await runWith(sandbox, revokeByEmail('TWIN@example.com', ['1']));
		expect(sandbox.requests.map(wire)).toEqual([
			'GET /v1/contacts',
			`DELETE /v1/contacts/${oldest.id}/relationships/offers`,
		]);
		expect(result.items[0].json).toMatchObject({ id: oldest.id, found: true });
		expect(newer.id).not.toBe(oldest.id);
	});

	test('refused before any request when "Retry On Fail" is on', async () => {
		const { contact, offerId } = siteContactWithOffer();
		const result = await runWith(sandbox, revokeByEmail(String(contact.attributes.email), [offerId]), {
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
		});
		expect(result.error?.message).toMatch(/"Retry On Fail" is on: this operation cannot be undone/);
		expect(sandbox.requests).toHaveLength(0);
		expect(offersOf(contact)).toContain(offerId);
	});

	test('bad input is refused before any request: no email, an invalid email, no offers', async () => {
		for (const [parameters, words] of [
			[revokeByEmail('={{ "  " }}', ['1']), '"Email" is empty'],
			[revokeByEmail('not-an-email', ['1']), 'not an email address'],
			[revokeByEmail('a@example.com', '={{ "" }}'), '"Offers" is empty'],
		] as const) {
			const result = await runWith(sandbox, parameters);
			expect(String(result.error?.message)).toContain(words);
			expect(sandbox.requests).toHaveLength(0);
		}
	});

	describe('as an AI tool', () => {
		/** The tool twin as n8n's loader makes it: the same node, its type name ending in `Tool`. */
		const tool = new ContentPlatform();
		tool.description = { ...tool.description, name: 'contentPlatformTool', displayName: 'Content Platform Tool' };
		registerNodeType('contentPlatformTool', tool);
		const fromAi = (key: string) => `={{ $fromAI('${key}', 'the ${key}', 'string') }}`;

		async function runTool(parameters: INodeParameters, args: Record<string, string>) {
			sandbox.clearRequests();
			return await runNode({
				type: 'contentPlatformTool',
				parameters,
				credentials: accessTokenCredentials(sandbox),
				input: [args],
			});
		}

		test('an email or offers from $fromAI is refused before any request', async () => {
			const { contact, offerId } = siteContactWithOffer();
			const email = String(contact.attributes.email);
			const result = await runTool(revokeByEmail(fromAi('email'), fromAi('offerIds')), { email, offerIds: offerId });
			expect(result.error?.message).toBe(
				"Refused: this operation cannot be undone, and its email, offerIds would come from the model ($fromAI() or the tool's input). Nothing was changed.",
			);
			expect(sandbox.requests).toHaveLength(0);
			expect(offersOf(contact)).toContain(offerId);
		});

		test('with "Allow Model-Chosen Values" on, the model’s email is looked up and its offers revoked', async () => {
			const { contact, offerId } = siteContactWithOffer();
			const email = String(contact.attributes.email);
			const result = await runTool(revokeByEmail(fromAi('email'), fromAi('offerIds'), { [ALLOW_MODEL_VALUES]: true }), {
				email,
				offerIds: offerId,
			});
			expect(result.error).toBeUndefined();
			expect(sandbox.requests.map(wire)).toEqual([
				'GET /v1/contacts',
				`DELETE /v1/contacts/${contact.id}/relationships/offers`,
			]);
			expect(result.items[0].json).toMatchObject({ id: contact.id, found: true });
			expect(offersOf(contact)).not.toContain(offerId);
		});
	});
});
