import { getManyOperation, operationOf } from '../../shared/builders';

/** Course → Get Many (supplement `GET /v1/courses`): Return All / Limit, the filters, sort and fields of the spec row (spec.supplement.ts). */
export const getAll = getManyOperation(operationOf('course', 'getAll'));
