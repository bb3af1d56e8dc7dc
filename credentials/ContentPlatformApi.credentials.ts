/** The access token credential of the Content Platform nodes (`contentPlatformApi`). */
import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

/**
 * Access token credential: `Authorization: Bearer <token>` on every request (spec "Authentication").
 * The spec does not show how tokens are issued; see the README.
 *
 * `authenticate` also sends every request to the Base URL's API root (`{Base URL}/v1`), or refuses
 * a Base URL that cannot be used with a message naming the fix, the credential Test included, and
 * keeps the token from following a redirect to another origin (n8n's
 * `sendCredentialsOnCrossOriginRedirect`). The nodes apply the same Base URL rule themselves
 * (nodes/api/transport/baseUrl.ts).
 */
export class ContentPlatformApi implements ICredentialType {
	name = 'contentPlatformApi';

	displayName = 'Content Platform API';

	icon: Icon = { light: 'file:../icons/contentPlatform.svg', dark: 'file:../icons/contentPlatform.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-content-platform/n8n-nodes-content-platform#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://api.example.com',
			required: true,
			description:
				'The address the API paths are relative to, for example https://api.example.com (a trailing /v1 or slash is removed). Requests go to <Base URL>/v1/…',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				"The account's API access token, sent as a Bearer token. The API specification does not describe how tokens are issued or how long they live: create one in the platform's API settings. If your tokens expire, use the OAuth2 (client credentials) credential instead.",
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const root = apiRoot(credentials.baseUrl);
		if (requestOptions.baseURL !== undefined) requestOptions.baseURL = root;
		requestOptions.headers = {
			...requestOptions.headers,
			Authorization: `Bearer ${String(credentials.accessToken ?? '')}`,
		};
		requestOptions.sendCredentialsOnCrossOriginRedirect = false;
		return requestOptions;
	}

	/**
	 * The Test button: the token's own user (`GET /v1/me`, platform-api-supplement.md section 4),
	 * which every account answers, with one site or several. Its Base URL is normalised by n8n (the
	 * expression below), then `authenticate` applies the whole rule. It passes only when the API
	 * itself answered: a 401 or 403 says what to fix, a redirect is not followed and fails (the token
	 * goes nowhere else), and a 200 must be the account document, a JSON:API `data` object with a
	 * `type` and an `id`. n8n's tester (cli `CredentialsTester.runRequestTest`, 1.x and 2.x) reads
	 * `responseCode` rules on an HTTP error and `responseSuccessBody` rules on a success, where a
	 * rule fails the test when the value at `key` (lodash `get`) equals `value`. The OAuth2
	 * credential declares the same test with its own 401 and 403 messages.
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ String($credentials.baseUrl ?? "").trim().replace(/(?:\\/+v1)?\\/*$/i, "") + "/v1" }}',
			url: '/me',
			headers: { Accept: 'application/vnd.api+json' },
			disableFollowRedirect: true,
		},
		// n8n types `rules` as one kind or the other; its tester reads each rule by its `type`.
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: "The access token was refused: check the token, and that the base URL is your account's API address",
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The access token was accepted but may not read its own user: give the token read permission',
				},
			},
			...[301, 302, 303, 307, 308].map((value) => ({
				type: 'responseCode' as const,
				properties: {
					value,
					message: `The Base URL answered GET /v1/me with a redirect (${value}), not with your account: the test does not follow redirects, so a proxy or a wrong address (http:// for https://, another host or path) is in the way. Enter the address the API itself answers at`,
				},
			})),
			...[undefined, null].map((value) => ({
				type: 'responseSuccessBody',
				properties: {
					key: 'data',
					value,
					message:
						'The Base URL answered GET /v1/me with 200 but not with a JSON:API document (no "data"): something other than the Content Platform API answered, such as a login page of a proxy or a web site. Check the Base URL',
				},
			})),
			...[undefined, null, ''].map((value) => ({
				type: 'responseSuccessBody',
				properties: {
					key: 'data.type',
					value,
					message:
						'The Base URL answered GET /v1/me with 200 but the document has no record type (data.type): it is not the account document of the Content Platform API. Check the Base URL',
				},
			})),
			...[undefined, null, ''].map((value) => ({
				type: 'responseSuccessBody',
				properties: {
					key: 'data.id',
					value,
					message:
						'The Base URL answered GET /v1/me with 200 but the document has no record ID (data.id): it is not the account document of the Content Platform API. Check the Base URL',
				},
			})),
		] as unknown as ICredentialTestRequest['rules'],
	};
}

/**
 * The Base URL rule as `authenticate` applies it: `{base URL}/v1`, or an Error naming the fix.
 * Normalised: surrounding spaces, trailing slashes and a trailing `/v1`. Refused (the message never
 * repeats a password): an empty value, no `http://` or `https://`, a user name or password
 * (`user:pass@`, which would replace the Bearer token with Basic authentication), a query or a
 * fragment. The same rule as the nodes' `apiRoot` (nodes/api/transport/baseUrl.ts):
 * the credential Test runs without the nodes, and credentials import nothing of them;
 * test/base-url.test.ts keeps the two equal.
 */
function apiRoot(baseUrl: unknown): string {
	const tail = /(?:\/+v1)?\/*$/i;
	const text = typeof baseUrl === 'string' ? baseUrl.trim() : '';
	const refuse = (fix: string) => new Error(`The credential's Base URL ${fix}`);
	if (text === '') throw refuse("is empty: enter the API's address, for example https://api.example.com");
	if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
		throw refuse(`"${text}" has no scheme: write it with https://, for example https://${text.replace(/^\/+/, '')}`);
	}
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw refuse(`"${text}" is not a valid URL: write it like https://api.example.com`);
	}
	if (url.username !== '' || url.password !== '') {
		throw refuse(
			`contains a user name or password ("user:pass@"): remove it and write only ${url.protocol}//${url.host}${url.pathname.replace(tail, '')}; the access token or OAuth2 client is what signs in`,
		);
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		throw refuse(`"${text}" must start with https:// (not ${url.protocol}//)`);
	}
	const root = `${url.origin}${url.pathname.replace(tail, '')}`;
	if (url.search !== '' || text.endsWith('?')) {
		throw refuse(`"${text}" has a query ("?…"): remove it and write only ${root}`);
	}
	if (url.hash !== '' || text.endsWith('#')) {
		throw refuse(`"${text}" has a fragment ("#…"): remove it and write only ${root}`);
	}
	return `${root}/v1`;
}
