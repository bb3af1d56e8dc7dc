/**
 * The Content Platform Webhook Trigger's node file: its description (event, site, Confirm With
 * API, Include Purchases, Simplify), the hook's registration and removal (`webhookMethods`, through
 * `hooksApi.ts`) and `webhook()`, which answers a delivery and turns it into an item (`receive.ts`).
 *
 * Versions (n8n's light versioning, one class; `@version` display options give a property a
 * default per version, as n8n's own nodes do for a changed default):
 * - 1: Confirm With API off by default for every event.
 * - 2 (new nodes): on by default for the events that move money or access (Purchase, Payment
 *   Succeeded, Order Created: `HookEvent.confirmByDefault`), off for the others. Workflows saved
 *   with version 1 keep version 1 and its defaults.
 */
import type {
	IDataObject,
	NodeApiError,
	IHookFunctions,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { authenticationProperty, credentialsDescription } from '../api/properties/authentication';
import { includeSwitchName, fieldLabel } from '../api/properties/words';
import { simplifyProperty } from '../api/simplify';
import { cleanId } from '../api/ids';
import { HOOK_EVENTS, hookEventByValue, type HookEvent } from './hookEvents';
import { createHook, deleteHook, listHooks, type Hook } from './hooksApi';
import { CONFIRM_TIMING } from './confirm';
import { receiveDelivery } from './receive';
import { nodeBuilderHint } from '../api/properties/builderHint';
import { FIELD_HINTS } from '../api/tables/builderHints';

/** The node's one webhook (n8n puts the node's random webhook ID in front of this path). */
const WEBHOOK_NAME = 'default';

const FROM_VERSION_2 = { '@version': [{ _cnd: { gte: 2 } }] };

/** The events whose records are confirmed by default from version 2 on (`HookEvent.confirmByDefault`). */
const MONEY_EVENTS = HOOK_EVENTS.filter((event) => event.confirmByDefault).map((event) => event.value);

/** The other events: Confirm With API stays off by default. */
const OTHER_EVENTS = HOOK_EVENTS.filter((event) => !event.confirmByDefault).map((event) => event.value);

/** What the three "Confirm With API" properties (one per version and events) say alike. */
const CONFIRM = {
	displayName: 'Confirm With API',
	name: 'confirm',
	builderHint: FIELD_HINTS.confirm,
	description:
		'Whether to read each delivered record back from the API by its ID before emitting it (one request per delivery): ' +
		`a record the API does not know yet is read again up to ${CONFIRM_TIMING.rereadWaitsMs.length} times within ${CONFIRM_TIMING.budgetMs / 1000} s, ` +
		"then the sender is answered 503 to deliver it again later and nothing is emitted; the item holds the API's data, not the sender's",
};

function eventOf(context: IHookFunctions | IWebhookFunctions): HookEvent {
	const value = context.getNodeParameter('event') as string;
	return hookEventByValue(value) ?? HOOK_EVENTS[0];
}

function siteIdOf(context: IHookFunctions): string {
	return cleanId(context.getNodeParameter('siteId', ''));
}

/** Static data `hooks`: the hook ID registered for each target URL (production and test URL). */
function storedHooks(context: IHookFunctions): IDataObject {
	const staticData = context.getWorkflowStaticData('node');
	if (typeof staticData.hooks !== 'object' || staticData.hooks === null) staticData.hooks = {};
	return staticData.hooks as IDataObject;
}

/** This node's registrations of `event` for `url`. */
async function ourHooks(context: IHookFunctions, event: HookEvent, url: string): Promise<Hook[]> {
	return (await listHooks(context, event.value)).filter((hook) => hook.targetUrl === url);
}

/**
 * Content Platform Webhook Trigger: registers a hook on the platform when the workflow is
 * activated (and while the editor listens for a test event), deletes it when deactivated, and
 * turns each delivery into one item (supplement section 5, "Webhooks").
 */
export class ContentPlatformWebhookTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Content Platform Webhook Trigger',
		name: 'contentPlatformWebhookTrigger',
		icon: { light: 'file:../../icons/contentPlatform.svg', dark: 'file:../../icons/contentPlatform.dark.svg' },
		group: ['trigger'],
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{$parameter["event"]}}',
		description:
			'Starts the workflow at once when the Content Platform sends an event (purchase, payment, order, form submission, tag added or removed)',
		defaults: {
			name: 'Content Platform Webhook Trigger',
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		builderHint: nodeBuilderHint('webhook'),
		credentials: credentialsDescription,
		webhooks: [
			{
				name: WEBHOOK_NAME,
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		properties: [
			authenticationProperty,
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				builderHint: FIELD_HINTS.webhookEvent,
				options: HOOK_EVENTS.map((event) => ({
					name: event.name,
					value: event.value,
					description: `When ${event.meaning} (scope: ${event.scopes.join(', ')})`,
				})).sort((a, b) => a.name.localeCompare(b.name)),
				default: 'purchase',
			},
			{
				displayName: 'Site ID',
				name: 'siteId',
				type: 'string',
				required: true,
				default: '',
				description: 'ID of the site whose events are sent (every hook belongs to one site)',
				builderHint: FIELD_HINTS.siteRequired,
			},
			// "Confirm With API" three times, one shown at a time: its default per version and event.
			{ ...CONFIRM, type: 'boolean', default: false, displayOptions: { show: { '@version': [1] } } },
			{
				...CONFIRM,
				type: 'boolean',
				default: true,
				displayOptions: { show: { ...FROM_VERSION_2, event: MONEY_EVENTS } },
				description: `${CONFIRM.description}. On by default: this event moves money or access, and the platform signs nothing, so anyone who knows the URL could post one.`,
			},
			{
				...CONFIRM,
				type: 'boolean',
				default: false,
				displayOptions: { show: { ...FROM_VERSION_2, event: OTHER_EVENTS } },
			},
			...HOOK_EVENTS.filter((event) => event.include).map(
				(event): INodeProperties => ({
					displayName: `Include ${fieldLabel(event.include!)}`,
					name: includeSwitchName(event.include!),
					type: 'boolean',
					default: false,
					displayOptions: { show: { event: [event.value] } },
					description: `Whether to read the delivered record back from the API with its ${fieldLabel(event.include!).toLowerCase()}, which the delivery does not carry (one request per delivery, the same one as Confirm With API: both on cost one request). A record that covers several (a bundled charge) is still one item; with Simplify on, they are under "${event.include}". A record the API cannot confirm is not emitted (503), as with Confirm With API.`,
				}),
			),
			simplifyProperty,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Resource ID',
						name: 'resourceId',
						type: 'string',
						default: '',
						description:
							'Only events of this one resource, for example the ID of one tag for Tag Added (empty: every event of the kind)',
					},
				],
			},
		],
	};

	webhookMethods = {
		default: {
			/**
			 * Whether this URL already has a hook for the event and site: reuses it (no duplicate),
			 * deletes any further registrations of the same URL and event (left behind by an
			 * activation that failed after registering) and a registration for another site.
			 */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const url = this.getNodeWebhookUrl(WEBHOOK_NAME) as string;
				const event = eventOf(this);
				const siteId = siteIdOf(this);
				const stored = storedHooks(this);
				const found = await ourHooks(this, event, url);
				const keep =
					found.find((hook) => hook.id === stored[url] && hook.siteId === siteId) ??
					found.find((hook) => hook.siteId === siteId);
				for (const hook of found) {
					if (hook !== keep) await deleteHook(this, hook.id);
				}
				if (!keep) {
					delete stored[url];
					return false;
				}
				stored[url] = keep.id;
				return true;
			},

			/**
			 * Registers the hook (`POST /v1/hooks`). When that fails, registrations of this URL and
			 * event that the API may have made anyway (an answer lost on the way) are deleted before
			 * the error is shown, so a failed activation leaves nothing behind.
			 */
			async create(this: IHookFunctions): Promise<boolean> {
				const url = this.getNodeWebhookUrl(WEBHOOK_NAME) as string;
				const event = eventOf(this);
				const siteId = siteIdOf(this);
				const options = this.getNodeParameter('options', {}) as IDataObject;
				if (siteId === '') {
					throw new NodeOperationError(
						this.getNode(),
						'"Site ID" is empty: enter the ID of the site whose events to receive',
					);
				}
				try {
					const hook = await createHook(this, {
						event: event.value,
						targetUrl: url,
						siteId,
						resourceId: cleanId(options.resourceId) || undefined,
					});
					storedHooks(this)[url] = hook.id;
					return true;
				} catch (error) {
					const cleanup = await ourHooks(this, event, url)
						.then(async (left) => {
							for (const hook of left) await deleteHook(this, hook.id);
							return left.length ? `${left.length} registration(s) left behind were deleted` : '';
						})
						.catch((cleanupError: Error) => `cleaning up failed as well: ${cleanupError.message}`);
					const failure = error as NodeApiError;
					throw new NodeOperationError(this.getNode(), failure, {
						description: [failure.description, cleanup].filter(Boolean).join('; ') || undefined,
					});
				}
			},

			/** Deletes the hook of this URL (`DELETE /v1/hooks/{id}`; one already gone counts as deleted). */
			async delete(this: IHookFunctions): Promise<boolean> {
				const url = this.getNodeWebhookUrl(WEBHOOK_NAME) as string;
				const stored = storedHooks(this);
				const id = stored[url];
				if (typeof id === 'string' && id !== '') {
					await deleteHook(this, id);
				} else {
					for (const hook of await ourHooks(this, eventOf(this), url)) await deleteHook(this, hook.id);
				}
				delete stored[url];
				return true;
			},
		},
	};

	/** One delivery: an item, or an answer saying why not (`receive.ts`). */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery(this, eventOf(this));
	}
}
