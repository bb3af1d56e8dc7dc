/**
 * Operations on a relationship of a record (supplement sections 1-2): `GET|POST|DELETE|PATCH
 * /v1/<type>/{id}/relationships/<name>`. The record is picked with its resource locator; writes
 * take the IDs of the related records (picked from a list, typed comma-separated, or an array from
 * an expression) and send `{data: [{type, id}, …]}`. Every answer is the relationship's identifiers
 * after the change, returned as one item.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isResourceObject } from '../../api/jsonapi';
import { notJsonApiMessage, subjectOf } from '../../api/errors';
import { cleanId, locatorId } from '../../api/ids';
import { RESOURCES, resourceByValue, runningOperationOf, type ResourceTable } from '../../api/tables/registry';
import { checkedDocument } from '../../api/transport/answer';
import { destructiveNotice } from './destructive';
import {
	jsonApiWrite,
	operationOption,
	showOnlyFor,
	type OperationContext,
	type OperationDescription,
} from './operation';
import { locatorName, resourceLocator } from '../../api/properties/locators';
import { onFinalAnswer } from '../routing/request';

/** IDs typed as a comma-separated list or given as an array (or a number) by an expression; trimmed, empty ones dropped. */
export function parseIdList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value : String(value ?? '').split(',');
	return parts.map(cleanId).filter((id) => id !== '');
}

/** The resource whose records a relationship holds (`contact_tags` → Tag, `offers` → Offer). */
function relatedResource(op: OperationContext): ResourceTable {
	const type = op.endpoint.relationship!.type;
	return RESOURCES.find((r) => r.type === type)!;
}

/** Name of the IDs parameter of a relationship write, for example `offerIds`. */
function idsParameter(op: OperationContext): string {
	return `${relatedResource(op).value}Ids`;
}

/** Name of the load-options method listing a resource's records for an IDs field, for example `listOffers`. */
export function listMethodName(resource: ResourceTable): string {
	return `list${resource.displayName.replace(/ /g, '')}s`;
}

/** preSend of relationship writes: the body `{data: [{type, id}…]}` (+ the contact's welcome-email switch); no IDs → refused. */
async function relationshipBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const op = runningOperationOf(this);
	const { endpoint } = op;
	const related = relatedResource(op);
	const ids = parseIdList(this.getNodeParameter(idsParameter(op), []));
	if (ids.length === 0) {
		throw new NodeOperationError(
			this.getNode(),
			`"${related.displayName}s" is empty: pick or enter at least one ${related.displayName.toLowerCase()}`,
			{
				itemIndex: this.getItemIndex(),
			},
		);
	}
	const body: IDataObject = { data: ids.map((id) => ({ type: endpoint.relationship!.type, id })) };
	if (endpoint.relationship!.welcomeEmail) {
		body.meta = { send_customer_welcome_email: this.getNodeParameter('sendWelcomeEmail', true) as boolean };
	}
	requestOptions.body = body;
	return requestOptions;
}

/**
 * postReceive of relationship operations: checks the final answer (`onFinalAnswer`); with Simplify one item
 * `{ id, type, <name>_ids: [...] }` (the record and its related IDs after the change, named as
 * Simplify names to-many relationships), without Simplify the document `{data, links}` as it came.
 */
export const relationshipItem = onFinalAnswer(function relationshipItem(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	{ response, secrets },
): INodeExecutionData[] {
	const document = checkedDocument(this, response, subjectOf(this), secrets);
	const data = document.data as unknown;
	if (!Array.isArray(data) || !data.every(isResourceObject)) {
		throw new NodeApiError(
			this.getNode(),
			{ httpCode: String(response.statusCode) },
			{
				message: notJsonApiMessage(document),
				description: '"data" is not a list of resource identifiers',
			},
		);
	}
	const { resource, endpoint } = runningOperationOf(this);
	const pairedItem = { item: this.getItemIndex() };
	if (!(this.getNodeParameter('simple', true) as boolean)) return [{ json: document as IDataObject, pairedItem }];
	const json: IDataObject = {
		id: locatorId(this, locatorName(resource)),
		type: resource.type,
		[`${endpoint.relationship!.name}_ids`]: data.map((identifier) => String(identifier.id)),
	};
	return [{ json, pairedItem }];
});

/** The IDs field of a relationship write: a multi-select from the related resource's list (or IDs by expression). */
function idsField(op: OperationContext): INodeProperties {
	const related = relatedResource(op);
	const plural = `${related.displayName}s`;
	return {
		displayName: `${plural} Names or IDs`,
		name: idsParameter(op),
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: listMethodName(related) },
		default: [],
		required: true,
		displayOptions: showOnlyFor(op),
		description:
			'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		hint: 'An expression may give an array of IDs or comma-separated IDs',
	};
}

/** The contact's welcome-email switch of Grant Offers (`meta.send_customer_welcome_email`). */
function welcomeEmailField(op: OperationContext): INodeProperties[] {
	if (!op.endpoint.relationship?.welcomeEmail) return [];
	return [
		{
			displayName: 'Send Welcome Email',
			name: 'sendWelcomeEmail',
			type: 'boolean',
			default: true,
			displayOptions: showOnlyFor(op),
			description: 'Whether the platform sends the customer its welcome email for the granted offers',
		},
	];
}

/**
 * A relationship operation from its table row: the record's locator, the IDs field and the
 * welcome-email switch for writes, the notice and the retry guard of destructive ones.
 */
export function relationshipOperation(op: OperationContext): OperationDescription {
	const isWrite = op.endpoint.method !== 'GET';
	const base = operationOption(op, isWrite ? jsonApiWrite(op.endpoint.relationship!.type) : undefined);
	const preSend = [...(base.routing?.send?.preSend ?? []), ...(isWrite ? [relationshipBody] : [])];
	return {
		option: {
			...base,
			routing: {
				...base.routing,
				send: { ...base.routing?.send, preSend },
				output: { postReceive: [relationshipItem] },
			},
		},
		properties: [
			...destructiveNotice(op),
			resourceLocator(op),
			...(isWrite ? [idsField(op), ...welcomeEmailField(op)] : []),
		],
	};
}

/**
 * The offer-grant operations of a contact or a customer (Get, Grant, Revoke and Replace Offers:
 * the resource's endpoints on `…/relationships/offers`, written once, `offerGrants` in `tables/resources/contact.ts`),
 * each a `relationshipOperation`, in the table rows' order.
 */
export function offerGrantOperations(resourceValue: 'contact' | 'customer'): OperationDescription[] {
	const resource = resourceByValue(resourceValue);
	return (
		resource.endpoints
			// Grant and Revoke Offers by Email have their own files: they are not among the four.
			.filter((endpoint) => endpoint.relationship?.name === 'offers' && !endpoint.byEmail)
			.map((endpoint) => relationshipOperation({ resource, endpoint }))
	);
}
