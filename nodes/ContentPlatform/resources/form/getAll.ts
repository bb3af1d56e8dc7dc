import { getManyOperation, operationOf } from '../../shared/builders';

/** Form → Get Many (supplement `GET /v1/forms`): Return All / Limit, the filters, sort and fields of the spec row (spec.supplement.ts). */
export const getAll = getManyOperation(operationOf('form', 'getAll'));
