import { operationOf, relationshipOperation, type OperationDescription } from '../../shared/builders';

/** Offer → Get Products (supplement `GET /v1/offers/{id}/relationships/products`), built from the spec row by `relationshipOperation`. */
export const getProducts: OperationDescription = relationshipOperation(operationOf('offer', 'getProducts'));
