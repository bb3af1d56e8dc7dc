import { operationOf, relationshipOperation, type OperationDescription } from '../../shared/builders';

/** Contact → Get Tags (supplement `GET /v1/contacts/{id}/relationships/tags`), built from the spec row by `relationshipOperation`. */
export const getTags: OperationDescription = relationshipOperation(operationOf('contact', 'getTags'));
