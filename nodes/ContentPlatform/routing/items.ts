/**
 * The action node's items made of a checked JSON:API document (`documentItems`): its resource
 * objects as items, simplified when the "Simplify" option is on, each paired with the input item
 * it came from. Used by every operation that answers with resource objects: the one request's
 * postReceive (`toItems`, request.ts), each page of Get Many (`judgePage`, pages.ts) and the
 * requests the by-email operations of Contact send themselves (resources/contact/*.run.ts).
 */
import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { notJsonApiMessage } from '../../api/errors';
import type { JsonApiDocument } from '../../api/jsonapi';
import { documentToItems } from '../../api/simplify';

/**
 * The items of `document` (already checked: `checkedDocument`), with the node's Simplify option.
 * @param list Whether the answer must be a list (`data` an array: Get Many) or one resource object.
 * @param statusCode The answer's HTTP status, named in the error.
 * @throws NodeApiError ("not a JSON:API document …") when `data` is not what `list` says or a
 *   resource object cannot be read.
 */
export function documentItems(
	context: IExecuteSingleFunctions,
	document: JsonApiDocument,
	{ list, statusCode }: { list: boolean; statusCode: number },
): INodeExecutionData[] {
	const simplify = context.getNodeParameter('simple', true) as boolean;
	let jsonItems: IDataObject[];
	try {
		if (Array.isArray(document.data) !== list) {
			throw new TypeError(
				list ? '"data" is not a list of resource objects' : '"data" is a list, not one resource object',
			);
		}
		jsonItems = documentToItems(document, simplify);
	} catch (error) {
		throw new NodeApiError(
			context.getNode(),
			{ httpCode: String(statusCode) },
			{ message: notJsonApiMessage(document), description: (error as Error).message },
		);
	}
	const item = context.getItemIndex();
	return jsonItems.map((json) => ({ json, pairedItem: { item } }));
}
