/**
 * Contact → Create or Update as the node's request runner runs it (`runCreateOrUpdate`, listed in
 * routing/runners.ts): under the email's lock (byEmail.ts) the contact is looked up, then the update
 * of the one found, or the create as n8n's routing built it, is sent through the one door, and the
 * item is made of the answer with `created`.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { subjectOf } from '../../../api/errors';
import { requestAsBuilt } from '../../../api/transport/apiRequest';
import { documentItems } from '../../routing/items';
import { emailLockOf, takenContact } from './byEmail';

/** The built create (`POST /v1/contacts`) as the update of `contactId`: `PATCH /v1/contacts/{id}`, the email and the site left out. */
function updateOf(
	create: DeclarativeRestApiSettings.HttpRequestOptions,
	contactId: string,
): DeclarativeRestApiSettings.HttpRequestOptions {
	const body = (create.body ?? {}) as IDataObject;
	const data = (body.data ?? {}) as IDataObject;
	// The email found the contact; the stored address keeps its case.
	const attributes = { ...((data.attributes ?? {}) as IDataObject) };
	delete attributes.email;
	return {
		...create,
		method: 'PATCH',
		url: `/contacts/${encodeURIComponent(contactId)}`,
		body: { data: { id: contactId, type: 'contacts', attributes } },
	};
}

/** Sends `request` (the create or the update) and makes the contact's item of its answer, with `created`. */
async function contactItems(
	context: IExecutePaginationFunctions,
	request: DeclarativeRestApiSettings.HttpRequestOptions,
	created: boolean,
): Promise<INodeExecutionData[]> {
	const { document, statusCode } = await requestAsBuilt(context, request, subjectOf(context));
	const items = documentItems(context, document, { list: false, statusCode });
	return items.map((item) => ({ ...item, json: { ...item.json, created } }));
}

/**
 * Contact → Create or Update (find or create, docs/operations.md): checks the Site and Email, then
 * under the email's lock (`emailLockOf`) looks the contact up and sends the update (`PATCH
 * /v1/contacts/{id}` with `data.id`, the attributes without the email, no site) when one was found,
 * else the create as built (`POST /v1/contacts`, with the Custom Fields the preSends added); a
 * create refused with "has already been taken" becomes the update of the contact looked up again
 * (`takenContact`). The lock is held until the answer is in, so the email's next item or execution
 * sees the contact this one created.
 * @returns The contact's item with `created: true` (created) or `false` (updated).
 * @throws NodeOperationError for a bad Site or Email (before any request); the API's errors, worded.
 */
export async function runCreateOrUpdate(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const create = requestData.options;
	const lock = emailLockOf(context, create);
	return await lock.withContact(async (foundId, found) => {
		let contactId = foundId;
		if (contactId === undefined) {
			try {
				const items = await contactItems(context, create, true);
				const id = items[0]?.json.id;
				if (id !== undefined && id !== null) found.contactId = String(id);
				return items;
			} catch (error) {
				contactId = await takenContact(context, error, lock.siteId, lock.email);
			}
		}
		found.contactId = String(contactId);
		return await contactItems(context, updateOf(create, String(contactId)), false);
	});
}
