import {
	fieldsOption,
	includedPagingProperty,
	includeProperty,
	operationOf,
	operationOption,
	optionsCollection,
	resourceLocator,
	type OperationDescription,
} from '../../shared/builders';

const op = operationOf('formSubmission', 'get');

/** Form Submission → Get: the record by ID, with the includes and fields of the spec row (spec.ts). */
export const get: OperationDescription = {
	option: operationOption(op),
	properties: [
		resourceLocator(op),
		...includeProperty(op),
		...includedPagingProperty(op),
		...optionsCollection(op, fieldsOption(op)),
	],
};
