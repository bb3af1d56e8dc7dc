'use strict';
/**
 * e2e checks of the credentials' Test in the running n8n (`POST /rest/credentials/test`,
 * what the editor's Test button calls): the access token and OAuth2 credentials pass on a
 * single-site and on a multi-site sandbox account (test/sandbox/accounts.js: contact and customer
 * lists without filter[site_id] answer 400 there), and a wrong token fails with the credential's
 * message; both credentials fail, with the message that names the cause, when GET /v1/me is
 * answered by a redirect to another origin (nothing reaches that origin) or by a proxy's login page
 * (200, HTML). Called by e2e/run.js once `n8n start` is up. Alone (both lines):
 * `npm run build && E2E_N8N=2.x node e2e/credential-test.js`, `E2E_N8N=1.x node e2e/credential-test.js`.
 */
const assert = require('node:assert/strict');

const { createSandbox } = require('../test/sandbox');
const { retryWhile404, runStandalone } = require('./lib/standalone');
const { API_CREDENTIAL, OAUTH2_CREDENTIAL } = require('./lib/stack');

/** The credential test's messages, as the built access token credential n8n runs declares them (dist/). */
const ME_TEST_FAILURES = (() => {
	const { ContentPlatformApi } = require('../dist/credentials/ContentPlatformApi.credentials');
	const rules = new ContentPlatformApi().test.rules;
	const message = (type, match) => rules.find((r) => r.type === type && match(r.properties)).properties.message;
	return {
		redirect: (status) => message('responseCode', (p) => p.value === status),
		notJsonApi: message('responseSuccessBody', (p) => p.key === 'data'),
	};
})();

/**
 * @param {{ n8n: object, sandbox: object, check: (name: string, fn: () => unknown) => Promise<void>, credentials: { api: object, wrong: object, oauth: object } }} options
 *   `credentials`: stored credentials `{ id, name, type, data }` to test.
 */
