import { getOperation, operationOf } from '../../shared/builders';

/** Tag → Get (supplement `GET /v1/contact_tags/{id}`): the record by ID, with the includes and fields of the spec row (spec.supplement.ts). */
export const get = getOperation(operationOf('tag', 'get'));
