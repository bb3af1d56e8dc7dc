/**
 * Get Many's "Return All" and "Limit" fields (the pages themselves are read by `readList`,
 * transport/pages.ts).
 */
import type { INodeProperties } from 'n8n-workflow';

import { showOnlyFor, type OperationContext } from './operation';

/**
 * "Return All" and "Limit" of a Get Many. Limit becomes `maxResults`; the page reader
 * (`readList`, transport/pages.ts) turns both into `page[number]`/`page[size]` requests.
 */
export function returnAllAndLimit(op: OperationContext): INodeProperties[] {
	const { resource, endpoint } = op;
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			displayOptions: showOnlyFor(op),
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			displayOptions: { show: { resource: [resource.value], operation: [endpoint.operation], returnAll: [false] } },
			description: 'Max number of results to return',
			routing: { output: { maxResults: '={{ $value }}' } },
		},
	];
}
