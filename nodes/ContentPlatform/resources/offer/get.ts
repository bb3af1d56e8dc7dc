import { getOperation, operationOf } from '../../shared/builders';

/** Offer → Get (supplement `GET /v1/offers/{id}`): the record by ID, with the includes and fields of the spec row (spec.supplement.ts). */
export const get = getOperation(operationOf('offer', 'get'));
