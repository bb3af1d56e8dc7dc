/**
 * The Customer resource's operations and fields, built from its table (`api/tables/resources/customer.ts`); the node
 * takes them from `ContentPlatform.node.ts`.
 */
import { operationOf, resourceDescription } from '../../builders/operation';
import { getManyOperation, getOperation } from '../../builders/read';
import { offerGrantOperations } from '../../builders/relationship';

/**
 * The Customer resource: its operations in menu order (their table rows: `api/tables/resources/customer.ts`). An
 * operation with nothing of its own is one builder call here (docs/development.md, "The
 * operation-file rule").
 */
export const customerDescription = resourceDescription('customer', [
	getManyOperation(operationOf('customer', 'getAll')),
	getOperation(operationOf('customer', 'get')),
	...offerGrantOperations('customer'),
]);
