/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test: waits for the sandbox with setTimeout */
/**
 * A slow or failing server, through n8n's engine against the sandbox: Retry-After dates in the
 * 429 message, the request timeout (Request Settings and n8n's own Request Options) for reads and
 * writes, and what n8n's item handling does to writes when the middle one of three items fails
 * (Stop Workflow, batching, the error output, Retry On Fail).
 */
import { DirectoryLoader } from 'n8n-core';
import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from './sandbox';
import { ONE_PAGE_AT_A_TIME, rl, useSandbox, nodeRunner } from './helpers/fixtures';
import { registerNodeType } from './helpers/harness';
import { ContentPlatform } from '../nodes/ContentPlatform/ContentPlatform.node';
import { retryAfterText } from '../nodes/api/headers';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
		const loaded = new ContentPlatform();

		DirectoryLoader.applyDeclarativeNodeOptionParameters(loaded);
		registerNodeType('contentPlatformWithRequestOptions', loaded);
	},
	{ clearBeforeEach: true },
);

const run = nodeRunner(() => sandbox, { parameters: ONE_PAGE_AT_A_TIME, options: { keepRequests: true } });

describe('Retry-After', () => {
	test('an HTTP date prints as the date and the seconds left', async () => {
		const at = new Date(Date.now() + 90_000).toUTCString();
		sandbox.failNext({ status: 429, headers: { 'Retry-After': at }, body: '' });
		const result = await run({ resource: 'order', operation: 'get', orderId: rl('5') });
		expect(result.error?.message).toMatch(
			new RegExp(`^Rate limited by the Content Platform API: retry after ${at} \\(in (8\\d|9\\d) seconds\\)$`),
		);
	});

	test.each([
		['7', '7 seconds'],
		['1', '1 second'],
		['Wed, 21 Oct 2015 07:28:00 GMT', 'Wed, 21 Oct 2015 07:28:00 GMT (in 0 seconds)'],
		['soon', undefined],
	])('Retry-After %j → %j', (value, text) => {
		expect(retryAfterText(value)).toBe(text);
	});
});

describe('request timeout (Request Settings → Timeout, default 60 s)', () => {
	test('Get: an API that accepts the connection and stalls → "did not answer within 1 s"', async () => {
		sandbox.failNext({ delayMs: 4000 });
		const result = await run({
			resource: 'order',
			operation: 'get',
			orderId: rl('5'),
			requestSettings: { timeout: 1 },
		});
		expect(result.error?.message).toBe('The Content Platform API did not answer within 1 s');
		expect(sandbox.requests.map((r) => r.status)).toEqual([0]);
	});

	test('Contact Note → Create stalling → the same message; the write is not sent again', async () => {
		sandbox.failNext({ delayMs: 4000 });
		const result = await run({
			resource: 'contactNote',
			operation: 'create',
			contactId: rl('1'),
			body: 'x',
			requestSettings: { timeout: 1 },
		});
		expect(result.error?.message).toBe('The Content Platform API did not answer within 1 s');
		expect(sandbox.requests).toHaveLength(1);
		// The sandbox still writes the note once its 4 s delay ends: wait for that answer here, so
		// that the note lands during this test and not in a later test's count of written notes.
		const [stalled] = sandbox.requests;
		while (stalled.status === 0) await new Promise((resolve) => setTimeout(resolve, 10));
		expect(stalled.status).toBe(201);
	});

	test("n8n's own Request Options → Timeout (ms), when set, is used instead", async () => {
		sandbox.failNext({ delayMs: 4000 });
		const result = await run(
			{ resource: 'order', operation: 'get', orderId: rl('5'), requestOptions: { timeout: 500 } },
			{ type: 'contentPlatformWithRequestOptions' },
		);
		expect(result.error?.message).toBe('The Content Platform API did not answer within 0.5 s');
	});
});

describe('writes with several items, the middle one failing (measured)', () => {
	const notes = ['note 1', 'note 2', 'note 3'].map((body) => ({ body }));
	const createNotes: INodeParameters = {
		resource: 'contactNote',
		operation: 'create',
		contactId: rl('1'),
		body: '={{ $json.body }}',
	};
	const failSecond = (delayMs?: number) =>
		sandbox.failNext({
			status: 500,
			delayMs,
			match: (r) => (r.body as { data?: { attributes?: { body?: string } } })?.data?.attributes?.body === 'note 2',
		});
	const written = (before: number) => sandbox.store.contact_notes.slice(before).map((n) => n.attributes.body);

	test('"Stop Workflow" (default): the node fails, yet notes 1 and 3 are written', async () => {
		const before = sandbox.store.contact_notes.length;
		failSecond();
		const result = await run(createNotes, { input: notes });
		expect(result.error?.message).toMatch(/^The Content Platform API answered 500/);
		expect(result.items).toEqual([]);
		expect(written(before).sort()).toEqual(['note 1', 'note 3']);
		expect(sandbox.requests).toHaveLength(3);
	});

	test("n8n's batching (Request Options → Batching, 1 item per 200 ms) still sends every item", async () => {
		const before = sandbox.store.contact_notes.length;
		// answered after the last item was sent (n8n does not await a batch before the next one;
		// a failure during the interval is an unhandled rejection that n8n only logs)
		failSecond(500);
		const result = await run(
			{ ...createNotes, requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 200 } } } },
			{ input: notes, type: 'contentPlatformWithRequestOptions' },
		);
		expect(result.error).toBeDefined();
		expect(written(before)).toEqual(['note 1', 'note 3']);
		expect(sandbox.requests.map((r) => r.status)).toEqual([201, 500, 201]);
	});

	test('"Continue (using error output)": notes 1 and 3 on the success output, note 2 on the error output', async () => {
		const before = sandbox.store.contact_notes.length;
		failSecond();
		const result = await run(createNotes, { input: notes, settings: { onError: 'continueErrorOutput' } });
		expect(result.error).toBeUndefined();
		const outputs = result.run.data.resultData.runData['Content Platform'][0].data!.main;
		expect(outputs[0]!.map((i) => i.json.body)).toEqual(['note 1', 'note 3']);
		expect(outputs[1]!.map((i) => String(i.json.error ?? i.error?.message))).toEqual([
			'The Content Platform API answered 500: Internal Server Error: Injected fault',
		]);
		expect(written(before)).toEqual(['note 1', 'note 3']);
		expect(sandbox.requests).toHaveLength(3);
	});

	test('"Retry On Fail" (2 tries): the whole node runs again, 5 notes for 3 items', async () => {
		const before = sandbox.store.contact_notes.length;
		failSecond();
		const result = await run(createNotes, {
			input: notes,
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(written(before).sort()).toEqual(['note 1', 'note 1', 'note 2', 'note 3', 'note 3']);
		expect(sandbox.requests).toHaveLength(6);
	});
});
