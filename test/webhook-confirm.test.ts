/**
 * The webhook trigger's "Confirm With API" (and the same read of "Include Purchases") through
 * n8n-core's WebhookContext (test/helpers/webhookHarness.ts) against the sandbox API: the confirming
 * read, its re-reads of a record the API does not know yet (nodes/ContentPlatformWebhookTrigger/
 * confirm.ts), what each case answers the sender and costs, and overlapping deliveries sharing the
 * repeat memory (memory.ts) while n8n gives each its own copy of the static data.
 *
 * The re-read waits are shortened here through `CONFIRM_TIMING` (the node's are 0.5 s, 1 s, 1.5 s): the
 * tests count reads and answers, never time.
 */
import { CONFIRM_TIMING, maxConfirmReads } from '../nodes/ContentPlatformWebhookTrigger/confirm';
import { useSandbox } from './helpers/fixtures';
import { call, webhookRunners, type WebhookRunner } from './helpers/webhookHarness';
import type { IDataObject } from 'n8n-workflow';

import type { PayloadResource, Sandbox } from './sandbox';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);
const { runner } = webhookRunners(() => sandbox);

/** Whether the purchase `id` is in the trigger's saved record memory. */
function remembered(trigger: WebhookRunner, id: string): boolean {
	const records = trigger.staticData.emittedRecords as Record<string, Record<string, number>> | undefined;
	return records?.purchase?.[id] !== undefined;
}

const NODE_TIMING = { ...CONFIRM_TIMING, rereadWaitsMs: [...CONFIRM_TIMING.rereadWaitsMs] };
beforeAll(() => {
	// and a budget no loaded machine's local reads exhaust (the budget's own test: a Retry-After past it)
	Object.assign(CONFIRM_TIMING, { rereadWaitsMs: [1, 2, 3], budgetMs: 20_000 });
});
afterAll(() => {
	Object.assign(CONFIRM_TIMING, NODE_TIMING);
});

test('the timing the node ships: re-reads after 0.5 s, 1 s and 1.5 s within 4 s, so at most 4 reads; 503s ask for 60 s', () => {
	expect(NODE_TIMING).toEqual({ rereadWaitsMs: [500, 1000, 1500], budgetMs: 4000, retryAfterSeconds: 60 });
	expect(NODE_TIMING.rereadWaitsMs.reduce((a, b) => a + b, 0)).toBeLessThan(NODE_TIMING.budgetMs);
	expect(maxConfirmReads()).toBe(4);
});

