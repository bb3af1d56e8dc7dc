import { operationOf, relationshipOperation, type OperationDescription } from '../../shared/builders';

/** Customer → Get Offers (supplement `GET /v1/customers/{id}/relationships/offers`), built from the spec row by `relationshipOperation`. */
export const getOffers: OperationDescription = relationshipOperation(operationOf('customer', 'getOffers'));
