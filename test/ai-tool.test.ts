/**
 * The node as an AI tool, through n8n's engine against the sandbox: the tool twin n8n
 * makes of the node (`contentPlatformTool`, registered here as n8n's loader names it) with fields
 * written as `$fromAI()`. `$fromAI(key)` reads the tool call's arguments from the node's input
 * item (n8n-workflow's WorkflowDataProxy), so the input item plays the model's tool call.
 *
 * The guard (ContentPlatform/builders/guards.ts): a destructive operation refuses, before any request,
 * when a field comes from `$fromAI()` and "Allow Model-Chosen Values" is off; fixed IDs and
 * non-destructive operations are not affected.
 */
import { NodeHelpers, type INodeParameters, type INodeType } from 'n8n-workflow';

import { ContentPlatform } from '../nodes/ContentPlatform/ContentPlatform.node';
import { ALLOW_MODEL_VALUES, parametersFromModel } from '../nodes/ContentPlatform/builders/guards';
import type { Sandbox } from './sandbox';
import { accessTokenCredentials, relatedIds, rl, useSandbox } from './helpers/fixtures';
import { registerNodeType, runNode } from './helpers/harness';

let sandbox: Sandbox;
useSandbox((started) => {
	sandbox = started;
});

/** The tool twin as n8n's loader makes it: the same node, its type name ending in `Tool`. */
function toolTwin(): INodeType {
	const node = new ContentPlatform();
	node.description = { ...node.description, name: 'contentPlatformTool', displayName: 'Content Platform Tool' };
	return node;
}
registerNodeType('contentPlatformTool', toolTwin());

const fromAi = (key: string) => `={{ $fromAI('${key}', 'the ${key}', 'string') }}`;

/** Runs the tool twin with the model's tool-call arguments as its input item. */
async function runTool(parameters: INodeParameters, args: Record<string, string>) {
	sandbox.clearRequests();
	return await runNode({
		type: 'contentPlatformTool',
		parameters,
		credentials: accessTokenCredentials(sandbox),
		input: [args],
	});
}

/** A contact with an offer granted, and the offer. */
function grantedContactAndOffer() {
	const contact = sandbox.store.contacts.find((c) => relatedIds(c, 'offers').length > 0)!;
	return { contactId: contact.id, offerId: relatedIds(contact, 'offers')[0] };
}

const revokeFromAi = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'contact',
	operation: 'revokeOffers',
	contactId: rl(fromAi('contactId')),
	offerIds: fromAi('offerIds'),
	...extra,
});

