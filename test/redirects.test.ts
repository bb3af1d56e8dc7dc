/**
 * No credential and no write body ever reaches another origin than the credential's
 * Base URL. The API (sandbox A) answers 301/302/303/307/308 with a `Location` on a second local
 * server (sandbox B, another port) for every kind of request of the package: Get, Get Many, the
 * writes, the list searches (the trigger's request path), the credential test, with the access
 * token and with OAuth2. B records everything it receives.
 */
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import { accessTokenCredentials, rl, useSandbox, everythingReceivedBy } from './helpers/fixtures';
import { callListSearch } from './helpers/loadOptions';
import { TriggerRunner } from './trigger/pollHarness';
import { runCredentialTest } from './helpers/credentialTester';
import { runNode, TestCredentialsHelper, type NodeRunResult } from './helpers/harness';

const CANARY = 'cp-redirect-token-5d1e9';
const CLIENT_CANARY = 'cp-redirect-client-secret-77ab';

let api: Sandbox;
let other: Sandbox;
useSandbox(
	(started) => {
		api = started;
	},
	{ token: CANARY, oauth: { clientSecret: CLIENT_CANARY }, clearBeforeEach: true },
);
// Another origin (another port), its faults and requests cleared before each test.
useSandbox(
	(started) => {
		other = started;
	},
	{ token: 'other-token', clearBeforeEach: true },
);

const STATUSES = [301, 302, 303, 307, 308];

const getOrder: INodeParameters = { resource: 'order', operation: 'get', orderId: rl('5') };
const getManyOrders: INodeParameters = { resource: 'order', operation: 'getAll', returnAll: true };
const createNote: INodeParameters = {
	resource: 'contactNote',
	operation: 'create',
	contactId: rl('1'),
	body: 'Called back',
};

function redirectOnce(status: number, location: string, match?: (r: RecordedRequest) => boolean) {
	api.failNext({
		status,
		headers: { Location: location },
		body: '',
		match: match ?? ((r) => r.rawPath !== '/v1/oauth/token'),
	});
}

function oauthToFirstServer() {
	return new TestCredentialsHelper({
		contentPlatformOAuth2Api: { baseUrl: api.url, clientId: 'client-id', clientSecret: CLIENT_CANARY },
	});
}

async function runAs(auth: 'accessToken' | 'oAuth2', parameters: INodeParameters): Promise<NodeRunResult> {
	return await runNode({
		parameters: { ...parameters, authentication: auth },
		credentials: auth === 'oAuth2' ? oauthToFirstServer() : accessTokenCredentials(api),
	});
}

const apiCalls = () => api.requests.filter((r) => r.rawPath !== '/v1/oauth/token');

