import { operationOf, relationshipOperation, type OperationDescription } from '../../shared/builders';

/** Contact → Replace Tags (supplement `PATCH /v1/contacts/{id}/relationships/tags`), built from the spec row by `relationshipOperation`. */
export const replaceTags: OperationDescription = relationshipOperation(operationOf('contact', 'replaceTags'));
