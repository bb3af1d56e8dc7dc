import { getManyOperation, operationOf } from '../../shared/builders';

/** Website Page → Get Many (supplement section 9 `GET /v1/website_pages`): Return All / Limit, the filters, sort and fields of the spec row (spec.ts next to it). */
export const getAll = getManyOperation(operationOf('websitePage', 'getAll'));
