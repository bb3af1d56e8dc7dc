/**
 * Bad input is refused BEFORE any request, with an error naming the field.
 * Every case asserts that the sandbox received no request at all. Through n8n's real engine.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from './sandbox';
import { useSandbox, nodeRunner, rl } from './helpers/fixtures';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ clearBeforeEach: true },
);

const run = nodeRunner(() => sandbox, { options: { keepRequests: true } });

/** Runs and expects the node to fail with exactly `message` without sending anything. */
async function expectRefused(parameters: INodeParameters, message: string, input?: IDataObject[]) {
	const result = await run(parameters, { input });
	expect(result.error?.message).toBe(message);
	expect(result.items).toEqual([]);
	expect(sandbox.requests).toEqual([]);
	return result;
}

const GETS = [
	['contact', 'Contact'],
	['customer', 'Customer'],
	['course', 'Course'],
	['order', 'Order'],
	['orderItem', 'Order Item'],
	['transaction', 'Transaction'],
	['form', 'Form'],
	['formSubmission', 'Form Submission'],
	['podcast', 'Podcast'],
	['blogPost', 'Blog Post'],
];

describe('empty IDs', () => {
	// A literal empty value of a required field: n8n itself refuses to run the node (parameter issue).
	test.each(GETS)('%s Get with an empty ID → n8n: Parameter "%s" is required', async (resource, label) => {
		await expect(run({ resource, operation: 'get', [`${resource}Id`]: rl('') })).rejects.toThrow(
			`Parameter "${label}" is required.`,
		);
		expect(sandbox.requests).toEqual([]);
	});

	test.each([
		['spaces', '   '],
		['a tab and a newline', '\t\n'],
	])('an ID of only %s is empty', async (_name, value) => {
		await expectRefused(
			{ resource: 'order', operation: 'get', orderId: rl(value) },
			'"Order" is empty: enter the ID of the record',
		);
	});

	test.each(['id', 'list'])('mode %s: an expression that gives an empty value is refused by the node', async (mode) => {
		await expectRefused(
			{ resource: 'order', operation: 'get', orderId: rl('={{ $json.missing ?? "" }}', mode) },
			'"Order" is empty: enter the ID of the record',
		);
	});

	test('mode url: an expression that gives an empty value is refused (no URL to extract from)', async () => {
		const result = await run({ resource: 'order', operation: 'get', orderId: rl('={{ $json.missing ?? "" }}', 'url') });
		expect(result.error?.message).toMatch(/Order|invalid/);
		expect(sandbox.requests).toEqual([]);
	});

	test('an ID expression that resolves to whitespace on one item fails that item only, with its index', async () => {
		const result = await run(
			{ resource: 'order', operation: 'get', orderId: rl('={{ $json.id }}') },
			{ input: [{ id: '3' }, { id: ' ' }] },
		);
		expect(result.error?.message).toBe('"Order" is empty: enter the ID of the record');
		expect((result.error as { context?: IDataObject }).context?.itemIndex).toBe(1);
		expect(result.items).toEqual([]);
	});

	test('with Continue On Fail the empty-ID item becomes an error item and the others still run', async () => {
		const result = await run(
			{ resource: 'order', operation: 'get', orderId: rl('={{ $json.id }}') },
			{ input: [{ id: '' }, { id: '4' }], continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual(['/v1/orders/4']);
		expect(result.items.map((i) => i.json.error ?? i.json.id)).toEqual([
			'"Order" is empty: enter the ID of the record',
			'4',
		]);
	});

	test('contact note Create with an empty contact', async () => {
		await expectRefused(
			{ resource: 'contactNote', operation: 'create', contactId: rl(' '), body: 'Text' },
			'"Contact" is empty: enter the ID of the record',
		);
	});

	test('contact Update with a blank contact', async () => {
		await expectRefused(
			{ resource: 'contact', operation: 'update', contactId: rl('  '), updateFields: { name: 'X' } },
			'"Contact" is empty: enter the ID of the record',
		);
	});

	test('form Submit with a blank form', async () => {
		await expectRefused(
			{ resource: 'form', operation: 'submit', formId: rl(' '), submissionFields: { name: 'X' } },
			'"Form" is empty: enter the ID of the record',
		);
	});

	test.each([
		[
			'contact Update',
			{ resource: 'contact', operation: 'update', contactId: rl(''), updateFields: { name: 'X' } },
			'Contact',
		],
		['form Submit', { resource: 'form', operation: 'submit', formId: rl(''), submissionFields: { name: 'X' } }, 'Form'],
	])('%s with a literally empty ID → n8n: Parameter "…" is required', async (_name, parameters, label) => {
		await expect(run(parameters as INodeParameters)).rejects.toThrow(`Parameter "${label}" is required.`);
		expect(sandbox.requests).toEqual([]);
	});
});

describe('Limit below 1', () => {
	test.each([
		[0, 'Limit must be a whole number of at least 1, not "0"'],
		[-1, 'Limit must be a whole number of at least 1, not "-1"'],
		[2.5, 'Limit must be a whole number of at least 1, not "2.5"'],
	])('Limit %p is refused', async (limit, message) => {
		await expectRefused({ resource: 'order', operation: 'getAll', returnAll: false, limit }, message);
	});

	test('Limit from an expression that gives 0 is refused too', async () => {
		await expectRefused(
			{ resource: 'contact', operation: 'getAll', returnAll: false, limit: '={{ $json.n }}' },
			'Limit must be a whole number of at least 1, not "0"',
			[{ n: 0 }],
		);
	});

	test('Return All ignores the Limit field', async () => {
		const result = await run({ resource: 'podcast', operation: 'getAll', returnAll: true, limit: 0 });
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBe(sandbox.store.podcasts.length);
	});

	test('Limit 1 is accepted: one request of page size 1', async () => {
		const result = await run({ resource: 'order', operation: 'getAll', returnAll: false, limit: 1 });
		expect(result.items).toHaveLength(1);
		expect(sandbox.requests.map((r) => r.query)).toEqual([{ 'page[number]': '1', 'page[size]': '1' }]);
	});
});

describe('write bodies', () => {
	test('contact note with an empty body → n8n: Parameter "Body" is required', async () => {
		await expect(run({ resource: 'contactNote', operation: 'create', contactId: rl('1'), body: '' })).rejects.toThrow(
			'Parameter "Body" is required.',
		);
		expect(sandbox.requests).toEqual([]);
	});

	test.each([
		['only whitespace', ' \n\t '],
		['an expression giving nothing', '={{ $json.text ?? "" }}'],
	])('contact note with %s as body → refused by the node', async (_name, body) => {
		await expectRefused(
			{ resource: 'contactNote', operation: 'create', contactId: rl('1'), body },
			'"Body" is empty: enter the text of the note',
		);
	});

	test('contact Update with nothing to update', async () => {
		await expectRefused(
			{ resource: 'contact', operation: 'update', contactId: rl('1'), updateFields: {} },
			'Nothing to update: add at least one field under "Update Fields"',
		);
	});

	test('contact Update with the Update Fields parameter left out', async () => {
		await expectRefused(
			{ resource: 'contact', operation: 'update', contactId: rl('1') },
			'Nothing to update: add at least one field under "Update Fields"',
		);
	});

	test.each([
		['no field set', { submissionFields: {} }],
		['the Submission Fields parameter left out', {}],
	])('form Submit with %s → refused before any request', async (_name, parameters) => {
		await expectRefused(
			{ resource: 'form', operation: 'submit', formId: rl('1'), ...parameters },
			'Nothing to submit: add at least one field under "Submission Fields"',
		);
	});

	test('contact Update with only tag IDs is not "nothing" (an empty list clears the tags)', async () => {
		const result = await run({
			resource: 'contact',
			operation: 'update',
			contactId: rl('2'),
			updateFields: { tagIds: '' },
		});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(1);
		expect((sandbox.requests[0].body as IDataObject).relationships).toEqual({ tags: { data: [] } });
	});
});
