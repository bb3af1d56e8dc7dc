/**
 * Hook → Get Sample: an operation with an answer of its own (docs/development.md, "The operation-file rule").
 */
import { operationOf, operationOption, type OperationDescription } from '../../builders/operation';
import { sampleItems } from '../../outputs';
import { eventField } from './create';

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
