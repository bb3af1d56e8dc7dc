/**
 * The platform's last nine operations as data (`spec/platform-api-supplement.md` section 9:
 * custom fields, landing pages, website pages, payouts, the API version), hooks as a resource
 * (section 5), and the two find-or-create operations of contacts (issue 24). Written once here,
 * merged with the seed's and the supplement's tables in `spec.ts`.
 *
 * Only types are imported from `spec.ts` (it imports this module); the site filter is the
 * supplement's `SITE` token.
 */
import type { AttributeTable, FilterSpec } from './spec';
import { PURCHASE_CONDITIONS, SITE, type SupplementResource } from './spec.supplement';

/** The operations section 9, the hooks and find or create add. */
export type Section9Operation = 'upsert' | 'grantOffersByEmail' | 'getSample' | 'healthCheck';

/**
 * Attributes of section 9's types and of hooks (section 5 "HA"). Payouts (9.4): the six attributes
 * and the detail's `transactions` (objects inside the attributes; ids are integers). The version
 * document (9.5) has no resource object; its type is the node's own name for it.
 */
export const SECTION9_ATTRIBUTES = {
	custom_fields: { title: 'string', handle: 'string', type: 'string', required: 'boolean' },
	landing_pages: {
		title: 'string',
		url: 'string',
		publish_at: 'timestamp',
		created_at: 'timestamp',
		updated_at: 'timestamp',
	},
	website_pages: { title: 'string', url: 'string', created_at: 'timestamp', updated_at: 'timestamp' },
	kajabi_payments_payouts: {
		status: 'string',
		amount: 'string',
		currency: 'string',
		initiated_date: 'timestamp',
		estimated_arrival_date: 'timestamp',
		bank_account: 'string',
		transactions: 'array',
	},
	hooks: {
		event: 'string',
		target_url: 'string',
		resource_id: 'number',
		created_at: 'timestamp',
		updated_at: 'timestamp',
	},
	version: {},
} as const satisfies Record<string, AttributeTable>;

/** The webhook events (section 5), as `filter[event_eq]` and a hook's `event` take them. */
export const HOOK_EVENTS = [
	'purchase',
	'payment_succeeded',
	'order_created',
	'form_submission',
	'tag_added',
	'tag_removed',
] as const;

/** Payout statuses as `filter[status]` takes them (9.4; `in_transit` from the prose). */
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed', 'canceled', 'in_transit'] as const;

const str = (name: string, description: string): FilterSpec => ({ name, type: 'string', description });
const bool = (name: string, description: string): FilterSpec => ({ name, type: 'boolean', description });

/**
 * Section 9's nine operations, hooks' five (list, get, create, delete, samples) and contacts'
 * find or create, by n8n resource.
 */
