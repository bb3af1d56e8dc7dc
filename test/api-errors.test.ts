/**
 * API errors through n8n's engine: real sandbox answers 401 (wrong token),
 * 404 (unknown ID) and 422 (invalid write) make the node fail with the server's `errors[].detail`
 * in the message; with "Continue On Fail" the failing item carries the error, paired with its
 * input, and the other items are still executed.
 *
 * The expected details are not copied from the sandbox: each failing request is replayed with
 * `fetch` and the details are read from the server's own `errors[]`.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import { rl, runWith, useSandbox } from './helpers/fixtures';

let sandbox: Sandbox;
useSandbox((started) => {
	sandbox = started;
});

/** Sends a recorded request again and returns its status and the `detail` of each `errors[]` member. */
async function replayForErrors(request: RecordedRequest): Promise<{ status: number; details: string[] }> {
	const headers: Record<string, string> = {};
	for (const name of ['authorization', 'accept', 'content-type']) {
		const value = request.headers[name];
		if (typeof value === 'string') headers[name] = value;
	}
	const response = await fetch(`${sandbox.url}${request.rawPath}${request.rawQuery ? `?${request.rawQuery}` : ''}`, {
		method: request.method,
		headers,
		body: request.body === undefined ? undefined : JSON.stringify(request.body),
	});
	const document = (await response.json()) as { errors?: Array<{ detail?: string }> };
	const details = (document.errors ?? [])
		.map((error) => error.detail)
		.filter((d): d is string => typeof d === 'string');
	return { status: response.status, details };
}

interface ErrorCase {
	name: string;
	status: number;
	parameters: INodeParameters;
	token?: string;
}

const CASES: ErrorCase[] = [
	{
		name: '401 wrong token on a Get',
		status: 401,
		token: 'wrong-token',
		parameters: { resource: 'order', operation: 'get', orderId: rl('1') },
	},
	{
		name: '401 wrong token on a Get Many',
		status: 401,
		token: 'wrong-token',
		parameters: { resource: 'contact', operation: 'getAll', returnAll: true },
	},
	{
		name: '401 wrong token on a write',
		status: 401,
		token: 'wrong-token',
		parameters: { resource: 'contact', operation: 'update', contactId: rl('1'), updateFields: { name: 'x' } },
	},
	{
		name: '404 unknown ID on a Get',
		status: 404,
		parameters: { resource: 'podcast', operation: 'get', podcastId: rl('999') },
	},
	{
		name: '404 unknown contact on Update',
		status: 404,
		parameters: { resource: 'contact', operation: 'update', contactId: rl('99999'), updateFields: { name: 'x' } },
	},
	{
		name: '404 unknown form on Submit',
		status: 404,
		parameters: { resource: 'form', operation: 'submit', formId: rl('99999'), submissionFields: { name: 'x' } },
	},
	{
		name: '422 note for an unknown contact',
		status: 422,
		parameters: { resource: 'contactNote', operation: 'create', contactId: rl('424242'), body: 'x' },
	},
	{
		name: '422 update with an invalid email and an unknown tag (both details)',
		status: 422,
		parameters: {
			resource: 'contact',
			operation: 'update',
			contactId: rl('2'),
			updateFields: { email: 'not-an-email', tagIds: '9999' },
		},
	},
	{
		name: '422 form submit with an invalid email',
		status: 422,
		parameters: { resource: 'form', operation: 'submit', formId: rl('1'), submissionFields: { email: 'nope' } },
	},
];

describe('the node fails with the server detail', () => {
	test.each(CASES)('$name', async ({ status, parameters, token }) => {
		const result = await runWith(sandbox, parameters, { token });
		expect(sandbox.requests).toHaveLength(1);
		const [request] = sandbox.requests;
		expect(request.status).toBe(status);
		const server = await replayForErrors(request);
		expect(server.status).toBe(status);
		expect(server.details.length).toBeGreaterThan(0);
		expect(result.items).toEqual([]);
		expect(result.error).toBeDefined();
		for (const detail of server.details) expect(result.error!.message).toContain(detail);
		expect((result.error as unknown as { httpCode?: string }).httpCode).toBe(String(status));
		expect(result.error!.message).not.toContain(sandbox.token);
	});

	test('without Continue On Fail the node fails on the failing item and outputs nothing', async () => {
		const result = await runWith(
			sandbox,
			{ resource: 'order', operation: 'get', orderId: rl('={{ $json.id }}') },
			{ input: [{ id: '404404' }, { id: '2' }] },
		);
		expect(result.error?.message).toContain("Couldn't find Order with 'id'=404404");
		expect(result.items).toEqual([]);
		// n8n-core's declarative routing sends the requests of all items at once
		// (routing-node.js: Promise.allSettled), so item 1 was requested too; its result is dropped.
		expect(sandbox.requests.map((r) => r.rawPath).sort()).toEqual(['/v1/orders/2', '/v1/orders/404404']);
	});
});

