/**
 * A server or proxy that echoes the Authorization header or the token into its error
 * body (JSON:API `errors[]`, plain JSON, text, HTML) never puts the access token, the OAuth2 access
 * token or the client secret into the node's error message, description, serialized error,
 * continue-on-fail items or run data. The sandbox echoes what it received (test/sandbox/fault-bodies.js).
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Fault, Sandbox } from './sandbox';
import { echoAuthorization } from './sandbox/fault-bodies';
import { accessTokenCredentials, rl, useSandbox } from './helpers/fixtures';
import { callListSearch } from './helpers/loadOptions';
import { runNode, TestCredentialsHelper } from './helpers/harness';
import { TriggerRunner } from './trigger/pollHarness';
import { safeStringify, visibleText } from './helpers/secrets';

const CANARY = 'cp-echo-token-3f9a1c';
const CLIENT_CANARY = 'cp-echo-client-secret-b27e';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ token: CANARY, oauth: { clientSecret: CLIENT_CANARY }, clearBeforeEach: true },
);

const apiRequestOf = (auth: 'accessToken' | 'oAuth2') => (r: { rawPath: string }) =>
	r.rawPath !== '/v1/oauth/token' && auth !== undefined;

const FORMATS: Array<[string, Partial<Fault>]> = [
	['JSON:API errors[] (401)', { status: 401, body: echoAuthorization('jsonapi') }],
	['JSON:API errors[] (500)', { status: 500, body: echoAuthorization('jsonapi') }],
	['JSON:API errors[] (422)', { status: 422, body: echoAuthorization('jsonapi') }],
	['JSON:API errors[] (404)', { status: 404, body: echoAuthorization('jsonapi') }],
	['plain JSON (403)', { status: 403, body: echoAuthorization('json') }],
	['text (400)', { status: 400, body: echoAuthorization('text') }],
	['HTML (502)', { status: 502, headers: { 'Content-Type': 'text/html' }, body: echoAuthorization('html') }],
	['HTML with status 200', { status: 200, headers: { 'Content-Type': 'text/html' }, body: echoAuthorization('html') }],
	// beyond the 60 s a read is waited for (the 429 rule, transport/throttle.ts): not sent again, the error reaches the user
	['429 echoing the token', { status: 429, headers: { 'Retry-After': '120' }, body: echoAuthorization('jsonapi') }],
];

const OPERATIONS: Array<[string, INodeParameters]> = [
	['Get', { resource: 'order', operation: 'get', orderId: rl('5') }],
	// one page at a time: the fault hits the first page sent (429 rule: test/rate-limits.test.ts)
	['Get Many', { resource: 'order', operation: 'getAll', returnAll: true, requestSettings: { parallelPages: 1 } }],
	['Contact Note → Create', { resource: 'contactNote', operation: 'create', contactId: rl('1'), body: 'x' }],
];

describe('access token echoed by the server', () => {
	describe.each(OPERATIONS)('%s', (_name, parameters) => {
		test.each(FORMATS)("%s → the error shows the server's words, never the token", async (_format, fault) => {
			sandbox.failNext({ ...fault, match: apiRequestOf('accessToken') });
			const result = await runNode({ parameters, credentials: accessTokenCredentials(sandbox) });
			expect(result.error).toBeDefined();
			// the echo did reach the node (the server did send the token back)...
			expect(sandbox.requests[0].headers.authorization).toBe(`Bearer ${CANARY}`);
			// ...and none of it is shown
			expect(visibleText(result)).not.toContain(CANARY);
			expect(visibleText(result)).not.toContain(encodeURIComponent(CANARY).replace(/-/g, '%2D'));
			expect(`${result.error?.message}\n${(result.error as { description?: string }).description}`).toContain(
				'[redacted]',
			);
		});

		test.each(FORMATS)('%s with Continue On Fail → the error item holds no token', async (_format, fault) => {
			sandbox.failNext({ ...fault, match: apiRequestOf('accessToken') });
			const result = await runNode({ parameters, credentials: accessTokenCredentials(sandbox), continueOnFail: true });
			expect(result.items).toHaveLength(1);
			expect(result.items[0].error).toBeDefined();
			expect(visibleText(result)).not.toContain(CANARY);
		});
	});

	test("the message keeps the server's words around the token", async () => {
		sandbox.failNext({ status: 500, body: echoAuthorization('jsonapi') });
		const result = await runNode({ parameters: OPERATIONS[0][1], credentials: accessTokenCredentials(sandbox) });
		expect(result.error?.message).toBe(
			'The Content Platform API answered 500: Token [redacted] rejected: The header "Authorization: Bearer [redacted]" is not valid (at [redacted])',
		);
		expect((result.error as { description?: string }).description).toBe(
			'Token [redacted] rejected: The header "Authorization: Bearer [redacted]" is not valid (at [redacted])\nsecond error quoting [redacted]',
		);
	});

	test("a list search (the trigger's request path) answered with an echo → no token in the error", async () => {
		sandbox.failNext({ status: 401, body: echoAuthorization('jsonapi') });
		const error = await callListSearch('searchOrders', {
			parameters: { resource: 'order', operation: 'get' },
			credentials: accessTokenCredentials(sandbox),
		}).catch((e: unknown) => e);
		expect(safeStringify(error)).not.toContain(CANARY);
		expect((error as Error).message).toMatch(
			/^Authentication failed: check the credential's access token and base URL — Token \[redacted\] rejected/,
		);
	});
});

test.each(FORMATS.slice(0, 7))(
	'the trigger (New Order) answered %s → the poll error holds no token',
	async (_format, fault) => {
		sandbox.failNext({ ...fault, match: (r) => r.rawPath === '/v1/orders' });
		const result = await new TriggerRunner({ event: 'newOrder' }, accessTokenCredentials(sandbox)).poll();
		expect(result.error).toBeDefined();
		expect(safeStringify(result.error)).not.toContain(CANARY);
		expect(`${result.error?.message} ${result.error?.description}`).not.toContain(CANARY);
	},
);

describe('OAuth2: access token and client secret echoed', () => {
	function oauthHelper() {
		return new TestCredentialsHelper({
			contentPlatformOAuth2Api: { baseUrl: sandbox.url, clientId: 'client-id', clientSecret: CLIENT_CANARY },
		});
	}

	test.each(FORMATS.filter(([name]) => !name.includes('401')))(
		'%s echoing the OAuth2 token → never shown',
		async (_format, fault) => {
			sandbox.failNext({ ...fault, match: (r) => r.rawPath !== '/v1/oauth/token' });
			const helper = oauthHelper();
			const result = await runNode({
				parameters: { ...OPERATIONS[0][1], authentication: 'oAuth2' },
				credentials: helper,
			});
			const issued = sandbox.issuedTokens[sandbox.issuedTokens.length - 1];
			expect(issued).toMatch(/^at_/);
			expect(result.error).toBeDefined();
			expect(visibleText(result)).not.toContain(issued);
			expect(visibleText(result)).not.toContain(CLIENT_CANARY);
		},
	);

	test('a token endpoint error echoing the client secret → the secret is not shown', async () => {
		sandbox.failNext({
			status: 400,
			body: { error: 'invalid_request', error_description: `client_secret ${CLIENT_CANARY} is not accepted` },
			match: (r) => r.rawPath === '/v1/oauth/token',
		});
		const result = await runNode({
			parameters: { ...OPERATIONS[1][1], authentication: 'oAuth2' },
			credentials: oauthHelper(),
		});
		expect(result.error).toBeDefined();
		expect(visibleText(result)).not.toContain(CLIENT_CANARY);
	});
});
