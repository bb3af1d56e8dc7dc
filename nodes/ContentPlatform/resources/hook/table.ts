/**
 * The Hook resource's table (type `hooks`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import type { ResourceTable } from '../../shared/tables/types';

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
export const hookTable: ResourceTable<'hook'> = {
	value: 'hook',
	displayName: 'Hook',
	hint: 'Webhook registrations on the platform. To start a workflow on an event, use the Content Platform Webhook Trigger instead: it registers its hook itself.',
	type: 'hooks',
	relationships: ['site'],
	search: { label: ['event', 'target_url'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/hooks',
			purpose: 'List the hooks of the account',
			hint: "Lists the account's hooks (event, target URL); filter by event.",
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
			hint: 'Returns one hook by ID.',
			query: {},
		},
		{
			operation: 'create',
			method: 'POST',
			path: '/hooks',
			purpose: 'Create a hook',
			hint: 'Registers a hook that POSTs an event to a URL. Not needed for n8n workflows: the webhook trigger does it.',
			query: {},
		},
		{
			operation: 'delete',
			method: 'DELETE',
			path: '/hooks/{id}',
			purpose: 'Delete a hook',
			hint: 'Deletes one hook by ID: its URL gets no more deliveries.',
			query: {},
			destructive: 'Deletes the hook: the platform stops sending its events to the target URL.',
		},
		{
			operation: 'getSample',
			method: 'GET',
			path: '/hooks/{event}_sample',
			purpose: 'What a delivery of an event looks like',
			hint: 'Returns sample records of what an event delivers, to map fields before a real event arrives.',
			query: {},
		},
	],
};
