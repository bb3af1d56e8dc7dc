/**
 * The Content Platform Webhook Trigger through n8n-core's HookContext and WebhookContext
 * (test/helpers/webhookHarness.ts) against the sandbox's /v1/hooks (test/sandbox/hooks.js), with
 * deliveries sent by the sandbox over HTTP to a receiver on 127.0.0.1: registration, deletion,
 * reuse, clean-up after a failed activation, "Listen for test event", each event's delivery to
 * items, malformed and repeated deliveries. "Confirm With API": test/webhook-confirm.test.ts;
 * node version 2's defaults and the record memory: test/webhook-versions.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { HOOK_EVENTS } from '../nodes/ContentPlatformWebhookTrigger/hookEvents';
import { RECENT_DELIVERIES } from '../nodes/ContentPlatformWebhookTrigger/repeats';
import { accessTokenCredentials, runWith, rl, useSandbox } from './helpers/fixtures';
import { WEBHOOK_ID, WebhookRunner, call, webhookRunners } from './helpers/webhookHarness';
import type { HookEventName, Sandbox } from './sandbox';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);
const { runner } = webhookRunners(() => sandbox);

/** Registers a hook directly at the sandbox (what another client, or a lost answer, left there). */
async function registerDirectly(event: string, targetUrl: string, siteId = '1'): Promise<string> {
	const response = await fetch(`${sandbox.url}/v1/hooks`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${sandbox.token}`, 'Content-Type': 'application/vnd.api+json' },
		body: JSON.stringify({
			data: {
				type: 'hooks',
				attributes: { event, target_url: targetUrl },
				relationships: { site: { data: { type: 'sites', id: siteId } } },
			},
		}),
	});
	return ((await response.json()) as { data: { id: string } }).data.id;
}

describe('registration', () => {
	test('activation registers one hook for the event, site and n8n production URL: 2 requests', async () => {
		const trigger = await runner({ event: 'tag_added', siteId: '2', options: { resourceId: '4' } });
		sandbox.clearRequests();
		expect(await trigger.activate()).toEqual({});
		expect(sandbox.requests.map(call)).toEqual([
			'GET /v1/hooks?filter[event_eq]=tag_added&page[number]=1&page[size]=100',
			'POST /v1/hooks',
		]);
		expect(sandbox.requests[1].headers['content-type']).toBe('application/vnd.api+json');
		expect(sandbox.requests[1].body).toEqual({
			data: {
				type: 'hooks',
				attributes: { target_url: trigger.url(), event: 'tag_added', resource_id: 4 },
				relationships: { site: { data: { type: 'sites', id: '2' } } },
			},
		});
		expect(trigger.url()).toMatch(new RegExp(`/webhook/${WEBHOOK_ID}/webhook$`));
		expect(sandbox.hooks).toEqual([
			expect.objectContaining({ event: 'tag_added', target_url: trigger.url(), site_id: '2', resource_id: 4 }),
		]);
		expect(trigger.staticData.hooks).toEqual({ [trigger.url()]: sandbox.hooks[0].id });
	});

	test('deactivation deletes the hook: 1 request, 204', async () => {
		const trigger = await runner();
		await trigger.activate();
		sandbox.clearRequests();
		expect(await trigger.deactivate()).toEqual({});
		expect(sandbox.requests.map((r) => [call(r), r.status])).toEqual([[`DELETE /v1/hooks/${'1'}`, 204]]);
		expect(sandbox.hooks).toEqual([]);
		expect(trigger.staticData.hooks).toEqual({});
	});

	test('a hook deleted elsewhere meanwhile: deactivation still succeeds (404 counts as deleted)', async () => {
		const trigger = await runner();
		await trigger.activate();
		sandbox.hooks.length = 0;
		expect(await trigger.deactivate()).toEqual({});
	});

	test('a hook already registered for the same URL and event is reused, not duplicated (also without static data)', async () => {
		const first = await runner();
		const id = await registerDirectly('purchase', first.url());
		const other = await registerDirectly('purchase', 'https://elsewhere.example.com/hook');
		sandbox.clearRequests();
		expect(await first.activate()).toEqual({});
		expect(sandbox.requests.map(call)).toEqual([
			'GET /v1/hooks?filter[event_eq]=purchase&page[number]=1&page[size]=100',
		]);
		expect(sandbox.hooks.map((hook) => hook.id)).toEqual([id, other]);
		expect(first.staticData.hooks).toEqual({ [first.url()]: id });
		// Activating again (n8n restarted) reuses it again.
		expect(await first.activate()).toEqual({});
		expect(sandbox.hooks).toHaveLength(2);
	});

	test('reuse looks through every page of hooks (250 registrations of the event)', async () => {
		const trigger = await runner();
		for (let i = 0; i < 249; i++) await registerDirectly('purchase', `https://other.example.com/${i}`);
		const id = await registerDirectly('purchase', trigger.url());
		sandbox.clearRequests();
		expect(await trigger.activate()).toEqual({});
		expect(sandbox.requests.map((r) => r.query['page[number]'])).toEqual(['1', '2', '3']);
		expect(trigger.staticData.hooks).toEqual({ [trigger.url()]: id });
		expect(sandbox.hooks).toHaveLength(250);
	});

	test('duplicates and a registration for another site are deleted; one hook is kept', async () => {
		const trigger = await runner({ siteId: '1' });
		const kept = await registerDirectly('purchase', trigger.url());
		await registerDirectly('purchase', trigger.url());
		await registerDirectly('purchase', trigger.url(), '2');
		expect(await trigger.activate()).toEqual({});
		expect(sandbox.hooks.map((hook) => [hook.id, hook.site_id])).toEqual([[kept, '1']]);
	});

	test('changing the site replaces the registration', async () => {
		const trigger = await runner({ siteId: '1' });
		await registerDirectly('purchase', trigger.url(), '2');
		expect(await trigger.activate()).toEqual({});
		expect(sandbox.hooks.map((hook) => hook.site_id)).toEqual(['1']);
	});

	test('a registration the API made although its answer was lost is cleaned up after the failed activation', async () => {
		const trigger = await runner();
		sandbox.failNext({
			destroy: true,
			match: (request) => {
				if (request.method !== 'POST' || request.path !== '/v1/hooks') return false;
				// The platform stores the hook, then the connection breaks before the answer.
				sandbox.hooks.push({
					id: '900',
					event: 'purchase',
					target_url: trigger.url(),
					resource_id: null,
					site_id: '1',
					created_at: '',
					updated_at: '',
				});
				return true;
			},
		});
		const result = await trigger.activate();
		expect(result.error).toBeDefined();
		expect(sandbox.hooks).toEqual([]);
		expect(sandbox.requests.filter((r) => r.method === 'DELETE').map(call)).toEqual(['DELETE /v1/hooks/900']);
	});

	test('a 429 (Retry-After: 0) to the registration (a write): never sent again, activation fails with the worded 429', async () => {
		const trigger = await runner();
		sandbox.failNext({
			status: 429,
			headers: { 'Retry-After': '0' },
			match: (request) => request.method === 'POST' && request.path === '/v1/hooks',
		});
		sandbox.clearRequests();
		const result = await trigger.activate();
		expect(result.error?.message).toMatch(/^Rate limited by the Content Platform API: retry after 0 seconds/);
		expect(sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		expect(sandbox.hooks).toEqual([]);
	});

	test("a refused registration (422: unknown site) fails activation with the API's words and leaves nothing", async () => {
		const trigger = await runner({ siteId: '99' });
		const result = await trigger.activate();
		expect(result.error?.message).toMatch(/Invalid fields/);
		expect(`${result.error?.message} ${result.error?.description}`).toMatch(/Couldn't find Site with 'id'=99/);
		expect(sandbox.hooks).toEqual([]);
	});

	test("a wrong token fails activation with the package's 401 message and never shows the token", async () => {
		const trigger = new WebhookRunner(
			{ event: 'purchase', siteId: '1' },
			accessTokenCredentials(sandbox, 'secret-wrong-token'),
		);
		const result = await trigger.activate();
		expect(result.error?.message).toMatch(/Authentication failed/);
		expect(JSON.stringify([result.error?.message, result.error?.description])).not.toContain('secret-wrong-token');
	});

	test('an empty Site ID is refused before any request', async () => {
		const trigger = await runner({ siteId: ' ' });
		sandbox.clearRequests();
		const result = await trigger.activate();
		expect(result.error?.message).toMatch(/"Site ID" is empty/);
		expect(sandbox.requests.filter((r) => r.method === 'POST')).toEqual([]);
	});

	test('"Listen for test event": the test URL gets its own registration while listening', async () => {
		const trigger = await runner({ event: 'form_submission' });
		await trigger.activate();
		expect(await trigger.activate(true)).toEqual({});
		expect(sandbox.hooks.map((hook) => hook.target_url)).toEqual([trigger.url(), trigger.url(true)]);
		expect(trigger.url(true)).toMatch(new RegExp(`/webhook-test/${WEBHOOK_ID}/webhook$`));
		expect(await sandbox.deliver('form_submission')).toBe(200);
		// Both registrations receive the event (the harness shares one static data, so the second counts as a repeat).
		expect(sandbox.deliveries.map((delivery) => [delivery.url, delivery.status])).toEqual([
			[trigger.url(), 200],
			[trigger.url(true), 200],
		]);
		expect(trigger.emitted).toEqual([expect.objectContaining({ type: 'form_submissions', event: 'form_submission' })]);
		expect(await trigger.deactivate(true)).toEqual({});
		expect(sandbox.hooks.map((hook) => hook.target_url)).toEqual([trigger.url()]);
	});
});

