import { operationOf, relationshipOperation, type OperationDescription } from '../../shared/builders';

/** Customer → Revoke Offers (supplement `DELETE /v1/customers/{id}/relationships/offers`), built from the spec row by `relationshipOperation`. */
export const revokeOffers: OperationDescription = relationshipOperation(operationOf('customer', 'revokeOffers'));
