/**
 * The API Version resource's table (type `version`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import type { ResourceTable } from '../../shared/tables/types';

/** API Version (`GET /v1/version`, supplement 9.5: no token, no `data`): the health check. */
export const apiVersionTable: ResourceTable<'apiVersion'> = {
	value: 'apiVersion',
	displayName: 'API Version',
	hint: "The API's version and health (no access token needed).",
	type: 'version',
	relationships: [],
	endpoints: [
		{
			operation: 'healthCheck',
			method: 'GET',
			path: '/version',
			purpose: 'Whether the API answers, and its version (no token needed)',
			hint: 'Checks that the API answers and returns its version; needs no ID.',
			query: {},
		},
	],
};