/** The item expected for each event: the main record's type and the payload records attached to it. */
const EXPECTED: Record<HookEventName, { type: string; attached: string[] }> = {
	purchase: { type: 'purchases', attached: ['offer', 'customer'] },
	payment_succeeded: { type: 'transactions', attached: ['customer'] },
	order_created: { type: 'orders', attached: ['customer', 'order_items', 'transactions'] },
	form_submission: { type: 'form_submissions', attached: ['form'] },
	tag_added: { type: 'contacts', attached: ['contact_tags'] },
	tag_removed: { type: 'contacts', attached: ['contact_tags'] },
};

describe('deliveries become items', () => {
	test.each(HOOK_EVENTS.map((event) => event.value as HookEventName))(
		'%s: one item, the triggering record with the other payload records',
		async (event) => {
			const trigger = await runner({ event });
			await trigger.activate();
			const payload = sandbox.hookPayload(event);
			expect(await sandbox.deliver(event, payload)).toBe(200);
			expect(trigger.emitted).toHaveLength(1);
			const [item] = trigger.emitted;
			const primary = payload.find((record) => record.type === EXPECTED[event].type)!;
			expect(item).toMatchObject({
				id: primary.id,
				type: primary.type,
				event,
				delivery_id: primary.id,
				...primary.attributes,
			});
			for (const name of EXPECTED[event].attached) expect(item[name]).toBeDefined();
			const attached = Object.keys(item).filter(
				(key) =>
					typeof item[key] === 'object' &&
					item[key] !== null &&
					key !== 'links' &&
					!key.endsWith('_ids') &&
					!(key in (primary.attributes ?? {})),
			);
			expect(attached.sort()).toEqual([...EXPECTED[event].attached].sort());
		},
	);

	test('purchase: the offer and customer are attached simplified, like the action node resolves included records', async () => {
		const trigger = await runner({ event: 'purchase' });
		await trigger.activate();
		await sandbox.deliver('purchase', undefined, { customerId: '3', offerId: '2' });
		const [item] = trigger.emitted;
		expect(item).toMatchObject({
			type: 'purchases',
			offer_id: '2',
			customer_id: '3',
			amount_in_cents: 4900,
			transactions_ids: [],
			products_ids: [],
		});
		const customer = await runWith(sandbox, { resource: 'customer', operation: 'get', customerId: rl('3') });
		expect(item.customer).toEqual(customer.items[0].json);
		expect((item.offer as IDataObject).id).toBe('2');
	});

	test('payment succeeded: the item equals Transaction → Get with Include Related: Customer, plus event and delivery ID', async () => {
		const trigger = await runner({ event: 'payment_succeeded' });
		await trigger.activate();
		await sandbox.deliver('payment_succeeded', undefined, { transactionId: '7' });
		const action = await runWith(sandbox, {
			resource: 'transaction',
			operation: 'get',
			transactionId: rl('7'),
			include: ['customer'],
		});
		expect(trigger.emitted).toEqual([{ ...action.items[0].json, event: 'payment_succeeded', delivery_id: '7' }]);
	});

	test('order created: the item equals Order → Get with Order Items and Customer, plus the transaction', async () => {
		const trigger = await runner({ event: 'order_created' });
		await trigger.activate();
		const payload = sandbox.hookPayload('order_created', { orderId: '3' });
		await sandbox.deliver('order_created', payload);
		const action = await runWith(sandbox, {
			resource: 'order',
			operation: 'get',
			orderId: rl('3'),
			include: ['order_items', 'customer'],
		});
		const { transactions, ...rest } = trigger.emitted[0];
		expect(rest).toEqual({ ...action.items[0].json, event: 'order_created', delivery_id: '3' });
		expect(transactions).toEqual([expect.objectContaining({ id: payload[0].id, type: 'transactions' })]);
	});

	test('Simplify off: the raw resource object with the other payload records as included', async () => {
		const trigger = await runner({ event: 'purchase', simple: false });
		await trigger.activate();
		const payload = sandbox.hookPayload('purchase');
		await sandbox.deliver('purchase', payload);
		expect(trigger.emitted).toEqual([
			{ ...payload[0], included: payload.slice(1), event: 'purchase', delivery_id: payload[0].id },
		]);
	});

	test('the sample of each event (GET /v1/hooks/<event>_sample) gives an item', async () => {
		for (const { value } of HOOK_EVENTS) {
			const trigger = await runner({ event: value });
			const response = await fetch(`${sandbox.url}/v1/hooks/${value}_sample`, {
				headers: { Authorization: `Bearer ${sandbox.token}` },
			});
			expect(response.headers.get('content-type')).toBe('application/vnd.api+json');
			const sample = (await response.json()) as IDataObject[];
			const result = await trigger.receive({ id: '0', event: value, payload: sample });
			expect(result.items).toEqual([expect.objectContaining({ id: '0', event: value, delivery_id: '0' })]);
		}
	});
});

