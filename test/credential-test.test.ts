/**
 * The credentials' Test request, for both credentials, against single-site and
 * multi-site sandbox accounts (test/sandbox/accounts.js: a multi-site account answers contact and
 * customer lists without filter[site_id] with 400, as the spec says such accounts require it).
 *
 * It runs the way n8n's credentials tester runs a credential's `test` (n8n
 * `CredentialsTester.runRequestTest`, in the n8n server package, not installed here): a temporary
 * node whose only property routes the `test.request`, executed by n8n-core's RoutingNode
 * (WorkflowExecute) with the credential, then n8n's verdict: OK when the request succeeds; on an
 * HTTP error the message of the `responseCode` rule for that status, else the status text.
 */
import type {
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
} from 'n8n-workflow';

import type { Fault, Sandbox } from './sandbox';
import { accessTokenCredentials, useSandbox } from './helpers/fixtures';
import { credentialTypes, TestCredentialsHelper } from './helpers/harness';
import { runCredentialTest } from './helpers/credentialTester';

/** The rules of a credential's test, each read by its `type` as n8n's tester reads them. */
function rulesOf(credentialType: string) {
	const rules = ((credentialTypes[credentialType] as ICredentialType).test?.rules ?? []) as Array<
		IAuthenticateRuleResponseCode | IAuthenticateRuleResponseSuccessBody
	>;
	const code = (status: number) =>
		(rules.find((r) => r.type === 'responseCode' && r.properties.value === status) as IAuthenticateRuleResponseCode)
			.properties.message;
	const body = (key: string) =>
		(
			rules.find(
				(r) => r.type === 'responseSuccessBody' && r.properties.key === key,
			) as IAuthenticateRuleResponseSuccessBody
		).properties.message;
	return { rules, code, body };
}

/**
 * What the Test answers when something other than the API answered GET /v1/me, as the access
 * token credential declares it (the OAuth2 credential declares the same: the first test below).
 */
const ME_TEST_FAILURES = {
	redirect: (status: number) => rulesOf('contentPlatformApi').code(status),
	notJsonApi: rulesOf('contentPlatformApi').body('data'),
	noType: rulesOf('contentPlatformApi').body('data.type'),
	noId: rulesOf('contentPlatformApi').body('data.id'),
};

describe('the two credentials declare one test', () => {
	test('the same request and rules, apart from their own 401 and 403 messages', () => {
		const [api, oauth] = ['contentPlatformApi', 'contentPlatformOAuth2Api'].map(
			(type) => (credentialTypes[type] as ICredentialType).test!,
		);
		expect(oauth.request).toEqual(api.request);
		const without401And403 = (test: ICredentialTestRequest) =>
			(test.rules ?? []).filter((r) => !(r.type === 'responseCode' && [401, 403].includes(Number(r.properties.value))));
		expect(without401And403(oauth)).toEqual(without401And403(api));
		expect(without401And403(api)).toHaveLength(13);
	});

	test('a redirect and each answer that is not the account name their cause', () => {
		expect(ME_TEST_FAILURES.redirect(307)).toMatch(/^The Base URL answered GET \/v1\/me with a redirect \(307\)/);
		expect(ME_TEST_FAILURES.notJsonApi).toContain('not with a JSON:API document (no "data")');
		expect(ME_TEST_FAILURES.noType).toContain('has no record type (data.type)');
		expect(ME_TEST_FAILURES.noId).toContain('has no record ID (data.id)');
	});
});

async function credentialTest(
	credentialType: string,
	credentials: Record<string, ICredentialDataDecryptedObject> | TestCredentialsHelper,
) {
	return (await runCredentialTest(credentialType, credentials)).verdict;
}

const oauthCredentials = (sandbox: Sandbox, clientSecret = 'client-secret') =>
	new TestCredentialsHelper({
		contentPlatformOAuth2Api: { baseUrl: sandbox.url, clientId: 'client-id', clientSecret },
	});

