/**
 * The Offer resource's operations and fields, built from its table (`api/tables/resources/offer.ts`); the node
 * takes them from `ContentPlatform.node.ts`.
 */
import { operationOf, resourceDescription } from '../../builders/operation';
import { getManyOperation, getOperation } from '../../builders/read';
import { relationshipOperation } from '../../builders/relationship';

/**
 * The Offer resource: its operations in menu order (their table rows: `api/tables/resources/offer.ts`). An
 * operation with nothing of its own is one builder call here (docs/development.md, "The
 * operation-file rule").
 */
export const offerDescription = resourceDescription('offer', [
	getManyOperation(operationOf('offer', 'getAll')),
	getOperation(operationOf('offer', 'get')),
	relationshipOperation(operationOf('offer', 'getProducts')),
]);