export const SECTION9_RESOURCES: readonly SupplementResource[] = [
	{
		value: 'contact',
		displayName: 'Contact',
		endpoints: [
			{
				operation: 'upsert',
				method: 'POST',
				path: '/contacts',
				purpose: 'Create a contact, or update the one with this email on the site',
				query: {},
				findOrCreate: true,
			},
			{
				operation: 'grantOffersByEmail',
				method: 'POST',
				path: '/contacts/{id}/relationships/offers',
				purpose: 'Grant offers to the contact with this email on the site, created when new',
				query: {},
				relationship: { name: 'offers', type: 'offers', welcomeEmail: true },
				findOrCreate: true,
			},
		],
	},
	{
		value: 'customField',
		displayName: 'Custom Field',
		type: 'custom_fields',
		relationships: ['site'],
		search: { filter: 'title_cont', label: ['title', 'handle'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/custom_fields',
				purpose: "List the account's custom fields",
				query: {
					sort: ['title', 'handle', 'type', 'required'],
					page: true,
					fields: 'custom_fields',
					filters: [
						SITE,
						str('title_cont', 'Title contains the text'),
						str('type_eq', 'Only fields of this input kind, for example TextField'),
						bool('required_eq', 'Whether to return only required fields (true) or only optional ones (false)'),
					],
				},
			},
			{
				operation: 'get',
				method: 'GET',
				path: '/custom_fields/{id}',
				purpose: 'Custom field details',
				query: { fields: 'custom_fields' },
			},
		],
	},
	{
		value: 'landingPage',
		displayName: 'Landing Page',
		type: 'landing_pages',
		relationships: ['site'],
		search: { filter: 'title_cont', label: ['title'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/landing_pages',
				purpose: 'List landing pages',
				query: {
					sort: ['title', 'publish_at'],
					page: true,
					fields: 'landing_pages',
					filters: [
						SITE,
						str('title_cont', 'Title contains the text'),
						bool('published', 'Whether to return only published pages (true) or only the others (false)'),
					],
					conditions: {
						attributes: ['title', 'publish_at', 'created_at', 'updated_at'],
						operators: PURCHASE_CONDITIONS.operators,
					},
				},
			},
			{
				operation: 'get',
				method: 'GET',
				path: '/landing_pages/{id}',
				purpose: 'Landing page details',
				query: { fields: 'landing_pages' },
			},
		],
	},
	{
		value: 'websitePage',
		displayName: 'Website Page',
		type: 'website_pages',
		relationships: ['site'],
		search: { label: ['title', 'url'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/website_pages',
				purpose: 'List website pages',
				query: { sort: ['created_at'], page: true, fields: 'website_pages', filters: [SITE] },
			},
			{
				operation: 'get',
				method: 'GET',
				path: '/website_pages/{id}',
				purpose: 'Website page details',
				query: { fields: 'website_pages' },
			},
		],
	},
	{
		value: 'payout',
		displayName: 'Payout',
		type: 'kajabi_payments_payouts',
		relationships: [],
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/kajabi_payments_payouts',
				purpose: 'List payouts of a site',
				query: {
					page: 'number',
					site: 'required',
					filters: [
						{
							name: 'status',
							type: 'string',
							options: PAYOUT_STATUSES,
							description: 'Only payouts with this status',
						},
						{ name: 'start_date', type: 'date', description: 'Only payouts initiated on or after this day' },
						{ name: 'end_date', type: 'date', description: 'Only payouts initiated on or before this day' },
					],
				},
			},
			{
				operation: 'get',
				method: 'GET',
				path: '/kajabi_payments_payouts/{id}',
				purpose: 'Payout details with its transactions',
				query: { site: 'required' },
			},
		],
	},
	{
		value: 'hook',
		displayName: 'Hook',
		type: 'hooks',
		relationships: ['site'],
		search: { label: ['event', 'target_url'] },
		endpoints: [
			{
				operation: 'getAll',
				method: 'GET',
				path: '/hooks',
				purpose: 'List the hooks of the account',
				query: {
					page: true,
					filters: [
						{ name: 'event_eq', type: 'string', options: HOOK_EVENTS, description: 'Only hooks of this event' },
					],
				},
			},
			{ operation: 'get', method: 'GET', path: '/hooks/{id}', purpose: 'Hook details', query: {} },
			{ operation: 'create', method: 'POST', path: '/hooks', purpose: 'Create a hook', query: {} },
			{
				operation: 'delete',
				method: 'DELETE',
				path: '/hooks/{id}',
				purpose: 'Delete a hook',
				query: {},
				destructive: 'Deletes the hook: the platform stops sending its events to the target URL.',
			},
			{
				operation: 'getSample',
				method: 'GET',
				path: '/hooks/{event}_sample',
				purpose: 'What a delivery of an event looks like',
				query: {},
			},
		],
	},
	{
		value: 'apiVersion',
		displayName: 'API Version',
		type: 'version',
		relationships: [],
		endpoints: [
			{
				operation: 'healthCheck',
				method: 'GET',
				path: '/version',
				purpose: 'Whether the API answers, and its version (no token needed)',
				query: {},
			},
		],
	},
];
