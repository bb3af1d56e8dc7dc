/**
 * Contact → Create and its fields, which the by-email operations reuse (Create or Update all of
 * them; Grant and Revoke Offers by Email the Email, Grant the Additional Fields too): an operation
 * with fields of its own (docs/development.md, "The operation-file rule").
 */
import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { attributeFields, fieldsCollection } from '../../../api/properties/fields';
import { siteLocator } from '../../../api/properties/locators';
import {
	jsonApiWrite,
	type OperationDescription,
	operationOf,
	operationOption,
	showOnlyFor,
	type OperationContext,
} from '../../builders/operation';
import { customFieldsProperty } from '../../customFields';
import { FIELD_HINTS } from '../../../api/tables/builderHints';

const op = operationOf('contact', 'create');

/**
 * The contact attributes offered on create (supplement section 1, "CA"): all but `email` (its own
 * required field), `external_user_id` ("not accepted on create") and the timestamps.
 */
export const ADDITIONAL_FIELDS: INodeProperties[] = attributeFields('contacts', 'the contact').filter(
	(field) => field.name !== 'email' && field.name !== 'external_user_id',
);

/**
 * preSend of the email: refuses an empty one before any request (whether the API requires it is
 * UNSTATED; a contact is reached by its email, so the node asks for it).
 */
async function requireEmail(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	if (String(this.getNodeParameter('email', '') ?? '').trim() === '') {
		throw new NodeOperationError(this.getNode(), '"Email" is empty: enter the email address of the contact', {
			itemIndex: this.getItemIndex(),
		});
	}
	return requestOptions;
}

/** The required "Email" of a contact write (Create, Create or Update, Grant Offers by Email). */
export function emailField(op: OperationContext, description: string): INodeProperties {
	return {
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'e.g. nathan@example.com',
		default: '',
		required: true,
		displayOptions: showOnlyFor(op),
		description,
		// The by-email operations find the contact by it (docs/operations.md "Find or create").
		...(op.endpoint.byEmail ? { builderHint: FIELD_HINTS.email } : {}),
	};
}

/**
 * The fields of a contact create (Contact → Create, and Create or Update): the site the contact
 * belongs to (required, sent as `data.relationships.site.data`), the email, further attributes,
 * and the site's custom fields by title (resource mapper, see customFields.ts).
 */
export function contactWriteFields(op: OperationContext): INodeProperties[] {
	return [
		siteLocator(op, 'The site the contact belongs to'),
		{
			...emailField(
				op,
				op.endpoint.byEmail === 'findOrCreate'
					? "The contact's email address: the contact of the site with this email (any case) is updated, or created when there is none"
					: "The contact's email address",
			),
			routing: {
				send: {
					type: 'body',
					property: 'data.attributes.email',
					value: '={{ String($value).trim() }}',
					preSend: [requireEmail],
				},
			},
		},
		fieldsCollection(op, 'Additional Fields', 'additionalFields', ADDITIONAL_FIELDS),
		customFieldsProperty(showOnlyFor(op), ['siteId.value']),
	];
}

/** Contact → Create (supplement `POST /v1/contacts`): the fields of `contactWriteFields`. */
export const create: OperationDescription = {
	option: operationOption(op, jsonApiWrite(op.resource.type)),
	properties: contactWriteFields(op),
};
