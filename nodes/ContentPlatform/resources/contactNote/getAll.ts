import {
	fieldsOption,
	filtersCollection,
	operationOf,
	operationOption,
	optionsCollection,
	returnAllAndLimit,
	sortOptions,
	type OperationDescription,
} from '../../shared/builders';

const op = operationOf('contactNote', 'getAll');

/** Contact Note → Get Many (supplement `GET /v1/contact_notes`): Return All / Limit, the filters, sort and fields of the spec row (spec.supplement.ts). */
export const getAll: OperationDescription = {
	option: operationOption(op),
	properties: [
		...returnAllAndLimit(op),
		...filtersCollection(op),
		...optionsCollection(op, [...sortOptions(op), ...fieldsOption(op)]),
	],
};