describe.each([
	['single-site', false],
	['multi-site', true],
])('credential Test on a %s account', (_name, multiSite) => {
	let sandbox: Sandbox;
	useSandbox(
		(started) => {
			sandbox = started;
		},
		{ account: { multiSite }, clearBeforeEach: true },
	);

	test('the account answers lists as the spec says (multi-site: contacts need filter[site_id])', async () => {
		const headers = { Authorization: `Bearer ${sandbox.token}` };
		expect((await fetch(`${sandbox.url}/v1/contacts?page[size]=1`, { headers })).status).toBe(multiSite ? 400 : 200);
		expect((await fetch(`${sandbox.url}/v1/contacts?page[size]=1&filter[site_id]=1`, { headers })).status).toBe(200);
	});

	test('access token: a valid token passes, with one request to GET /v1/me', async () => {
		expect(await credentialTest('contentPlatformApi', accessTokenCredentials(sandbox))).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(sandbox.requests.map((r) => [r.method, r.rawPath, r.headers.authorization])).toEqual([
			['GET', '/v1/me', `Bearer ${sandbox.token}`],
		]);
	});

	test('access token: a wrong token fails with a message saying what to check', async () => {
		expect(await credentialTest('contentPlatformApi', accessTokenCredentials(sandbox, 'wrong-token'))).toEqual({
			status: 'Error',
			message: "The access token was refused: check the token, and that the base URL is your account's API address",
		});
	});

	test('OAuth2: valid client credentials pass (a token, then GET /v1/me with it)', async () => {
		const helper = oauthCredentials(sandbox);
		expect(await credentialTest('contentPlatformOAuth2Api', helper)).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(sandbox.requests.map((r) => [r.method, r.rawPath])).toEqual([
			['POST', '/v1/oauth/token'],
			['GET', '/v1/me'],
		]);
		expect(sandbox.requests[1].headers.authorization).toBe(`Bearer ${sandbox.issuedTokens[0]}`);
	});

	test("OAuth2: a wrong client secret fails with the token endpoint's words, before any API request", async () => {
		const result = await credentialTest('contentPlatformOAuth2Api', oauthCredentials(sandbox, 'wrong-secret'));
		expect(result.status).toBe('Error');
		expect(result.message).toContain('Client authentication failed');
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual(['/v1/oauth/token']);
	});
});

describe.each([
	['access token', 'contentPlatformApi'],
	['OAuth2', 'contentPlatformOAuth2Api'],
])('%s credential Test: passes only when the API itself answered GET /v1/me', (_name, credentialType) => {
	let sandbox: Sandbox;
	let other: Sandbox;
	useSandbox(
		(started) => {
			sandbox = started;
		},
		{ clearBeforeEach: true },
	);
	// Another origin (another port), its faults and requests cleared before each test.
	useSandbox(
		(started) => {
			other = started;
		},
		{ token: 'other-token', clearBeforeEach: true },
	);

	const credentialsOf = () =>
		credentialType === 'contentPlatformApi' ? accessTokenCredentials(sandbox) : oauthCredentials(sandbox);
	/** The next `GET /v1/me` of the API gets this answer instead of the account. */
	const answerMe = (fault: Fault) => sandbox.failNext({ ...fault, match: (r) => r.rawPath === '/v1/me' });

	test('the account document passes', async () => {
		expect(await credentialTest(credentialType, credentialsOf())).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
	});

	test.each([301, 302, 303, 307, 308])(
		'a redirect (%i) to another origin that answers 200 fails, naming the redirect; nothing reaches the other origin',
		async (status) => {
			answerMe({ status, headers: { Location: `${other.url}/v1/me` }, body: '' });
			other.failNext({ status: 200, body: { data: { id: '9', type: 'users', attributes: {} } } });
			expect(await credentialTest(credentialType, credentialsOf())).toEqual({
				status: 'Error',
				message: ME_TEST_FAILURES.redirect(status),
			});
			expect(other.requests).toEqual([]);
		},
	);

	test("a proxy's login page answering 200 (HTML) fails: not a JSON:API document", async () => {
		answerMe({
			status: 200,
			headers: { 'Content-Type': 'text/html; charset=utf-8' },
			body: '<!doctype html><html><body><form action="/login">Sign in</form></body></html>',
		});
		expect(await credentialTest(credentialType, credentialsOf())).toEqual({
			status: 'Error',
			message: ME_TEST_FAILURES.notJsonApi,
		});
	});

	test.each([
		['a JSON answer of another service', { status: 'ok', version: '2.1' }, ME_TEST_FAILURES.notJsonApi],
		['a JSON:API error document', { errors: [{ status: '200', title: 'Not the API' }] }, ME_TEST_FAILURES.notJsonApi],
		['a JSON:API list (no type on data)', { data: [] }, ME_TEST_FAILURES.noType],
		['a record without a type', { data: { id: '1', attributes: { name: 'x' } } }, ME_TEST_FAILURES.noType],
		['a record without an ID', { data: { type: 'users', attributes: { name: 'x' } } }, ME_TEST_FAILURES.noId],
		['a record with a null ID', { data: { id: null, type: 'users' } }, ME_TEST_FAILURES.noId],
	])('a wrong Base URL answering 200 with %s fails, naming the cause', async (_what, body, message) => {
		answerMe({ status: 200, headers: { 'Content-Type': 'application/json' }, body });
		expect(await credentialTest(credentialType, credentialsOf())).toEqual({ status: 'Error', message });
	});
});

describe('GET /v1/me in the sandbox', () => {
	let sandbox: Sandbox;
	useSandbox((started) => {
		sandbox = started;
	});

	test("answers the token's user as the supplement describes it", async () => {
		const response = await fetch(`${sandbox.url}/v1/me`, { headers: { Authorization: `Bearer ${sandbox.token}` } });
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({
			data: {
				id: '1',
				type: 'users',
				attributes: { initials: 'AO', name: 'Avery Owner', email: 'owner@example.com', role_level: 'OWNER' },
			},
		});
		expect((await fetch(`${sandbox.url}/v1/me`)).status).toBe(401);
	});
});
