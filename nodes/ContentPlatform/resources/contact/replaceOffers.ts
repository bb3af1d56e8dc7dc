import { operationOf, relationshipOperation, type OperationDescription } from '../../shared/builders';

/** Contact → Replace Offers (supplement `PATCH /v1/contacts/{id}/relationships/offers`), built from the spec row by `relationshipOperation`. */
export const replaceOffers: OperationDescription = relationshipOperation(operationOf('contact', 'replaceOffers'));
