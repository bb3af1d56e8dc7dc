import { getOperation, operationOf } from '../../shared/builders';

/** Purchase → Get (supplement `GET /v1/purchases/{id}`): the record by ID, with the includes and fields of the spec row (spec.supplement.ts). */
export const get = getOperation(operationOf('purchase', 'get'));
