import type { DeclarativeRestApiSettings, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { resourceByValue, type EndpointSpec, type Operation, type ResourceSpec } from '../spec';
import { JSON_API_MEDIA_TYPE, paginate, prepareRequest, refuseRetryOnFail, toItems } from '../transport';
import { article } from './text';

/** One resource × operation of the node: the spec rows its fields are built from. */
export interface OperationContext {
	resource: ResourceSpec;
	endpoint: EndpointSpec;
}

/**
 * What one operation file exports: the option of the resource's `operation` property (with the
 * request it sends) and the fields shown for it.
 */
export interface OperationDescription {
	option: INodePropertyOptions;
	properties: INodeProperties[];
}

/**
 * The spec rows of one operation: the resource of `RESOURCES` with this n8n `resource` value and
 * its endpoint for `operation`. Throws for an operation the spec table does not have (a
 * programming error, seen when the node loads).
 */
export function operationOf(resourceValue: string, operation: Operation): OperationContext {
	const resource = resourceByValue(resourceValue);
	const endpoint = resource.endpoints.find((e) => e.operation === operation);
	if (!endpoint) throw new Error(`The spec has no "${operation}" endpoint for resource "${resourceValue}"`);
	return { resource, endpoint };
}

/** `displayOptions` that show a field for these operations of the resource (all when omitted). */
export function showFor(resource: ResourceSpec, operations?: Operation[]): INodeProperties['displayOptions'] {
	return {
		show: operations ? { resource: [resource.value], operation: operations } : { resource: [resource.value] },
	};
}

/** `displayOptions` that show a field for exactly this operation. */
export function showOnlyFor(op: OperationContext): INodeProperties['displayOptions'] {
	return showFor(op.resource, [op.endpoint.operation]);
}

const OPERATION_NAMES: Record<Operation, string> = {
	create: 'Create',
	get: 'Get',
	getAll: 'Get Many',
	update: 'Update',
	submit: 'Submit',
	delete: 'Delete',
	getTags: 'Get Tags',
	addTags: 'Add Tags',
	removeTags: 'Remove Tags',
	replaceTags: 'Replace Tags',
	getOffers: 'Get Offers',
	grantOffers: 'Grant Offers',
	revokeOffers: 'Revoke Offers',
	replaceOffers: 'Replace Offers',
	getProducts: 'Get Products',
	deactivate: 'Deactivate',
	reactivate: 'Reactivate',
	cancelSubscription: 'Cancel Subscription',
};

/** The word between an operation on a relationship and its record: "Add tags to a contact". */
const RELATIONSHIP_PREPOSITIONS: Partial<Record<Operation, string>> = {
	getTags: 'of',
	addTags: 'to',
	removeTags: 'from',
	replaceTags: 'of',
	getOffers: 'of',
	grantOffers: 'to',
	revokeOffers: 'from',
	replaceOffers: 'of',
	getProducts: 'of',
	cancelSubscription: 'of',
};

/** The operation's action text, for example "Get many orders", "Grant offers to a contact", "Get the current user". */
function actionOf(resource: ResourceSpec, endpoint: EndpointSpec): string {
	const name = OPERATION_NAMES[endpoint.operation];
	const noun = resource.displayName.toLowerCase();
	const preposition = RELATIONSHIP_PREPOSITIONS[endpoint.operation];
	if (endpoint.operation === 'getAll') return `Get many ${noun}s`;
	if (endpoint.operation === 'submit') return `Submit a ${noun}`;
	if (endpoint.operation === 'get' && !endpoint.path.includes('{id}')) return `Get the current user`;
	if (preposition) return `${name.charAt(0)}${name.slice(1).toLowerCase()} ${preposition} ${article(noun)} ${noun}`;
	return `${name} ${article(noun)} ${noun}`;
}

/** What a destructive operation does (its spec row's `destructive`) and that it cannot be undone. */
export function destructiveDescription(op: OperationContext): string {
	return `${op.endpoint.destructive} This cannot be undone.`;
}

/**
 * Headers and body skeleton of a write: the JSON:API media type and `{ data: { type } }`
 * (spec "Endpoints": bodies are `application/vnd.api+json` documents).
 */
export function jsonApiWrite(bodyType: string): DeclarativeRestApiSettings.HttpRequestOptions {
	return { headers: { 'Content-Type': JSON_API_MEDIA_TYPE }, body: { data: { type: bodyType } } };
}

/**
 * The option of an operation in the resource's `operation` property, with its request: method,
 * the path when it has no ID (paths with `{id}` get their URL from the resource locator), `write`
 * (from `jsonApiWrite`) for writes, the shared preSend and postReceive, and the paginator for
 * Get Many.
 */
export function operationOption(
	op: OperationContext,
	write?: DeclarativeRestApiSettings.HttpRequestOptions,
): INodePropertyOptions {
	const { resource, endpoint } = op;
	const name = OPERATION_NAMES[endpoint.operation];
	const action = actionOf(resource, endpoint);
	const request: DeclarativeRestApiSettings.HttpRequestOptions = { method: endpoint.method };
	if (!endpoint.path.includes('{id}')) request.url = endpoint.path;
	Object.assign(request, write);
	const isList = endpoint.operation === 'getAll';
	return {
		name,
		value: endpoint.operation,
		action,
		description: `${endpoint.destructive ? destructiveDescription(op) : endpoint.purpose} (${endpoint.method} /v1${endpoint.path})`,
		routing: {
			request,
			send: {
				preSend: [prepareRequest, ...(endpoint.destructive ? [refuseRetryOnFail] : [])],
				...(isList ? { paginate: true } : {}),
			},
			output: { postReceive: [toItems] },
			...(isList ? { operations: { pagination: paginate } } : {}),
		},
	};
}
