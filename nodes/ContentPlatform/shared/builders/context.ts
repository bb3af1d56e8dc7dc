/**
 * The operation context every field builder takes: which resource and endpoint of the tables
 * (shared/tables/, resources/<resource>/table.ts) a field belongs to, and the `displayOptions` that show
 * it for them. Kept apart from operation.ts so that builders which operation.ts itself uses (aiTool)
 * can take it without an import circle.
 */
import type { INodeProperties } from 'n8n-workflow';

import { resourceByValue, type EndpointRow, type Operation, type ResourceTable } from '../tables/registry';

/** One resource × operation of the node: the table rows its fields are built from. */
export interface OperationContext {
	resource: ResourceTable;
	endpoint: EndpointRow;
}

/**
 * The table rows of one operation: the resource of `RESOURCES` with this n8n `resource` value and
 * its endpoint for `operation`. Throws for an operation the table does not have (a
 * programming error, seen when the node loads).
 */
export function operationOf(resourceValue: string, operation: Operation): OperationContext {
	const resource = resourceByValue(resourceValue);
	const endpoint = resource.endpoints.find((e) => e.operation === operation);
	if (!endpoint) throw new Error(`The table of resource "${resourceValue}" has no "${operation}" endpoint`);
	return { resource, endpoint };
}

/** `displayOptions` that show a field for these operations of the resource (all when omitted). */
export function showFor(resource: ResourceTable, operations?: Operation[]): INodeProperties['displayOptions'] {
	return {
		show: operations ? { resource: [resource.value], operation: operations } : { resource: [resource.value] },
	};
}

/** `displayOptions` that show a field for exactly this operation. */
export function showOnlyFor(op: OperationContext): INodeProperties['displayOptions'] {
	return showFor(op.resource, [op.endpoint.operation]);
}
