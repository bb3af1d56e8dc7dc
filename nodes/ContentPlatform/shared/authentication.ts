/**
 * The "Authentication" option and the credentials of both nodes (access token or OAuth2 client
 * credentials), each credential shown for its option value.
 */
import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

import { CREDENTIALS } from './transport';

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
