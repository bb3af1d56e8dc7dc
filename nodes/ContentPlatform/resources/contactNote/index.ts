/**
 * The Contact Note resource's operations and fields, built from its table (`api/tables/resources/contactNote.ts`); the node
 * takes them from `ContentPlatform.node.ts`.
 */
import { deleteOperation } from '../../builders/recordActions';
import { operationOf, resourceDescription } from '../../builders/operation';
import { getManyOperation, getOperation } from '../../builders/read';
import { create } from './create';
import { update } from './update';

/**
 * The Contact Note resource: its operations in menu order (their table rows: `api/tables/resources/contactNote.ts`). An
 * operation with nothing of its own is one builder call here (docs/development.md, "The
 * operation-file rule"); `create.ts`, `update.ts` hold the operations with fields or hooks of their own.
 * Default operation `create` as before the resource got a list (saved workflows keep theirs).
 */
export const contactNoteDescription = resourceDescription(
	'contactNote',
	[
		create,
		getManyOperation(operationOf('contactNote', 'getAll')),
		getOperation(operationOf('contactNote', 'get')),
		update,
		deleteOperation(operationOf('contactNote', 'delete')),
	],
	'create',
);
