/**
 * The OAuth2 client-credentials credential (`contentPlatformOAuth2Api`, extends n8n's
 * `oAuth2Api`). Everything runs through n8n-core: WorkflowExecute + routing for the action node,
 * n8n-core's `requestOAuth2` for token fetching and renewal, and a credentials helper that
 * applies defaults, resolves `$self` expressions and stores token data the way n8n's server does.
 * Token requests are counted from what the sandbox received.
 */
import type { INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import { accessTokenCredentials, useSandbox } from './helpers/fixtures';
import { credentialProperties, resolveCredentialDefaults, runNode, TestCredentialsHelper } from './helpers/harness';
import { loadOptionsContext } from './helpers/loadOptions';
import { apiRequest } from '../nodes/api/transport/apiRequest';

const TOKEN_PATH = '/v1/oauth/token';
const SECRET = 'client-secret';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ clearBeforeEach: true },
);

/** A saved OAuth2 credential as n8n stores it before its first use (no token data). */
function savedOAuth2Credential(overrides: Record<string, string> = {}) {
	return new TestCredentialsHelper({
		contentPlatformOAuth2Api: { baseUrl: sandbox.url, clientId: 'client-id', clientSecret: SECRET, ...overrides },
	});
}

const getContact: INodeParameters = {
	authentication: 'oAuth2',
	resource: 'contact',
	operation: 'get',
	contactId: { __rl: true, mode: 'id', value: '1' },
};

const tokenRequests = () => sandbox.requests.filter((r) => r.rawPath === TOKEN_PATH);
const nonTokenRequests = () => sandbox.requests.filter((r) => r.rawPath !== TOKEN_PATH);
const bearer = (r: RecordedRequest) => r.headers.authorization;
const storedToken = (helper: TestCredentialsHelper) =>
	(helper.store.contentPlatformOAuth2Api.oauthTokenData as { access_token?: string } | undefined)?.access_token;

/** Every text the user or a log could see of an error: message, description and the whole object. */
function errorTexts(error: unknown): string {
	const e = error as { message?: string; description?: string | null };
	return [e.message ?? '', e.description ?? '', JSON.stringify(error)].join('\n');
}

describe('credential type as n8n sees it', () => {
	it('extends oAuth2Api, so n8n-core takes its OAuth2 request path', () => {
		expect(new TestCredentialsHelper().getParentTypes('contentPlatformOAuth2Api')).toEqual(['oAuth2Api']);
		expect(new TestCredentialsHelper().getParentTypes('contentPlatformApi')).toEqual([]);
	});

	it('shows only client ID, client secret and base URL (all other OAuth2 fields hidden or not displayed)', () => {
		const properties = credentialProperties('contentPlatformOAuth2Api');
		// What n8n's credential form displays: the fields that getNodeParameters keeps for the
		// default values (displayOptions applied) and that are not hidden.
		const displayed = NodeHelpers.getNodeParameters(properties, {}, true, false, null, null) ?? {};
		const visible = properties
			.filter((p) => p.name in displayed && p.type !== 'hidden' && p.type !== 'json')
			.map((p) => p.name);
		expect(visible.sort()).toEqual(['baseUrl', 'clientId', 'clientSecret']);
		expect(properties.find((p) => p.name === 'clientSecret')?.typeOptions?.password).toBe(true);
	});

	it('decrypts to client credentials with the token URL derived from the base URL (trailing slashes dropped)', () => {
		const data = resolveCredentialDefaults('contentPlatformOAuth2Api', {
			baseUrl: ' https://api.example.com// ',
			clientId: 'id',
			clientSecret: 'secret',
			// Stored values of hidden OAuth fields are ignored, as n8n does.
			accessTokenUrl: 'https://evil.example.com/token',
			grantType: 'authorizationCode',
		});
		expect(data).toMatchObject({
			grantType: 'clientCredentials',
			accessTokenUrl: 'https://api.example.com/v1/oauth/token',
			authentication: 'body',
			scope: '',
			clientId: 'id',
			clientSecret: 'secret',
			oauthTokenData: {},
		});
	});
});

