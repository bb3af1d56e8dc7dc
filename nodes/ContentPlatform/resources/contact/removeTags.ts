import { operationOf, relationshipOperation, type OperationDescription } from '../../shared/builders';

/** Contact → Remove Tags (supplement `DELETE /v1/contacts/{id}/relationships/tags`), built from the spec row by `relationshipOperation`. */
export const removeTags: OperationDescription = relationshipOperation(operationOf('contact', 'removeTags'));
