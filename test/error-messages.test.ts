/**
 * Every error class of api/errors.ts (`apiErrorFromResponse`,
 * `notJsonApiMessage`) with its exact message, produced through n8n's real engine against the
 * sandbox (real answers, or answers replaced by `sandbox.failNext`). Every test also checks that
 * the access token appears nowhere: not in the message, the description, the serialized error, the
 * output items or the run data.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from './sandbox';
import { useSandbox, nodeRunner, rl } from './helpers/fixtures';
import { expectNoSecret } from './helpers/secrets';

/** The access token of the run: a canary value that cannot appear by chance. */
const CANARY = 'cp-secret-token-4b1d9e77';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ token: CANARY, clearBeforeEach: true },
);

const run = nodeRunner(() => sandbox, { options: { token: CANARY, keepRequests: true } });

const getOrder = (id = '12'): INodeParameters => ({ resource: 'order', operation: 'get', orderId: rl(id) });
const listOrders: INodeParameters = { resource: 'order', operation: 'getAll', returnAll: false, limit: 5 };

/** Runs, expects a failure with `message` (exact) and returns the error. */
async function expectFailure(parameters: INodeParameters, message: string, options: { token?: string } = {}) {
	const result = await run(parameters, options);
	expect(result.items).toEqual([]);
	expect(result.error).toBeDefined();
	expect(result.error!.message).toBe(message);
	expectNoSecret(result, options.token ?? CANARY);
	return result.error as Error & { description?: string | null; httpCode?: string | null };
}

describe('JSON:API errors[] body', () => {
	test('message = first error (title: detail, at source), description = every error', async () => {
		sandbox.failNext({
			status: 400,
			body: {
				errors: [
					{
						status: '400',
						title: 'Invalid parameter',
						detail: 'order_number must be numeric',
						source: { pointer: '/data/attributes/order_number' },
					},
					{ status: '400', title: 'Invalid parameter', detail: 'sort key unknown', source: { parameter: 'sort' } },
					{ status: '400', detail: 'a third problem' },
				],
			},
		});
		const error = await expectFailure(
			getOrder(),
			'The Content Platform API answered 400: Invalid parameter: order_number must be numeric (at /data/attributes/order_number)',
		);
		expect(error.description).toBe(
			[
				'Invalid parameter: order_number must be numeric (at /data/attributes/order_number)',
				'Invalid parameter: sort key unknown (at sort)',
				'a third problem',
			].join('\n'),
		);
		expect(error.httpCode).toBe('400');
	});

	test('a title equal to the detail is said once; an error without words says so', async () => {
		sandbox.failNext({ status: 409, body: { errors: [{ title: 'Conflict', detail: 'Conflict' }, { code: 'x' }] } });
		const error = await expectFailure(getOrder(), 'The Content Platform API answered 409: Conflict');
		expect(error.description).toBe('Conflict\nNo details given');
	});

	test('a 400 on a list names the parameter', async () => {
		sandbox.failNext({
			status: 400,
			body: {
				errors: [
					{ status: '400', title: 'Bad Request', detail: 'Unknown filter', source: { parameter: 'filter[nope]' } },
				],
			},
		});
		const result = await run(listOrders);
		expect(result.error!.message).toMatch(
			/^The Content Platform API answered 400: Bad Request: Unknown filter \(at filter\[nope\]\)/,
		);
		expectNoSecret(result, CANARY);
	});
});

