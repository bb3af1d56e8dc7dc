import {
	encodedId,
	idValue,
	jsonApiWrite,
	operationOf,
	operationOption,
	resourceLocator,
	type OperationDescription,
} from '../../shared/builders';
import { requireId } from '../../shared/transport';
import { noteBodyField } from './body';

const op = operationOf('contactNote', 'update');

/**
 * Contact Note → Update (supplement `PATCH /v1/contact_notes/{id}`): the note (also sent as
 * `data.id`) and its new body; the note's contact cannot be changed.
 */
export const update: OperationDescription = {
	option: operationOption(op, jsonApiWrite(op.resource.type)),
	properties: [
		{
			...resourceLocator(op),
			routing: {
				request: { url: `=/contact_notes/${encodedId('contactNoteId')}` },
				send: {
					type: 'body',
					property: 'data.id',
					value: `={{ ${idValue('contactNoteId')} }}`,
					preSend: [requireId('contactNoteId', 'Contact Note')],
				},
			},
		},
		noteBodyField(op, 'The new content of the note'),
	],
};
