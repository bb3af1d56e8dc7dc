/**
 * The Contact resource's operations and fields, built from its table (`api/tables/resources/contact.ts`); the node
 * takes them from `ContentPlatform.node.ts`.
 */
import { deleteOperation } from '../../builders/recordActions';
import { operationOf, resourceDescription } from '../../builders/operation';
import { offerGrantOperations, relationshipOperation } from '../../builders/relationship';
import { create } from './create';
import { update } from './update';
import { get } from './get';
import { getAll } from './getAll';
import { upsert } from './upsert';
import { grantOffersByEmail } from './grantOffersByEmail';
import { revokeOffersByEmail } from './revokeOffersByEmail';

/**
 * The Contact resource: its operations in menu order (their table rows: `api/tables/resources/contact.ts`). An
 * operation with nothing of its own is one builder call here (docs/development.md, "The
 * operation-file rule"); `getAll.ts`, `get.ts` (custom fields by title), `create.ts`, `upsert.ts`, `update.ts`,
 * `grantOffersByEmail.ts`, `revokeOffersByEmail.ts` hold the operations with fields or hooks of their own.
 */
export const contactDescription = resourceDescription('contact', [
	getAll,
	get,
	create,
	upsert,
	update,
	deleteOperation(operationOf('contact', 'delete')),
	relationshipOperation(operationOf('contact', 'getTags')),
	relationshipOperation(operationOf('contact', 'addTags')),
	relationshipOperation(operationOf('contact', 'removeTags')),
	relationshipOperation(operationOf('contact', 'replaceTags')),
	...offerGrantOperations('contact'),
	grantOffersByEmail,
	revokeOffersByEmail,
]);
