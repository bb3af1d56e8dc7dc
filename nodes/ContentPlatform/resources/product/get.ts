import { getOperation, operationOf } from '../../shared/builders';

/** Product → Get (supplement `GET /v1/products/{id}`): the record by ID, with the includes and fields of the spec row (spec.supplement.ts). */
export const get = getOperation(operationOf('product', 'get'));
