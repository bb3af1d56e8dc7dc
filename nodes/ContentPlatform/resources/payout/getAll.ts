import { getManyOperation, operationOf } from '../../shared/builders';

/**
 * Payout → Get Many (supplement 9.4 `GET /v1/kajabi_payments_payouts`): the required Site, Return
 * All / Limit and the filters. The payouts' own paging (`page[number]` only, `meta {total,
 * pagination}`) is read by the node's one paginator (transport.ts `paginate`).
 */
export const getAll = getManyOperation(operationOf('payout', 'getAll'));
