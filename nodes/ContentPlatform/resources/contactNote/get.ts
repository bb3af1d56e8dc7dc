import { getOperation, operationOf } from '../../shared/builders';

/** Contact Note → Get (supplement `GET /v1/contact_notes/{id}`): the record by ID, with the includes and fields of the spec row (spec.supplement.ts). */
export const get = getOperation(operationOf('contactNote', 'get'));
