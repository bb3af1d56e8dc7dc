/**
 * The Customer resource's operations and fields, built from its table (`shared/tables/resources/customer.ts`); the node
 * takes them from `ContentPlatform.node.ts`.
 */
import { operationOf, resourceDescription } from '../../shared/builders/operation';
import { getManyOperation, getOperation } from '../../shared/builders/read';
import { offerGrantOperations } from '../../shared/builders/relationship';

/**
 * The Customer resource: its operations in menu order (their table rows: `shared/tables/resources/customer.ts`). An
 * operation with nothing of its own is one builder call here (docs/development.md, "The
 * operation-file rule").
 */
export const customerDescription = resourceDescription('customer', [
	getManyOperation(operationOf('customer', 'getAll')),
	getOperation(operationOf('customer', 'get')),
	...offerGrantOperations('customer'),
]);
