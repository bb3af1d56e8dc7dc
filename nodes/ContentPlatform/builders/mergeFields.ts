/**
 * A node's properties with each field declared once (`mergeFieldCopies`): the copies the builders give,
 * one per operation, that differ only in the resources and operations they are shown for become
 * one property shown for all of them, laid out so that every resource × operation shows its fields
 * in the order it showed them before.
 */
import type { INodeProperties } from 'n8n-workflow';

/** A property's `displayOptions.show` values of `key` (`resource`, `operation`), when it names some. */
function shownFor(property: INodeProperties, key: 'resource' | 'operation'): string[] | undefined {
	const values = property.displayOptions?.show?.[key];
	return Array.isArray(values) ? (values as string[]) : undefined;
}

/**
 * A property as text without the resources and operations it is shown for: two properties with the
 * same text are copies. Hooks (preSend, postReceive functions) are told apart by identity.
 */
function contentKey(property: INodeProperties, hooks: Map<unknown, number>): string {
	const { resource, operation, ...show } = property.displayOptions?.show ?? {};
	void resource;
	void operation;
	const rest = { ...property, displayOptions: { ...property.displayOptions, show } };
	return JSON.stringify(rest, (_key, value: unknown) => {
		if (typeof value !== 'function') return value;
		if (!hooks.has(value)) hooks.set(value, hooks.size);
		return `hook ${hooks.get(value)}`;
	});
}

/**
 * For every resource × operation of `properties` (their `operation` properties' options), the
 * indices of the properties it shows, in array order. Conditions on other parameters (Return All,
 * "@tool") are taken as met: a property shown only sometimes still keeps its place.
 */
function shownPerOperation(properties: INodeProperties[]): number[][] {
	const pairs = properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) =>
			(shownFor(p, 'resource') ?? []).flatMap((resource) =>
				(p.options ?? []).map((option) => [resource, String((option as { value: unknown }).value)]),
			),
		);
	const shows = (p: INodeProperties, [resource, operation]: string[]) =>
		(shownFor(p, 'resource')?.includes(resource) ?? true) && (shownFor(p, 'operation')?.includes(operation) ?? true);
	return pairs.map((pair) => [...properties.keys()].filter((index) => shows(properties[index], pair)));
}

/**
 * An order of the units (`unitOf`: each property's unit, the index of the property that stands for
 * it) that keeps, for every resource × operation (`shown`, from `shownPerOperation`), the order in
 * which it showed its properties; each unit as early as its first property allows. Undefined when
 * no order keeps them all.
 */
function orderedUnits(shown: number[][], unitOf: number[]): number[] | undefined {
	const count = unitOf.length;
	const after = Array.from({ length: count }, () => new Set<number>());
	for (const indices of shown) {
		for (let i = 1; i < indices.length; i++) {
			const [previous, unit] = [unitOf[indices[i - 1]], unitOf[indices[i]]];
			if (previous !== unit) after[previous].add(unit);
		}
	}
	const before = new Array<number>(count).fill(0);
	for (const next of after) for (const unit of next) before[unit]++;
	const first = new Array<number>(count).fill(Infinity);
	unitOf.forEach((unit, index) => (first[unit] = Math.min(first[unit], index)));
	const ready = new Set([...Array(count).keys()].filter((unit) => before[unit] === 0));
	const order: number[] = [];
	while (ready.size) {
		let unit = -1;
		for (const candidate of ready) if (unit < 0 || first[candidate] < first[unit]) unit = candidate;
		ready.delete(unit);
		order.push(unit);
		for (const next of after[unit]) if (--before[next] === 0) ready.add(next);
	}
	return order.length === count ? order : undefined;
}

/**
 * The node's properties with each field declared once (n8n shows a property wherever its
 * `displayOptions.show` matches): copies that differ only in the resources and operations they are
 * shown for (Return All on every Get Many, a record picker on several operations of its resource,
 * the same Filters on two lists) become one property shown for all of them. Copies whose resources do
 * not share one set of operations become one property per set (n8n's condition is "resource in …
 * and operation in …"). n8n shows, and routes, a node's properties in array order: the properties
 * are laid out so that every resource × operation shows its fields in the order it showed them
 * before; a group of copies that no order allows stays as it was. Nothing else changes: each merged
 * property is its first copy, with the union of the copies' resources and operations.
 */
export function mergeFieldCopies(properties: INodeProperties[]): INodeProperties[] {
	const hooks = new Map<unknown, number>();
	const groups = new Map<string, number[]>();
	properties.forEach((p, index) => {
		if (!shownFor(p, 'resource') || !shownFor(p, 'operation') || p.name === 'operation') return;
		const key = contentKey(p, hooks);
		groups.set(key, [...(groups.get(key) ?? []), index]);
	});
	const shown = shownPerOperation(properties);
	let merged = properties.map((p) => p);
	let unitOf = properties.map((_, index) => index);
	let order = orderedUnits(shown, unitOf)!;
	for (const members of groups.values()) {
		if (members.length < 2) continue;
		// Each member's resources, with the operations it shows for there.
		const operationsOf = new Map<string, string[]>();
		for (const index of members) {
			for (const resource of shownFor(properties[index], 'resource')!) {
				operationsOf.set(resource, [
					...(operationsOf.get(resource) ?? []),
					...shownFor(properties[index], 'operation')!,
				]);
			}
		}
		// One property per set of operations, shown for the resources that have that set.
		const blocks = new Map<string, { resources: string[]; operations: string[]; members: number[] }>();
		for (const [resource, operations] of operationsOf) {
			const key = JSON.stringify([...operations].sort());
			const block = blocks.get(key) ?? { resources: [], operations, members: [] };
			block.resources.push(resource);
			blocks.set(key, block);
		}
		for (const block of blocks.values()) {
			block.members = members.filter((index) =>
				shownFor(properties[index], 'resource')!.every((resource) => block.resources.includes(resource)),
			);
		}
		if ([...blocks.values()].reduce((sum, block) => sum + block.members.length, 0) !== members.length) continue;
		const tryMerged = [...merged];
		const tryUnitOf = [...unitOf];
		for (const block of blocks.values()) {
			const [head, ...copies] = block.members;
			const first = properties[head];
			tryMerged[tryUnitOf[head]] = {
				...first,
				displayOptions: {
					...first.displayOptions,
					show: { ...first.displayOptions!.show, resource: block.resources, operation: block.operations },
				},
			};
			for (const copy of copies) tryUnitOf[copy] = tryUnitOf[head];
		}
		const tryOrder = orderedUnits(shown, tryUnitOf);
		if (!tryOrder) continue;
		merged = tryMerged;
		unitOf = tryUnitOf;
		order = tryOrder;
	}
	const used = new Set(unitOf);
	return order.filter((unit) => used.has(unit)).map((unit) => merged[unit]);
}
