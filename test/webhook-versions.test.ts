/**
 * The webhook trigger's versions and record memory through n8n-core's WebhookContext
 * (test/helpers/webhookHarness.ts) against the sandbox API: node version 2's defaults (Confirm With
 * API on for the events that move money or access), version 1 unchanged, the editor's sample
 * delivery, and the record memory of the events sent once per record (a repeat after its delivery
 * key left the repeat memory).
 */
import { HOOK_EVENTS } from '../nodes/ContentPlatformWebhookTrigger/hookEvents';
import { RECENT_DELIVERIES, RECORD_MEMORY, REPEAT_WINDOW_MS } from '../nodes/ContentPlatformWebhookTrigger/repeats';
import { CONFIRM_TIMING, maxConfirmReads } from '../nodes/ContentPlatformWebhookTrigger/confirm';
import { SAMPLE_NOT_CONFIRMED } from '../nodes/ContentPlatformWebhookTrigger/receive';
import { ContentPlatformWebhookTrigger } from '../nodes/ContentPlatformWebhookTrigger/ContentPlatformWebhookTrigger.node';
import { useSandbox } from './helpers/fixtures';
import { call, webhookRunners, type WebhookRunner } from './helpers/webhookHarness';
import type { HookEventName, Sandbox } from './sandbox';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);
const { runner } = webhookRunners(() => sandbox);

// The re-reads of an unknown record without the node's waits (test/webhook-confirm.test.ts pins those).
const NODE_TIMING = { ...CONFIRM_TIMING };
beforeAll(() => {
	Object.assign(CONFIRM_TIMING, { rereadWaitsMs: [1, 2, 3], budgetMs: 20_000 });
});
afterAll(() => {
	Object.assign(CONFIRM_TIMING, NODE_TIMING);
});