describe('destructive operations as AI tools', () => {
	test('Revoke Offers with $fromAI fields is refused before any request, naming the fields', async () => {
		const { contactId, offerId } = grantedContactAndOffer();
		const revocations = sandbox.supplement.revocations.length;
		const result = await runTool(revokeFromAi(), { contactId, offerIds: offerId });
		expect(result.error?.message).toBe(
			"Refused: this operation cannot be undone, and its contactId, offerIds would come from the model ($fromAI() or the tool's input). Nothing was changed.",
		);
		expect(result.error?.description).toMatch(/Allow Model-Chosen Values/);
		expect(sandbox.requests).toHaveLength(0);
		expect(sandbox.supplement.revocations).toHaveLength(revocations);
	});

	test('with "Allow Model-Chosen Values" on, the model’s IDs are revoked (one DELETE with them)', async () => {
		const { contactId, offerId } = grantedContactAndOffer();
		const result = await runTool(revokeFromAi({ [ALLOW_MODEL_VALUES]: true }), { contactId, offerIds: offerId });
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => `${r.method} ${r.rawPath}`)).toEqual([
			`DELETE /v1/contacts/${contactId}/relationships/offers`,
		]);
		expect(sandbox.requests[0].body).toEqual({ data: [{ type: 'offers', id: offerId }] });
		expect(result.items[0].json.offers_ids).not.toContain(offerId);
	});

	test('a $fromAI field anywhere (here only the offer list) is enough to refuse', async () => {
		const { contactId, offerId } = grantedContactAndOffer();
		const result = await runTool(revokeFromAi({ contactId: rl(contactId) }), { offerIds: offerId });
		expect(result.error?.message).toMatch(/^Refused: .* its offerIds would come from the model/);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('in a tool, $json is the model’s arguments too: a destructive field reading it is refused', async () => {
		const { contactId, offerId } = grantedContactAndOffer();
		const result = await runTool(revokeFromAi({ contactId: rl('={{ $json.contactId }}'), offerIds: offerId }), {
			contactId,
		});
		expect(result.error?.message).toMatch(/^Refused: .* its contactId would come from the model/);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('outside a tool, $json is the previous node’s item: the same Revoke runs', async () => {
		const { contactId, offerId } = grantedContactAndOffer();
		sandbox.clearRequests();
		const result = await runNode({
			parameters: revokeFromAi({ contactId: rl('={{ $json.contactId }}'), offerIds: offerId }),
			credentials: accessTokenCredentials(sandbox),
			input: [{ contactId }],
		});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => `${r.method} ${r.rawPath}`)).toEqual([
			`DELETE /v1/contacts/${contactId}/relationships/offers`,
		]);
	});

	test('fixed IDs need no switch: the user chose the records', async () => {
		const { contactId, offerId } = grantedContactAndOffer();
		const result = await runTool(revokeFromAi({ contactId: rl(contactId), offerIds: offerId }), {});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => r.method)).toEqual(['DELETE']);
	});

	test.each([
		['Contact → Delete', { resource: 'contact', operation: 'delete', contactId: rl(fromAi('contactId')) }],
		[
			'Purchase → Cancel Subscription',
			{ resource: 'purchase', operation: 'cancelSubscription', purchaseId: rl(fromAi('purchaseId')) },
		],
		[
			'Contact Note → Delete',
			{ resource: 'contactNote', operation: 'delete', contactNoteId: rl(fromAi('contactNoteId')) },
		],
	])('%s with a $fromAI ID is refused before any request', async (_name, parameters) => {
		const result = await runTool(parameters as INodeParameters, {
			contactId: '3',
			purchaseId: '1',
			contactNoteId: '1',
		});
		expect(result.error?.message).toMatch(/^Refused: this operation cannot be undone/);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('a non-destructive write (Grant Offers) takes the model’s IDs without the switch', async () => {
		const contact = sandbox.store.contacts[5];
		const has = new Set(relatedIds(contact, 'offers'));
		const offer = sandbox.store.offers.find((o) => !has.has(o.id))!;
		const result = await runTool(
			{
				resource: 'contact',
				operation: 'grantOffers',
				contactId: rl(fromAi('contactId')),
				offerIds: fromAi('offerIds'),
			},
			{ contactId: contact.id, offerIds: offer.id },
		);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => `${r.method} ${r.rawPath}`)).toEqual([
			`POST /v1/contacts/${contact.id}/relationships/offers`,
		]);
		expect(result.items[0].json.offers_ids).toContain(offer.id);
	});
});

describe('the "Allow Model-Chosen Values" switch', () => {
	const visible = (nodeType: INodeType, parameters: INodeParameters) =>
		Object.keys(
			NodeHelpers.getNodeParameters(
				nodeType.description.properties,
				parameters,
				true,
				false,
				null,
				nodeType.description,
			) ?? {},
		).includes(ALLOW_MODEL_VALUES);

	test('is shown on destructive operations of the tool twin only, off by default', () => {
		const revokeParameters = { resource: 'contact', operation: 'revokeOffers' };
		expect(visible(toolTwin(), revokeParameters)).toBe(true);
		expect(visible(new ContentPlatform(), revokeParameters)).toBe(false);
		expect(visible(toolTwin(), { resource: 'contact', operation: 'grantOffers' })).toBe(false);
		const property = new ContentPlatform().description.properties.find((p) => p.name === ALLOW_MODEL_VALUES)!;
		expect(property.default).toBe(false);
	});

	test('parametersFromModel finds $fromAI in expressions only, in any spelling, inside locators and collections', () => {
		expect(
			parametersFromModel({
				resource: 'contact',
				contactId: { __rl: true, mode: 'id', value: "={{ $fromai('id') }}" },
				filters: { search: "={{ $fromAI ('q') }}" },
				body: "$fromAI('not an expression')",
				toolDescription: "={{ $fromAI('x') }}",
			}),
		).toEqual(['contactId', 'filters']);
		const readsInput = { contactId: '={{ $json.contactId }}', offerIds: "={{ $('Webhook').item.json.offer }}" };
		expect(parametersFromModel(readsInput, true)).toEqual(['contactId']);
		expect(parametersFromModel(readsInput, false)).toEqual([]);
	});
});
