/**
 * The Form resource's operations and fields, built from its table (`api/tables/resources/form.ts`); the node
 * takes them from `ContentPlatform.node.ts`.
 */
import { operationOf, resourceDescription } from '../../builders/operation';
import { getManyOperation, getOperation } from '../../builders/read';
import { submit } from './submit';

/**
 * The Form resource: its operations in menu order (their table rows: `api/tables/resources/form.ts`). An
 * operation with nothing of its own is one builder call here (docs/development.md, "The
 * operation-file rule"); `submit.ts` holds the operations with fields or hooks of their own.
 * Default operation `get` as before the resource got a list (saved workflows keep theirs).
 */
export const formDescription = resourceDescription(
	'form',
	[getOperation(operationOf('form', 'get')), submit, getManyOperation(operationOf('form', 'getAll'))],
	'get',
);