describe('Confirm With API', () => {
	test("a real record: one GET by ID, and the item carries the API's data, not the sender's", async () => {
		const trigger = await runner({ event: 'payment_succeeded', confirm: true });
		await trigger.activate();
		const payload = sandbox.hookPayload('payment_succeeded', { transactionId: '4' });
		const forgedAmount = { ...payload[0], attributes: { ...payload[0].attributes, amount_in_cents: 1 } };
		sandbox.clearRequests();
		expect(await sandbox.deliver('payment_succeeded', [forgedAmount, payload[1]])).toBe(200);
		expect(sandbox.requests.map(call)).toEqual(['GET /v1/transactions/4']);
		expect(trigger.emitted[0].amount_in_cents).toBe(sandbox.find('transactions', '4')!.attributes.amount_in_cents);
	});

	test('a purchase is confirmed with GET /v1/purchases/{id}', async () => {
		const trigger = await runner({ event: 'purchase', confirm: true });
		await trigger.activate();
		sandbox.clearRequests();
		expect(await sandbox.deliver('purchase')).toBe(200);
		expect(sandbox.requests.map(call)).toEqual([`GET /v1/purchases/${trigger.emitted[0].id}`]);
	});

	test('a forged delivery (a record the API does not know) gets 503 and emits nothing, also when delivered again', async () => {
		const trigger = await runner({ event: 'form_submission', confirm: true });
		await trigger.activate();
		const forged = [{ id: '999', type: 'form_submissions', attributes: { email: 'attacker@example.com' } }];
		expect(await sandbox.deliver('form_submission', forged)).toBe(503);
		expect(await sandbox.deliver('form_submission', forged)).toBe(503);
		expect(trigger.emitted).toEqual([]);
	});

	test('without confirmation the same forged delivery is emitted (what the option protects against)', async () => {
		const trigger = await runner({ event: 'form_submission' });
		await trigger.activate();
		const forged = [{ id: '999', type: 'form_submissions', attributes: { email: 'attacker@example.com' } }];
		expect(await sandbox.deliver('form_submission', forged)).toBe(200);
		expect(trigger.emitted).toEqual([expect.objectContaining({ id: '999', email: 'attacker@example.com' })]);
	});

	test('the API failing: 503, nothing emitted, and the same delivery sent again is emitted', async () => {
		const trigger = await runner({ event: 'tag_removed', confirm: true });
		await trigger.activate();
		const payload = sandbox.hookPayload('tag_removed', { contactId: '2' });
		sandbox.failNext({ status: 500, match: (request) => request.path === '/v1/contacts/2' });
		expect(await sandbox.deliver('tag_removed', payload)).toBe(503);
		expect(trigger.emitted).toEqual([]);
		expect(await sandbox.deliver('tag_removed', payload)).toBe(200);
		expect(trigger.emitted).toHaveLength(1);
	});

	test('the API failing (500, a 429 again or past the budget, a broken connection): 503 with Retry-After after 1 read, nothing emitted or remembered', async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		const faults = [
			{ status: 500 },
			{ status: 429, headers: { 'Retry-After': '0' }, times: 2 },
			{ destroy: true },
			{ status: 429, headers: { 'Retry-After': '30' } },
		];
		for (const fault of faults) {
			const payload = sandbox.hookPayload('purchase');
			const path = `/v1/purchases/${payload[0].id}`;
			sandbox.failNext({ ...fault, match: (request) => request.path === path });
			sandbox.clearRequests();
			const answer = await trigger.receive({ id: payload[0].id, event: 'purchase', payload });
			expect([answer.status, answer.headers, answer.items]).toEqual([503, { 'Retry-After': '60' }, []]);
			expect(answer.body?.error).toMatch(/^Could not confirm the record with the API: /);
			// one read (a 429 with Retry-After: 0 is sent once more, the package's rule; 30 s is past the budget)
			expect(sandbox.requests.map(call)).toEqual(Array(fault.times === 2 ? 2 : 1).fill(`GET ${path}`));
			expect(remembered(trigger, payload[0].id)).toBe(false);
			expect((await trigger.receive({ id: payload[0].id, event: 'purchase', payload })).items).toHaveLength(1);
		}
	});

	test('a 429 (Retry-After: 0) on the read: sent once more (the 429 rule of every read), the delivery emitted', async () => {
		const trigger = await runner({ event: 'tag_removed', confirm: true });
		await trigger.activate();
		const payload = sandbox.hookPayload('tag_removed', { contactId: '2' });
		sandbox.failNext({ status: 429, headers: { 'Retry-After': '0' }, match: (r) => r.path === '/v1/contacts/2' });
		sandbox.clearRequests();
		expect(await sandbox.deliver('tag_removed', payload)).toBe(200);
		expect(sandbox.requests.map(call)).toEqual(['GET /v1/contacts/2', 'GET /v1/contacts/2']);
		expect(trigger.emitted).toHaveLength(1);
	});
});

/** A purchase delivery body built from the store (a new purchase the API knows). */
function purchaseDelivery(): { id: string; event: string; payload: PayloadResource[]; path: string } {
	const payload = sandbox.hookPayload('purchase');
	return { id: payload[0].id, event: 'purchase', payload, path: `/v1/purchases/${payload[0].id}` };
}

/** The reads of one record's path among the recorded requests. */
const readsOf = (path: string) => sandbox.requests.filter((request) => request.path === path).length;

