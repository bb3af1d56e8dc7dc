/**
 * Items of the answers that are not JSON:API documents of resource objects (supplement sections
 * 5 and 9): the hooks' sample arrays, the API version, and a payout's transactions.
 */
import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { apiErrorFromResponse, notJsonApiMessage } from '../api/errors';
import { isResourceObject } from '../api/jsonapi';
import { simplifyResource } from '../api/simplify';
import { redactValue } from '../api/redaction';
import { onFinalAnswer } from './routing/request';
import { parseBody } from '../api/transport/answer';

/** What the version check's item says it is. */
export const HEALTH_CHECK = 'Content Platform API health check';

/**
 * postReceive of API Version → Health Check (`GET /v1/version`, section 9.5: no `data`, no token
 * needed): one item `{check, healthy, status, title, version, jsonApiVersion, documentation,
 * jsonApiSpecification}`; an error status fails in the server's words (503 is the only one
 * described).
 */
export const healthCheckItem = onFinalAnswer(function healthCheckItem(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	{ response, secrets },
): INodeExecutionData[] {
	const body = redactValue(parseBody(response.body), secrets) as IDataObject | undefined;
	if (response.statusCode >= 300) {
		throw apiErrorFromResponse(this.getNode(), { ...response, body: body as IN8nHttpFullResponse['body'] });
	}
	const meta = (body?.meta ?? undefined) as IDataObject | undefined;
	if (typeof body !== 'object' || body === null || typeof meta !== 'object' || meta === null) {
		throw new NodeApiError(
			this.getNode(),
			{ httpCode: String(response.statusCode) },
			{
				message: `The version answer has no "meta": ${notJsonApiMessage(body)}`,
				httpCode: String(response.statusCode),
			},
		);
	}
	const links = (body.links ?? {}) as IDataObject;
	const jsonapi = (body.jsonapi ?? {}) as IDataObject;
	return [
		{
			json: {
				check: HEALTH_CHECK,
				healthy: true,
				status: response.statusCode,
				title: meta.title ?? null,
				version: meta.version ?? null,
				jsonApiVersion: jsonapi.version ?? null,
				// The description spells the key "specficiation" (section 9.5); both spellings are read.
				jsonApiSpecification: jsonapi.specification ?? jsonapi.specficiation ?? null,
				documentation: links.documentation ?? null,
			},
			pairedItem: { item: this.getItemIndex() },
		},
	];
});

/**
 * postReceive of Hook → Get Sample (`GET /v1/hooks/{event}_sample`, section 5): the bare array of
 * resource objects as items, in order (simplified with Simplify on).
 */
export const sampleItems = onFinalAnswer(function sampleItems(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	{ response, secrets },
): INodeExecutionData[] {
	const body = redactValue(parseBody(response.body), secrets);
	if (response.statusCode >= 300) {
		throw apiErrorFromResponse(this.getNode(), { ...response, body: body as IN8nHttpFullResponse['body'] });
	}
	if (!Array.isArray(body) || !body.every(isResourceObject)) {
		throw new NodeApiError(
			this.getNode(),
			{ httpCode: String(response.statusCode) },
			{ message: `The sample is not an array of resource objects: ${notJsonApiMessage(body)}` },
		);
	}
	const simplify = this.getNodeParameter('simple', true) as boolean;
	const item = this.getItemIndex();
	return body.map((resource) => ({
		json: simplify ? simplifyResource(resource) : (resource as unknown as IDataObject),
		pairedItem: { item },
	}));
});

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
