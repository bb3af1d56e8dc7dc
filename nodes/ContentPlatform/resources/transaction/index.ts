/**
 * The Transaction resource's operations and fields, built from its table (`./table.ts`); the node
 * takes them from `resources/index.ts`.
 */
import { operationOf } from '../../shared/builders/operation';
import { getManyOperation, getOperation } from '../../shared/builders/read';
import { resourceDescription } from '../../shared/builders/resource';

/**
 * The Transaction resource: its operations in menu order (their table rows: `./table.ts`). An
 * operation with nothing of its own is one builder call here (docs/development.md, "The
 * operation-file rule").
 */
export const transactionDescription = resourceDescription('transaction', [
	getManyOperation(operationOf('transaction', 'getAll')),
	getOperation(operationOf('transaction', 'get')),
]);
