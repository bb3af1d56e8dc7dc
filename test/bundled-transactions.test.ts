/**
 * Transactions' purchases (release 1.1.0 of the API: spec/platform-openapi-v1.1.0.yaml,
 * supplement section 10) through n8n's engine against the sandbox
 * (test/sandbox/purchases-and-ownership.js): Include Related and Simplify's `purchases_ids`, a
 * bundled transaction (offer null, three purchases) as one item; New Transaction (polling trigger)
 * and Payment Succeeded (webhook trigger) with Include Purchases: one item per bundled
 * transaction, with its purchases, one read-back request each.
 */
import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { ContentPlatformTrigger } from '../nodes/ContentPlatformTrigger/ContentPlatformTrigger.node';
import { ContentPlatformWebhookTrigger } from '../nodes/ContentPlatformWebhookTrigger/ContentPlatformWebhookTrigger.node';
import { accessTokenCredentials, propertiesOf, rl, useSandbox, nodeRunner } from './helpers/fixtures';
import { WebhookRunner } from './helpers/webhookHarness';
import { CONFIRM_TIMING } from '../nodes/ContentPlatformWebhookTrigger/confirm';
import type { RecordedRequest, ResourceRecord, Sandbox } from './sandbox';
import { TriggerRunner } from './trigger/pollHarness';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

const run = nodeRunner(() => sandbox);

const call = (request: RecordedRequest) =>
	`${request.method} ${request.path}${request.rawQuery ? `?${decodeURIComponent(request.rawQuery)}` : ''}`;

describe("transactions' purchases", () => {
	/** One charge, three purchases (offers 1, 3 and 5), for customer 4. */
	const bundled = () => sandbox.insertBundledTransaction({ customerId: '4', offerIds: ['1', '3', '5'] });

	test('Transaction → Get with Include Related: Purchases: a bundled transaction is one item, offer_id null, its 3 purchases under "purchases"', async () => {
		const { transaction, purchases } = bundled();
		const result = await run({
			resource: 'transaction',
			operation: 'get',
			transactionId: rl(transaction.id),
			include: ['purchases', 'customer'],
		});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map(call)).toEqual([`GET /v1/transactions/${transaction.id}?include=purchases,customer`]);
		expect(result.items).toHaveLength(1);
		const item = result.items[0].json;
		expect(item).toMatchObject({ id: transaction.id, offer_id: null, customer_id: '4' });
		expect(item.purchases_ids).toEqual(purchases.map((p) => p.id));
		expect((item.purchases as IDataObject[]).map((p) => [p.id, p.type, p.offer_id])).toEqual([
			[purchases[0].id, 'purchases', '1'],
			[purchases[1].id, 'purchases', '3'],
			[purchases[2].id, 'purchases', '5'],
		]);
		expect((item.customer as IDataObject).id).toBe('4');
	});

	test('Simplify off: the raw transaction with the purchases in "included"', async () => {
		const { transaction, purchases } = bundled();
		const result = await run({
			resource: 'transaction',
			operation: 'get',
			transactionId: rl(transaction.id),
			include: ['purchases'],
			simple: false,
		});
		const raw = result.items[0].json as IDataObject & { relationships: IDataObject; included: IDataObject[] };
		expect(raw.relationships.offer).toEqual({ data: null });
		expect(raw.included.map((r) => r.id)).toEqual(purchases.map((p) => p.id));
	});

	test('Transaction → Get Many: every item carries purchases_ids; the bundled one is one item with three', async () => {
		const { transaction, purchases } = bundled();
		const result = await run({ resource: 'transaction', operation: 'getAll', returnAll: true });
		expect(result.items).toHaveLength(sandbox.store.transactions.length);
		const items = result.items.map((i) => i.json);
		expect(items.filter((i) => i.id === transaction.id)).toEqual([
			expect.objectContaining({ offer_id: null, purchases_ids: purchases.map((p) => p.id) }),
		]);
		for (const item of items.filter((i) => i.id !== transaction.id)) {
			expect((item.purchases_ids as string[]).length).toBe(1);
		}
	});

	test('Include Related offers Purchases, and the Offer option says it is deprecated', () => {
		const include = propertiesOf('transaction', 'get').find((p) => p.name === 'include')!;
		const options = include.options as INodePropertyOptions[];
		expect(options.map((o) => o.value)).toEqual(['customer', 'offer', 'purchases']);
		expect(options.find((o) => o.value === 'offer')!.description).toMatch(
			/^Deprecated by the API \(1\.1\.0\).*Purchases/,
		);
	});
});

