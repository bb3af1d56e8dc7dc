/**
 * The action node declares each field once (`mergeFieldCopies`, ContentPlatform/builders/mergeFields.ts) and shows every
 * resource × operation the same fields as the builders' one copy per operation (`builtProperties`):
 * for each resource × operation, as n8n's own `NodeHelpers.displayParameter` decides what the editor
 * shows and what the routing reads (with Return All on and off, Include Related empty and set, as a
 * node and as a tool), the properties shown are the same, in the same order, with the same content
 * (labels, options, defaults, hints, routing and its hooks) but for the resources and operations they
 * list. And the copies are gone: Return All and Limit are declared once for every Get Many. Request
 * Settings is the one field declared twice on purpose (Get Many's with Parallel Page Requests, the
 * others' without): each operation shows one, with the options it showed before.
 */
import { NodeHelpers, type INode, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import { builtProperties, ContentPlatform, nodeProperties } from '../nodes/ContentPlatform/ContentPlatform.node';

const description = new ContentPlatform().description;

/** Every resource × operation of the node, from its `operation` properties. */
const pairs = builtProperties
	.filter((p) => p.name === 'operation')
	.flatMap((p) =>
		(p.displayOptions!.show!.resource as string[]).flatMap((resource) =>
			(p.options as Array<{ value: string }>).map(({ value }) => [resource, value] as const),
		),
	);

/** A property's content without the resources and operations it is shown for; hooks by name and identity. */
function content(property: INodeProperties, hooks: Map<unknown, number>): string {
	const { resource, operation, ...show } = property.displayOptions?.show ?? {};
	void resource;
	void operation;
	return JSON.stringify({ ...property, displayOptions: { ...property.displayOptions, show } }, (_key, value) => {
		if (typeof value !== 'function') return value as unknown;
		if (!hooks.has(value)) hooks.set(value, hooks.size);
		return `${(value as { name: string }).name} ${hooks.get(value)}`;
	});
}

/** What n8n shows for `values`: each shown property's content, in order. */
function shown(
	properties: INodeProperties[],
	values: Record<string, unknown>,
	nodeType: INodeTypeDescription,
	hooks: Map<unknown, number>,
): string[] {
	const node = { typeVersion: 1 } as INode;
	return properties
		.filter((p) => NodeHelpers.displayParameter(values as never, p, node, nodeType))
		.map((p) => content(p, hooks));
}

describe('each field declared once (mergeFieldCopies)', () => {
	it('covers every operation of the node', () => {
		expect(pairs.length).toBeGreaterThan(70);
	});

	const variants = [{ returnAll: false }, { returnAll: true }, { returnAll: false, include: ['site'] }];
	const asNode = { ...description, name: 'contentPlatform' } as INodeTypeDescription;
	const asTool = { ...description, name: 'contentPlatformTool' } as INodeTypeDescription;

	it.each(pairs.map(([resource, operation]) => [`${resource} → ${operation}`, resource, operation]))(
		'%s shows the same fields in the same order',
		(_title, resource, operation) => {
			const hooks = new Map<unknown, number>();
			for (const nodeType of [asNode, asTool]) {
				for (const variant of variants) {
					const values = { resource, operation, ...variant };
					const before = shown(builtProperties, values, nodeType, hooks);
					expect(before.length).toBeGreaterThan(1);
					expect(shown(nodeProperties, values, nodeType, hooks)).toEqual(before);
				}
			}
		},
	);

	it.each(pairs.map(([resource, operation]) => [`${resource} → ${operation}`, resource, operation]))(
		'%s shows one Request Settings: the timeout, and Parallel Page Requests on Get Many',
		(_title, resource, operation) => {
			const node = { typeVersion: 1 } as INode;
			const settings = description.properties.filter(
				(p) =>
					p.name === 'requestSettings' &&
					NodeHelpers.displayParameter({ resource, operation } as never, p, node, asNode),
			);
			expect(settings).toHaveLength(1);
			const names = (settings[0].options as INodeProperties[]).map((o) => o.name);
			expect(names).toEqual(operation === 'getAll' ? ['timeout', 'parallelPages'] : ['timeout']);
			expect(settings[0].routing).toBe(description.properties.find((p) => p.name === 'requestSettings')!.routing);
		},
	);

	it('declares Return All and Limit once for every Get Many, and fewer properties than the builders give', () => {
		const named = (name: string) => nodeProperties.filter((p) => p.name === name);
		const getManys = pairs.filter(([, operation]) => operation === 'getAll').length;
		expect(named('returnAll')).toHaveLength(1);
		expect(named('limit')).toHaveLength(1);
		expect(named('returnAll')[0].displayOptions!.show!.resource).toHaveLength(getManys);
		expect(nodeProperties.length).toBeLessThan(builtProperties.length);
		expect(description.properties).toEqual(expect.arrayContaining(nodeProperties));
	});
});
