import {
	attributeFields,
	jsonApiWrite,
	operationOf,
	operationOption,
	resourceLocator,
	showOnlyFor,
	type OperationDescription,
} from '../../shared/builders';

const op = operationOf('form', 'submit');

/**
 * Form → Submit (spec `POST /v1/forms/{id}/submit`): the form and the submission's attributes,
 * each sent as `data.attributes.<name>` of a `form_submissions` body (the type the API answers with).
 */
export const submit: OperationDescription = {
	option: operationOption(op, jsonApiWrite('form_submissions')),
	properties: [
		resourceLocator(op),
		{
			displayName: 'Submission Fields',
			name: 'submissionFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: showOnlyFor(op),
			description: 'The attributes of the form submission',
			options: attributeFields('form_submissions'),
		},
	],
};
