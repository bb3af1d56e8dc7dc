/**
 * The node's "Request Settings": the request timeout (seconds) and, for Get Many, how many pages
 * are requested at once ("Parallel Page Requests", see `readPages` in transport/pages.ts). Its
 * routing (`requestRunnerRouting`, transport/request.ts) makes n8n hand every operation's request to
 * the package's request runner (`paginate`: one request for Get and the writes, pages for Get
 * Many), which turns timeouts into "did not answer within N s" and keeps the credential's secrets
 * out of every error.
 */
import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_PARALLEL_PAGES, DEFAULT_TIMEOUT_SECONDS, MAX_PARALLEL_PAGES, requestRunnerRouting } from './transport';

/** The "Request Settings" collection (last of the node's properties). */
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
		{
			displayName: 'Parallel Page Requests',
			name: 'parallelPages',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_PARALLEL_PAGES },
			default: DEFAULT_PARALLEL_PAGES,
			displayOptions: { show: { '/operation': ['getAll'] } },
			description:
				'How many pages of the list to request at the same time after the first one. Items keep the order of the list. 1 requests one page after the other. When the API answers 429 (rate limited), the node continues one page at a time.',
		},
	],
	routing: requestRunnerRouting,
};
