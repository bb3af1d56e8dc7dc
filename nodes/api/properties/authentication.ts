/**
 * The nodes' Authentication field and the credentials they list, each shown for its value: what
 * all three nodes put in their description (the credential types: api/transport/credentials.ts).
 */
import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

import { CREDENTIALS } from '../transport/credentials';

/**
 * The "Authentication" option of all three nodes. Its default is the access token credential, so
 * nodes saved before the option existed keep working unchanged.
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

/** The credentials of all three nodes, each shown for its "Authentication" value. */
export const credentialsDescription: INodeCredentialDescription[] = CREDENTIALS.map((credential) => ({
	name: credential.type,
	required: true,
	displayOptions: { show: { authentication: [credential.method] } },
}));
