import { getManyOperation, operationOf } from '../../shared/builders';

/** Site → Get Many (supplement `GET /v1/sites`): Return All / Limit, the filters, sort and fields of the spec row (spec.supplement.ts). */
export const getAll = getManyOperation(operationOf('site', 'getAll'));
