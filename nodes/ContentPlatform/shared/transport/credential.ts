/**
 * The credential of a request, from the node's "Authentication" option to the 401 renewal: the
 * option and the credentials both nodes offer, which credential type it selects (decided once per
 * request, `credentialTypeOf`), the Base URL rule written once (what a user may type as "Base URL"
 * and the API root every request goes to, `{base URL}/v1`, spec "base address"; the credentials'
 * `authenticate` and token URL use it too), the secrets it holds, which HTTP error statuses n8n
 * leaves to the package, and the one retry after an OAuth2 401 that n8n 1.x hands back; and what
 * the two credential classes share (their "Base URL" field, their test request).
 */
import type {
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	ICredentialTestRequest,
	INodeCredentialDescription,
	INodeProperties,
	IDataObject,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	IgnoreStatusErrorConfig,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** The value of the nodes' "Authentication" option. */
export type AuthenticationMethod = 'accessToken' | 'oAuth2';

/**
 * The n8n credential types of the package and the "Authentication" value that selects each.
 * The first is the default (nodes saved before the option existed use it).
 */
export const CREDENTIALS: ReadonlyArray<{ method: AuthenticationMethod; type: string }> = [
	{ method: 'accessToken', type: 'contentPlatformApi' },
	{ method: 'oAuth2', type: 'contentPlatformOAuth2Api' },
];

/** The OAuth2 client-credentials credential type. */
const OAUTH2_CREDENTIAL = CREDENTIALS[1].type;

/**
 * The "Authentication" option of both nodes. Its default is the access token credential, so nodes
 * saved before the option existed keep working unchanged.
 */
export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	options: [
		{ name: 'Access Token', value: 'accessToken' },
		{ name: 'OAuth2 (Client Credentials)', value: 'oAuth2' },
	],
	default: 'accessToken',
};

/** The credentials of both nodes, each shown for its "Authentication" value. */
export const credentialsDescription: INodeCredentialDescription[] = CREDENTIALS.map((credential) => ({
	name: credential.type,
	required: true,
	displayOptions: { show: { authentication: [credential.method] } },
}));

/** A context that sends requests outside declarative routing (list searches, the triggers' hooks and webhooks). */
export type RequestContext = IPollFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

/** Any context the package sends requests from: a routing hook's, or a `RequestContext`. */
export type AnyContext = IExecuteSingleFunctions | RequestContext;

/** The credential type selected by the node's "Authentication" option (default: access token). */
export function credentialTypeOf(context: AnyContext): string {
	let method: unknown = 'accessToken';
	try {
		method = context.getNodeParameter('authentication', 'accessToken');
	} catch {
		// Nodes saved before the option existed: keep the access token credential.
	}
	return (CREDENTIALS.find((credential) => credential.method === method) ?? CREDENTIALS[0]).type;
}

/**
 * The credential's API root (`{base URL}/v1`, `apiRoot` below) and the secrets it holds
 * (access token, client secret, OAuth2 tokens), to keep them out of every error.
 * @param credentialType The request's credential type (`credentialTypeOf`), decided once by the caller.
 * @throws NodeOperationError naming the fix when the Base URL cannot be used.
 */
export async function credentialContext(
	context: AnyContext,
	credentialType: string = credentialTypeOf(context),
): Promise<{ root: string; secrets: string[] }> {
	const credentials = await context.getCredentials(credentialType);
	const token = (credentials.oauthTokenData ?? {}) as IDataObject;
	const secrets = [credentials.accessToken, credentials.clientSecret, token.access_token, token.refresh_token].filter(
		(value): value is string => typeof value === 'string' && value.length >= 4,
	);
	const problem = baseUrlProblem(credentials.baseUrl);
	if (problem !== undefined) throw new NodeOperationError(context.getNode(), problem);
	return { root: apiRoot(credentials.baseUrl), secrets };
}

/**
 * Which HTTP error statuses n8n may leave to our error handling. Everything is handled by
 * `apiErrorFromResponse`, except 401 with OAuth2: n8n must see that one to fetch a new token and
 * retry (n8n-core `requestOAuth2`). n8n 2.x honours `except`; n8n 1.x reads the option as a plain
 * boolean and hands the 401 back as an answer: see `renewAfterUnrenewed401`.
 */
export function statusErrorPolicy(credentialType: string): IgnoreStatusErrorConfig {
	return credentialType === OAUTH2_CREDENTIAL ? { ignore: true, except: [401] } : { ignore: true, except: [] };
}

/**
 * Whether an answer is a 401 to an OAuth2 request that n8n did not act on. Only n8n versions that
 * read `ignoreHttpStatusErrors` as a boolean (1.x) hand it back; n8n 2.x renews the token itself
 * and never returns a 401 here.
 */
export function isUnrenewed401(credentialType: string, response: Pick<IN8nHttpFullResponse, 'statusCode'>): boolean {
	return credentialType === OAUTH2_CREDENTIAL && response.statusCode === 401;
}

