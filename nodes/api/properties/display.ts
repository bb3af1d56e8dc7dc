/**
 * The `displayOptions` that show a field for some operations of a resource (`showFor`) or for
 * exactly one (`showOnlyFor`); every field builder of the three nodes uses them.
 */
import type { INodeProperties } from 'n8n-workflow';

import type { Operation, OperationContext, ResourceTable } from '../tables/registry';

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