describe('a redirect to another origin: an error naming the target, nothing sent there', () => {
	const cases: Array<[string, INodeParameters, string]> = [
		['Get', getOrder, '/v1/orders/5'],
		['Get Many (Return All)', getManyOrders, '/v1/orders'],
		['Contact Note → Create', createNote, '/v1/contact_notes'],
	];
	for (const auth of ['accessToken', 'oAuth2'] as const) {
		describe.each(cases)(`%s with ${auth}`, (_name, parameters, path) => {
			test.each(STATUSES)('%i → error, the other server receives nothing', async (status) => {
				redirectOnce(status, `${other.url}${path}?moved=1`);
				const result = await runAs(auth, parameters);
				expect(result.items).toEqual([]);
				expect(result.error?.message).toMatch(
					new RegExp(
						`^The Content Platform API redirected \\(${status}\\) to ${other.url}${path}, outside the credential's Base URL \\(${api.url}\\): the request was not sent there`,
					),
				);
				expect(other.requests).toEqual([]);
				expect(apiCalls().map((r) => r.status)).toEqual([status]);
			});
		});
	}

	test('Form → Submit answered 308 to another origin: the submission body goes nowhere else', async () => {
		redirectOnce(308, `${other.url}/v1/forms/1/submit`);
		const result = await runAs('accessToken', {
			resource: 'form',
			operation: 'submit',
			formId: rl('1'),
			submissionFields: { email: 'ada@example.com' },
		});
		expect(result.error?.message).toMatch(/^The Content Platform API redirected \(308\) to /);
		expect(other.requests).toEqual([]);
	});

	test("a list search (the trigger's and the editor's request path) answered 302 to another origin", async () => {
		redirectOnce(302, `${other.url}/v1/orders`);
		await expect(
			callListSearch('searchOrders', {
				parameters: { resource: 'order', operation: 'get' },
				credentials: accessTokenCredentials(api),
			}),
		).rejects.toThrow(
			/^The Content Platform API redirected \(302\) to http:\/\/127\.0\.0\.1:\d+\/v1\/orders, outside the credential's Base URL/,
		);
		expect(other.requests).toEqual([]);
	});

	test.each(['accessToken', 'oAuth2'] as const)(
		'the trigger (New Order, %s) answered 307 to another origin: the poll fails, nothing sent there',
		async (auth) => {
			redirectOnce(307, `${other.url}/v1/orders`);
			const trigger = new TriggerRunner(
				{ event: 'newOrder', authentication: auth },
				auth === 'oAuth2' ? oauthToFirstServer() : accessTokenCredentials(api),
			);
			const result = await trigger.poll();
			expect(result.error?.message).toMatch(
				/^The Content Platform API redirected \(307\) to http:\/\/127\.0\.0\.1:\d+\/v1\/orders, outside the credential's Base URL/,
			);
			expect(other.requests).toEqual([]);
		},
	);

	test('a redirect to the same host on https (another scheme) is another origin too', async () => {
		redirectOnce(302, api.url.replace('http:', 'https:') + '/v1/orders/5');
		const result = await runAs('accessToken', getOrder);
		expect(result.error?.message).toMatch(
			/^The Content Platform API redirected \(302\) to https:\/\/127\.0\.0\.1:\d+\/v1\/orders\/5, outside/,
		);
	});

	test('neither the token nor the client secret is anywhere on the second server', async () => {
		for (const status of STATUSES) {
			redirectOnce(status, `${other.url}/v1/orders/5`);
			await runAs('oAuth2', getOrder);
			redirectOnce(status, `${other.url}/v1/orders/5`);
			await runAs('accessToken', getOrder);
		}
		expect(other.requests).toHaveLength(0);
		expect(everythingReceivedBy(other)).not.toContain(CANARY);
		expect(everythingReceivedBy(other)).not.toContain(CLIENT_CANARY);
	});
});

describe("a redirect within the Base URL's origin is followed, with the credential", () => {
	test.each(STATUSES)('Get answered %i to /v1/orders/6 → order 6', async (status) => {
		redirectOnce(status, '/v1/orders/6');
		const result = await runAs('accessToken', getOrder);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.id)).toEqual(['6']);
		expect(api.requests.map((r) => `${r.method} ${r.rawPath} ${r.status} ${r.headers.authorization}`)).toEqual([
			`GET /v1/orders/5 ${status} Bearer ${CANARY}`,
			`GET /v1/orders/6 200 Bearer ${CANARY}`,
		]);
	});

	test('Get Many: page 2 answered 302 to the same page under an absolute URL → every record once', async () => {
		redirectOnce(302, `${api.url}/v1/orders?page[number]=2&page[size]=100`, (r) => r.query['page[number]'] === '2');
		const result = await runAs('accessToken', getManyOrders);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(api.store.orders.length);
	});

	test('with OAuth2 the followed request carries the OAuth2 token', async () => {
		redirectOnce(307, '/v1/orders/6', (r) => r.rawPath === '/v1/orders/5');
		const result = await runAs('oAuth2', getOrder);
		expect(result.items.map((i) => i.json.id)).toEqual(['6']);
		const [first, second] = apiCalls();
		expect(second.headers.authorization).toBe(first.headers.authorization);
		expect(first.headers.authorization).toMatch(/^Bearer at_/);
	});

	test('Contact Note → Create answered 307 → the same POST and body once more, one note', async () => {
		const notes = api.store.contact_notes.length;
		redirectOnce(307, '/v1/contact_notes');
		const result = await runAs('accessToken', createNote);
		expect(result.error).toBeUndefined();
		expect(api.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['POST 307', 'POST 201']);
		expect(api.requests[1].body).toEqual(api.requests[0].body);
		expect(api.requests[1].headers['content-type']).toBe('application/vnd.api+json');
		expect(api.store.contact_notes.length).toBe(notes + 1);
	});

	test('Contact Note → Create answered 303 → a GET of the Location, no body', async () => {
		const note = api.store.contact_notes[0];
		redirectOnce(303, `/v1/contact_notes/${note.id}`);
		const result = await runAs('accessToken', createNote);
		expect(api.requests.map((r) => `${r.method} ${r.rawPath}`)).toEqual([
			'POST /v1/contact_notes',
			`GET /v1/contact_notes/${note.id}`,
		]);
		expect(api.requests[1].body).toBeUndefined();
		// GET /v1/contact_notes/{id} (the supplement's Contact Note → Get) answers the note: that is the item
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id)).toEqual([note.id]);
	});

	test('more than 5 redirects in a row → an error, 6 requests', async () => {
		api.failNext({ status: 302, headers: { Location: '/v1/orders/5' }, body: '', times: 10 });
		const result = await runAs('accessToken', getOrder);
		expect(result.error?.message).toBe(
			'The Content Platform API redirected more than 5 times in a row (last to /v1/orders/5)',
		);
		expect(api.requests).toHaveLength(6);
	});
});