type AxiosLikeResponse = { status: number; data?: unknown; headers?: Record<string, string> };

/**
 * Sends an OAuth2 request again with HTTP errors not ignored, after an unrenewed 401: n8n-core's
 * OAuth2 path then sees the 401, fetches a new token, stores it and retries once (1 token request).
 * An HTTP error after that comes back as an answer again, so `checkedDocument` words it as usual.
 * @returns The answer to the retried request (full response).
 */
export async function renewAfterUnrenewed401(
	context: AnyContext,
	credentialType: string,
	options: IHttpRequestOptions,
): Promise<IN8nHttpFullResponse> {
	try {
		return (await context.helpers.httpRequestWithAuthentication.call(context, credentialType, {
			...options,
			returnFullResponse: true,
			ignoreHttpStatusErrors: false,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const answer =
			(error as { cause?: { response?: AxiosLikeResponse }; response?: AxiosLikeResponse }).cause?.response ??
			(error as { response?: AxiosLikeResponse }).response;
		if (!answer || typeof answer.status !== 'number') throw new NodeApiError(context.getNode(), error as JsonObject);
		return { statusCode: answer.status, body: answer.data, headers: answer.headers ?? {} } as IN8nHttpFullResponse;
	}
}

/**
 * What is cut from the end of a Base URL: a trailing `/v1` (the API root is added by the package)
 * and trailing slashes. `https://api.example.com/v1/` → `https://api.example.com`.
 */
export const BASE_URL_TAIL = /(?:\/+v1)?\/*$/i;

/** Thrown for a Base URL that cannot be used; the message names the fix. */
export class BaseUrlError extends Error {}

/**
 * `{base URL}/v1` for a credential's Base URL, or a BaseUrlError whose message says what to change.
 *
 * Normalised: surrounding spaces, trailing slashes and a trailing `/v1` are removed.
 * Refused (the message never repeats a password): an empty value, a value without `http://` or
 * `https://`, a user name or password (`user:pass@`, which would replace the Bearer token with
 * Basic authentication), a query (`?…`) or a fragment (`#…`).
 * @example apiRoot(' https://api.example.com/v1/ ') === 'https://api.example.com/v1'
 */
export function apiRoot(baseUrl: unknown): string {
	const text = typeof baseUrl === 'string' ? baseUrl.trim() : '';
	if (text === '') {
		throw new BaseUrlError(
			"The credential's Base URL is empty: enter the API's address, for example https://api.example.com",
		);
	}
	if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
		throw new BaseUrlError(
			`The credential's Base URL "${text}" has no scheme: write it with https://, for example https://${text.replace(/^\/+/, '')}`,
		);
	}
	const url = parseUrl(text);
	if (url === undefined) {
		throw new BaseUrlError(
			`The credential's Base URL "${text}" is not a valid URL: write it like https://api.example.com`,
		);
	}
	if (url.username !== '' || url.password !== '') {
		throw new BaseUrlError(
			`The credential's Base URL contains a user name or password ("user:pass@"): remove it and write only ${url.protocol}//${url.host}${url.pathname.replace(BASE_URL_TAIL, '')}; the access token or OAuth2 client is what signs in`,
		);
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		throw new BaseUrlError(`The credential's Base URL "${text}" must start with https:// (not ${url.protocol}//)`);
	}
	const root = `${url.origin}${url.pathname.replace(BASE_URL_TAIL, '')}`;
	if (url.search !== '' || text.endsWith('?')) {
		throw new BaseUrlError(`The credential's Base URL "${text}" has a query ("?…"): remove it and write only ${root}`);
	}
	if (url.hash !== '' || text.endsWith('#')) {
		throw new BaseUrlError(
			`The credential's Base URL "${text}" has a fragment ("#…"): remove it and write only ${root}`,
		);
	}
	return `${root}/v1`;
}

function parseUrl(text: string): URL | undefined {
	try {
		return new URL(text);
	} catch {
		return undefined;
	}
}

/** The origin (`scheme://host:port`) of an absolute URL, or '' when it cannot be parsed. */
export function originOf(url: string): string {
	return parseUrl(url)?.origin ?? '';
}

/** The problem of a Base URL as words naming the fix, or undefined when `apiRoot` accepts it. */
export function baseUrlProblem(baseUrl: unknown): string | undefined {
	try {
		apiRoot(baseUrl);
		return undefined;
	} catch (error) {
		return (error as Error).message;
	}
}

/**
 * The same normalisation as an n8n expression, `<normalised Base URL> + path`, for the places
 * where n8n resolves the URL itself: the OAuth2 credential's hidden token URL (`$self["baseUrl"]`)
 * and the node's `requestDefaults.baseURL` (`$credentials.baseUrl`). Refusals are left to
 * `apiRoot`, which every request of the nodes passes before any request (and before a token is
 * fetched).
 */
export function baseUrlExpression(path: string, reference = '$self["baseUrl"]'): string {
	return `={{ String(${reference} ?? "").trim().replace(/${BASE_URL_TAIL.source}/i, "") + "${path}" }}`;
}

/**
 * The "Base URL" field of both credentials: required, read by the Base URL rule (`apiRoot`, above);
 * `description` is each credential's own (what is reached under the Base URL: the API's paths, the
 * token URL).
 */
export function baseUrlProperty(description: string): INodeProperties {
	return {
		displayName: 'Base URL',
		name: 'baseUrl',
		type: 'string',
		default: '',
		placeholder: 'https://api.example.com',
		required: true,
		description,
	};
}

/** The redirect statuses the credential test refuses (`meTest`): it does not follow them. */
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

/**
 * What the credential test answers when the Base URL reached something other than the API: a
 * redirect (the test does not follow it), or a 200 whose body is not the account document
 * (`{data: {type, id}}`, supplement section 4). Each names the cause; `meTest` turns them into
 * n8n's rules.
 */
export const ME_TEST_FAILURES = {
	redirect: (status: number) =>
		`The Base URL answered GET /v1/me with a redirect (${status}), not with your account: the test does not follow redirects, so a proxy or a wrong address (http:// for https://, another host or path) is in the way. Enter the address the API itself answers at`,
	notJsonApi:
		'The Base URL answered GET /v1/me with 200 but not with a JSON:API document (no "data"): something other than the Content Platform API answered, such as a login page of a proxy or a web site. Check the Base URL',
	noType:
		'The Base URL answered GET /v1/me with 200 but the document has no record type (data.type): it is not the account document of the Content Platform API. Check the Base URL',
	noId: 'The Base URL answered GET /v1/me with 200 but the document has no record ID (data.id): it is not the account document of the Content Platform API. Check the Base URL',
} as const;

/**
 * Both credentials' test: the token's own user (`GET /v1/me`, platform-api-supplement.md section 4),
 * which every account answers, with one site or several (a contact list would need
 * `filter[site_id]` on multi-site accounts). Its Base URL is resolved by n8n (`baseUrlExpression`);
 * the access token's `authenticate` then applies `apiRoot`, which also refuses a wrong Base URL.
 * `refused` and `forbidden` are the credential's own messages for a 401 and a 403 (what to fix).
 *
 * The test passes only when the API itself answered: redirects are not followed (each redirect
 * status fails with `ME_TEST_FAILURES.redirect`, and the token goes nowhere else), and a 200 must be
 * the account document, a JSON:API `data` object with a `type` and an `id` (the type's value is
 * unstated in the supplement, so its presence is checked). n8n's tester (cli
 * `CredentialsTester.runRequestTest`, 1.x and 2.x) reads `responseCode` rules on an HTTP error and
 * `responseSuccessBody` rules on a success, where a rule fails the test when the value at `key`
 * (lodash `get`) equals `value`: here, when `data`, `data.type` or `data.id` is missing or null.
 */
export function meTest(refused: string, forbidden: string): ICredentialTestRequest {
	const codeRules: IAuthenticateRuleResponseCode[] = [
		{ type: 'responseCode', properties: { value: 401, message: refused } },
		{ type: 'responseCode', properties: { value: 403, message: forbidden } },
		...REDIRECT_STATUSES.map(
			(status): IAuthenticateRuleResponseCode => ({
				type: 'responseCode',
				properties: { value: status, message: ME_TEST_FAILURES.redirect(status) },
			}),
		),
	];
	const bodyRules: IAuthenticateRuleResponseSuccessBody[] = [
		{ key: 'data', value: undefined, message: ME_TEST_FAILURES.notJsonApi },
		{ key: 'data', value: null, message: ME_TEST_FAILURES.notJsonApi },
		{ key: 'data.type', value: undefined, message: ME_TEST_FAILURES.noType },
		{ key: 'data.type', value: null, message: ME_TEST_FAILURES.noType },
		{ key: 'data.type', value: '', message: ME_TEST_FAILURES.noType },
		{ key: 'data.id', value: undefined, message: ME_TEST_FAILURES.noId },
		{ key: 'data.id', value: null, message: ME_TEST_FAILURES.noId },
		{ key: 'data.id', value: '', message: ME_TEST_FAILURES.noId },
	].map((properties) => ({ type: 'responseSuccessBody', properties }));
	return {
		request: {
			baseURL: baseUrlExpression('/v1', '$credentials.baseUrl'),
			url: '/me',
			headers: { Accept: 'application/vnd.api+json' },
			disableFollowRedirect: true,
		},
		// n8n types `rules` as one kind or the other; its tester reads each rule by its `type`.
		rules: [...codeRules, ...bodyRules] as unknown as IAuthenticateRuleResponseCode[],
	};
}
