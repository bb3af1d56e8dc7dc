/**
 * A resource of the node from its operations (its `operation` property and fields) and the node's
 * `resource` property.
 */
import type { INodeProperties } from 'n8n-workflow';

import { resourceByValue, type ResourceValue } from '../tables/registry';
import { showFor, type OperationDescription } from './operation';
import { byName } from './text';

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

/** The node's `resource` property: one option per resource. */
export function resourceProperty(resources: ResourceDescription[], defaultValue: string): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources.map(({ name, value }) => ({ name, value })).sort(byName),
		default: defaultValue,
	};
}
