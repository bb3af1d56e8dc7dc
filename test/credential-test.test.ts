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
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	INodeType,
	JsonObject,
} from 'n8n-workflow';

import type { Sandbox } from './sandbox';
import { accessTokenCredentials, useSandbox } from './helpers/fixtures';
import {
	credentialTypes,
	registerNodeType,
	runNode,
	TestCredentialsHelper,
	type NodeRunResult,
} from './helpers/harness';

/** The temporary node n8n builds for a credential test: one property whose routing is `test.request`. */
function testerNode(credentialType: string, test: ICredentialTestRequest): INodeType {
	return {
		description: {
			displayName: 'Temp',
			name: 'credentialTester',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Temp' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credentialType, required: true }],
			properties: [
				{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: test.request } },
			],
		},
	};
}

/** n8n's verdict on a test run (CredentialsTester.runRequestTest). */
function verdict(result: NodeRunResult, test: ICredentialTestRequest): { status: 'OK' | 'Error'; message: string } {
	if (!result.error) return { status: 'OK', message: 'Connection successful!' };
	// n8n reads the status from the HTTP error (error.cause.response); after WorkflowExecute the
	// NodeApiError carries the same status as `httpCode`.
	const response = (result.error.cause as JsonObject | undefined)?.response as { status?: number } | undefined;
	const httpCode = (result.error as { httpCode?: string | null }).httpCode;
	const status = response?.status ?? (httpCode ? Number(httpCode) : undefined);
	if (status !== undefined) {
		const rule = test.rules?.find((r) => r.type === 'responseCode' && r.properties.value === status);
		if (rule) return { status: 'Error', message: rule.properties.message };
		return { status: 'Error', message: `Received HTTP status code: ${status}` };
	}
	return { status: 'Error', message: result.error.message };
}

async function credentialTest(
	credentialType: string,
	credentials: Record<string, ICredentialDataDecryptedObject> | TestCredentialsHelper,
) {
	const test = (credentialTypes[credentialType] as ICredentialType).test!;
	registerNodeType('credentialTester', testerNode(credentialType, test));
	const result = await runNode({
		type: 'credentialTester',
		parameters: {},
		credentials,
		nodeCredentials: { [credentialType]: { id: '1', name: 'Tested credential' } },
	});
	return verdict(result, test);
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