async function credentialTestChecks({ n8n, sandbox, check, credentials }) {
	const test = (credential) => n8n.rest('POST', '/rest/credentials/test', { credentials: credential });
	try {
		for (const multiSite of [false, true]) {
			sandbox.account.multiSite = multiSite;
			const account = multiSite ? 'multi-site' : 'single-site';
			sandbox.clearRequests();
			const api = await test(credentials.api);
			await check(`credential Test, ${account} account: the access token passes (GET /v1/me)`, () => {
				assert.equal(api.status, 'OK', api.message);
				assert.deepEqual(
					// the suite's active triggers may poll meanwhile (list pages): look at the test's own request
					sandbox.requests.filter((r) => !/page%5B|page\[/.test(r.rawQuery)).map((r) => `${r.method} ${r.rawPath}`),
					['GET /v1/me'],
				);
			});
			const wrong = await test(credentials.wrong);
			await check(`credential Test, ${account} account: a wrong token fails with the credential's message`, () => {
				assert.equal(wrong.status, 'Error');
				// n8n 1.x answers a 401 of a credential test with its own words before the credential's
				// rules are read (measured on 1.123.81); n8n 2.x shows the credential's message.
				const expected =
					n8n.n8nMajor === 1
						? /^Authorization failed - please check your credentials/
						: /^The access token was refused: check the token/;
				assert.match(wrong.message, expected);
				assert.ok(!wrong.message.includes(credentials.wrong.data.accessToken), 'the token is not shown');
			});
			sandbox.clearRequests();
			const oauth = await test(credentials.oauth);
			await check(`credential Test, ${account} account: OAuth2 client credentials pass`, () => {
				assert.equal(oauth.status, 'OK', oauth.message);
				assert.ok(
					sandbox.requests.some((r) => r.rawPath === '/v1/me'),
					'GET /v1/me was sent',
				);
			});
		}
		await notTheApiChecks({ n8n, sandbox, check, test, credentials });
	} finally {
		sandbox.account.multiSite = false;
	}
}

/**
 * Issue 40: the test passes only when the API itself answered. GET /v1/me answered by a redirect
 * to another origin (a second sandbox that would answer the account document) or by a proxy's
 * login page fails with the message that names the cause, for both credentials.
 */
async function notTheApiChecks({ n8n, sandbox, check, test, credentials }) {
	const other = await createSandbox({ token: 'other-token' });
	try {
		const onMe = (fault) => sandbox.failNext({ ...fault, match: (r) => r.rawPath === '/v1/me' });
		for (const [name, credential] of [
			['access token', credentials.api],
			['OAuth2', credentials.oauth],
		]) {
			other.clearRequests();
			onMe({ status: 302, headers: { Location: `${other.url}/v1/me` }, body: '' });
			other.failNext({ status: 200, body: { data: { id: '9', type: 'users', attributes: {} } } });
			const redirected = await test(credential);
			sandbox.clearFaults();
			await check(`credential Test, ${name}: a 302 to another origin fails naming the redirect (not followed)`, () => {
				// n8n 1.x words an HTTP error of a credential test itself, without the credential's
				// responseCode rules (measured on 1.123.81: "Request failed with status code 302");
				// n8n 2.x shows the rule's message.
				const expected = n8n.n8nMajor === 1 ? 'Request failed with status code 302' : ME_TEST_FAILURES.redirect(302);
				assert.deepEqual(
					{ status: redirected.status, message: redirected.message },
					{ status: 'Error', message: expected },
				);
				assert.deepEqual(other.requests, [], 'nothing reached the other origin');
			});
			onMe({ status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html><form>Sign in</form></html>' });
			const loginPage = await test(credential);
			sandbox.clearFaults();
			await check(`credential Test, ${name}: a proxy's login page (200, HTML) fails: not the API`, () => {
				assert.deepEqual(
					{ status: loginPage.status, message: loginPage.message },
					{ status: 'Error', message: ME_TEST_FAILURES.notJsonApi },
				);
			});
		}
	} finally {
		await other.close();
	}
}

/** The stored credential with a wrong access token, against `sandbox` (also imported into n8n by the standalone run). */
function wrongToken(sandbox) {
	return {
		id: 'cpWrongToken0001',
		name: 'Wrong token',
		type: 'contentPlatformApi',
		data: { baseUrl: sandbox.url, accessToken: 'not-the-token' },
	};
}

/**
 * The access-token credentials `credentialTestChecks` tests against `sandbox`: `api` (the stack's
 * `API_CREDENTIAL`, the sandbox's token) and `wrong` (`wrongToken`); the caller adds `oauth`, the
 * OAuth2 credential as its n8n holds it.
 */
function tokenCredentials(sandbox) {
	return {
		api: {
			...API_CREDENTIAL,
			type: 'contentPlatformApi',
			data: { baseUrl: sandbox.url, accessToken: sandbox.token },
		},
		wrong: wrongToken(sandbox),
	};
}

module.exports = { credentialTestChecks, tokenCredentials };

if (require.main === module) {
	runStandalone({
		name: 'e2e-credential-test',
		workflows: () => [],
		credentials: (sandbox) => [wrongToken(sandbox)],
		checks: async ({ n8n, sandbox, check }) => {
			// n8n 1.x mounts its REST routes some seconds after it reports ready
			await retryWhile404(() => n8n.rest('GET', '/rest/credentials'));
			await credentialTestChecks({
				n8n,
				sandbox,
				check,
				credentials: {
					...tokenCredentials(sandbox),
					oauth: {
						...OAUTH2_CREDENTIAL,
						type: 'contentPlatformOAuth2Api',
						data: {
							baseUrl: sandbox.url,
							clientId: sandbox.oauth.clientId,
							clientSecret: sandbox.oauth.clientSecret,
						},
					},
				},
			});
		},
	});
}
