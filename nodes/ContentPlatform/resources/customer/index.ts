/**
 * The Customer resource's operations and fields, built from its table (`./table.ts`); the node
 * takes them from `resources/index.ts`.
 */
import { operationOf } from '../../shared/builders/operation';
import { getManyOperation, getOperation } from '../../shared/builders/read';
import { offerGrantOperations } from '../../shared/builders/relationship';
import { resourceDescription } from '../../shared/builders/resource';

/**
 * The Customer resource: its operations in menu order (their table rows: `./table.ts`). An
 * operation with nothing of its own is one builder call here (docs/development.md, "The
 * operation-file rule").
 */
export const customerDescription = resourceDescription('customer', [
	getManyOperation(operationOf('customer', 'getAll')),
	getOperation(operationOf('customer', 'get')),
	...offerGrantOperations('customer'),
]);
