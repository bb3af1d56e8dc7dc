/**
 * Hook → Create and its fields, the Event among them (which Get Sample reuses): an operation with
 * fields of its own (docs/development.md, "The operation-file rule").
 */
import type { INodeProperties } from 'n8n-workflow';

import {
	jsonApiWrite,
	operationOf,
	operationOption,
	showOnlyFor,
	type OperationContext,
	type OperationDescription,
} from '../../builders/operation';
import { byName, titleCase } from '../../../api/properties/words';
import { fieldsCollection } from '../../../api/properties/fields';
import { siteLocator } from '../../../api/properties/locators';
import { HOOK_EVENTS } from '../../../api/tables/resources/hook';

const op = operationOf('hook', 'create');

/** The "Event" of Hook → Create and Get Sample: a pick list of section 5's events. */
export function eventField(op: OperationContext, description: string): INodeProperties {
	return {
		displayName: 'Event',
		name: 'event',
		type: 'options',
		required: true,
		default: 'purchase',
		displayOptions: showOnlyFor(op),
		description,
		options: HOOK_EVENTS.map((value) => ({ name: titleCase(value), value })).sort(byName),
	};
}

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
			...eventField(op, 'The event whose deliveries the hook receives'),
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
		siteLocator(op, 'The site whose events the hook receives'),
		fieldsCollection(op, 'Additional Fields', 'additionalFields', [
			{
				displayName: 'Resource ID',
				name: 'resource_id',
				type: 'number',
				default: 0,
				description: 'Only events of this one resource, for example the ID of a tag for Tag Added',
				routing: { send: { type: 'body', property: 'data.attributes.resource_id' } },
			},
		]),
	],
};
