import {
	fieldsOption,
	includeProperty,
	operationOf,
	operationOption,
	optionsCollection,
	resourceLocator,
	type OperationDescription,
} from '../../shared/builders';

const op = operationOf('contactNote', 'get');

/** Contact Note → Get (supplement `GET /v1/contact_notes/{id}`): the record by ID, with the includes and fields of the spec row (spec.supplement.ts). */
export const get: OperationDescription = {
	option: operationOption(op),
	properties: [resourceLocator(op), ...includeProperty(op), ...optionsCollection(op, fieldsOption(op))],
};
