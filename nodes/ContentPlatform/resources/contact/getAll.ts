import { getManyOperation, operationOf } from '../../shared/builders';

/** Contact → Get Many: Return All / Limit, the filters, sort and fields of the spec row (spec.ts). */
export const getAll = getManyOperation(operationOf('contact', 'getAll'));