describe('malformed and repeated deliveries', () => {
	const MALFORMED: Array<[string, unknown, RegExp]> = [
		['not JSON', 'this is not json', /not a JSON object/],
		['a JSON array', [1, 2], /not a JSON object/],
		['no id', { event: 'purchase', payload: [{ id: '1', type: 'purchases' }] }, /"id"/],
		[
			'another event',
			{ id: '1', event: 'tag_added', payload: [{ id: '1', type: 'purchases' }] },
			/this webhook receives "purchase"/,
		],
		['no payload', { id: '1', event: 'purchase' }, /"payload"/],
		['an empty payload', { id: '1', event: 'purchase', payload: [] }, /"payload"/],
		[
			'payload items that are not resource objects',
			{ id: '1', event: 'purchase', payload: [{ id: '1' }] },
			/not a resource object/,
		],
		[
			"no record of the event's type",
			{ id: '1', event: 'purchase', payload: [{ id: '1', type: 'offers' }] },
			/no "purchases" record/,
		],
	];

	test.each(MALFORMED)('%s: 400 and nothing emitted', async (_name, body, message) => {
		const trigger = await runner();
		await trigger.activate();
		expect(await sandbox.deliver('purchase', undefined, { body })).toBe(400);
		expect(trigger.emitted).toEqual([]);
		const direct = await trigger.receive(typeof body === 'string' ? {} : body, {
			rawBody: typeof body === 'string' ? body : undefined,
		});
		expect(direct.status).toBe(400);
		expect(direct.body?.error).toMatch(message);
	});

	test('the same delivery twice: emitted once, the repeat answered 200', async () => {
		const trigger = await runner();
		await trigger.activate();
		const payload = sandbox.hookPayload('purchase');
		expect(await sandbox.deliver('purchase', payload)).toBe(200);
		expect(await sandbox.deliver('purchase', structuredClone(payload))).toBe(200);
		expect(trigger.emitted).toHaveLength(1);
	});

	test('the same id with another payload (a second tag on the same contact) is not a repeat', async () => {
		const trigger = await runner({ event: 'tag_added' });
		await trigger.activate();
		await sandbox.deliver('tag_added', undefined, { contactId: '5', tagId: '1' });
		await sandbox.deliver('tag_added', undefined, { contactId: '5', tagId: '2' });
		await sandbox.deliver('tag_added', undefined, { contactId: '5', tagId: '2' });
		expect(trigger.emitted.map((item) => [item.delivery_id, (item.contact_tags as IDataObject[])[0].id])).toEqual([
			['5', '1'],
			['5', '2'],
		]);
	});

	test(`the memory of deliveries is bounded (${RECENT_DELIVERIES} keys, a few KB of static data)`, async () => {
		const trigger = await runner({ event: 'tag_added' });
		const body = (i: number) => ({ id: String(i), event: 'tag_added', payload: [{ id: String(i), type: 'contacts' }] });
		expect((await trigger.receive(body(0))).items).toHaveLength(1);
		expect((await trigger.receive(body(0))).items).toHaveLength(0);
		for (let i = 1; i <= RECENT_DELIVERIES; i++) await trigger.receive(body(i));
		expect((trigger.staticData.recentDeliveries as string[]).length).toBe(RECENT_DELIVERIES);
		expect(Buffer.byteLength(JSON.stringify(trigger.staticData))).toBeLessThan(5000);
		// The oldest key was dropped: a very late repeat is emitted again.
		expect((await trigger.receive(body(0))).items).toHaveLength(1);
	});
});
