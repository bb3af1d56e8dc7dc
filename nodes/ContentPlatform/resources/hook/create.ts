import {
	idValue,
	jsonApiWrite,
	operationOf,
	operationOption,
	resourceLocator,
	showOnlyFor,
	titleCase,
	byName,
	type OperationDescription,
} from '../../shared/builders';
import { resourceByValue } from '../../shared/spec';
import { HOOK_EVENTS } from '../../shared/spec.section9';
import { requireId } from '../../shared/transport';

const op = operationOf('hook', 'create');

/** The event pick list of hooks (section 5's enum), shared by Create and Get Sample. */
export const EVENT_OPTIONS = HOOK_EVENTS.map((value) => ({ name: titleCase(value), value })).sort(byName);

/**
 * Hook → Create (supplement section 5 `POST /v1/hooks`): the event, the target URL and the site
 * (`data.relationships.site.data`), and optionally the one resource the hook is restricted to
 * (`resource_id`, an integer). The platform then POSTs `{id, event, payload}` to the URL. Hooks
 * the webhook trigger registers are managed by the trigger itself.
 */
export const create: OperationDescription = {
	option: operationOption(op, jsonApiWrite(op.resource.type)),
	properties: [
		{
			displayName: 'Event',
			name: 'event',
			type: 'options',
			required: true,
			default: 'purchase',
			displayOptions: showOnlyFor(op),
			description: 'The event whose deliveries the hook receives',
			options: EVENT_OPTIONS,
			routing: { send: { type: 'body', property: 'data.attributes.event' } },
		},
		{
			displayName: 'Target URL',
			name: 'targetUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. https://example.com/webhook',
			displayOptions: showOnlyFor(op),
			description: 'Where the platform POSTs each delivery',
			routing: {
				send: { type: 'body', property: 'data.attributes.target_url', value: '={{ String($value).trim() }}' },
			},
		},
		{
			...resourceLocator(op, resourceByValue('site')),
			description: 'The site whose events the hook receives',
			routing: {
				send: {
					type: 'body',
					property: 'data.relationships.site.data',
					value: `={{ { "type": "sites", "id": ${idValue('siteId')} } }}`,
					preSend: [requireId('siteId', 'Site')],
				},
			},
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: showOnlyFor(op),
			options: [
				{
					displayName: 'Resource ID',
					name: 'resource_id',
					type: 'number',
					default: 0,
					description: 'Only events of this one resource, for example the ID of a tag for Tag Added',
					routing: { send: { type: 'body', property: 'data.attributes.resource_id' } },
				},
			],
		},
	],
};
