import { getManyOperation, operationOf } from '../../shared/builders';

/** Offer → Get Many (supplement `GET /v1/offers`): Return All / Limit, the filters, sort and fields of the spec row (spec.supplement.ts). */
export const getAll = getManyOperation(operationOf('offer', 'getAll'));
