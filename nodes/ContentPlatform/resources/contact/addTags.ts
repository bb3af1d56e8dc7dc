import { operationOf, relationshipOperation, type OperationDescription } from '../../shared/builders';

/** Contact → Add Tags (supplement `POST /v1/contacts/{id}/relationships/tags`), built from the spec row by `relationshipOperation`. */
export const addTags: OperationDescription = relationshipOperation(operationOf('contact', 'addTags'));
