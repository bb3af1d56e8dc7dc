/**
 * The Hook resource's operations and fields, built from its table (`api/tables/resources/hook.ts`); the node
 * takes them from `ContentPlatform.node.ts`.
 */
import { deleteOperation } from '../../builders/recordActions';
import { operationOf, resourceDescription } from '../../builders/operation';
import { getManyOperation, getOperation } from '../../builders/read';
import { create } from './create';
import { getSample } from './getSample';

/**
 * The Hook resource (supplement section 5): list, inspect, create and delete the account's hooks
 * (those of other tools too), and the six sample deliveries; the webhook trigger manages its own.
 * Operations in menu order (their table rows: `api/tables/resources/hook.ts`); `create.ts` and `getSample.ts` hold the
 * ones with fields or hooks of their own (docs/development.md, "The operation-file rule").
 */
export const hookDescription = resourceDescription('hook', [
	getManyOperation(operationOf('hook', 'getAll')),
	getOperation(operationOf('hook', 'get')),
	create,
	deleteOperation(operationOf('hook', 'delete')),
	getSample,
]);
