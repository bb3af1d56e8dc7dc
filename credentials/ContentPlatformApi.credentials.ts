import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/**
 * Access token credential: `Authorization: Bearer <token>` on every request (spec "Authentication").
 * The spec does not show how tokens are issued; see the README.
 */
export class ContentPlatformApi implements ICredentialType {
	name = 'contentPlatformApi';

	displayName = 'Content Platform API';

	icon: Icon = { light: 'file:../icons/contentPlatform.svg', dark: 'file:../icons/contentPlatform.dark.svg' };

	documentationUrl = 'https://github.com/content-platform/n8n-nodes-content-platform#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://api.example.com',
			required: true,
			description:
				'The address the API paths are relative to, without /v1 (a trailing slash is fine). Requests go to <Base URL>/v1/…',
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

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ $credentials.baseUrl.trim().replace(/\\/+$/, "") + "/v1" }}',
			url: '/contacts',
			qs: { 'page[size]': 1 },
			headers: { Accept: 'application/vnd.api+json' },
		},
	};
}
