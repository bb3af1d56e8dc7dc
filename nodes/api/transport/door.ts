/**
 * The one door: every request the package sends leaves through this file, the only one under
 * nodes/ that calls n8n's HTTP helpers (`httpRequestWithAuthentication` for the requests outside
 * routing, each followed redirect and the OAuth2 renewal; `makeRoutingRequest` for the declarative
 * routing's requests). Every request gets the same rules here, by construction:
 *
 * - it is sent only to the origin (scheme, host, port) of the credential's Base URL: a request whose
 *   URL points anywhere else is refused before anything is sent (`refuseOtherOrigin`);
 * - n8n never follows a redirect by itself (`disableFollowRedirect`) and never sends credentials on
 *   one (`sendCredentialsOnCrossOriginRedirect: false`); redirects.ts decides, within the origin only;
 * - HTTP error answers come back to the package, except OAuth2's 401, which n8n must see to renew
 *   the token (`statusErrorPolicy`);
 * - a timeout: the caller's, else `DEFAULT_TIMEOUT_SECONDS`.
 * The 429 rule (throttle.ts), the checks of the answer (answer.ts) and the secrets kept out of errors
 * (failure.ts) are applied by the door's callers: `apiRequest` and `requestAsBuilt` (apiRequest.ts),
 * the routing's postReceives (`finalRoutedAnswer`, nodes/ContentPlatform/routing/request.ts) and Get
 * Many's page reader (nodes/ContentPlatform/routing/pages.ts).
 * The rule as users read it: docs/credentials.md, "Where requests go: the origin rule".
 */
import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	IgnoreStatusErrorConfig,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { originOf } from './baseUrl';
import { credentialTypeOf, OAUTH2_CREDENTIAL, type AnyContext } from './credentials';

/** The JSON:API media type (spec: "Bodies that are sent use the media type application/vnd.api+json"). */
export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

/** Default of the node's "Timeout" (seconds), and the timeout of every request that sets none. */
export const DEFAULT_TIMEOUT_SECONDS = 60;

/**
 * Which HTTP error statuses n8n may leave to our error handling. Everything is handled by
 * `apiErrorFromResponse`, except 401 with OAuth2: n8n must see that one to fetch a new token and
 * retry (n8n-core `requestOAuth2`). n8n 2.x honours `except`; n8n 1.x reads the option as a plain
 * boolean and hands the 401 back as an answer: see `renewAfterUnrenewed401` (oauth2Renewal.ts).
 */
export function statusErrorPolicy(credentialType: string): IgnoreStatusErrorConfig {
	return credentialType === OAUTH2_CREDENTIAL ? { ignore: true, except: [401] } : { ignore: true, except: [] };
}

/** The parts of request options the door reads and writes (n8n's, and the routing's, whose `url` may be unset). */
type DoorRequest = Pick<
	IHttpRequestOptions,
	'baseURL' | 'disableFollowRedirect' | 'sendCredentialsOnCrossOriginRedirect' | 'ignoreHttpStatusErrors' | 'timeout'
> & { url?: string };

/**
 * The door's rules written onto request options (the same object, returned): no redirect followed
 * by n8n, no credential sent on one, HTTP errors left to the package (`statusErrorPolicy`), a
 * timeout (`timeoutMs`, else the options' own, else `DEFAULT_TIMEOUT_SECONDS`), and, when `root` is
 * given, the API root as `baseURL`. The routing's preSend (`prepareRequest`) and `sendThroughDoor`
 * both write them with this one function.
 */
export function withDoorRules<T extends DoorRequest>(
	options: T,
	credentialType: string,
	{ root, timeoutMs }: { root?: string; timeoutMs?: number } = {},
): T {
	if (root !== undefined) options.baseURL = root;
	options.disableFollowRedirect = true;
	options.sendCredentialsOnCrossOriginRedirect = false;
	options.ignoreHttpStatusErrors = statusErrorPolicy(credentialType);
	options.timeout = timeoutMs ?? options.timeout ?? DEFAULT_TIMEOUT_SECONDS * 1000;
	return options;
}

