import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_SECONDS, paginate } from './transport';

/**
 * The node's "Request Settings": the request timeout (seconds). Its routing also makes n8n run
 * every operation through the package's request runner (`paginate` in transport/paging.ts: one request
 * for Get and the writes, pages for Get Many), which turns timeouts into "did not answer within
 * N s" and keeps the credential's secrets out of every error.
 */
export const requestSettingsProperty: INodeProperties = {
	displayName: 'Request Settings',
	name: 'requestSettings',
	type: 'collection',
	placeholder: 'Add Setting',
	default: {},
	options: [
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_TIMEOUT_SECONDS,
			description:
				'How long to wait for the API to answer one request before the node fails with "did not answer within N s"',
		},
	],
	routing: {
		send: { paginate: true },
		operations: { pagination: paginate },
	},
};
