import { getOperation, operationOf } from '../../shared/builders';

/** Website Page → Get (supplement section 9 `GET /v1/website_pages/{id}`): the record by ID, with the fields of the spec row (spec.ts next to it). */
export const get = getOperation(operationOf('websitePage', 'get'));