describe('the credential test', () => {
	async function testCredential(data: ICredentialDataDecryptedObject) {
		return (await runCredentialTest('contentPlatformApi', { contentPlatformApi: data })).result;
	}

	test('passes against the API', async () => {
		const result = await testCredential({ baseUrl: api.url, accessToken: CANARY });
		expect(result.error).toBeUndefined();
		expect(api.requests.map((r) => `${r.rawPath}?${r.rawQuery} ${r.headers.authorization}`)).toEqual([
			`/v1/me? Bearer ${CANARY}`,
		]);
	});

	test.each(STATUSES)(
		'answered %i to another origin: the test does not follow it, and fails with the status',
		async (status) => {
			redirectOnce(status, `${other.url}/v1/me`);
			const result = await testCredential({ baseUrl: api.url, accessToken: CANARY });
			// the test request is sent with disableFollowRedirect (meTest): nothing reaches the other origin
			expect(other.requests).toEqual([]);
			expect(everythingReceivedBy(other)).not.toContain(CANARY);
			expect(api.requests.map((r) => `${r.rawPath} ${r.status}`)).toEqual([`/v1/me ${status}`]);
			expect((result.error as { httpCode?: string }).httpCode).toBe(String(status));
		},
	);

	test.each([
		['a trailing /v1', (url: string) => `${url}/v1/`, null],
		['spaces around it', (url: string) => `  ${url}  `, null],
		[
			'a query',
			(url: string) => `${url}?tenant=1`,
			/has a query \("\?…"\): remove it and write only http:\/\/127\.0\.0\.1:\d+$/,
		],
		[
			'a fragment',
			(url: string) => `${url}#x`,
			/has a fragment \("#…"\): remove it and write only http:\/\/127\.0\.0\.1:\d+$/,
		],
		[
			'user:pass@',
			(url: string) => url.replace('http://', 'http://ada:pa55word@'),
			/contains a user name or password \("user:pass@"\): remove it and write only http:\/\/127\.0\.0\.1:\d+;/,
		],
		[
			'no scheme',
			(url: string) => url.replace('http://', ''),
			/has no scheme: write it with https:\/\/, for example https:\/\/127\.0\.0\.1:\d+$/,
		],
	])(
		'a Base URL with %s is normalised, or refused before any request with the fix',
		async (_name, baseUrl, refusal) => {
			const result = await testCredential({ baseUrl: baseUrl(api.url), accessToken: CANARY });
			if (refusal === null) {
				expect(result.error).toBeUndefined();
				expect(api.requests.map((r) => r.rawPath)).toEqual(['/v1/me']);
			} else {
				expect(result.error?.message).toMatch(refusal);
				expect(result.error?.message).not.toContain('pa55word');
				expect(api.requests).toEqual([]);
			}
		},
	);
});

describe("the OAuth2 token request (n8n-core's token client, not the package's code)", () => {
	test('a token URL answering 307 to another origin: measured, n8n-core follows it with the client secret in the body', async () => {
		api.failNext({
			status: 307,
			headers: { Location: `${other.url}/v1/oauth/token` },
			body: '',
			match: (r) => r.rawPath === '/v1/oauth/token',
		});
		const result = await runAs('oAuth2', getOrder);
		expect(result.error).toBeDefined();
		// This is n8n-core's OAuth2 client (@n8n/client-oauth2 with axios' default redirects): the
		// package cannot stop it; see README "Credentials". The node's own requests never follow.
		expect(other.requests.map((r) => `${r.method} ${r.rawPath}`)).toEqual(['POST /v1/oauth/token']);
		expect(String(other.requests[0].body)).toContain(`client_secret=${CLIENT_CANARY}`);
	});
});
