/**
 * Contact → Grant Offers by Email: Grant Offers with the contact found, or created, by email first
 * (its hooks `resolveGrantContact` and `grantByEmailItem`; the lookup and lock in byEmail.ts;
 * docs/development.md, "The operation-file rule").
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { operationOf, withOwnHooks, type OperationDescription } from '../../builders/operation';
import { relationshipOperation } from '../../builders/relationship';
import { fieldsCollection } from '../../../api/properties/fields';
import { siteLocator } from '../../../api/properties/locators';
import { isResourceObject } from '../../../api/jsonapi';
import { apiRequest } from '../../../api/transport/apiRequest';
import { itemRunOf, type ContactOutcome } from '../../routing/request';
import { answeredByEmailItems, personLockOf, takenContact, type PostReceiveFunction } from './byEmail';
import { ADDITIONAL_FIELDS, emailField } from './create';
import { onFinalAnswer } from '../../routing/request';

/** `POST /v1/contacts` with the email, the site and `attributes`: the new contact's ID. */
async function createContact(
	context: IExecuteSingleFunctions,
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
 * preSend of Contact → Grant Offers by Email (after the offers body is built): under the person's
 * lock, finds the contact by email (rules in byEmail.ts) or creates it (`POST /v1/contacts` with the email,
 * the site and the "Fields for a New Contact"; refused with "has already been taken" → the contact
 * looked up again), then points the request at `POST /v1/contacts/{id}/relationships/offers`. The
 * lock is released before the grant goes out.
 */
export async function resolveGrantContact(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const { siteId, email, withContact } = personLockOf(this, requestOptions);
	const outcome = await withContact(async (found, known): Promise<ContactOutcome> => {
		let contactId = found;
		let created = false;
		if (contactId === undefined) {
			const additional = (this.getNodeParameter('additionalFields', {}) ?? {}) as IDataObject;
			try {
				contactId = await createContact(this, siteId, email, additional);
				created = true;
			} catch (error) {
				contactId = await takenContact(this, error, siteId, email);
			}
		}
		known.contactId = String(contactId);
		return { created, found: !created, contactId: String(contactId) };
	});
	itemRunOf(this).contact = outcome;
	requestOptions.url = `/contacts/${encodeURIComponent(String(outcome.contactId))}/relationships/offers`;
	return requestOptions;
}

/**
 * postReceive of Contact → Grant Offers by Email: checks the answer (the contact's offers after
 * the grant) and makes the item (`answeredByEmailItems`, with `created`).
 */
export const grantByEmailItem: PostReceiveFunction = onFinalAnswer(function grantByEmailItem(_items, answer) {
	return answeredByEmailItems(this, answer, 'created');
});

const op = operationOf('contact', 'grantOffersByEmail');
const grant = relationshipOperation(op);

/**
 * Contact → Grant Offers by Email (find or create, docs/operations.md): Grant Offers for the
 * contact with this email on the site, created first when there is none (`POST /v1/contacts` with
 * the email and "Additional Fields"), then `POST /v1/contacts/{id}/relationships/offers`. The
 * item is the contact's offers after the grant with `created: true|false`.
 */
export const grantOffersByEmail: OperationDescription = {
	// The contact after the offers body is checked (nothing is created for a grant that cannot go out).
	option: withOwnHooks(grant.option, resolveGrantContact, [grantByEmailItem]),
	properties: [
		siteLocator(op, 'The site of the contact (a contact with the email on another site is not used)', false),
		emailField(op, 'The email of the contact to grant the offers to (matched without regard to case)'),
		...grant.properties.filter((property) => property.name !== 'contactId'),
		fieldsCollection(
			op,
			'Fields for a New Contact',
			'additionalFields',
			ADDITIONAL_FIELDS.map((field): INodeProperties => ({ ...field, routing: undefined })),
			'Sent only when no contact has the email and one is created',
		),
	],
};
