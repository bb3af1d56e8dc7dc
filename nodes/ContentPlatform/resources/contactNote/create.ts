import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	idValue,
	jsonApiWrite,
	operationOf,
	operationOption,
	resourceLocator,
	showOnlyFor,
	type OperationDescription,
} from '../../shared/builders';
import { resourceByValue } from '../../shared/spec';
import { requireId } from '../../shared/transport';

const op = operationOf('contactNote', 'create');

/** preSend of the note body: refuses an empty note before any request. */
export async function requireNoteBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body = String(this.getNodeParameter('body', '') ?? '');
	if (body.trim() === '') {
		throw new NodeOperationError(this.getNode(), '"Body" is empty: enter the text of the note', {
			itemIndex: this.getItemIndex(),
		});
	}
	return requestOptions;
}

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
		{
			displayName: 'Body',
			name: 'body',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			required: true,
			displayOptions: showOnlyFor(op),
			description: 'The content of the note',
			routing: { send: { type: 'body', property: 'data.attributes.body', preSend: [requireNoteBody] } },
		},
	],
};
