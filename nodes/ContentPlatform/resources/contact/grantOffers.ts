import { operationOf, relationshipOperation, type OperationDescription } from '../../shared/builders';

/** Contact → Grant Offers (supplement `POST /v1/contacts/{id}/relationships/offers`), built from the spec row by `relationshipOperation`. */
export const grantOffers: OperationDescription = relationshipOperation(operationOf('contact', 'grantOffers'));
