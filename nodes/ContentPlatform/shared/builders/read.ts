import { conditionsCollection } from './conditions';
import { filtersCollection, requiredSiteField } from './filters';
import { includedPagingProperty, includeProperty } from './include';
import { operationOption, type OperationContext, type OperationDescription } from './operation';
import { fieldsOption, optionsCollection, sortOptions } from './options';
import { returnAllAndLimit } from './paging';
import { resourceLocator } from './resourceLocator';

/**
 * A Get operation (spec rows `GET /v1/<type>/{id}`): the record's locator, then what the spec row
 * offers: `include`, the included records' paging (`includeFilters`), and `fields[<type>]` under
 * Options. Each part is empty when the row does not have it.
 */
export function getOperation(op: OperationContext): OperationDescription {
	return {
		option: operationOption(op),
		properties: [
			...requiredSiteField(op),
			resourceLocator(op),
			...includeProperty(op),
			...includedPagingProperty(op),
			...optionsCollection(op, fieldsOption(op)),
		],
	};
}

/**
 * A Get Many operation (spec rows `GET /v1/<type>`): Return All / Limit (`page[number]`,
 * `page[size]`), then what the spec row offers: the filters, the conditions
 * (`filter[<attribute>_<operator>]`), and sort and `fields[<type>]` under Options. Each part is
 * empty when the row does not have it.
 */
export function getManyOperation(op: OperationContext): OperationDescription {
	return {
		option: operationOption(op),
		properties: [
			...requiredSiteField(op),
			...returnAllAndLimit(op),
			...filtersCollection(op),
			...conditionsCollection(op),
			...optionsCollection(op, [...sortOptions(op), ...fieldsOption(op)]),
		],
	};
}
