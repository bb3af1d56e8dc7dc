/**
 * The Product resource's operations and fields, built from its table (`./table.ts`); the node
 * takes them from `resources/index.ts`.
 */
import { operationOf } from '../../shared/builders/operation';
import { getManyOperation, getOperation } from '../../shared/builders/read';
import { resourceDescription } from '../../shared/builders/resource';

/**
 * The Product resource: its operations in menu order (their table rows: `./table.ts`). An
 * operation with nothing of its own is one builder call here (docs/development.md, "The
 * operation-file rule").
 */
export const productDescription = resourceDescription('product', [
	getManyOperation(operationOf('product', 'getAll')),
	getOperation(operationOf('product', 'get')),
]);