describe('read again before judging: what a delivery costs and what the sender sees (version 2 defaults)', () => {
	test('confirmed: 1 read, 200 {"status": "received"}, emitted once and remembered', async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		const { path, ...body } = purchaseDelivery();
		sandbox.clearRequests();
		const answer = await trigger.receive(body);
		expect([answer.status, answer.body, answer.headers, answer.items.length]).toEqual([
			200,
			{ status: 'received' },
			undefined,
			1,
		]);
		expect(readsOf(path)).toBe(1);
		expect((await trigger.receive(structuredClone(body))).items).toEqual([]);
	});

	test('not yet readable: the first two reads answer 404, the third finds it: 3 reads, 200, emitted once', async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		const { path, ...body } = purchaseDelivery();
		sandbox.failNext({ status: 404, times: 2, match: (request) => request.path === path });
		sandbox.clearRequests();
		const answer = await trigger.receive(body);
		expect([answer.status, answer.body]).toEqual([200, { status: 'received' }]);
		expect(answer.items).toEqual([expect.objectContaining({ id: body.id, type: 'purchases', event: 'purchase' })]);
		expect(readsOf(path)).toBe(3);
		expect((await trigger.receive(structuredClone(body))).items).toEqual([]);
	});

	test('a record of another type under that ID at the first read: read again, emitted once the API gives the purchase', async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		const { path, ...body } = purchaseDelivery();
		sandbox.failNext({
			status: 200,
			body: { data: { id: body.id, type: 'offers', attributes: {} } },
			headers: { 'Content-Type': 'application/vnd.api+json' },
			match: (request) => request.path === path,
		});
		sandbox.clearRequests();
		const answer = await trigger.receive(body);
		expect([answer.status, answer.items.map((item) => item.type)]).toEqual([200, ['purchases']]);
		expect(readsOf(path)).toBe(2);
	});

	test('unknown: 404 at all 4 reads: 503 with Retry-After: 60, nothing emitted or remembered; delivered again once the API has it: emitted once', async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		const { path, ...body } = purchaseDelivery();
		sandbox.failNext({ status: 404, times: maxConfirmReads(), match: (request) => request.path === path });
		sandbox.clearRequests();
		const answer = await trigger.receive(body);
		expect([answer.status, answer.headers, answer.items]).toEqual([503, { 'Retry-After': '60' }, []]);
		expect(answer.body?.error).toBe(
			`The API has no purchases record with ID "${body.id}" (read 4 times): not emitted; deliver it again later, a record the API can then read is emitted once`,
		);
		expect(readsOf(path)).toBe(4);
		expect(remembered(trigger, body.id)).toBe(false);
		// the sender delivers it again later, when the API can read it: emitted once
		const again = await trigger.receive(structuredClone(body));
		expect([again.status, again.items.length]).toEqual([200, 1]);
		expect((await trigger.receive(structuredClone(body))).items).toEqual([]);
	});

	test('reads slowed past the budget: the first re-read is still made (a late record emitted, 2 reads), no further one (an unknown one: 503 after 2 reads)', async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		const late = purchaseDelivery();
		const unknown = purchaseDelivery();
		sandbox.failNext({ status: 404, match: (request) => request.path === late.path });
		sandbox.failNext({ status: 404, times: 10, match: (request) => request.path === unknown.path });
		const budget = CONFIRM_TIMING.budgetMs;
		CONFIRM_TIMING.budgetMs = 0;
		try {
			const [lateAnswer, unknownAnswer] = await Promise.all([
				trigger.receive({ id: late.id, event: late.event, payload: late.payload }),
				trigger.receive({ id: unknown.id, event: unknown.event, payload: unknown.payload }),
			]);
			expect([lateAnswer.status, lateAnswer.items.length, readsOf(late.path)]).toEqual([200, 1, 2]);
			expect([unknownAnswer.status, unknownAnswer.items.length, readsOf(unknown.path)]).toEqual([503, 0, 2]);
			expect(unknownAnswer.body?.error).toMatch(/\(read 2 times\)/);
		} finally {
			CONFIRM_TIMING.budgetMs = budget;
		}
	});

	test('a forgery is never emitted and costs at most 4 reads a delivery', async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		await trigger.activate();
		const forged = sandbox
			.hookPayload('purchase')
			.map((record) => (record.type === 'purchases' ? { ...record, id: '990001' } : record));
		sandbox.clearRequests();
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push(await sandbox.deliver('purchase', forged));
		expect(statuses).toEqual([503, 503, 503]);
		expect(trigger.emitted).toEqual([]);
		expect(sandbox.requests.map(call)).toEqual(Array(3 * maxConfirmReads()).fill('GET /v1/purchases/990001'));
	});
});

