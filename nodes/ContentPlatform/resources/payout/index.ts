/**
 * The Payout resource's operations (supplement 9.4), in menu order.
 */
import { operationOf, resourceDescription } from '../../builders/operation';
import { getManyOperation } from '../../builders/read';
import { get } from './get';

/**
 * The Payout resource (supplement 9.4, the platform's payments payouts): its operations in menu
 * order (their table rows: `api/tables/resources/payout.ts`). Get Many is one builder call: the required Site and the
 * payouts' own paging (`page[number]` only, `meta {total, pagination}`) come from the table row and
 * the node's one page reader (`readGetMany`, ContentPlatform/routing/pages.ts); `get.ts` splits a payout into its transactions.
 */
export const payoutDescription = resourceDescription('payout', [
	getManyOperation(operationOf('payout', 'getAll')),
	get,
]);
