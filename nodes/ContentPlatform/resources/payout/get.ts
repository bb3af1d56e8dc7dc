/**
 * Payout → Get, with the payout's transactions as items under Simplify: an operation with an
 * answer of its own (docs/development.md, "The operation-file rule").
 */
import { operationOf } from '../../builders/operation';
import { getOperation } from '../../builders/read';
import { payoutTransactions } from '../../outputs';
import { toItems } from '../../routing/request';

const base = getOperation(operationOf('payout', 'get'));

/**
 * Payout → Get (supplement 9.4 `GET /v1/kajabi_payments_payouts/{id}`): the required Site and the
 * payout; with Simplify one item per transaction of the payout (`payoutTransactions`).
 */
export const get = {
	...base,
	option: {
		...base.option,
		routing: { ...base.option.routing, output: { postReceive: [toItems, payoutTransactions] } },
	},
};
