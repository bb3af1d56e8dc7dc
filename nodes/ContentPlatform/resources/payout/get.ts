/**
 * Payout → Get, with the payout's transactions as items under Simplify: an operation with an
 * answer of its own (docs/development.md, "The operation-file rule").
 */
import { operationOf } from '../../builders/operation';
import { getOperation } from '../../builders/read';
import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

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

/**
 * postReceive of Payout → Get (after the item is built, section 9.4): with Simplify on, one item
 * per transaction of the payout (`{…transaction, payout_id, payout_status, payout_amount,
 * payout_currency, payout_initiated_date}`); a payout without transactions stays one item.
 */
export async function payoutTransactions(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (!(this.getNodeParameter('simple', true) as boolean)) return items;
	return items.flatMap((item) => {
		const transactions = item.json.transactions;
		if (!Array.isArray(transactions) || transactions.length === 0) return [item];
		const payout = item.json;
		return transactions.map((transaction) => ({
			json: {
				...(transaction as IDataObject),
				payout_id: payout.id,
				payout_status: payout.status ?? null,
				payout_amount: payout.amount ?? null,
				payout_currency: payout.currency ?? null,
				payout_initiated_date: payout.initiated_date ?? null,
			},
			pairedItem: item.pairedItem,
		}));
	});
}
