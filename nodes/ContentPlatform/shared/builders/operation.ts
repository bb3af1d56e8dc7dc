import type { DeclarativeRestApiSettings, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { resourceByValue, type EndpointSpec, type Operation, type ResourceSpec } from '../spec';
import { JSON_API_MEDIA_TYPE, paginate, prepareRequest, toItems } from '../transport';
import { article, plural } from './text';

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

/**
 * How each operation is named, following n8n's UX guidelines: `name` in title case without the
 * resource, `action` in sentence case with the resource and no article, `description` in sentence
 * case with the resource, in other words than the name. `noun` is the resource in lower case.
 */
const OPERATION_WORDS: Record<Operation, { name: string; action: (noun: string) => string; description: (noun: string) => string }> = {
	create: { name: 'Create', action: (noun) => `Create ${noun}`, description: (noun) => `Create a new ${noun}` },
	get: { name: 'Get', action: (noun) => `Get ${noun}`, description: (noun) => `Retrieve ${article(noun)} ${noun} by ID` },
	getAll: { name: 'Get Many', action: (noun) => `Get many ${plural(noun)}`, description: (noun) => `Retrieve a list of ${plural(noun)}` },
	update: { name: 'Update', action: (noun) => `Update ${noun}`, description: (noun) => `Change the fields of ${article(noun)} ${noun}` },
	submit: { name: 'Submit', action: (noun) => `Submit ${noun}`, description: (noun) => `Send a new submission to ${article(noun)} ${noun}` },
};

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
	const words = OPERATION_WORDS[endpoint.operation];
	const noun = resource.displayName.toLowerCase();
	const request: DeclarativeRestApiSettings.HttpRequestOptions = { method: endpoint.method };
	if (!endpoint.path.includes('{id}')) request.url = endpoint.path;
	Object.assign(request, write);
	const isList = endpoint.operation === 'getAll';
	return {
		name: words.name,
		value: endpoint.operation,
		action: words.action(noun),
		description: words.description(noun),
		routing: {
			request,
			send: { preSend: [prepareRequest], ...(isList ? { paginate: true } : {}) },
			output: { postReceive: [toItems] },
			...(isList ? { operations: { pagination: paginate } } : {}),
		},
	};
}
