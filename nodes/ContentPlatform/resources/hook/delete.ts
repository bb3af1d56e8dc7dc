import { deleteOperation, operationOf, type OperationDescription } from '../../shared/builders';

/** Hook → Delete (supplement section 5 `DELETE /v1/hooks/{id}`, 204): the hook by ID; the item is `{ id, deleted: true }`. */
export const deleteRecord: OperationDescription = deleteOperation(operationOf('hook', 'delete'));
