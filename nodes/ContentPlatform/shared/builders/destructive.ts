/**
 * Destructive operations and record actions: the notice above their fields, Delete
 * (`{ id, deleted: true }` as the item) and actions on one record without a body (Deactivate,
 * Reactivate, Cancel Subscription).
 */
import type { IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runningOperationOf } from '../tables/registry';
import { checkedDocument } from '../transport/answer';
import { locatorId, subjectOf } from '../errors';
import {
	destructiveDescription,
	operationOption,
	showOnlyFor,
	type OperationContext,
	type OperationDescription,
} from './operation';
import { ALLOW_MODEL_VALUES } from './guards';
import { locatorName, resourceLocator } from './locators';

/**
 * The notice shown above the fields of a destructive operation (what it does, that it cannot be
 * undone) and, in the AI tool node, the "Allow Model-Chosen Values" switch (`guards.ts`); none
 * for the others.
 */
export function destructiveNotice(op: OperationContext): INodeProperties[] {
	if (!op.endpoint.destructive) return [];
	return [
		{
			displayName: destructiveDescription(op),
			name: 'destructiveNotice',
			type: 'notice',
			default: '',
			displayOptions: showOnlyFor(op),
		},
		allowModelValuesProperty(op),
	];
}

/**
 * The switch shown on a destructive operation when the node is an AI tool (n8n's `@tool`
 * display condition), off by default.
 */
export function allowModelValuesProperty(op: OperationContext): INodeProperties {
	const show = showOnlyFor(op)!.show!;
	return {
		displayName: 'Allow Model-Chosen Values',
		name: ALLOW_MODEL_VALUES,
		type: 'boolean',
		default: false,
		description:
			'Whether a model may fill the fields of this operation with $fromAI(), which lets it choose the records that are changed for good. Off: the tool refuses to run while a field uses $fromAI().',
		displayOptions: { show: { ...show, '@tool': [true] } },
	};
}

/**
 * postReceive of a Delete: an error answer becomes the usual error; a success (the API answers
 * `{data: {}}` or no body at all) becomes one item `{ id, deleted: true }`.
 */
export async function deletedItem(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const subject = subjectOf(this);
	if (response.statusCode >= 400) checkedDocument(this, response, subject);
	const { resource } = runningOperationOf(this);
	const id = locatorId(this, locatorName(resource));
	return [{ json: { id, deleted: true }, pairedItem: { item: this.getItemIndex() } }];
}

/**
 * A Delete from its table row (`DELETE /v1/<type>/{id}`): the notice, the record's locator, and
 * `{ id, deleted: true }` as the item (see `deletedItem`).
 */
export function deleteOperation(op: OperationContext): OperationDescription {
	const base = operationOption(op);
	return {
		option: { ...base, routing: { ...base.routing, output: { postReceive: [deletedItem] } } },
		properties: [...destructiveNotice(op), resourceLocator(op)],
	};
}

/**
 * An action on one record without a body (`POST /v1/<type>/{id}/<action>`, for example Deactivate
 * a purchase): the notice when it is destructive and the record's locator; the answer is the
 * record, as for Get.
 */
export function recordActionOperation(op: OperationContext): OperationDescription {
	return { option: operationOption(op), properties: [...destructiveNotice(op), resourceLocator(op)] };
}
