import { operationOf, relationshipOperation, type OperationDescription } from '../../shared/builders';

/** Contact → Revoke Offers (supplement `DELETE /v1/contacts/{id}/relationships/offers`), built from the spec row by `relationshipOperation`. */
export const revokeOffers: OperationDescription = relationshipOperation(operationOf('contact', 'revokeOffers'));
