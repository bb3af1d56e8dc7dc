/**
 * The Landing Page resource's operations and fields, built from its table (`./table.ts`); the node
 * takes them from `resources/index.ts`.
 */
import { operationOf } from '../../shared/builders/operation';
import { getManyOperation, getOperation } from '../../shared/builders/read';
import { resourceDescription } from '../../shared/builders/resource';

/**
 * The Landing Page resource (supplement section 9): its operations in menu order (their table rows: `./table.ts`),
 * each one builder call (docs/development.md, "The operation-file rule").
 */
export const landingPageDescription = resourceDescription('landingPage', [
	getManyOperation(operationOf('landingPage', 'getAll')),
	getOperation(operationOf('landingPage', 'get')),
]);