describe('status classes', () => {
	test('401 from a wrong token: check the credential, with the server words; the wrong token is not shown', async () => {
		const wrong = 'cp-wrong-token-0c0ffee';
		const error = await expectFailure(
			getOrder(),
			"Authentication failed: check the credential's access token and base URL — Unauthorized: Invalid or expired access token",
			{ token: wrong },
		);
		expect(error.httpCode).toBe('401');
		expect(error.description).toBe('Unauthorized: Invalid or expired access token');
		expect(sandbox.requests[0].headers.authorization).toBe(`Bearer ${wrong}`);
	});

	test('401 without a body', async () => {
		sandbox.failNext({ status: 401, body: '' });
		const error = await expectFailure(
			getOrder(),
			"Authentication failed: check the credential's access token and base URL",
		);
		expect(error.description).toBe('HTTP 401: an empty body');
	});

	test('403: missing permission', async () => {
		sandbox.failNext({
			status: 403,
			body: { errors: [{ status: '403', title: 'Forbidden', detail: 'You may not read orders of this site' }] },
		});
		const error = await expectFailure(
			getOrder(),
			'Permission denied: the access token may not do this — Forbidden: You may not read orders of this site',
		);
		expect(error.httpCode).toBe('403');
	});

	test.each([
		['order', 'orderId', '99999', "No order with ID \"99999\" — Not Found: Couldn't find Order with 'id'=99999"],
		[
			'orderItem',
			'orderItemId',
			'99999',
			"No order item with ID \"99999\" — Not Found: Couldn't find OrderItem with 'id'=99999",
		],
		[
			'formSubmission',
			'formSubmissionId',
			'424242',
			"No form submission with ID \"424242\" — Not Found: Couldn't find FormSubmission with 'id'=424242",
		],
	])('404 (real sandbox answer): %s → "No <resource> with ID …"', async (resource, parameter, id, message) => {
		const error = await expectFailure({ resource, operation: 'get', [parameter]: rl(id) }, message);
		expect(error.httpCode).toBe('404');
	});

	test('404 names the ID as the user typed it, trimmed', async () => {
		await expectFailure(
			getOrder('  77777  '),
			"No order with ID \"77777\" — Not Found: Couldn't find Order with 'id'=77777",
		);
		expect(sandbox.requests[0].rawPath).toBe('/v1/orders/77777');
	});

	test('404 on a list (no ID): "Not found"', async () => {
		sandbox.failNext({ status: 404, body: { errors: [{ title: 'Not Found', detail: 'No such site' }] } });
		const result = await run(listOrders);
		expect(result.error!.message).toMatch(/^Not found — Not Found: No such site/);
		expectNoSecret(result, CANARY);
	});

	test('422 (real sandbox answer to an invalid email): the invalid fields', async () => {
		const error = await expectFailure(
			{ resource: 'contact', operation: 'update', contactId: rl('3'), updateFields: { email: 'not-an-email' } },
			'Invalid fields: Unprocessable Entity: is not a valid email address (at /data/attributes/email)',
		);
		expect(error.httpCode).toBe('422');
		expect(error.description).toBe('Unprocessable Entity: is not a valid email address (at /data/attributes/email)');
	});

	test('422 with several errors: all fields in the message', async () => {
		sandbox.failNext({
			status: 422,
			body: {
				errors: [
					{ title: 'Invalid', detail: 'name is too long', source: { pointer: '/data/attributes/name' } },
					{
						title: 'Invalid',
						detail: 'phone_number is malformed',
						source: { pointer: '/data/attributes/phone_number' },
					},
				],
			},
		});
		await expectFailure(
			{ resource: 'contact', operation: 'update', contactId: rl('3'), updateFields: { name: 'x' } },
			'Invalid fields: Invalid: name is too long (at /data/attributes/name); Invalid: phone_number is malformed (at /data/attributes/phone_number)',
		);
	});

	test('429 with Retry-After: rate limited, retry after N seconds', async () => {
		// beyond the 60 s the package waits for before sending a read again (the 429 rule, transport/throttle.ts): fails at once
		sandbox.failNext({
			status: 429,
			headers: { 'Retry-After': '90', 'Content-Type': 'application/vnd.api+json' },
			body: JSON.stringify({ errors: [{ title: 'Too Many Requests', detail: 'Slow down' }] }),
		});
		const error = await expectFailure(
			getOrder(),
			'Rate limited by the Content Platform API: retry after 90 seconds — Too Many Requests: Slow down',
		);
		expect(error.httpCode).toBe('429');
		expect(sandbox.requests).toHaveLength(1);
	});

	test('429 without Retry-After (twice: a read is sent again once, after 1 s)', async () => {
		sandbox.failNext({ status: 429, body: '', times: 2 });
		await expectFailure(getOrder(), 'Rate limited by the Content Platform API');
		expect(sandbox.requests).toHaveLength(2);
	});

	test('500 with errors[]: the status and the first error', async () => {
		sandbox.failNext({
			status: 500,
			body: { errors: [{ status: '500', title: 'Internal Server Error', detail: 'Injected fault' }] },
		});
		const error = await expectFailure(
			getOrder(),
			'The Content Platform API answered 500: Internal Server Error: Injected fault',
		);
		expect(error.httpCode).toBe('500');
	});

	test('502 with an HTML body: the status and the first 200 characters of the page, whitespace folded', async () => {
		const html = `<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n<center><h1>502 Bad Gateway</h1></center>\n<hr><center>nginx</center>\n${'<!-- padding -->\n'.repeat(20)}</body>\n</html>`;
		sandbox.failNext({ status: 502, headers: { 'Content-Type': 'text/html' }, body: html });
		const folded = html.replace(/\s+/g, ' ').trim();
		const error = await expectFailure(
			getOrder(),
			`The Content Platform API answered 502 with ${folded.slice(0, 200)}…`,
		);
		expect(error.description).toBe(`HTTP 502: ${folded.slice(0, 200)}…`);
		expect(error.httpCode).toBe('502');
	});

	test('503 with a short plain-text body: quoted whole', async () => {
		sandbox.failNext({ status: 503, body: 'Service Unavailable' });
		await expectFailure(getOrder(), 'The Content Platform API answered 503 with Service Unavailable');
	});
});

