import { getOperation, operationOf } from '../../shared/builders';

/** Site → Get (supplement `GET /v1/sites/{id}`): the record by ID, with the includes and fields of the spec row (spec.supplement.ts). */
export const get = getOperation(operationOf('site', 'get'));
