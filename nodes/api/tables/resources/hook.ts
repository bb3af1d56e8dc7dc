/**
 * The Hook resource's table (type `hooks`): its attributes, relationships and endpoints with their
 * query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import type { ResourceTable } from '../types';

/** The webhook events (supplement section 5), as `filter[event_eq]` and a hook's `event` take them. */
export const HOOK_EVENTS = [
	'purchase',
	'payment_succeeded',
	'order_created',
	'form_submission',
	'tag_added',
	'tag_removed',
] as const;

/** Hook (type `hooks`): list, get, create, delete and the six samples (supplement section 5). */
export const hookTable: ResourceTable<'hook', 'hooks'> = {
	value: 'hook',
	displayName: 'Hook',
	hint: 'Webhook registrations. To start a workflow on an event, use the Webhook Trigger instead.',
	type: 'hooks',
	/** Supplement section 5 "HA". */
	attributes: {
		event: 'string',
		target_url: 'string',
		resource_id: 'number',
		created_at: 'timestamp',
		updated_at: 'timestamp',
	},
	relationships: ['site'],
	search: { label: ['event', 'target_url'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/hooks',
			purpose: 'List the hooks of the account',
			hint: 'Filter by event.',
			query: {
				page: true,
				filters: [{ name: 'event_eq', type: 'string', options: HOOK_EVENTS, description: 'Only hooks of this event' }],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/hooks/{id}',
			purpose: 'Hook details',
			hint: 'Hook ID from Hook → Get Many.',
			query: {},
		},
		{
			operation: 'create',
			method: 'POST',
			path: '/hooks',
			purpose: 'Create a hook',
			hint: 'The webhook trigger registers its own hook.',
			query: {},
		},
		{
			operation: 'delete',
			method: 'DELETE',
			path: '/hooks/{id}',
			purpose: 'Delete a hook',
			hint: 'Its URL gets no more deliveries.',
			query: {},
			destructive: 'Deletes the hook: the platform stops sending its events to the target URL.',
		},
		{
			operation: 'getSample',
			method: 'GET',
			path: '/hooks/{event}_sample',
			purpose: 'What a delivery of an event looks like',
			hint: 'Sample records of an event, to map fields.',
			query: {},
		},
	],
};
