import { getManyOperation, operationOf } from '../../shared/builders';

/** Custom Field → Get Many (supplement section 9 `GET /v1/custom_fields`): Return All / Limit, the filters, sort and fields of the spec row (spec.ts next to it). */
export const getAll = getManyOperation(operationOf('customField', 'getAll'));
