import { getManyOperation, operationOf } from '../../shared/builders';

/** Tag → Get Many (supplement `GET /v1/contact_tags`): Return All / Limit, the filters, sort and fields of the spec row (spec.supplement.ts). */
export const getAll = getManyOperation(operationOf('tag', 'getAll'));
