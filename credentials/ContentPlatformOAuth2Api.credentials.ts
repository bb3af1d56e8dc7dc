/** The OAuth2 client-credentials credential of the Content Platform nodes (`contentPlatformOAuth2Api`). */
import type { Icon, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import { baseUrlExpression } from '../nodes/api/transport/baseUrl';
import { accountTest } from './accountTest';

/**
 * OAuth2 client-credentials credential: n8n obtains the access token from
 * `{Base URL}/v1/oauth/token` with the client ID and secret (sent in the form body), stores it with
 * the credential and fetches a new one when a request answers 401 (n8n's own OAuth2 machinery,
 * n8n-core `requestOAuth2`; no token cache here).
 *
 * Everything of n8n's `oAuth2Api` parent except the client ID and secret is fixed by hidden fields;
 * the token URL is an expression on the base URL (the normalisation of the nodes' Base URL rule,
 * nodes/api/transport/baseUrl.ts), which n8n resolves (`$self`) whenever it
 * decrypts the credential; the nodes refuse a Base URL that cannot be used before any request, so
 * before a token is fetched. Its `test` request (where n8n runs one, for example through its API)
 * fetches a token and reads the token's user; a wrong pair fails with "Failed to acquire OAuth2
 * access token: Client authentication failed …", also on first use in a workflow.
 */
export class ContentPlatformOAuth2Api implements ICredentialType {
	name = 'contentPlatformOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Content Platform OAuth2 API';

	icon: Icon = { light: 'file:../icons/contentPlatform.svg', dark: 'file:../icons/contentPlatform.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-content-platform/n8n-nodes-content-platform#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'hidden',
			default: 'clientCredentials',
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: baseUrlExpression('/v1/oauth/token', '$self["baseUrl"]'),
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
			description:
				"The client ID of the account's API credentials. An account owner creates the client ID and secret in the platform's settings for its public API.",
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The client secret shown once when the API credentials were created',
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'body',
		},
		{
			displayName: 'Send Additional Body Properties',
			name: 'sendAdditionalBodyProperties',
			type: 'hidden',
			default: false,
		},
		{
			displayName: 'Additional Body Properties',
			name: 'additionalBodyProperties',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://api.example.com',
			required: true,
			description:
				'The address the API paths are relative to, for example https://api.example.com (a trailing /v1 or slash is removed). Tokens come from <Base URL>/v1/oauth/token.',
		},
	];

	/**
	 * Connection test: a token from the client credentials, then the account test both credentials
	 * share (`accountTest`, accountTest.ts), with this credential's words for a refused token.
	 */
	test: ICredentialTestRequest = accountTest({
		refused401:
			"The API refused the token: check the client ID and secret, and that the base URL is your account's API address",
		refused403: 'The token was accepted but may not read its own user: give the API credentials read permission',
	});
}
