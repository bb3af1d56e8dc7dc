import type { ResourceSpec } from '../../shared/spec/types';

/** Me (`GET /v1/me`, supplement section 4): the user the credential belongs to. */
export const meSpec: ResourceSpec = {
	value: 'me',
	displayName: 'Me',
	type: 'me',
	relationships: [],
	endpoints: [
		{ operation: 'get', method: 'GET', path: '/me', purpose: 'The user the credential belongs to', query: {} },
	],
};
