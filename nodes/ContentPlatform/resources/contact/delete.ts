import { deleteOperation, operationOf, type OperationDescription } from '../../shared/builders';

/** Contact → Delete (supplement `DELETE /v1/contacts/{id}`): the record by ID; the item is `{ id, deleted: true }`. */
export const deleteRecord: OperationDescription = deleteOperation(operationOf('contact', 'delete'));