describe('action node with OAuth2 client credentials', () => {
	let helper: TestCredentialsHelper;
	beforeAll(() => {
		helper = savedOAuth2Credential();
	});

	it('first execution: exactly one token request (pair in the form body), then the API request with that token', async () => {
		const { items, error } = await runNode({ parameters: getContact, credentials: helper });

		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.id)).toEqual(['1']);
		expect(sandbox.requests.map((r) => `${r.method} ${r.rawPath} ${r.status}`)).toEqual([
			`POST ${TOKEN_PATH} 200`,
			'GET /v1/contacts/1 200',
		]);
		const [tokenRequest] = tokenRequests();
		expect(tokenRequest.body).toBe('grant_type=client_credentials&client_id=client-id&client_secret=client-secret');
		expect(tokenRequest.headers.authorization).toBeUndefined();
		const token = sandbox.issuedTokens[sandbox.issuedTokens.length - 1];
		expect(bearer(nonTokenRequests()[0])).toBe(`Bearer ${token}`);
		// n8n stored the token with the credential.
		expect(helper.tokenUpdates).toBe(1);
		expect(storedToken(helper)).toBe(token);
	});

	it('second execution reuses the stored token: zero token requests', async () => {
		const token = storedToken(helper);
		const { items, error } = await runNode({ parameters: getContact, credentials: helper });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(tokenRequests()).toHaveLength(0);
		expect(nonTokenRequests().map(bearer)).toEqual([`Bearer ${token}`]);
		expect(helper.tokenUpdates).toBe(1);
	});

	it('tokens expired between executions: 401, exactly one new token, retried, no error', async () => {
		const oldToken = storedToken(helper);
		sandbox.expireTokens();
		const { items, error } = await runNode({ parameters: getContact, credentials: helper });

		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.id)).toEqual(['1']);
		expect(sandbox.requests.map((r) => `${r.method} ${r.rawPath} ${r.status}`)).toEqual([
			'GET /v1/contacts/1 401',
			`POST ${TOKEN_PATH} 200`,
			'GET /v1/contacts/1 200',
		]);
		const newToken = sandbox.issuedTokens[sandbox.issuedTokens.length - 1];
		expect(newToken).not.toBe(oldToken);
		expect(nonTokenRequests().map(bearer)).toEqual([`Bearer ${oldToken}`, `Bearer ${newToken}`]);
		// The stored token was replaced, so the next execution uses the new one without a token request.
		expect(helper.tokenUpdates).toBe(2);
		expect(storedToken(helper)).toBe(newToken);

		sandbox.clearRequests();
		await runNode({ parameters: getContact, credentials: helper });
		expect(tokenRequests()).toHaveLength(0);
		expect(nonTokenRequests().map(bearer)).toEqual([`Bearer ${newToken}`]);
	});

	it('Get Many (paginated routing) after an expiry fetches exactly one token', async () => {
		sandbox.expireTokens();
		const { items, error } = await runNode({
			parameters: { authentication: 'oAuth2', resource: 'contact', operation: 'getAll', returnAll: true },
			credentials: helper,
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(sandbox.store.contacts.length);
		expect(tokenRequests()).toHaveLength(1);
		expect(nonTokenRequests().map((r) => r.status)).toEqual([401, 200]);
	});
});

