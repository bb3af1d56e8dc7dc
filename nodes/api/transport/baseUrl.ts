/**
 * The Base URL rule, written once for the nodes: what a user may type as a credential's "Base URL"
 * and the API root every request goes to, `{base URL}/v1` (spec "base address"): `apiRoot`, its
 * refusals as words naming the fix (`baseUrlProblem`), and the same normalisation as an n8n
 * expression for the node's `requestDefaults` and the credentials' test request and token URL
 * (`baseUrlExpression`). The access token credential's `authenticate` imports `apiRoot` from here
 * (n8n's credential Test runs it without the nodes), so this file imports nothing.
 */

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
 * The same normalisation as an n8n expression, `<normalised Base URL> + path`, for the node's
 * `requestDefaults.baseURL` (`$credentials.baseUrl`), which n8n resolves itself. Refusals are left
 * to `apiRoot`, which every request of the nodes passes before it is sent (and before an OAuth2
 * token is fetched). The credentials use it for their test request and token URL.
 */
export function baseUrlExpression(path: string, reference = '$credentials.baseUrl'): string {
	return `={{ String(${reference} ?? "").trim().replace(/${BASE_URL_TAIL.source}/i, "") + "${path}" }}`;
}
