/**
 * The note's Body field, shared by Contact Note → Create and Update.
 */
import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type OperationContext, showOnlyFor } from '../../builders/operation';

/** preSend of the note body: refuses an empty note before any request. */
async function requireNoteBody(
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
 * The note's "Body" field of Contact Note → Create and → Update: a required text sent as
 * `data.attributes.body` (spec `POST /v1/contact_notes`, supplement `PATCH /v1/contact_notes/{id}`);
 * an empty or blank body is refused with a NodeOperationError before any request.
 */
export function noteBodyField(op: OperationContext, description: string): INodeProperties {
	return {
		displayName: 'Body',
		name: 'body',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		displayOptions: showOnlyFor(op),
		description,
		routing: { send: { type: 'body', property: 'data.attributes.body', preSend: [requireNoteBody] } },
	};
}
