/**
 * Contact → Revoke Offers by Email as the node's request runner runs it
 * (`runRevokeOffersByEmail`, listed in routing/runners.ts): the contact found by email under its
 * lock (byEmail.ts), never created, then the revoke as n8n's routing built it sent to that contact
 * through the one door, and the item made of the answer with `found`.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { requestAsBuilt } from '../../../api/transport/apiRequest';
import { byEmailItems, emailLockOf } from './byEmail';

/**
 * Contact → Revoke Offers by Email (docs/operations.md): after the destructive guards passed (its
 * preSends), finds the contact by email (rules in byEmail.ts, under the email's lock; never creates
 * one) and sends `DELETE /v1/contacts/{id}/relationships/offers` when found; when no contact of the
 * site has the email nothing is sent.
 * @returns One item (`byEmailItems`): the contact's offers after the revoke with `found: true`, or `found: false`.
 */
export async function runRevokeOffersByEmail(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const revoke = requestData.options;
	const { withContact } = emailLockOf(context, revoke);
	const contactId = await withContact(async (id, found) => {
		if (id !== undefined) found.contactId = String(id);
		return id;
	});
	if (contactId === undefined) {
		return byEmailItems(context, { data: [] }, { created: false, found: false }, 'found');
	}
	const { document } = await requestAsBuilt(
		context,
		{ ...revoke, url: `/contacts/${encodeURIComponent(String(contactId))}/relationships/offers` },
		{ resourceName: 'contact' },
	);
	return byEmailItems(context, document as IDataObject, { created: false, found: true, contactId }, 'found');
}
