/**
 * The two read operations built from a table row alone: Get (`getOperation`) and Get Many
 * (`getManyOperation`), each the whole of what it sends and offers, its fields named one by one.
 */
import { conditionsCollection } from './conditions';
import { filtersCollection, requiredSiteField } from './filterFields';
import { includedPagingProperty, includeProperty } from './include';
import { operationOption, type OperationContext, type OperationDescription } from './operation';
import { fieldsOption, optionsCollection, sortOptions } from './options';
import { returnAllAndLimit } from './paging';
import { resourceLocator } from './resourceLocator';

/**
 * A Get operation (table rows `GET /v1/<type>/{id}`), the whole of what it sends and offers:
 * - routing (`operationOption`, operation.ts): `GET`, the path from the locator, preSend
 *   `prepareRequest`, postReceive `toItems` (one item, Simplify applied; transport/request.ts);
 * - `<resource>Id`: the record's locator, its ID URL-encoded into the path (resourceLocator.ts);
 * - `include` (include.ts): the row's includes, sent as `include=a,b`;
 * - the included records' paging (`includeFilters`, include.ts): `filter[products_page]`, …;
 * - Options → `fields` (options.ts): `fields[<type>]`, the sparse fieldset.
 * Each part is empty when the row does not have it.
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
 * A Get Many operation (table rows `GET /v1/<type>`), the whole of what it sends and offers:
 * - routing (`operationOption`, operation.ts): `GET <path>`, preSend `prepareRequest`, postReceive
 *   `toItems` (items, Simplify applied), paged by `readList` (transport/pages.ts);
 * - `returnAll`, `limit` (paging.ts): become `page[number]` and `page[size]` (at most 100) pages;
 * - `filters` (filters.ts): one field per `filter[<name>]` of the row;
 * - `conditions` (conditions.ts): `filter[<attribute>_<operator>]` rows (purchases);
 * - Options → `sort` and sort direction, `fields` (options.ts): `sort=-key`, `fields[<type>]`.
 * Each part is empty when the row does not have it.
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
