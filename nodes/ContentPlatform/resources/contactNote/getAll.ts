import { getManyOperation, operationOf } from '../../shared/builders';

/** Contact Note → Get Many (supplement `GET /v1/contact_notes`): Return All / Limit, the filters, sort and fields of the spec row (spec.supplement.ts). */
export const getAll = getManyOperation(operationOf('contactNote', 'getAll'));
