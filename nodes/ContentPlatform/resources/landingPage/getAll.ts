import { getManyOperation, operationOf } from '../../shared/builders';

/** Landing Page → Get Many (supplement section 9 `GET /v1/landing_pages`): Return All / Limit, the filters, sort and fields of the spec row (spec.ts next to it). */
export const getAll = getManyOperation(operationOf('landingPage', 'getAll'));
