import { getManyOperation, operationOf } from '../../shared/builders';

/** Hook → Get Many (supplement section 5 `GET /v1/hooks`): Return All / Limit and the event filter. */
export const getAll = getManyOperation(operationOf('hook', 'getAll'));
