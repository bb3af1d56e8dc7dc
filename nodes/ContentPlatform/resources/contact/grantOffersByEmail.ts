/**
 * Contact → Grant Offers by Email's description: Grant Offers with the contact found, or created,
 * by email first; its run is grantOffersByEmail.run.ts (the lookup and lock in byEmail.ts;
 * docs/development.md, "The operation-file rule").
 */
import type { INodeProperties } from 'n8n-workflow';

import { operationOf, runByRunner, type OperationDescription } from '../../builders/operation';
import { relationshipOperation } from '../../builders/relationship';
import { fieldsCollection } from '../../../api/properties/fields';
import { siteLocator } from '../../../api/properties/locators';
import { ADDITIONAL_FIELDS, emailField } from './create';

const op = operationOf('contact', 'grantOffersByEmail');
const grant = relationshipOperation(op);

/**
 * Contact → Grant Offers by Email (find or create, docs/operations.md): Grant Offers for the
 * contact with this email on the site, created first when there is none (`POST /v1/contacts` with
 * the email and "Additional Fields"), then `POST /v1/contacts/{id}/relationships/offers`. The
 * item is the contact's offers after the grant with `created: true|false`.
 */
export const grantOffersByEmail: OperationDescription = {
	option: runByRunner(grant.option),
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
