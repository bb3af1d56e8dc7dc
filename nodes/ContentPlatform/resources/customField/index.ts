/**
 * The Custom Field resource's operations and fields, built from its table (`./table.ts`); the node
 * takes them from `resources/index.ts`.
 */
import { operationOf } from '../../shared/builders/operation';
import { getManyOperation, getOperation } from '../../shared/builders/read';
import { resourceDescription } from '../../shared/builders/resource';

/**
 * The Custom Field resource (supplement section 9): its operations in menu order (their table rows: `./table.ts`),
 * each one builder call (docs/development.md, "The operation-file rule").
 */
export const customFieldDescription = resourceDescription('customField', [
	getManyOperation(operationOf('customField', 'getAll')),
	getOperation(operationOf('customField', 'get')),
]);
