import { getManyOperation, operationOf } from '../../shared/builders';

/** Product → Get Many (supplement `GET /v1/products`): Return All / Limit, the filters, sort and fields of the spec row (spec.supplement.ts). */
export const getAll = getManyOperation(operationOf('product', 'getAll'));
