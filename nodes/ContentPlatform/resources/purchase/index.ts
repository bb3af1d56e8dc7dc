/**
 * The Purchase resource's operations and fields, built from its table (`api/tables/resources/purchase.ts`); the node
 * takes them from `ContentPlatform.node.ts`.
 */
import { recordActionOperation } from '../../builders/recordActions';
import { operationOf, resourceDescription } from '../../builders/operation';
import { getManyOperation, getOperation } from '../../builders/read';

/**
 * The Purchase resource: its operations in menu order (their table rows: `api/tables/resources/purchase.ts`). An
 * operation with nothing of its own is one builder call here (docs/development.md, "The
 * operation-file rule").
 */
export const purchaseDescription = resourceDescription('purchase', [
	getManyOperation(operationOf('purchase', 'getAll')),
	getOperation(operationOf('purchase', 'get')),
	recordActionOperation(operationOf('purchase', 'deactivate')),
	recordActionOperation(operationOf('purchase', 'reactivate')),
	recordActionOperation(operationOf('purchase', 'cancelSubscription')),
]);
