import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * OAuth2 client-credentials credential: n8n obtains the access token from
 * `{Base URL}/v1/oauth/token` with the client ID and secret, stores it with the credential and
 * fetches a new one when a request answers 401 (n8n's own OAuth2 machinery, no token cache here).
 */
export class ContentPlatformOAuth2Api implements ICredentialType {
	name = 'contentPlatformOAuth2Api';

	extends = ['oAuth2Api'];

	displayName = 'Content Platform OAuth2 API';

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
				'The address the API paths are relative to, without /v1 (a trailing slash is fine). Tokens come from <Base URL>/v1/oauth/token.',
		},
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
			default: '={{ $self["baseUrl"].trim().replace(/\\/+$/, "") + "/v1/oauth/token" }}',
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'hidden',
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'body',
		},
	];
}