describe('overlapping deliveries share the repeat memory (n8n gives each its own copy of the static data)', () => {
	test('50 real purchases at once, some reads answered 429 or 404 once: each emitted exactly once; the memory holds all 50; delivered again at once: none emitted', async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		await trigger.activate();
		const deliveries = Array.from({ length: 50 }, () => purchaseDelivery());
		deliveries.forEach(({ path }, i) => {
			if (i % 5 === 1) {
				sandbox.failNext({ status: 429, headers: { 'Retry-After': '0' }, match: (request) => request.path === path });
			}
			if (i % 5 === 3) sandbox.failNext({ status: 404, match: (request) => request.path === path });
		});
		sandbox.clearRequests();
		const statuses = await Promise.all(
			deliveries.map(async ({ payload }) => await sandbox.deliver('purchase', payload)),
		);
		expect(statuses).toEqual(Array(50).fill(200));
		expect(trigger.emitted.map((item) => item.id).sort()).toEqual(deliveries.map(({ id }) => id).sort());
		// 10 reads sent again after a 429, 10 read again after a 404
		expect(sandbox.requests.filter((request) => request.path.startsWith('/v1/purchases/'))).toHaveLength(70);
		expect(trigger.staticData.recentDeliveries).toHaveLength(50);
		const records = (trigger.staticData.emittedRecords as Record<string, Record<string, number>>).purchase;
		expect(Object.keys(records).sort()).toEqual(deliveries.map(({ id }) => id).sort());

		sandbox.clearRequests();
		const again = await Promise.all(deliveries.map(async ({ payload }) => await sandbox.deliver('purchase', payload)));
		expect(again).toEqual(Array(50).fill(200));
		expect(trigger.emitted).toHaveLength(50);
		expect(sandbox.requests).toEqual([]);
	});

	test('the same delivery twice at once: one emitted, the other asked to deliver again (503); delivered again: 200, not emitted', async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		const { path, ...body } = purchaseDelivery();
		sandbox.failNext({ status: 404, match: (request) => request.path === path });
		const [first, second] = await Promise.all([trigger.receive(body), trigger.receive(structuredClone(body))]);
		expect([first.status, first.items.length]).toEqual([200, 1]);
		expect([second.status, second.headers, second.items]).toEqual([503, { 'Retry-After': '60' }, []]);
		expect(second.body?.error).toBe(
			`A delivery of purchases record "${body.id}" is being handled right now: deliver it again later`,
		);
		const third = await trigger.receive(structuredClone(body));
		expect([third.status, third.items]).toEqual([200, []]);
	});

	test('a repeat whose copy of the static data predates the first delivery is still recognised', async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		const { path, ...body } = purchaseDelivery();
		const other = purchaseDelivery();
		// the other delivery is held by a re-read while the first is emitted and saved; it saves last
		sandbox.failNext({ status: 404, match: (request) => request.path === other.path });
		const [held, first] = await Promise.all([
			trigger.receive({ id: other.id, event: other.event, payload: other.payload }),
			trigger.receive(body),
		]);
		expect([held.items.length, first.items.length]).toEqual([1, 1]);
		expect(readsOf(path)).toBe(1);
		expect(trigger.staticData.recentDeliveries).toHaveLength(2);
		expect((await trigger.receive(structuredClone(body))).items).toEqual([]);
	});

	test('a save that lost an emitted delivery (an earlier copy written last) is repaired by the next delivery, a repeat included', async () => {
		const trigger = await runner({ event: 'purchase' }, 2);
		const [first, second] = [purchaseDelivery(), purchaseDelivery()].map(({ id, event, payload }) => ({
			id,
			event,
			payload,
		}));
		expect((await trigger.receive(first)).items).toHaveLength(1);
		const before = JSON.parse(JSON.stringify(trigger.workflow.staticData)) as IDataObject;
		expect((await trigger.receive(second)).items).toHaveLength(1);
		// the first delivery's copy lands in the database after the second's: the second is lost there
		trigger.workflow.overrideStaticData(before);
		expect(remembered(trigger, second.id)).toBe(false);
		expect((await trigger.receive(structuredClone(first))).items).toEqual([]);
		expect(remembered(trigger, second.id)).toBe(true);
		expect(trigger.staticData.recentDeliveries).toHaveLength(2);
	});
});
