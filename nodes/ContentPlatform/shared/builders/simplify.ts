/**
 * The "Simplify" option shared by the action node's operations and the webhook trigger.
 */
import type { INodeProperties } from 'n8n-workflow';

/**
 * The "Simplify" option (`simple`, n8n's standard name), one for every operation of the action
 * node (each answers with resource objects, see `toItems` in transport/request.ts and
 * `simplifyResource` in jsonapi.ts) and the webhook trigger's (the delivered record).
 */
export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simple',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};
