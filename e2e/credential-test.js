'use strict';
/**
 * e2e checks of the credentials' Test in the running n8n (`POST /rest/credentials/test`,
 * what the editor's Test button calls): the access token and OAuth2 credentials pass on a
 * single-site and on a multi-site sandbox account (test/sandbox/accounts.js: contact and customer
 * lists without filter[site_id] answer 400 there), and a wrong token fails with the credential's
 * message. Called by e2e/run.js once `n8n start` is up.
 */
const assert = require('node:assert/strict');

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
	} finally {
		sandbox.account.multiSite = false;
	}
}

module.exports = { credentialTestChecks };
