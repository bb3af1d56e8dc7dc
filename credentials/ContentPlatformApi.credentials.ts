/** The access token credential of the Content Platform nodes (`contentPlatformApi`). */
import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { apiRoot } from '../nodes/api/transport/baseUrl';
import { accountTest } from './accountTest';

/**
 * Access token credential: `Authorization: Bearer <token>` on every request (spec "Authentication").
 * The spec does not show how tokens are issued; see the README.
 *
 * `authenticate` also sends every request to the Base URL's API root (`{Base URL}/v1`), or refuses
 * a Base URL that cannot be used with a message naming the fix, the credential Test included, and
 * keeps the token from following a redirect to another origin (n8n's
 * `sendCredentialsOnCrossOriginRedirect`): the Base URL rule is the nodes' own `apiRoot`
 * (nodes/api/transport/baseUrl.ts), imported, not copied.
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
	 * The Test button: the account test both credentials share (`accountTest`, accountTest.ts),
	 * with this credential's words for a refused token.
	 */
	test: ICredentialTestRequest = accountTest({
		refused401: "The access token was refused: check the token, and that the base URL is your account's API address",
		refused403: 'The access token was accepted but may not read its own user: give the token read permission',
	});
}
