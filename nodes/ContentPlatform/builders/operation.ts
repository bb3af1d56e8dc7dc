/**
 * The action node's operation menus, built from the tables: each operation's option (its words
 * from n8n's UX guidelines, its table row's hint for n8n's AI Workflow Builder, its routing:
 * method, URL, the shared preSend, the postReceive of a one-request operation, Get Many's request
 * runner; `operationOption`, `runByRunner` for an operation the runner runs itself) and the
 * properties that list them (a resource's `operation` property, `resourceDescription`; the node's
 * `resource` property, `resourceProperty`). Field builders take the operation context it passes on
 * (`operationOf`, tables/registry.ts). The labels made from the tables' names are words.ts's.
 */
import type { INodeProperties, DeclarativeRestApiSettings, INodePropertyOptions } from 'n8n-workflow';

import { resourceByValue, type OperationContext, type Operation, type ResourceValue } from '../../api/tables/registry';
import { JSON_API_MEDIA_TYPE } from '../../api/transport/door';
import { prepareRequest, requestRunnerRouting, toItems } from '../routing/request';
import { refuseModelChosenValues, refuseRetryOnFail } from './guards';
import { showFor, showOnlyFor } from '../../api/properties/display';
import { article, byName, plural } from '../../api/properties/words';

/** `operationOf` (an operation's table rows) is the registry's, where the page reader and the hooks find it too. */
export { operationOf, type OperationContext } from '../../api/tables/registry';
/** The `displayOptions` of a field (display.ts), with the operations they show it for. */
export { showFor, showOnlyFor };

/**
 * What one operation file exports: the option of the resource's `operation` property (with the
 * request it sends) and the fields shown for it.
 */
export interface OperationDescription {
	option: INodePropertyOptions;
	properties: INodeProperties[];
}

/**
 * How each operation is named, following n8n's UX guidelines: `name` in title case without the
 * resource, `action` in sentence case with the resource and no article, `description` in sentence
 * case with the resource, in other words than the name. `noun` is the resource in lower case.
 * Destructive operations describe themselves instead (see `destructiveDescription`).
 */
const OPERATION_WORDS: Record<
	Operation,
	{ name: string; action: (noun: string) => string; description: (noun: string) => string }
> = {
	create: { name: 'Create', action: (noun) => `Create ${noun}`, description: (noun) => `Create a new ${noun}` },
	get: {
		name: 'Get',
		action: (noun) => `Get ${noun}`,
		description: (noun) => `Retrieve ${article(noun)} ${noun} by ID`,
	},
	getAll: {
		name: 'Get Many',
		action: (noun) => `Get many ${plural(noun)}`,
		description: (noun) => `Retrieve a list of ${plural(noun)}`,
	},
	update: {
		name: 'Update',
		action: (noun) => `Update ${noun}`,
		description: (noun) => `Change the fields of ${article(noun)} ${noun}`,
	},
	submit: {
		name: 'Submit',
		action: (noun) => `Submit ${noun}`,
		description: (noun) => `Send a new submission to ${article(noun)} ${noun}`,
	},
	delete: {
		name: 'Delete',
		action: (noun) => `Delete ${noun}`,
		description: (noun) => `Delete ${article(noun)} ${noun}`,
	},
	getTags: {
		name: 'Get Tags',
		action: (noun) => `Get tags of ${noun}`,
		description: (noun) => `Retrieve the tags of ${article(noun)} ${noun}`,
	},
	addTags: {
		name: 'Add Tags',
		action: (noun) => `Add tags to ${noun}`,
		description: (noun) => `Tag ${article(noun)} ${noun}, keeping its other tags`,
	},
	removeTags: {
		name: 'Remove Tags',
		action: (noun) => `Remove tags from ${noun}`,
		description: (noun) => `Untag ${article(noun)} ${noun}`,
	},
	replaceTags: {
		name: 'Replace Tags',
		action: (noun) => `Replace tags of ${noun}`,
		description: (noun) => `Set the whole tag list of ${article(noun)} ${noun}`,
	},
	getOffers: {
		name: 'Get Offers',
		action: (noun) => `Get offers of ${noun}`,
		description: (noun) => `Retrieve the offers granted to ${article(noun)} ${noun}`,
	},
	grantOffers: {
		name: 'Grant Offers',
		action: (noun) => `Grant offers to ${noun}`,
		description: (noun) => `Give ${article(noun)} ${noun} access to offers`,
	},
	revokeOffers: {
		name: 'Revoke Offers',
		action: (noun) => `Revoke offers from ${noun}`,
		description: (noun) => `Take offers away from ${article(noun)} ${noun}`,
	},
	replaceOffers: {
		name: 'Replace Offers',
		action: (noun) => `Replace offers of ${noun}`,
		description: (noun) => `Set the whole offer list of ${article(noun)} ${noun}`,
	},
	getProducts: {
		name: 'Get Products',
		action: (noun) => `Get products of ${noun}`,
		description: (noun) => `Retrieve the products ${article(noun)} ${noun} gives access to`,
	},
	deactivate: {
		name: 'Deactivate',
		action: (noun) => `Deactivate ${noun}`,
		description: (noun) => `Switch off ${article(noun)} ${noun}`,
	},
	reactivate: {
		name: 'Reactivate',
		action: (noun) => `Reactivate ${noun}`,
		description: (noun) => `Give back the access of a deactivated ${noun} (a subscription is not restarted)`,
	},
	cancelSubscription: {
		name: 'Cancel Subscription',
		action: (noun) => `Cancel subscription of ${noun}`,
		description: (noun) => `End the subscription of ${article(noun)} ${noun}`,
	},
	upsert: {
		name: 'Create or Update',
		action: (noun) => `Create or update ${noun}`,
		// n8n's lint wants these words for every upsert; the fields say how the match works (docs/operations.md).
		description: () => 'Create a new record, or update the current one if it already exists (upsert)',
	},
	grantOffersByEmail: {
		name: 'Grant Offers by Email',
		action: (noun) => `Grant offers to ${noun} by email`,
		description: (noun) => `Give the ${noun} with this email access to offers, creating the ${noun} when new`,
	},
	revokeOffersByEmail: {
		name: 'Revoke Offers by Email',
		action: (noun) => `Revoke offers from ${noun} by email`,
		description: (noun) => `Take offers away from the ${noun} with this email`,
	},
	getSample: {
		name: 'Get Sample',
		action: (noun) => `Get sample of ${noun} delivery`,
		description: () => 'Retrieve what a delivery of an event looks like (sample records)',
	},
	healthCheck: {
		name: 'Health Check',
		action: () => 'Check API health',
		description: () => 'Check that the API answers, and get its version (no access token needed)',
	},
};

