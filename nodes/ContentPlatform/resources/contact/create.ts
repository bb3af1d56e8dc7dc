import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { attributeFields } from '../../shared/builders/attributes';
import {
	jsonApiWrite,
	type OperationDescription,
	operationOf,
	operationOption,
	showOnlyFor,
} from '../../shared/builders/operation';
import { idValue, resourceLocator } from '../../shared/builders/resourceLocator';
import { resourceByValue } from '../../shared/spec';
import { requireId } from '../../shared/transport';

const op = operationOf('contact', 'create');

/**
 * The contact attributes offered on create (supplement section 1, "CA"): all but `email` (its own
 * required field), `external_user_id` ("not accepted on create") and the timestamps.
 */
const ADDITIONAL_FIELDS: INodeProperties[] = attributeFields('contacts', 'the contact').filter(
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

/**
 * Contact → Create (supplement `POST /v1/contacts`): the site the contact belongs to (required,
 * sent as `data.relationships.site.data`), the email and any further attributes set.
 */
export const create: OperationDescription = {
	option: operationOption(op, jsonApiWrite(op.resource.type)),
	properties: [
		{
			...resourceLocator(op, resourceByValue('site')),
			description: 'The site the contact belongs to',
			routing: {
				send: {
					type: 'body',
					property: 'data.relationships.site.data',
					value: `={{ { "type": "sites", "id": ${idValue('siteId')} } }}`,
					preSend: [requireId('siteId', 'Site')],
				},
			},
		},
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'e.g. nathan@example.com',
			default: '',
			required: true,
			displayOptions: showOnlyFor(op),
			description: "The contact's email address",
			routing: {
				send: {
					type: 'body',
					property: 'data.attributes.email',
					value: '={{ String($value).trim() }}',
					preSend: [requireEmail],
				},
			},
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: showOnlyFor(op),
			options: ADDITIONAL_FIELDS,
		},
	],
};