describe('New Transaction (polling trigger) with Include Purchases', () => {
	const triggerFields = new ContentPlatformTrigger().description.properties;

	test('the switch is shown for New Transaction only, off by default', () => {
		const field = triggerFields.find((p) => p.name === 'includePurchases') as INodeProperties;
		expect([field.type, field.default, field.displayOptions]).toEqual([
			'boolean',
			false,
			{ show: { event: ['newTransaction'] } },
		]);
	});

	test('a bundled transaction: one item with its three purchases; one read-back request (include=purchases)', async () => {
		const trigger = new TriggerRunner(
			{ event: 'newTransaction', includePurchases: true },
			accessTokenCredentials(sandbox),
		);
		expect((await trigger.poll()).items).toBeNull();
		const { transaction, purchases } = sandbox.insertBundledTransaction({ customerId: '6', offerIds: ['2', '4', '6'] });
		sandbox.clearRequests();
		const polled = await trigger.poll();
		expect(polled.error).toBeUndefined();
		expect(polled.items).toHaveLength(1);
		const [item] = polled.items!;
		expect(item).toMatchObject({ id: transaction.id, offer_id: null, purchases_ids: purchases.map((p) => p.id) });
		expect((item.purchases as IDataObject[]).map((p) => [p.id, p.offer_id])).toEqual([
			[purchases[0].id, '2'],
			[purchases[1].id, '4'],
			[purchases[2].id, '6'],
		]);
		const readBacks = sandbox.requests.filter((r) => r.path.startsWith('/v1/transactions/'));
		expect(readBacks.map(call)).toEqual([`GET /v1/transactions/${transaction.id}?include=purchases`]);
		expect((await trigger.poll()).items).toBeNull();
	});

	test('off: the same transaction is one item with purchases_ids only, and no read-back', async () => {
		const trigger = new TriggerRunner({ event: 'newTransaction' }, accessTokenCredentials(sandbox));
		await trigger.poll();
		const { transaction, purchases } = sandbox.insertBundledTransaction({ customerId: '6', offerIds: ['2', '4', '6'] });
		sandbox.clearRequests();
		const polled = await trigger.poll();
		expect(polled.items).toEqual([
			expect.objectContaining({ id: transaction.id, purchases_ids: purchases.map((p) => p.id) }),
		]);
		expect(polled.items![0].purchases).toBeUndefined();
		expect(sandbox.requests.filter((r) => r.path !== '/v1/transactions')).toEqual([]);
	});

	test('Simplify off: the raw transaction with its purchases in "included"; manual mode reads the newest back too', async () => {
		const trigger = new TriggerRunner(
			{ event: 'newTransaction', includePurchases: true, simple: false },
			accessTokenCredentials(sandbox),
		);
		const { transaction, purchases } = sandbox.insertBundledTransaction({ customerId: '6', offerIds: ['2', '4'] });
		const manual = await trigger.poll('manual');
		expect(manual.items).toHaveLength(1);
		const raw = manual.items![0] as IDataObject & { included: ResourceRecord[] };
		expect(raw.id).toBe(transaction.id);
		expect(raw.included.map((r) => [r.type, r.id])).toEqual(purchases.map((p) => ['purchases', p.id]));
	});

	test('a failing read-back fails the poll, emits nothing and keeps the position: the next poll emits the transaction', async () => {
		const trigger = new TriggerRunner(
			{ event: 'newTransaction', includePurchases: true },
			accessTokenCredentials(sandbox),
		);
		await trigger.poll();
		const { transaction } = sandbox.insertBundledTransaction({ customerId: '6', offerIds: ['2', '4', '6'] });
		sandbox.failNext({ status: 500, match: (request) => request.path === `/v1/transactions/${transaction.id}` });
		sandbox.clearRequests();
		const failed = await trigger.poll();
		expect(failed.items).toBeNull();
		expect(failed.error?.message).toMatch(/500/);
		expect(sandbox.requests.map((r) => [r.path, r.status]).pop()).toEqual([`/v1/transactions/${transaction.id}`, 500]);
		const retried = await trigger.poll();
		expect(retried.items!.map((i) => [i.id, (i.purchases as IDataObject[]).length])).toEqual([[transaction.id, 3]]);
	});
});

