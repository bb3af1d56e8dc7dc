/**
 * The credential of a request: which type it is sent with (the types and the "Authentication"
 * value that selects each, `CREDENTIALS`; decided once per request from the context that sends it,
 * `credentialTypeOf`, `RequestContext`, `AnyContext`) and what is read from it, its API root and
 * the secrets to keep out of every error (`apiRootAndSecrets`). Credentials are named by their n8n type name; the credential classes
 * (credentials/) are declarations the nodes never import. The nodes' Authentication field is
 * api/properties/authentication.ts'.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRoot, baseUrlProblem } from './baseUrl';

/** The value of the nodes' "Authentication" option. */
export type AuthenticationMethod = 'accessToken' | 'oAuth2';

/**
 * The n8n credential types of the package and the "Authentication" value that selects each
 * (credentials/ContentPlatformApi.credentials.ts, credentials/ContentPlatformOAuth2Api.credentials.ts).
 * The first is the default (nodes saved before the option existed use it).
 */
export const CREDENTIALS: ReadonlyArray<{ method: AuthenticationMethod; type: string }> = [
	{ method: 'accessToken', type: 'contentPlatformApi' },
	{ method: 'oAuth2', type: 'contentPlatformOAuth2Api' },
];

/** The OAuth2 client-credentials credential type. */
export const OAUTH2_CREDENTIAL = CREDENTIALS[1].type;

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
 * The credential's API root (`{base URL}/v1`, `apiRoot` in baseUrl.ts) and the secrets it holds
 * (access token, client secret, OAuth2 tokens), to keep them out of every error.
 * @param credentialType The request's credential type (`credentialTypeOf`), decided once by the caller.
 * @throws NodeOperationError naming the fix when the Base URL cannot be used.
 */
export async function apiRootAndSecrets(
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
