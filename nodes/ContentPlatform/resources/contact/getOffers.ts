import { operationOf, relationshipOperation, type OperationDescription } from '../../shared/builders';

/** Contact → Get Offers (supplement `GET /v1/contacts/{id}/relationships/offers`), built from the spec row by `relationshipOperation`. */
export const getOffers: OperationDescription = relationshipOperation(operationOf('contact', 'getOffers'));
