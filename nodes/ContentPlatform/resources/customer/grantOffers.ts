import { operationOf, relationshipOperation, type OperationDescription } from '../../shared/builders';

/** Customer → Grant Offers (supplement `POST /v1/customers/{id}/relationships/offers`), built from the spec row by `relationshipOperation`. */
export const grantOffers: OperationDescription = relationshipOperation(operationOf('customer', 'grantOffers'));
