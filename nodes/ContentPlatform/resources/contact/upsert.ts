/**
 * Contact → Create or Update: Create's fields and routing with hooks of its own that find the
 * contact by email first (`createOrUpdateContact`, under the person's lock of byEmail.ts) and say
 * whether it was created (`markCreated`) (docs/development.md, "The operation-file rule"; the walk
 * of this operation: "How a request flows").
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import {
	jsonApiWrite,
	operationOf,
	operationOption,
	withOwnHooks,
	type OperationDescription,
} from '../../builders/operation';
import { itemRunOf, toItems, withOwnRequest } from '../../routing/request';
import { personLockOf, takenContact } from './byEmail';
import { contactWriteFields } from './create';

/** Turns the built create (`POST /v1/contacts`) into the update of `contactId` (the email and the site left out). */
function toUpdate(requestOptions: IHttpRequestOptions, contactId: string): void {
	const body = (requestOptions.body ?? {}) as IDataObject;
	const data = (body.data ?? {}) as IDataObject;
	// The email found the contact; the stored address keeps its case.
	const attributes = { ...((data.attributes ?? {}) as IDataObject) };
	delete attributes.email;
	requestOptions.method = 'PATCH';
	requestOptions.url = `/contacts/${encodeURIComponent(contactId)}`;
	requestOptions.body = { data: { id: contactId, type: 'contacts', attributes } };
}

/**
 * preSend of Contact → Create or Update (the last of its option's preSends; the body, including the
 * Custom Fields that field's preSend adds after it, is complete when the request is sent):
 * checks the site and email, then hands the request runner (`runRequest`) the item's own request
 * (`withOwnRequest`), which under the person's lock (`withPerson`) looks the contact up and sends
 * the update (`PATCH /v1/contacts/{id}` with `data.id`, the attributes without the email, no site)
 * when one was found, else the create as built (`POST /v1/contacts`); a create refused with "has already
 * been taken" becomes the update of the contact looked up again (`takenContact`). The lock is held
 * until the answer is in, so the person's next item or execution sees the contact this one created.
 */
export async function createOrUpdateContact(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const person = personLockOf(this, requestOptions);
	const run = itemRunOf(this);
	return withOwnRequest(
		requestOptions,
		async (send) =>
			await person.withContact(async (found, known) => {
				let contactId = found;
				if (contactId === undefined) {
					run.contact = { created: true, found: false };
					try {
						const items = await send();
						const id = items[0]?.json.id;
						if (id !== undefined && id !== null) known.contactId = String(id);
						return items;
					} catch (error) {
						contactId = await takenContact(this, error, person.siteId, person.email);
					}
				}
				known.contactId = String(contactId);
				toUpdate(requestOptions, String(contactId));
				run.contact = { created: false, found: true, contactId: String(contactId) };
				return await send();
			}),
	);
}

/**
 * postReceive of Contact → Create or Update (after the items are built): adds `created`
 * (true: the request created the contact; false: it updated the one found).
 */
export async function markCreated(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const outcome = itemRunOf(this).contact;
	if (!outcome) return items;
	return items.map((item) => ({ ...item, json: { ...item.json, created: outcome.created } }));
}

const op = operationOf('contact', 'upsert');
const base = operationOption(op, jsonApiWrite(op.resource.type));

/**
 * Contact → Create or Update (find or create, docs/operations.md): the fields of Contact →
 * Create; under the person's lock the contact with this email on the site is looked up first
 * (`createOrUpdateContact`): found → `PATCH /v1/contacts/{id}` with the fields set (not the
 * email), none → `POST /v1/contacts`, and a create refused with "has already been taken" → the
 * PATCH of the contact looked up again. The item is the contact with `created: true|false`.
 */
export const upsert: OperationDescription = {
	option: withOwnHooks(base, createOrUpdateContact, [toItems, markCreated]),
	properties: contactWriteFields(op),
};
