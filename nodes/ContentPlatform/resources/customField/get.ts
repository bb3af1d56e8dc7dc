import { getOperation, operationOf } from '../../shared/builders';

/** Custom Field → Get (supplement section 9 `GET /v1/custom_fields/{id}`): the record by ID, with the fields of the spec row (spec.ts next to it). */
export const get = getOperation(operationOf('customField', 'get'));