describe('failures', () => {
	it('wrong secret: fails naming bad client credentials, without the secret or a token', async () => {
		const wrongValue = 'wrong-4f9a';
		const helper = savedOAuth2Credential({ clientSecret: wrongValue });
		const { items, error } = await runNode({ parameters: getContact, credentials: helper });

		expect(items).toHaveLength(0);
		expect(error).toBeDefined();
		expect(error!.message).toMatch(/client authentication failed/i);
		expect(error!.message).toMatch(/access token/i);
		expect(tokenRequests().map((r) => r.status)).toEqual([401]);
		expect(nonTokenRequests()).toHaveLength(0);
		const texts = errorTexts(error);
		expect(texts).not.toContain(wrongValue);
		for (const token of sandbox.issuedTokens) expect(texts).not.toContain(token);
		expect(helper.tokenUpdates).toBe(0);
	});

	it('wrong secret with "Continue on Fail": the error item holds neither the secret nor a token', async () => {
		const wrongValue = 'wrong-77c1';
		const { items, error } = await runNode({
			parameters: getContact,
			credentials: savedOAuth2Credential({ clientSecret: wrongValue }),
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(String(items[0].json.error)).toMatch(/client authentication failed/i);
		const text = JSON.stringify(items);
		expect(text).not.toContain(wrongValue);
		for (const token of sandbox.issuedTokens) expect(text).not.toContain(token);
	});

	it('token renewal refused after an expiry: one failed token request, an error without secret or tokens', async () => {
		const helper = savedOAuth2Credential();
		await runNode({ parameters: getContact, credentials: helper });
		const oldToken = storedToken(helper)!;
		sandbox.expireTokens();
		sandbox.clearRequests();
		sandbox.failNext({
			status: 401,
			body: { error: 'invalid_client', error_description: 'Client authentication failed' },
			match: (r) => r.rawPath === TOKEN_PATH,
		});

		const { error } = await runNode({ parameters: getContact, credentials: helper });

		expect(error).toBeDefined();
		expect(sandbox.requests.map((r) => `${r.rawPath} ${r.status}`)).toEqual([
			'/v1/contacts/1 401',
			`${TOKEN_PATH} 401`,
		]);
		expect(error!.message).toMatch(/client authentication failed/i);
		const texts = errorTexts(error);
		expect(texts).not.toContain(SECRET);
		expect(texts).not.toContain(oldToken);
		for (const token of sandbox.issuedTokens) expect(texts).not.toContain(token);
		// The expired token stays stored; nothing new was saved.
		expect(storedToken(helper)).toBe(oldToken);
	});

	it('401 again with a fresh token: one renewal, then an error that does not leak the tokens', async () => {
		const helper = savedOAuth2Credential();
		await runNode({ parameters: getContact, credentials: helper });
		sandbox.clearRequests();
		sandbox.failNext({ status: 401, times: 2, match: (r) => r.rawPath === '/v1/contacts/1' });

		const { error } = await runNode({ parameters: getContact, credentials: helper });

		expect(error).toBeDefined();
		expect(error!.message).toMatch(/authori[sz]ation failed|credential/i);
		expect(tokenRequests()).toHaveLength(1);
		expect(nonTokenRequests().map((r) => r.status)).toEqual([401, 401]);
		const texts = errorTexts(error);
		expect(texts).not.toContain(SECRET);
		for (const token of sandbox.issuedTokens) expect(texts).not.toContain(token);
	});
});

describe('base URL', () => {
	it.each([`/`, `//`])('a base URL ending in "%s" still reaches /v1/oauth/token and the API', async (suffix) => {
		const helper = savedOAuth2Credential({ baseUrl: `${sandbox.url}${suffix}` });
		const { items, error } = await runNode({ parameters: getContact, credentials: helper });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(sandbox.requests.map((r) => `${r.rawPath} ${r.status}`)).toEqual([
			`${TOKEN_PATH} 200`,
			'/v1/contacts/1 200',
		]);
	});
});

describe('the access token credential is unaffected', () => {
	it('a node saved before the Authentication option existed keeps using the access token credential', async () => {
		const helper = new TestCredentialsHelper(accessTokenCredentials(sandbox));
		const parameters = { ...getContact };
		delete parameters.authentication;
		const { items, error } = await runNode({ parameters, credentials: helper });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(tokenRequests()).toHaveLength(0);
		expect(nonTokenRequests().map(bearer)).toEqual([`Bearer ${sandbox.token}`]);
	});
});

/**
 * `apiRequest` (api/transport/apiRequest.ts) is what the trigger and the list searches use:
 * `httpRequestWithAuthentication` outside declarative routing. Run here in n8n-core's real
 * LoadOptionsContext (an "internal" context, like a poll's).
 */
describe('apiRequest (trigger and list searches) with OAuth2', () => {
	const context = (helper: TestCredentialsHelper) =>
		loadOptionsContext({ parameters: { authentication: 'oAuth2' }, credentials: helper, path: 'parameters.contactId' });

	it('fetches one token, reuses it, and renews it once after an expiry', async () => {
		const helper = savedOAuth2Credential();

		const first = await apiRequest(context(helper), 'GET', '/contacts', { qs: { 'page[size]': 2 } });
		expect(first.data).toHaveLength(2);
		expect(sandbox.requests.map((r) => `${r.rawPath} ${r.status}`)).toEqual([`${TOKEN_PATH} 200`, '/v1/contacts 200']);

		sandbox.clearRequests();
		await apiRequest(context(helper), 'GET', '/contacts', { qs: { 'page[size]': 2 } });
		expect(tokenRequests()).toHaveLength(0);

		sandbox.clearRequests();
		sandbox.expireTokens();
		const renewed = await apiRequest(context(helper), 'GET', '/contacts', { qs: { 'page[size]': 2 } });
		expect(renewed.data).toHaveLength(2);
		expect(sandbox.requests.map((r) => `${r.rawPath} ${r.status}`)).toEqual([
			'/v1/contacts 401',
			`${TOKEN_PATH} 200`,
			'/v1/contacts 200',
		]);
		expect(helper.tokenUpdates).toBe(2);
	});

	it('keeps our error messages for other statuses (404 is not a token problem)', async () => {
		const helper = savedOAuth2Credential();
		await expect(
			apiRequest(context(helper), 'GET', '/contacts/999999', { subject: { resourceName: 'contact', id: '999999' } }),
		).rejects.toThrow(/No contact with ID "999999"/);
		expect(tokenRequests()).toHaveLength(1);
	});
});