describe('version 2 (new nodes): Confirm With API on by default for the events that move money or access', () => {
	const MONEY: HookEventName[] = ['purchase', 'payment_succeeded', 'order_created'];
	const OTHER: HookEventName[] = ['form_submission', 'tag_added', 'tag_removed'];
	/** A well-formed delivery of a record the API does not know, of the event's main type. */
	const forgedPayload = (event: HookEventName) => {
		const payload = sandbox.hookPayload(event);
		const type = HOOK_EVENTS.find((e) => e.value === event)!.primaryType;
		return payload.map((record) => (record.type === type ? { ...record, id: '990001' } : record));
	};

	test('the description: versions 1 and 2, new nodes get 2; the switch is on for exactly those three events', () => {
		const { description } = new ContentPlatformWebhookTrigger();
		expect(description.version).toEqual([1, 2]);
		expect(description.defaultVersion).toBe(2);
		expect(HOOK_EVENTS.filter((event) => event.confirmByDefault).map((event) => event.value)).toEqual(MONEY);
	});

	test.each(MONEY)('%s: a forged delivery at the defaults is not emitted: 503 after at most 4 reads', async (event) => {
		const trigger = await runner({ event }, 2);
		await trigger.activate();
		sandbox.clearRequests();
		expect(await sandbox.deliver(event, forgedPayload(event))).toBe(503);
		expect(trigger.emitted).toEqual([]);
		const type = HOOK_EVENTS.find((e) => e.value === event)!.primaryType;
		expect(sandbox.requests.map(call)).toEqual(Array(maxConfirmReads()).fill(`GET /v1/${type}/990001`));
		const direct = await trigger.receive({ id: '990001', event, payload: forgedPayload(event) });
		expect(direct).toEqual({
			status: 503,
			headers: { 'Retry-After': '60' },
			body: {
				error: `The API has no ${type} record with ID "990001" (read 4 times): not emitted; deliver it again later, a record the API can then read is emitted once`,
			},
			items: [],
		});
	});

	test.each(MONEY)('%s: a real delivery at the defaults is read back (one GET) and emitted', async (event) => {
		const trigger = await runner({ event }, 2);
		await trigger.activate();
		sandbox.clearRequests();
		expect(await sandbox.deliver(event)).toBe(200);
		expect(trigger.emitted).toHaveLength(1);
		expect(sandbox.requests.filter((r) => r.method === 'GET').map(call)).toEqual([
			`GET /v1/${HOOK_EVENTS.find((e) => e.value === event)!.primaryType}/${trigger.emitted[0].id}`,
		]);
	});

	test.each(OTHER)("%s: keeps today's default (off): a forged delivery is emitted, no request", async (event) => {
		const trigger = await runner({ event }, 2);
		await trigger.activate();
		sandbox.clearRequests();
		expect(await sandbox.deliver(event, forgedPayload(event))).toBe(200);
		expect(trigger.emitted).toHaveLength(1);
		expect(sandbox.requests).toEqual([]);
	});

	test.each(MONEY)(
		'%s: a workflow saved with version 1 keeps its behaviour (off): the forged delivery is emitted',
		async (event) => {
			const trigger = await runner({ event }, 1);
			await trigger.activate();
			expect(await sandbox.deliver(event, forgedPayload(event))).toBe(200);
			expect(trigger.emitted).toHaveLength(1);
		},
	);

	test('version 2 with Confirm With API switched off by the user: the forged purchase is emitted', async () => {
		const trigger = await runner({ event: 'purchase', confirm: false }, 2);
		await trigger.activate();
		expect(await sandbox.deliver('purchase', forgedPayload('purchase'))).toBe(200);
		expect(trigger.emitted).toHaveLength(1);
	});

	test.each(MONEY)(
		'%s: "Listen for test event" with the platform\'s sample: emitted without a read, the item says it was not confirmed',
		async (event) => {
			const trigger = await runner({ event }, 2);
			expect(await trigger.activate(true)).toEqual({});
			const sample = sandbox.hookSample(event);
			sandbox.clearRequests();
			expect(await sandbox.deliver(event, sample, { id: '0' })).toBe(200);
			expect(sandbox.requests).toEqual([]);
			expect(trigger.emitted).toEqual([
				expect.objectContaining({ id: '0', event, delivery_id: '0', sample_not_confirmed: SAMPLE_NOT_CONFIRMED }),
			]);
			// while listening, a record that is not the sample's is still confirmed (and not emitted when unknown)
			expect(await sandbox.deliver(event, forgedPayload(event))).toBe(503);
			expect(trigger.emitted).toHaveLength(1);
			await trigger.deactivate(true);
		},
	);

	test('the sample posted to the production URL is not emitted, like any record the API does not know (503)', async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		await trigger.activate();
		expect(await sandbox.deliver('purchase', sandbox.hookSample('purchase'), { id: '0' })).toBe(503);
		expect(trigger.emitted).toEqual([]);
	});

	test('the same sample in two listening sessions: emitted both times, as before (the test URL remembers nothing between deliveries)', async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		for (let session = 0; session < 2; session++) {
			await trigger.activate(true);
			expect(await sandbox.deliver('purchase', sandbox.hookSample('purchase'), { id: '0' })).toBe(200);
			await trigger.deactivate(true);
		}
		expect(trigger.emitted.map((item) => [item.id, item.sample_not_confirmed])).toEqual([
			['0', SAMPLE_NOT_CONFIRMED],
			['0', SAMPLE_NOT_CONFIRMED],
		]);
	});

	test('Tag Added, version 2, listening: the sample item has no note (nothing was to be confirmed)', async () => {
		const trigger = await runner({ event: 'tag_added' }, 2);
		await trigger.activate(true);
		expect(await sandbox.deliver('tag_added', sandbox.hookSample('tag_added'), { id: '0' })).toBe(200);
		expect(trigger.emitted).toHaveLength(1);
		expect(trigger.emitted[0]).not.toHaveProperty('sample_not_confirmed');
	});
});

