import { operationOf, relationshipOperation, type OperationDescription } from '../../shared/builders';

/** Customer → Replace Offers (supplement `PATCH /v1/customers/{id}/relationships/offers`), built from the spec row by `relationshipOperation`. */
export const replaceOffers: OperationDescription = relationshipOperation(operationOf('customer', 'replaceOffers'));
