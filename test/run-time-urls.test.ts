/**
 * URLs checked at run time, through n8n's engine against the sandbox: a By-URL ID with a malformed
 * % escape is refused before any request, and the credential's Base URL is normalised (a trailing
 * /v1, slashes, spaces) or refused with the fix (query, fragment, user:pass@, no scheme, empty),
 * for the access token and OAuth2 alike.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from './sandbox';
import { ONE_PAGE_AT_A_TIME, rl, useSandbox, nodeRunner } from './helpers/fixtures';
import { runNode, TestCredentialsHelper } from './helpers/harness';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ clearBeforeEach: true },
);

const run = nodeRunner(() => sandbox, { parameters: ONE_PAGE_AT_A_TIME, options: { keepRequests: true } });

describe('By URL: an ID that cannot be decoded is refused before any request', () => {
	test.each([
		['Order → Get', '%E0%A4%A', { resource: 'order', operation: 'get' }, 'orderId', 'Order', 'orders'],
		['Order → Get', '100%', { resource: 'order', operation: 'get' }, 'orderId', 'Order', 'orders'],
		[
			'Form → Submit',
			'%zz',
			{ resource: 'form', operation: 'submit', email: 'a@example.com' },
			'formId',
			'Form',
			'forms',
		],
	])('%s with the ID %s in the URL', async (_name, id, parameters, locator, label, type) => {
		const url = `${sandbox.url}/v1/${type}/${id}${type === 'forms' ? '/submit' : ''}`;
		const result = await run({ ...parameters, [locator]: rl(url, 'url') } as INodeParameters);
		expect(result.error?.message).toBe(
			`"${label}": the ID "${id}" in the URL has a malformed % escape: copy the URL again, or enter the ID By ID`,
		);
		expect(sandbox.requests).toEqual([]);
	});
});

describe('the Base URL at run time', () => {
	const getOrder: INodeParameters = { resource: 'order', operation: 'get', orderId: rl('5') };

	test.each([
		['a trailing /v1', (u: string) => `${u}/v1`],
		['a trailing /v1/', (u: string) => `${u}/v1/`],
		['trailing slashes and spaces', (u: string) => ` ${u}// `],
	])('%s is normalised: GET /v1/orders/5', async (_name, baseUrl) => {
		const result = await runNode({
			parameters: getOrder,
			credentials: { contentPlatformApi: { baseUrl: baseUrl(sandbox.url), accessToken: sandbox.token } },
		});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual(['/v1/orders/5']);
	});

	test.each([
		['a query', (u: string) => `${u}?tenant=1`, /has a query/],
		['a fragment', (u: string) => `${u}#top`, /has a fragment/],
		['user:pass@', (u: string) => u.replace('//', '//ada:pa55@'), /contains a user name or password/],
		['no scheme', (u: string) => u.replace('http://', ''), /has no scheme: write it with https:\/\//],
		['an empty value', () => '  ', /Base URL is empty/],
	])('%s is refused before any request, with the fix', async (_name, baseUrl, message) => {
		const result = await runNode({
			parameters: getOrder,
			credentials: { contentPlatformApi: { baseUrl: baseUrl(sandbox.url), accessToken: sandbox.token } },
		});
		expect(result.error?.message).toMatch(message);
		expect(result.error?.message).not.toContain('pa55');
		expect(sandbox.requests).toEqual([]);
	});

	test('OAuth2 with a Base URL ending in /v1/: the token URL and the requests are normalised', async () => {
		const helper = new TestCredentialsHelper({
			contentPlatformOAuth2Api: { baseUrl: `${sandbox.url}/v1/`, clientId: 'client-id', clientSecret: 'client-secret' },
		});
		const result = await runNode({ parameters: { ...getOrder, authentication: 'oAuth2' }, credentials: helper });
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => `${r.method} ${r.rawPath}`)).toEqual([
			'POST /v1/oauth/token',
			'GET /v1/orders/5',
		]);
	});

	test('OAuth2 with a query in the Base URL: refused before the token request', async () => {
		const helper = new TestCredentialsHelper({
			contentPlatformOAuth2Api: { baseUrl: `${sandbox.url}?x=1`, clientId: 'client-id', clientSecret: 'client-secret' },
		});
		const result = await runNode({ parameters: { ...getOrder, authentication: 'oAuth2' }, credentials: helper });
		expect(result.error?.message).toMatch(/has a query/);
		expect(sandbox.requests).toEqual([]);
	});
});
