import { getOperation, operationOf } from '../../shared/builders';

/** Hook → Get (supplement section 5 `GET /v1/hooks/{id}`): the hook by ID. */
export const get = getOperation(operationOf('hook', 'get'));
