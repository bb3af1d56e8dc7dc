/**
 * Contact → Revoke Offers by Email: Revoke Offers with the contact found by email first, never
 * created (its hooks `resolveRevokeContact` and `revokeByEmailItem`; the lookup and lock in
 * byEmail.ts; docs/development.md, "The operation-file rule").
 */
import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { operationOf, withOwnHooks, type OperationDescription } from '../../builders/operation';
import { relationshipOperation } from '../../builders/relationship';
import { siteLocator } from '../../../api/properties/locators';
import { itemRunOf, withOwnRequest, onFinalAnswer } from '../../routing/request';
import { answeredByEmailItems, byEmailItems, personLockOf, type PostReceiveFunction } from './byEmail';
import { emailField } from './create';

/**
 * preSend of Contact → Revoke Offers by Email (last, after the offers body is built and the
 * destructive guards passed): hands the request runner the item's own request, which finds the
 * contact by email (rules in byEmail.ts, under the person's lock; never creates one) and sends
 * `DELETE /v1/contacts/{id}/relationships/offers` when found; when no contact of the site has the
 * email nothing is sent and the item says `found: false` (see `revokeByEmailItem`).
 */
export async function resolveRevokeContact(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const { withContact } = personLockOf(this, requestOptions);
	const run = itemRunOf(this);
	return withOwnRequest(requestOptions, async (send) => {
		const contactId = await withContact(async (id, known) => {
			if (id !== undefined) known.contactId = String(id);
			return id;
		});
		if (contactId === undefined) {
			run.contact = { created: false, found: false };
			return byEmailItems(this, { data: [] }, { created: false, found: false }, 'found');
		}
		run.contact = { created: false, found: true, contactId: String(contactId) };
		requestOptions.url = `/contacts/${encodeURIComponent(String(contactId))}/relationships/offers`;
		return await send();
	});
}

/**
 * postReceive of Contact → Revoke Offers by Email (only when a contact was found and the revoke
 * sent): checks the answer (the contact's offers after the revoke) and makes the item
 * (`answeredByEmailItems`, with `found: true`).
 */
export const revokeByEmailItem: PostReceiveFunction = onFinalAnswer(function revokeByEmailItem(_items, answer) {
	return answeredByEmailItems(this, answer, 'found');
});
const op = operationOf('contact', 'revokeOffersByEmail');
const revoke = relationshipOperation(op);

/**
 * Contact → Revoke Offers by Email (docs/operations.md): Revoke Offers for the contact with this
 * email on the site, found as Grant Offers by Email finds it (trimmed, any case, the oldest of
 * several) but never created: `DELETE /v1/contacts/{id}/relationships/offers` when found, no
 * request after the lookup when not. Destructive like Revoke Offers (its table row): the notice,
 * refused with "Retry On Fail" and with model-chosen values unless allowed. The item is the
 * contact's offers after the revoke with `found: true`, or `found: false`.
 */
export const revokeOffersByEmail: OperationDescription = {
	// The contact after the offers body is checked and the destructive guards passed.
	option: withOwnHooks(revoke.option, resolveRevokeContact, [revokeByEmailItem]),
	properties: [
		...revoke.properties.filter((property) => property.type === 'notice' || property.name === 'allowModelValues'),
		siteLocator(op, 'The site of the contact (a contact with the email on another site is not used)', false),
		emailField(
			op,
			'The email of the contact to revoke the offers from (matched without regard to case); no contact is created',
		),
		...revoke.properties.filter(
			(property) => property.type !== 'notice' && property.name !== 'allowModelValues' && property.name !== 'contactId',
		),
	],
};