describe('Continue On Fail: the failing item carries the error and the run goes on', () => {
	/** Runs with continueOnFail; expects no node error and one request per input item. */
	async function continued(parameters: INodeParameters, input: IDataObject[], token?: string) {
		const result = await runWith(sandbox, parameters, { input, continueOnFail: true, token });
		expect(result.error).toBeUndefined();
		// Taken before any replay (replays reach the sandbox too).
		const requests = [...sandbox.requests];
		expect(requests).toHaveLength(input.length);
		return { items: result.items, requests };
	}

	test('404 on the first of 2 Get items: error item 0, record item 1', async () => {
		const { items, requests } = await continued(
			{ resource: 'order', operation: 'get', orderId: rl('={{ $json.id }}') },
			[{ id: 'missing' }, { id: '2' }],
		);
		const server = await replayForErrors(requests.find((r) => r.rawPath === '/v1/orders/missing')!);
		expect(items).toHaveLength(2);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json.error).toEqual(expect.stringContaining(server.details[0]));
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(items[1].json).toMatchObject({ id: '2', type: 'orders' });
	});

	test('404 on the second of 2 Get items: record item 0, error item 1', async () => {
		const { items, requests } = await continued(
			{ resource: 'order', operation: 'get', orderId: rl('={{ $json.id }}') },
			[{ id: '2' }, { id: 'missing' }],
		);
		const server = await replayForErrors(requests.find((r) => r.rawPath === '/v1/orders/missing')!);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[0].json.id).toBe('2');
		expect(items[1].json.error).toEqual(expect.stringContaining(server.details[0]));
	});

	test('422 on one of 2 note creations: the other note is created', async () => {
		const before = sandbox.store.contact_notes.length;
		const { items, requests } = await continued(
			{ resource: 'contactNote', operation: 'create', contactId: rl('={{ $json.contact }}'), body: 'Follow up' },
			[{ contact: '424242' }, { contact: '3' }],
		);
		const server = await replayForErrors(requests.find((r) => r.status === 422)!);
		expect(requests.map((r) => r.status).sort()).toEqual([201, 422]);
		expect(items[0].json.error).toEqual(expect.stringContaining(server.details[0]));
		expect(items[1].json).toMatchObject({ type: 'contact_notes', body: 'Follow up', contact_id: '3' });
		expect(sandbox.store.contact_notes).toHaveLength(before + 1);
	});

	test('401 (wrong token) with 2 items: both items carry the error, both were tried', async () => {
		const { items, requests } = await continued(
			{ resource: 'customer', operation: 'get', customerId: rl('={{ $json.id }}') },
			[{ id: '1' }, { id: '2' }],
			'wrong-token',
		);
		const server = await replayForErrors(requests[0]);
		expect(requests.map((r) => r.status)).toEqual([401, 401]);
		expect(items).toHaveLength(2);
		for (const item of items) expect(item.json.error).toEqual(expect.stringContaining(server.details[0]));
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('Get Many: a refused list for item 0, the records of item 1', async () => {
		// created_in_last must be a whole number of days: the sandbox answers 400 for 1.5.
		const { items, requests } = await continued(
			{ resource: 'contact', operation: 'getAll', limit: 2, filters: { created_in_last: '={{ $json.days }}' } },
			[{ days: 1.5 }, { days: 365 }],
		);
		const server = await replayForErrors(requests.find((r) => r.query['filter[created_in_last]'] === '1.5')!);
		expect(server.status).toBe(400);
		expect(items).toHaveLength(3);
		expect(items[0].json.error).toEqual(expect.stringContaining(server.details[0]));
		expect(items.slice(1).map((i) => i.pairedItem)).toEqual([{ item: 1 }, { item: 1 }]);
		expect(items.slice(1).map((i) => i.json.type)).toEqual(['contacts', 'contacts']);
	});

	// n8n-core's routing-node.js pushes `{ json: {}, error }` without pairedItem; the paginator pairs
	// its error item itself (`readGetMany` in ContentPlatform/routing/pages.ts).
	test('Get Many under Continue On Fail: the error item is paired with its input', async () => {
		const { items } = await continued(
			{ resource: 'contact', operation: 'getAll', limit: 2, filters: { created_in_last: '={{ $json.days }}' } },
			[{ days: 1.5 }, { days: 365 }],
		);
		expect(items[0].json.error).toBeDefined();
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});
});
