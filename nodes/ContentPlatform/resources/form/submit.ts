/**
 * Form → Submit: an operation with fields of its own (docs/development.md, "The operation-file rule").
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { attributeFields, fieldsCollection } from '../../../api/properties/fields';
import { resourceLocator } from '../../../api/properties/locators';
import {
	jsonApiWrite,
	type OperationDescription,
	operationOf,
	operationOption,
	showOnlyFor,
} from '../../builders/operation';
import { customFieldsProperty, hasCustomFieldValues } from '../../customFields';

const op = operationOf('form', 'submit');

/**
 * preSend of the submission: refuses a submission with no field set before any request (the API
 * answers a `data` without `attributes` with 422), as Contact → Update refuses an empty update.
 */
async function requireSubmissionFields(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const fields = this.getNodeParameter('submissionFields', {}) as IDataObject;
	if (Object.keys(fields ?? {}).length === 0 && !hasCustomFieldValues(this)) {
		throw new NodeOperationError(
			this.getNode(),
			'Nothing to submit: add at least one field under "Submission Fields"',
			{
				itemIndex: this.getItemIndex(),
			},
		);
	}
	return requestOptions;
}

/**
 * Form → Submit (spec `POST /v1/forms/{id}/submit`): the form and the submission's attributes,
 * each sent as `data.attributes.<name>` of a `form_submissions` body (the type the API answers with).
 */
export const submit: OperationDescription = {
	option: operationOption(op, jsonApiWrite('form_submissions')),
	properties: [
		resourceLocator(op),
		{
			...fieldsCollection(
				op,
				'Submission Fields',
				'submissionFields',
				attributeFields('form_submissions', 'the person submitting the form'),
				'The answers to send, one field per form field',
			),
			routing: { send: { preSend: [requireSubmissionFields] } },
		},
		customFieldsProperty(showOnlyFor(op), ['formId.value']),
	],
};
