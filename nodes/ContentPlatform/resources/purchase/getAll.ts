import { getManyOperation, operationOf } from '../../shared/builders';

/** Purchase → Get Many (supplement `GET /v1/purchases`): Return All / Limit, the filters, the conditions (`filter[<attribute>_<operator>]`), sort and fields of the spec row (spec.supplement.ts). */
export const getAll = getManyOperation(operationOf('purchase', 'getAll'));