/** The absolute URL a request goes to (its `url`, or `baseURL` + `url`), or undefined when it is not a URL. */
function targetOf(options: DoorRequest): URL | undefined {
	try {
		const url = options.url ?? '';
		return new URL(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `${options.baseURL ?? ''}${url}`);
	} catch {
		return undefined;
	}
}

/**
 * Refuses (throws) a request whose URL is not within the origin of `root` (the credential's API
 * root), before anything is sent.
 * @throws NodeApiError naming where the request would have gone.
 */
function refuseOtherOrigin(context: AnyContext, options: DoorRequest, root: string): void {
	const allowed = originOf(root);
	const target = targetOf(options);
	if (target !== undefined && target.origin === allowed) return;
	const where = target ? `${target.origin}${target.pathname}` : `"${options.url ?? ''}"`;
	throw new NodeApiError(
		context.getNode(),
		{},
		{
			message: `The request to ${where} was not sent: it is outside the credential's Base URL (${allowed})`,
			description:
				'Credentials and request bodies are only ever sent to the origin of the Base URL. If the API has moved, change the Base URL of the credential.',
		},
	);
}

/** What `sendThroughDoor` may be told besides the request. */
export interface DoorOptions {
	/** The credential's API root (`{Base URL}/v1`): its origin is the only one the request may go to. */
	root: string;
	/**
	 * Let n8n see every HTTP error (the OAuth2 renewal of n8n 1.x: n8n renews the token on a 401 it
	 * sees): `ignoreHttpStatusErrors: false` instead of `statusErrorPolicy`. Default false.
	 */
	n8nSeesErrors?: boolean;
}

/**
 * Sends one request through n8n's authenticated request with `credentialType`, after the door's
 * rules (`withDoorRules`; the options are copied, never changed) and the origin check
 * (`refuseOtherOrigin`). The full answer comes back whatever its status (but OAuth2's 401, see
 * `statusErrorPolicy`), a redirect unfollowed: redirects.ts follows it, or not.
 * @returns The answer (`returnFullResponse`).
 * @throws NodeApiError when the URL is outside the origin of `root` (nothing sent); n8n's errors
 *   (connection, timeout, a 401 n8n saw) as n8n throws them, for the caller to word (failure.ts).
 */
export async function sendThroughDoor(
	context: AnyContext,
	credentialType: string,
	request: IHttpRequestOptions,
	{ root, n8nSeesErrors = false }: DoorOptions,
): Promise<IN8nHttpFullResponse> {
	const options = withDoorRules({ ...request, returnFullResponse: true }, credentialType);
	if (n8nSeesErrors) options.ignoreHttpStatusErrors = false;
	refuseOtherOrigin(context, options, root);
	return (await context.helpers.httpRequestWithAuthentication.call(
		context,
		credentialType,
		options,
	)) as IN8nHttpFullResponse;
}

/**
 * Sends a request of the declarative routing (n8n's `makeRoutingRequest`: the request, then the
 * operation's postReceives), after checking it carries the door's rules: the routing's preSend
 * wrote them and the credential's API root as `baseURL` (`prepareRequest`); they are written again
 * here (on a copy of the options) and the URL checked against that `baseURL`'s origin.
 * @returns The items the postReceives made of the answer.
 * @throws NodeApiError when the request has no `baseURL` or its URL leaves that origin (nothing sent).
 */
export async function sendRoutingRequest(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const root = requestData.options.baseURL;
	if (!root) {
		throw new NodeApiError(context.getNode(), {}, { message: 'The request has no Base URL: it was not sent' });
	}
	const options = withDoorRules({ ...requestData.options }, credentialTypeOf(context));
	refuseOtherOrigin(context, options, root);
	return await context.makeRoutingRequest({ ...requestData, options });
}
