/**
 * Operations on one record by its ID that send no body, built from their table rows: Delete
 * (`{ id, deleted: true }` as the item) and the record actions (Deactivate, Reactivate, Cancel
 * Subscription), each with the destructive notice when its row says so (destructive.ts).
 */
import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { runningOperationOf } from '../../api/tables/registry';
import { checkedDocument } from '../../api/transport/answer';
import { subjectOf } from '../../api/errors';
import { locatorId } from '../../api/ids';
import { operationOption, type OperationContext, type OperationDescription } from './operation';
import { destructiveNotice } from './destructive';
import { locatorName, resourceLocator } from '../../api/properties/locators';
import { onFinalAnswer } from '../routing/request';

/**
 * postReceive of a Delete: the final answer as every operation gets it (`onFinalAnswer`:
 * redirects followed within the Base URL's origin only); an error answer (or a redirect left
 * unfollowed) becomes the usual error; a success (the API answers `{data: {}}` or no body at all)
 * becomes one item `{ id, deleted: true }`.
 */
export const deletedItem = onFinalAnswer(function deletedItem(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	{ response, secrets },
): INodeExecutionData[] {
	if (response.statusCode >= 300) checkedDocument(this, response, subjectOf(this), secrets);
	const { resource } = runningOperationOf(this);
	const id = locatorId(this, locatorName(resource));
	return [{ json: { id, deleted: true }, pairedItem: { item: this.getItemIndex() } }];
});

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
