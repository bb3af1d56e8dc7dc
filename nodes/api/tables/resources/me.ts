/**
 * The Me resource's table (type `me`): its attributes, relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (api/tables/registry.ts).
 */
import type { ResourceTable } from '../types';

/** Me (`GET /v1/me`, supplement section 4): the user the credential belongs to. */
export const meTable: ResourceTable<'me', 'me'> = {
	value: 'me',
	displayName: 'Me',
	hint: 'The user of the credential.',
	type: 'me',
	/** Supplement section 4 (`GET /v1/me`; the resource's type string is UNSTATED, `me` is the node's own name). */
	attributes: { initials: 'string', name: 'string', email: 'string', role_level: 'string' },
	relationships: [],
	endpoints: [
		{
			operation: 'get',
			method: 'GET',
			path: '/me',
			purpose: 'The user the credential belongs to',
			hint: 'Needs no ID.',
			query: {},
		},
	],
};
