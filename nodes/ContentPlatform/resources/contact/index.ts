import { deleteOperation } from '../../shared/builders/destructive';
import { operationOf } from '../../shared/builders/operation';
import { getManyOperation, getOperation } from '../../shared/builders/read';
import { offerGrantOperations, relationshipOperation } from '../../shared/builders/relationship';
import { resourceDescription } from '../../shared/builders/resource';

import { create } from './create';
import { update } from './update';

/**
 * The Contact resource: its operations in menu order (their spec rows: `./spec.ts`). An
 * operation with nothing of its own is one builder call here (docs/development.md, "The
 * operation-file rule"); `create.ts`, `update.ts` hold the operations with fields or hooks of their own.
 */
export const contactDescription = resourceDescription('contact', [
	getManyOperation(operationOf('contact', 'getAll')),
	getOperation(operationOf('contact', 'get')),
	create,
	update,
	deleteOperation(operationOf('contact', 'delete')),
	relationshipOperation(operationOf('contact', 'getTags')),
	relationshipOperation(operationOf('contact', 'addTags')),
	relationshipOperation(operationOf('contact', 'removeTags')),
	relationshipOperation(operationOf('contact', 'replaceTags')),
	...offerGrantOperations('contact'),
]);
