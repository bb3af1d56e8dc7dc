/**
 * Contact → Grant Offers by Email as the node's request runner runs it (`runGrantOffersByEmail`,
 * listed in routing/runners.ts): the contact found by email under its lock (byEmail.ts), or created,
 * then the grant as n8n's routing built it sent to that contact through the one door, and the item
 * made of the answer with `created`.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isResourceObject } from '../../../api/jsonapi';
import { apiRequest, requestAsBuilt } from '../../../api/transport/apiRequest';
import { byEmailItems, emailLockOf, takenContact, type ByEmailContact } from './byEmail';

/** `POST /v1/contacts` with the email, the site and `attributes`: the new contact's ID. */
async function createContact(
	context: IExecutePaginationFunctions,
	siteId: string,
	email: string,
	attributes: IDataObject,
): Promise<string> {
	const document = await apiRequest(context, 'POST', '/contacts', {
		subject: { context: `creating the contact with email ${email}` },
		body: {
			data: {
				type: 'contacts',
				attributes: { ...attributes, email },
				relationships: { site: { data: { type: 'sites', id: siteId } } },
			},
		},
	});
	const contact = document.data;
	if (!isResourceObject(contact)) {
		throw new NodeOperationError(context.getNode(), 'The API answered the new contact without its ID', {
			itemIndex: context.getItemIndex(),
		});
	}
	return String(contact.id);
}

/**
 * Contact → Grant Offers by Email (find or create, docs/operations.md): after the offers body is
 * built (nothing is created for a grant that cannot go out), under the email's lock finds the
 * contact by email (rules in byEmail.ts) or creates it (`POST /v1/contacts` with the email, the site
 * and the "Fields for a New Contact"; refused with "has already been taken" → the contact looked up
 * again); the lock is released before the grant, `POST /v1/contacts/{id}/relationships/offers`, goes out.
 * @returns One item (`byEmailItems`): the contact's offers after the grant with `created: true|false`.
 */
export async function runGrantOffersByEmail(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const grant = requestData.options;
	const { siteId, email, withContact } = emailLockOf(context, grant);
	const outcome = await withContact(async (foundId, found): Promise<ByEmailContact> => {
		let contactId = foundId;
		let created = false;
		if (contactId === undefined) {
			const additional = (context.getNodeParameter('additionalFields', {}) ?? {}) as IDataObject;
			try {
				contactId = await createContact(context, siteId, email, additional);
				created = true;
			} catch (error) {
				contactId = await takenContact(context, error, siteId, email);
			}
		}
		found.contactId = String(contactId);
		return { created, found: !created, contactId: String(contactId) };
	});
	const { document } = await requestAsBuilt(
		context,
		{ ...grant, url: `/contacts/${encodeURIComponent(String(outcome.contactId))}/relationships/offers` },
		{ resourceName: 'contact' },
	);
	return byEmailItems(context, document as IDataObject, outcome, 'created');
}
