/**
 * Contact → Delete answered 422 (active subscription or payment plan; release 1.1.0 of the API,
 * supplement section 10) through n8n's engine against the sandbox: the message names Purchase →
 * Cancel Subscription, after which the delete succeeds; any other 422 keeps the usual wording.
 */

import { rl, useSandbox, nodeRunner } from './helpers/fixtures';
import type { Sandbox } from './sandbox';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

const run = nodeRunner(() => sandbox);

describe('Contact → Delete answered 422 (active subscription or payment plan)', () => {
	test('the message says why and names Purchase → Cancel Subscription; after cancelling, the delete succeeds', async () => {
		const contact = sandbox.insert('contacts', { name: 'Planner', email: 'planner@example.com' }, { site: '1' });
		const customer = sandbox.insert('customers', { name: 'Planner' }, { contact: contact.id, site: '1' });
		const plan = sandbox.insert(
			'purchases',
			{ payment_type: 'multipay', multipay_payments_made: 2 },
			{ offer: '1', customer: customer.id },
		);
		const refused = await run({ resource: 'contact', operation: 'delete', contactId: rl(contact.id) });
		expect(sandbox.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['DELETE', `/v1/contacts/${contact.id}`, 422],
		]);
		expect(refused.error?.message).toMatch(
			/^The API refuses to delete this contact: it has active subscriptions or payment plans .*Purchase → Cancel Subscription/,
		);
		expect(refused.error?.message).toMatch(/Kajabi Payments subscriptions or payment plans/);
		expect(sandbox.find('contacts', contact.id)).toBeDefined();

		const cancelled = await run({ resource: 'purchase', operation: 'cancelSubscription', purchaseId: rl(plan.id) });
		expect(cancelled.error).toBeUndefined();
		const deleted = await run({ resource: 'contact', operation: 'delete', contactId: rl(contact.id) });
		expect(deleted.error).toBeUndefined();
		expect(deleted.items.map((i) => i.json)).toEqual([{ id: contact.id, deleted: true }]);
		expect(sandbox.find('contacts', contact.id)).toBeUndefined();
	});

	test('another 422 elsewhere keeps the usual "Invalid fields" wording', async () => {
		const result = await run({ resource: 'purchase', operation: 'reactivate', purchaseId: rl('1') });
		expect(result.error?.message).toMatch(/^Invalid fields: /);
	});
});
