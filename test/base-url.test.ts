/**
 * The Base URL rule is applied in two places that n8n runs apart: the nodes' `apiRoot`
 * (nodes/api/transport/baseUrl.ts, before every request of the nodes, OAuth2
 * included) and the access token credential's `authenticate` (run by n8n on every request made with
 * it, and in the credential Test, where no node code runs). For every kind of Base URL both give
 * the same API root, or refuse it with the same words; and the expression n8n resolves for the
 * node's `requestDefaults`, the credentials' test request and the OAuth2 token URL normalises the
 * same way.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { ContentPlatformApi } from '../credentials/ContentPlatformApi.credentials';
import { ContentPlatformOAuth2Api } from '../credentials/ContentPlatformOAuth2Api.credentials';
import { apiRoot, baseUrlExpression } from '../nodes/api/transport/baseUrl';

const BASE_URLS = [
	'https://api.example.com',
	' https://api.example.com/v1/ ',
	'https://api.example.com//',
	'HTTPS://API.Example.com:443/tenant/V1',
	'http://127.0.0.1:8080/',
	'https://api.example.com/v1/v1',
	'',
	'   ',
	'api.example.com',
	'//api.example.com',
	'https://',
	'https://ada:pa55word@api.example.com/v1',
	'https://ada@api.example.com',
	'ftp://api.example.com',
	'https://api.example.com?tenant=1',
	'https://api.example.com/?',
	'https://api.example.com#x',
	'https://api.example.com/v1#',
];

/** What a rule makes of a Base URL: the API root, or the refusal's message. */
function outcome(rule: () => string): { root: string } | { refused: string } {
	try {
		return { root: rule() };
	} catch (error) {
		return { refused: (error as Error).message };
	}
}

describe('the Base URL rule: the nodes and the access token credential agree', () => {
	test.each(BASE_URLS)('%j', async (baseUrl) => {
		const credential = new ContentPlatformApi();
		const nodes = outcome(() => apiRoot(baseUrl));
		let fromCredential: { root: string } | { refused: string };
		try {
			const options = await credential.authenticate({ baseUrl, accessToken: 'token' }, {
				baseURL: 'unset',
				url: '/me',
			} as IHttpRequestOptions);
			fromCredential = { root: String(options.baseURL) };
		} catch (error) {
			fromCredential = { refused: (error as Error).message };
		}
		expect(fromCredential).toEqual(nodes);
		if ('refused' in nodes) {
			expect(nodes.refused).toMatch(/^The credential's Base URL /);
			expect(nodes.refused).not.toContain('pa55word');
		}
	});

	test('the expression n8n resolves is written the same in the node and both credentials', () => {
		const credentialTest = new ContentPlatformApi().test.request.baseURL;
		expect(new ContentPlatformOAuth2Api().test.request.baseURL).toBe(credentialTest);
		expect(baseUrlExpression('/v1')).toBe(credentialTest);
		const tokenUrl = new ContentPlatformOAuth2Api().properties.find((p) => p.name === 'accessTokenUrl')?.default;
		expect(tokenUrl).toBe(baseUrlExpression('/v1/oauth/token', '$self["baseUrl"]'));
	});
});
