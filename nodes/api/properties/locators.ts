/**
 * A record picker: the resource locator of a resource (From List, By ID, By URL; the ID URL-encoded
 * as one path segment of the endpoint, refused empty before any request), as the record an
 * operation acts on (`resourceLocator`), the target of a JSON:API update (`updateTargetLocator`)
 * and the site a write belongs to (`siteLocator`); with the names and ID expressions every picker
 * shares (`locatorName`, `searchMethodName`, `idValue`, `encodedId`).
 */
import type { INodeProperties } from 'n8n-workflow';

import { RESOURCES, resourceByValue } from '../tables/registry';
import { showOnlyFor } from './display';
import type { OperationContext, ResourceTable } from '../tables/registry';
import { article } from './words';
import { requireId } from '../ids';
import { FIELD_HINTS } from '../tables/builderHints';

/**
 * Each resource's preSend refusing its picker's empty ID before any request (`requireId(<resource>Id,
 * <display name>)`, errors.ts), made once at load for every resource of `RESOURCES`: the pickers built
 * for several operations carry the same function, so the node declares a picker shown for several
 * operations once (`mergeFieldCopies`, mergeFields.ts, tells identical copies by their hooks'
 * identity). Read only after load.
 */
const REQUIRED_IDS: ReadonlyMap<string, ReturnType<typeof requireId>> = new Map(
	RESOURCES.map((resource) => [resource.value, requireId(locatorName(resource), resource.displayName)]),
);

/** The preSend refusing an empty ID in the picker of `resource`'s records (`REQUIRED_IDS`). */
export function requiredId(resource: ResourceTable): ReturnType<typeof requireId> {
	return REQUIRED_IDS.get(resource.value)!;
}

/** Name of the list search method of a resource, for example `searchOrders`. */
export function searchMethodName(resource: ResourceTable): string {
	return `search${resource.displayName.replace(/ /g, '')}s`;
}

/** Name of the resource locator parameter of a resource, for example `orderId`. */
export function locatorName(resource: ResourceTable): string {
	return `${resource.value}Id`;
}

/**
 * The ID of a resource locator as an expression: trimmed; an ID extracted from a URL ("By URL"
 * mode: the extracted value differs from the raw parameter) is still percent-encoded, so it is
 * decoded.
 */
export function idValue(parameter: string): string {
	return `(String($rawParameter["${parameter}"]) !== String($value) ? decodeURIComponent(String($value).trim()) : String($value).trim())`;
}

/** `idValue` URL-encoded as one path segment (encoded exactly once), as a `{{ }}` template part. */
export function encodedId(parameter: string): string {
	return `{{ encodeURIComponent(${idValue(parameter)}) }}`;
}

/**
 * The resource locator of a record (`<resource>Id`): From List (when the resource has a list
 * search), By ID, By URL (the API's `…/v1/<type>/<id>` links). Its routing puts the encoded ID
 * into the endpoint's `{id}` and refuses an empty ID before any request.
 * @param resource The resource whose record is picked (default: the operation's own).
 */
export function resourceLocator(op: OperationContext, resource: ResourceTable = op.resource): INodeProperties {
	const name = locatorName(resource);
	const [before, after] = op.endpoint.path.split('{id}');
	const urlHint = resource.urlHint ?? `/v1/${resource.type}`;
	return {
		displayName: resource.displayName,
		name,
		type: 'resourceLocator',
		default: { mode: resource.search ? 'list' : 'id', value: '' },
		required: true,
		description: `The ${resource.displayName.toLowerCase()} to use`,
		displayOptions: showOnlyFor(op),
		modes: [
			...(resource.search
				? [
						{
							displayName: 'From List',
							name: 'list',
							type: 'list' as const,
							placeholder: `Select ${article(resource.displayName)} ${resource.displayName.toLowerCase()}...`,
							typeOptions: {
								searchListMethod: searchMethodName(resource),
								searchable: resource.search.filter !== undefined,
							},
						},
					]
				: []),
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 12345',
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: `e.g. https://api.example.com${urlHint}/12345`,
				extractValue: { type: 'regex', regex: `/v1/${resource.type}/([^/?#]+)` },
				validation: [
					{
						type: 'regex',
						properties: {
							regex: `.*/v1/${resource.type}/[^/?#]+.*`,
							errorMessage: `Not ${article(resource.displayName)} ${resource.displayName} URL: expected …${urlHint}/<ID>`,
						},
					},
				],
			},
		],
		routing: {
			request: { url: `=${before}${encodedId(name)}${after}` },
			send: { preSend: [requiredId(resource)] },
		},
	};
}

/**
 * The locator of a JSON:API update (`PATCH /<type>/{id}`): the same field and request path as
 * `resourceLocator`, and the ID also sent as the body's `data.id` (the resource object of an update
 * names its ID; spec "PATCH /v1/contacts/{id}", supplement "PATCH /v1/contact_notes/{id}").
 * An empty ID is refused before any request, as for every locator.
 */
export function updateTargetLocator(op: OperationContext): INodeProperties {
	const locator = resourceLocator(op);
	return {
		...locator,
		routing: {
			request: locator.routing?.request,
			send: {
				type: 'body',
				property: 'data.id',
				value: `={{ ${idValue(locator.name)} }}`,
				preSend: locator.routing?.send?.preSend,
			},
		},
	};
}

/**
 * The "Site" of a write that belongs to a site (Contact → Create, Create or Update, Hook → Create,
 * Grant Offers by Email): the sites' resource locator (`siteId`), refused empty before any request,
 * sent as the body's `data.relationships.site.data` (`{type: "sites", id}`) unless `sent` is false
 * (Grant Offers by Email reads it itself).
 */
export function siteLocator(op: OperationContext, description: string, sent = true): INodeProperties {
	const preSend = [requiredId(resourceByValue('site'))];
	return {
		...resourceLocator(op, resourceByValue('site')),
		description,
		builderHint: FIELD_HINTS.siteRequired,
		routing: sent
			? {
					send: {
						type: 'body',
						property: 'data.relationships.site.data',
						value: `={{ { "type": "sites", "id": ${idValue('siteId')} } }}`,
						preSend,
					},
				}
			: { send: { preSend } },
	};
}
