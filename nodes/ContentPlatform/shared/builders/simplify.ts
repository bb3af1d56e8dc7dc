import type { INodeProperties } from 'n8n-workflow';

/**
 * The "Simplify" option (`simple`, n8n's standard name), one for every operation: each of them
 * answers with resource objects (see `toItems` in transport/request.ts and `simplifyResource` in jsonapi.ts).
 */
export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simple',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};
