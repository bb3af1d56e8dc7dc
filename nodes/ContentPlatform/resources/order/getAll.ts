import { getManyOperation, operationOf } from '../../shared/builders';

/** Order → Get Many: Return All / Limit, the filters, sort and fields of the spec row (spec.ts). */
export const getAll = getManyOperation(operationOf('order', 'getAll'));