describe('Payment Succeeded (webhook trigger) with Include Purchases', () => {
	const runners: WebhookRunner[] = [];
	afterEach(async () => {
		await Promise.all(runners.splice(0).map(async (runner) => await runner.close()));
	});
	async function runner(parameters: IDataObject): Promise<WebhookRunner> {
		const created = new WebhookRunner(
			{ event: 'payment_succeeded', siteId: '1', ...parameters } as never,
			accessTokenCredentials(sandbox),
		);
		runners.push(created);
		await created.listen();
		await created.activate();
		return created;
	}

	test('the switch is shown for Payment Succeeded only, off by default', () => {
		const field = new ContentPlatformWebhookTrigger().description.properties.find(
			(p) => p.name === 'includePurchases',
		) as INodeProperties;
		expect([field.type, field.default, field.displayOptions]).toEqual([
			'boolean',
			false,
			{ show: { event: ['payment_succeeded'] } },
		]);
	});

	test.each([
		['Include Purchases', { includePurchases: true }],
		['Include Purchases and Confirm With API (the same one request)', { includePurchases: true, confirm: true }],
	])('%s: a bundled transaction is one item with its three purchases and its customer', async (_name, parameters) => {
		const trigger = await runner(parameters);
		const { transaction, purchases } = sandbox.insertBundledTransaction({ customerId: '7', offerIds: ['1', '2', '3'] });
		sandbox.clearRequests();
		expect(await sandbox.deliver('payment_succeeded', undefined, { transactionId: transaction.id })).toBe(200);
		expect(sandbox.requests.map(call)).toEqual([`GET /v1/transactions/${transaction.id}?include=purchases`]);
		expect(trigger.emitted).toHaveLength(1);
		const [item] = trigger.emitted;
		expect(item).toMatchObject({ id: transaction.id, event: 'payment_succeeded', offer_id: null, customer_id: '7' });
		expect((item.purchases as IDataObject[]).map((p) => [p.id, p.offer_id])).toEqual(
			purchases.map((p, i) => [p.id, String(i + 1)]),
		);
		expect((item.customer as IDataObject).id).toBe('7');
	});

	test('off: one item with purchases_ids from the delivery, no request', async () => {
		const trigger = await runner({});
		const { transaction, purchases } = sandbox.insertBundledTransaction({ customerId: '7', offerIds: ['1', '2', '3'] });
		sandbox.clearRequests();
		expect(await sandbox.deliver('payment_succeeded', undefined, { transactionId: transaction.id })).toBe(200);
		expect(sandbox.requests).toEqual([]);
		expect(trigger.emitted).toEqual([expect.objectContaining({ purchases_ids: purchases.map((p) => p.id) })]);
		expect(trigger.emitted[0].purchases).toBeUndefined();
	});

	test('Simplify off: the purchases join the payload records in "included"', async () => {
		const trigger = await runner({ includePurchases: true, simple: false });
		const { transaction, purchases } = sandbox.insertBundledTransaction({ customerId: '7', offerIds: ['1', '2'] });
		await sandbox.deliver('payment_succeeded', undefined, { transactionId: transaction.id });
		const included = trigger.emitted[0].included as IDataObject[];
		expect(included.map((r) => `${r.type}/${r.id}`)).toEqual([
			'customers/7',
			...purchases.map((p) => `purchases/${p.id}`),
		]);
	});

	test('a transaction the API does not know is not emitted: 503 after the re-reads (test/webhook-confirm.test.ts)', async () => {
		const trigger = await runner({ includePurchases: true });
		const forged = [{ id: '9999', type: 'transactions', attributes: { amount_in_cents: 1 } }];
		const waits = CONFIRM_TIMING.rereadWaitsMs;
		CONFIRM_TIMING.rereadWaitsMs = [1, 2, 3];
		try {
			expect(await sandbox.deliver('payment_succeeded', forged)).toBe(503);
		} finally {
			CONFIRM_TIMING.rereadWaitsMs = waits;
		}
		expect(trigger.emitted).toEqual([]);
	});
});
