/**
 * The Site resource's operations and fields, built from its table (`./table.ts`); the node
 * takes them from `ContentPlatform.node.ts`.
 */
import { operationOf, resourceDescription } from '../../shared/builders/operation';
import { getManyOperation, getOperation } from '../../shared/builders/read';

/**
 * The Site resource: its operations in menu order (their table rows: `./table.ts`). An
 * operation with nothing of its own is one builder call here (docs/development.md, "The
 * operation-file rule").
 */
export const siteDescription = resourceDescription('site', [
	getManyOperation(operationOf('site', 'getAll')),
	getOperation(operationOf('site', 'get')),
]);
