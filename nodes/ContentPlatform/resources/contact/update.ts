/**
 * Contact → Update: an operation with fields of its own (docs/development.md, "The operation-file rule").
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { attributeFields, fieldsCollection } from '../../../api/properties/fields';
import { updateTargetLocator } from '../../../api/properties/locators';
import {
	jsonApiWrite,
	type OperationDescription,
	operationOf,
	operationOption,
	showOnlyFor,
} from '../../builders/operation';
import { byDisplayName } from '../../../api/properties/words';
import { parseIdList } from '../../builders/relationship';
import { customFieldsProperty, hasCustomFieldValues } from '../../customFields';

const op = operationOf('contact', 'update');

/**
 * The `type` of tag resource identifiers: `contact_tags`, the only value the platform's API
 * description allows (platform-api-supplement.md, sections 0 and 7.1; `tags` is only the
 * relationship's name).
 */
const TAG_TYPE = 'contact_tags';

/**
 * preSend of the update: writes the set fields as `data.attributes`, tag IDs as the top-level
 * `relationships.tags.data` member (a sibling of `data`, as the spec's PATCH /v1/contacts/{id}
 * says), and refuses an update that changes nothing.
 */
async function contactUpdateBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const updateFields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const body = (requestOptions.body ?? {}) as IDataObject;
	const data = (body.data ?? {}) as IDataObject;
	const { tagIds, ...attributes } = updateFields;
	data.attributes = attributes;
	if (tagIds !== undefined) {
		const ids = parseIdList(tagIds);
		body.relationships = { tags: { data: ids.map((id) => ({ id, type: TAG_TYPE })) } };
	}
	if (Object.keys(attributes).length === 0 && tagIds === undefined && !hasCustomFieldValues(this)) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update: add at least one field under "Update Fields"', {
			itemIndex: this.getItemIndex(),
		});
	}
	body.data = data;
	requestOptions.body = body;
	return requestOptions;
}

/**
 * The fields of "Update Fields", by label: every contact attribute (written by `contactUpdateBody`,
 * not by routing) and "Tag IDs".
 */
const UPDATE_FIELDS: INodeProperties[] = [
	...attributeFields('contacts', 'the contact').map((field): INodeProperties => ({ ...field, routing: undefined })),
	{
		displayName: 'Tag IDs',
		name: 'tagIds',
		type: 'string' as const,
		default: '',
		placeholder: 'e.g. 12, 15',
		description:
			"Comma-separated tag IDs, or an array from an expression. Replaces all of the contact's tags; empty removes them.",
	},
].sort(byDisplayName);

/**
 * Contact → Update (spec `PATCH /v1/contacts/{id}`): the contact (also sent as `data.id`) and the
 * fields to change; only the fields set are sent.
 */
export const update: OperationDescription = {
	option: operationOption(op, jsonApiWrite(op.resource.type)),
	properties: [
		updateTargetLocator(op),
		{
			...fieldsCollection(op, 'Update Fields', 'updateFields', UPDATE_FIELDS),
			routing: { send: { preSend: [contactUpdateBody] } },
		},
		customFieldsProperty(showOnlyFor(op), ['contactId.value']),
	],
};
