import { getOperation, operationOf } from '../../shared/builders';

/** Order Item → Get: the record by ID, with the includes and fields of the spec row (spec.ts). */
export const get = getOperation(operationOf('orderItem', 'get'));
