import { deleteOperation, operationOf, type OperationDescription } from '../../shared/builders';

/** Contact Note → Delete (supplement `DELETE /v1/contact_notes/{id}`): the record by ID; the item is `{ id, deleted: true }`. */
export const deleteRecord: OperationDescription = deleteOperation(operationOf('contactNote', 'delete'));
