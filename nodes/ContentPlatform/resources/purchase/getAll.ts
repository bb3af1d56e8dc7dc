import {
	conditionsCollection,
	fieldsOption,
	filtersCollection,
	operationOf,
	operationOption,
	optionsCollection,
	returnAllAndLimit,
	sortOptions,
	type OperationDescription,
} from '../../shared/builders';

const op = operationOf('purchase', 'getAll');

/** Purchase → Get Many (supplement `GET /v1/purchases`): Return All / Limit, the filters, the conditions (`filter[<attribute>_<operator>]`), sort and fields of the spec row (spec.supplement.ts). */
export const getAll: OperationDescription = {
	option: operationOption(op),
	properties: [
		...returnAllAndLimit(op),
		...filtersCollection(op),
		...conditionsCollection(op),
		...optionsCollection(op, [...sortOptions(op), ...fieldsOption(op)]),
	],
};