describe('200 answers that are not JSON:API documents', () => {
	const prefix = 'The Content Platform API answered with something that is not a JSON:API document: ';

	test('non-JSON text', async () => {
		sandbox.failNext({
			status: 200,
			headers: { 'Content-Type': 'text/html' },
			body: '<html><body>Maintenance</body></html>',
		});
		await expectFailure(getOrder(), `${prefix}<html><body>Maintenance</body></html>`);
	});

	test('truncated JSON', async () => {
		sandbox.failNext({
			status: 200,
			headers: { 'Content-Type': 'application/vnd.api+json' },
			body: '{"data":{"id":"12","type":"orders","attrib',
		});
		await expectFailure(getOrder(), `${prefix}{"data":{"id":"12","type":"orders","attrib`);
	});

	test('data: null on a Get', async () => {
		sandbox.failNext({ status: 200, body: { data: null } });
		const error = await expectFailure(getOrder(), `${prefix}{"data":null}`);
		expect(error.description).toBe('The response is not a JSON:API document: "data" holds no resource objects');
	});

	test('an empty body', async () => {
		sandbox.failNext({ status: 200, headers: { 'Content-Type': 'application/vnd.api+json' }, body: '' });
		await expectFailure(getOrder(), `${prefix}an empty body`);
	});

	test('a JSON document without data', async () => {
		sandbox.failNext({ status: 200, body: { meta: { note: 'nothing here' } } });
		await expectFailure(getOrder(), `${prefix}{"meta":{"note":"nothing here"}}`);
	});

	test('on a list', async () => {
		sandbox.failNext({ status: 200, body: 'OK' });
		const result = await run(listOrders);
		expect(result.error!.message.startsWith(`${prefix}OK`)).toBe(true);
		expectNoSecret(result, CANARY);
	});
});

describe('errors of a Get Many name the page (runRequest → withContext)', () => {
	test.each([
		[
			'a 400 with errors[]',
			{
				status: 400,
				body: { errors: [{ title: 'Bad Request', detail: 'Unknown filter', source: { parameter: 'filter[nope]' } }] },
			},
			'The Content Platform API answered 400: Bad Request: Unknown filter (at filter[nope]) (page 1, after 0 records)',
		],
		[
			'a 404',
			{ status: 404, body: { errors: [{ title: 'Not Found', detail: 'No such site' }] } },
			'Not found — Not Found: No such site (page 1, after 0 records)',
		],
		[
			'a 200 that is not JSON:API',
			{ status: 200, body: 'OK' },
			'The Content Platform API answered with something that is not a JSON:API document: OK (page 1, after 0 records)',
		],
	])('%s on page 1', async (_name, fault, message) => {
		sandbox.failNext(fault);
		const result = await run(listOrders);
		expect(result.error?.message).toBe(message);
	});
});

describe('Continue On Fail', () => {
	test('the error becomes an output item with the same message; no token in it', async () => {
		sandbox.failNext({ status: 403, body: { errors: [{ title: 'Forbidden', detail: 'Nope' }] } });
		const result = await run(getOrder(), { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect((result.items[0].json as IDataObject).error).toBe(
			'Permission denied: the access token may not do this — Forbidden: Nope',
		);
		expect(result.items[0].error?.message).toBe(
			'Permission denied: the access token may not do this — Forbidden: Nope',
		);
		expectNoSecret(result, CANARY);
	});
});

test('the request carried the token (so the checks above are meaningful)', async () => {
	await run(getOrder('1'));
	expect(sandbox.requests[0].headers.authorization).toBe(`Bearer ${CANARY}`);
});
