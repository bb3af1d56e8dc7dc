/**
 * Contact Note → Create: an operation with fields of its own (docs/development.md, "The operation-file rule").
 */
import { jsonApiWrite, type OperationDescription, operationOf, operationOption } from '../../builders/operation';
import { idValue, resourceLocator } from '../../../api/properties/locators';
import { resourceByValue } from '../../../api/tables/registry';
import { requireId } from '../../../api/ids';
import { noteBodyField } from './body';

const op = operationOf('contactNote', 'create');

/**
 * Contact Note → Create (spec `POST /v1/contact_notes`): the contact, sent as
 * `data.relationships.contact.data`, and the note's `body` attribute.
 */
export const create: OperationDescription = {
	option: operationOption(op, jsonApiWrite(op.resource.type)),
	properties: [
		{
			...resourceLocator(op, resourceByValue('contact')),
			description: 'The contact the note belongs to',
			routing: {
				send: {
					type: 'body',
					property: 'data.relationships.contact.data',
					value: `={{ { "id": ${idValue('contactId')}, "type": "contacts" } }}`,
					preSend: [requireId('contactId', 'Contact')],
				},
			},
		},
		noteBodyField(op, 'The content of the note'),
	],
};