describe('repeat deliveries of a record after it left the repeat memory', () => {
	/** A pinned clock (Date.now) for the window: no test depends on the real date. */
	const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
	let now = T0;
	beforeEach(() => {
		now = T0;
		jest.spyOn(Date, 'now').mockImplementation(() => now);
	});
	afterEach(() => jest.restoreAllMocks());

	const purchaseBody = (id: string, amount = 4900) => ({
		id,
		event: 'purchase',
		payload: [{ id, type: 'purchases', attributes: { amount_in_cents: amount } }],
	});
	/** RECENT_DELIVERIES other deliveries: the first delivery's key has left the repeat memory. */
	async function flush(trigger: WebhookRunner) {
		for (let i = 0; i < RECENT_DELIVERIES; i++) await trigger.receive(purchaseBody(`7${i}`));
	}

	test(`a real purchase delivered again after ${RECENT_DELIVERIES} others (confirmed with the API): emitted once; the repeat is answered 200 without a read`, async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		const payload = sandbox.hookPayload('purchase');
		const body = { id: payload[0].id, event: 'purchase', payload };
		expect((await trigger.receive(body)).items).toHaveLength(1);
		now += 60_000;
		// RECENT_DELIVERIES other real purchases, each confirmed and emitted: the first key leaves the memory
		for (let i = 0; i < RECENT_DELIVERIES; i++) {
			const other = sandbox.hookPayload('purchase');
			expect((await trigger.receive({ id: other[0].id, event: 'purchase', payload: other })).items).toHaveLength(1);
		}
		expect(
			(trigger.staticData.recentDeliveries as string[]).some((key) => key.startsWith(`purchase:${payload[0].id}:`)),
		).toBe(false);
		sandbox.clearRequests();
		const again = await trigger.receive(structuredClone(body));
		expect(again.items).toEqual([]);
		expect(again.status).toBe(200);
		expect(again.body?.status).toBe(
			`purchases record "${payload[0].id}" was already emitted at ${new Date(T0).toISOString()}, not emitted again`,
		);
		expect(sandbox.requests).toEqual([]);
	});

	test('version 1 (no confirmation): the same purchase ID with another payload, after the key left the memory, is not emitted twice', async () => {
		const trigger = await runner({ event: 'purchase' }, 1);
		expect((await trigger.receive(purchaseBody('5001'))).items).toHaveLength(1);
		await flush(trigger);
		expect((trigger.staticData.recentDeliveries as string[]).some((key) => key.startsWith('purchase:5001:'))).toBe(
			false,
		);
		now += REPEAT_WINDOW_MS - 60_000;
		expect((await trigger.receive(purchaseBody('5001'))).items).toEqual([]);
		expect((await trigger.receive(purchaseBody('5001', 1))).items).toEqual([]);
	});

	test('after the window (7 days) the record is emitted again', async () => {
		const trigger = await runner({ event: 'purchase' }, 1);
		expect((await trigger.receive(purchaseBody('5002'))).items).toHaveLength(1);
		await flush(trigger);
		now += REPEAT_WINDOW_MS;
		expect((await trigger.receive(purchaseBody('5002'))).items).toHaveLength(1);
	});

	test(`the record memory is bounded: ${RECORD_MEMORY} records, under 20 KB of static data; the oldest is dropped`, async () => {
		const trigger = await runner({ event: 'purchase' }, 1);
		for (let i = 0; i <= RECORD_MEMORY; i++) {
			await trigger.receive(purchaseBody(String(100000 + i)));
			if (i === 0) now += 60_000;
		}
		const records = (trigger.staticData.emittedRecords as Record<string, Record<string, number>>).purchase;
		expect(Object.keys(records)).toHaveLength(RECORD_MEMORY);
		expect(records).not.toHaveProperty('100000');
		expect(Buffer.byteLength(JSON.stringify(trigger.staticData.emittedRecords))).toBeLessThan(20_000);
		expect(Buffer.byteLength(JSON.stringify(trigger.staticData))).toBeLessThan(25_000);
	});

	test('tag events are not once per record: the same tag added again later is emitted (key memory only)', async () => {
		const trigger = await runner({ event: 'tag_added' }, 2);
		const body = { id: '5', event: 'tag_added', payload: [{ id: '5', type: 'contacts' }] };
		expect((await trigger.receive(body)).items).toHaveLength(1);
		for (let i = 1; i <= RECENT_DELIVERIES; i++) {
			await trigger.receive({
				id: String(i + 10),
				event: 'tag_added',
				payload: [{ id: String(i + 10), type: 'contacts' }],
			});
		}
		expect((await trigger.receive(body)).items).toHaveLength(1);
		expect(trigger.staticData).not.toHaveProperty('emittedRecords');
	});
});
