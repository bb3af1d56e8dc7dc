/**
 * Hook → Get Sample: an operation with an answer of its own (docs/development.md, "The operation-file rule").
 */
import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiErrorFromResponse, notJsonApiMessage } from '../../../api/errors';
import { isResourceObject } from '../../../api/jsonapi';
import { redactValue } from '../../../api/redaction';
import { simplifyResource } from '../../../api/simplify';
import { parseBody } from '../../../api/transport/answer';
import { operationOf, operationOption, type OperationDescription } from '../../builders/operation';
import { onFinalAnswer } from '../../routing/request';
import { eventField } from './create';

/**
 * postReceive of Hook → Get Sample (`GET /v1/hooks/{event}_sample`, section 5): the bare array of
 * resource objects as items, in order (simplified with Simplify on).
 */
export const sampleItems = onFinalAnswer(function sampleItems(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	{ response, secrets },
): INodeExecutionData[] {
	const body = redactValue(parseBody(response.body), secrets);
	if (response.statusCode >= 300) {
		throw apiErrorFromResponse(this.getNode(), { ...response, body: body as IN8nHttpFullResponse['body'] });
	}
	if (!Array.isArray(body) || !body.every(isResourceObject)) {
		throw new NodeApiError(
			this.getNode(),
			{ httpCode: String(response.statusCode) },
			{ message: `The sample is not an array of resource objects: ${notJsonApiMessage(body)}` },
		);
	}
	const simplify = this.getNodeParameter('simple', true) as boolean;
	const item = this.getItemIndex();
	return body.map((resource) => ({
		json: simplify ? simplifyResource(resource) : (resource as unknown as IDataObject),
		pairedItem: { item },
	}));
});

const op = operationOf('hook', 'getSample');
const option = operationOption(op);

/**
 * Hook → Get Sample (supplement section 5 `GET /v1/hooks/{event}_sample`): what a delivery of the
 * event carries, as one item per sample record (`sampleItems`).
 */
export const getSample: OperationDescription = {
	option: { ...option, routing: { ...option.routing, output: { postReceive: [sampleItems] } } },
	properties: [
		{
			...eventField(op, 'The event whose sample delivery to get'),
			routing: { request: { url: '=/hooks/{{ $value }}_sample' } },
		},
	],
};
