/**
 * The API Version resource's table (type `version`): its attributes, relationships and endpoints
 * with their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import type { ResourceTable } from '../types';

/** API Version (`GET /v1/version`, supplement 9.5: no token, no `data`): the health check. */
export const apiVersionTable: ResourceTable<'apiVersion', 'version'> = {
	value: 'apiVersion',
	displayName: 'API Version',
	hint: 'API version and health (no token).',
	type: 'version',
	/** None: the version document (supplement 9.5) has no resource object; `version` is the node's own name for its type. */
	attributes: {},
	relationships: [],
	endpoints: [
		{
			operation: 'healthCheck',
			method: 'GET',
			path: '/version',
			purpose: 'Whether the API answers, and its version (no token needed)',
			hint: 'Needs no ID.',
			query: {},
		},
	],
};