/**
 * The words of the one operation without a record ID (Me → Get): the user the credential belongs
 * to. The action names the credential, not a "current user": as an AI tool's description ("<action>
 * in Content Platform") a model in a chat would take the current user for the person chatting.
 */
const CURRENT_USER = {
	name: 'Get',
	action: () => 'Get account of the credential',
	description: () => 'Retrieve the user the credential belongs to',
};

/** What a destructive operation does (its table row's `destructive`) and that it cannot be undone. */
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
 * (from `jsonApiWrite`) for writes, the shared preSend and postReceive, and for Get Many the
 * request runner's routing (`requestRunnerRouting`, which "Request Settings" gives every operation:
 * the rendered description shows it on Get Many's option too).
 */
export function operationOption(
	op: OperationContext,
	write?: DeclarativeRestApiSettings.HttpRequestOptions,
): INodePropertyOptions {
	const { resource, endpoint } = op;
	const words =
		endpoint.path.includes('{id}') || endpoint.operation !== 'get' ? OPERATION_WORDS[endpoint.operation] : CURRENT_USER;
	const noun = resource.displayName.toLowerCase();
	const request: DeclarativeRestApiSettings.HttpRequestOptions = { method: endpoint.method };
	// Found by email: the path is decided per item (see resources/contact/byEmail.ts); Create or Update starts as the create.
	if (!endpoint.path.includes('{') || endpoint.byEmail) request.url = endpoint.path.replace(/\/\{id\}.*$/, '');
	Object.assign(request, write);
	const isList = endpoint.operation === 'getAll';
	return {
		name: words.name,
		value: endpoint.operation,
		action: words.action(noun),
		description: endpoint.destructive ? destructiveDescription(op) : words.description(noun),
		builderHint: { propertyHint: endpoint.hint },
		routing: {
			request,
			send: {
				preSend: [
					...(endpoint.destructive ? [refuseModelChosenValues] : []),
					prepareRequest,
					...(endpoint.destructive ? [refuseRetryOnFail] : []),
				],
				...(isList ? requestRunnerRouting.send : {}),
			},
			// Get Many's pages are judged and made into items by the page reader (routing/pages.ts).
			...(isList ? { operations: requestRunnerRouting.operations } : { output: { postReceive: [toItems] } }),
		},
	};
}

/**
 * `option` (as `operationOption` or a builder made it) for an operation the node's request runner
 * runs itself (routing/runners.ts: the by-email operations of Contact): its preSends stay (the
 * request is built as usual and the guards run), its postReceives go, since no answer of it comes
 * back through n8n's routing.
 */
export function runByRunner(option: INodePropertyOptions): INodePropertyOptions {
	const routing = { ...option.routing };
	delete routing.output;
	return { ...option, routing };
}

/** One resource of the node: its `resource` option (`value`: its `resource` value) and its properties. */
export interface ResourceDescription<Value extends string = string> {
	name: string;
	value: Value;
	properties: INodeProperties[];
}

/**
 * A resource of the node from its operation files: the resource's `operation` property (one
 * option per operation, Get Many the default when there is one) followed by each operation's
 * fields, in the order given.
 * @param defaultOperation The default when it must stay what it was before the resource got a
 *   list (n8n does not save a parameter at its default, so a changed default changes saved workflows).
 */
export function resourceDescription<Value extends ResourceValue>(
	resourceValue: Value,
	operations: OperationDescription[],
	defaultOperation?: string,
): ResourceDescription<Value> {
	const resource = resourceByValue(resourceValue);
	const values = operations.map(({ option }) => String(option.value));
	defaultOperation ??= values.includes('getAll') ? 'getAll' : values[0];
	const operation: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: showFor(resource),
		options: operations.map(({ option }) => option).sort(byName),
		default: defaultOperation,
	};
	return {
		name: resource.displayName,
		value: resourceValue,
		properties: [operation, ...operations.flatMap(({ properties }) => properties)],
	};
}

/** The node's `resource` property: one option per resource, with its table's hint for n8n's AI Workflow Builder. */
export function resourceProperty(resources: ResourceDescription[], defaultValue: string): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources
			.map(({ name, value }) => ({ name, value, builderHint: { propertyHint: resourceByValue(value).hint } }))
			.sort(byName),
		default: defaultValue,
	};
}
