import type { INodeProperties } from 'n8n-workflow';

import { resourceByValue } from '../spec';
import { showFor, type OperationDescription } from './operation';
import { byName } from './text';

/** One resource of the node: its `resource` option and its properties. */
export interface ResourceDescription {
	name: string;
	value: string;
	properties: INodeProperties[];
}

/**
 * A resource of the node from its operation files: the resource's `operation` property (one
 * option per operation, Get Many the default when there is one) followed by each operation's
 * fields, in the order given.
 * @param defaultOperation The default when it must stay what it was before the resource got a
 *   list (n8n does not save a parameter at its default, so a changed default changes saved workflows).
 */
export function resourceDescription(
	resourceValue: string,
	operations: OperationDescription[],
	defaultOperation?: string,
): ResourceDescription {
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
		value: resource.value,
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
