/**
 * The field sweep: every operation of the action node run once through n8n's engine
 * (`runWith`: WorkflowExecute → declarative routing) against the sandbox, with every field the
 * operation shows filled (every filter, every include and sparse-fieldset value, a sort key
 * descending, one condition, the include filters, every write field and a custom field), then
 * every read plain, every editor lookup (list searches, option lists, the custom-field mapping)
 * and both triggers for every event, so the requests it records are every request the package's
 * nodes can make, each with the sandbox's answer (`RecordedRequest.answer`). Used by the contract
 * test (test/contract.test.ts).
 *
 * Values are chosen by field type and name (`valueOf`); IDs come from the sandbox's seed, and
 * the operations that change records for good get records of their own (`SweepIds`).
 */
import type {
	ILoadOptionsFunctions,
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
	NodeParameterValueType,
} from 'n8n-workflow';

import { ContentPlatform } from '../../nodes/ContentPlatform/ContentPlatform.node';
import { ContentPlatformTrigger } from '../../nodes/ContentPlatformTrigger/ContentPlatformTrigger.node';
import { ContentPlatformWebhookTrigger } from '../../nodes/ContentPlatformWebhookTrigger/ContentPlatformWebhookTrigger.node';

import type { RecordedRequest, Sandbox } from '../sandbox';
import { TriggerRunner } from '../trigger/pollHarness';
import { NODE_PROPERTIES, accessTokenCredentials, collectionFields, propertiesOf, rl, runWith } from './fixtures';
import { loadOptionsContext } from './loadOptions';
import { WebhookRunner } from './webhookHarness';

/** One operation of the action node: resource and operation values as n8n stores them. */
export interface SweepOperation {
	resource: string;
	operation: string;
	/** The HTTP method of its routing (`GET` for reads). */
	method: string;
}

/**
 * How the sweep fills an operation's fields: `every` field it shows, or only what a `plain` read
 * needs (required fields, record locators, Limit), so lists come back full rather than filtered
 * down to nothing and answers carry every attribute; `editor`: what the editor asks the node for
 * (its list searches, option lists and custom-field mapping), which has no fields of its own;
 * `trigger`: the two trigger nodes (polls of every event, hook registration of every event).
 */
export type SweepFill = 'every' | 'plain' | 'editor' | 'trigger';

/** What one operation of the sweep did. */
export interface SweepRun extends SweepOperation {
	fill: SweepFill;
	/** The node parameters it ran with. */
	parameters: INodeParameters;
	/** The requests the sandbox received during the run, each with its answer. */
	requests: RecordedRequest[];
	/** The node's error message, when the run failed. */
	error?: string;
	/** How many items the node returned. */
	items: number;
}

/** Every operation of the action node, in the node's order (resource menu, then operation menu). */
export const ALL_OPERATIONS: SweepOperation[] = NODE_PROPERTIES.filter((p) => p.name === 'operation').flatMap(
	(property) => {
		const resource = (property.displayOptions!.show!.resource as string[])[0];
		return (property.options as INodePropertyOptions[]).map((o) => ({
			resource,
			operation: String(o.value),
			method: String(o.routing?.request?.method ?? 'GET'),
		}));
	},
);

/**
 * Record IDs of the sweep, chosen from the sandbox after its seed (`sweepIds`): the record that
 * an operation changes for good is one that nothing else in the sweep reads.
 */
export interface SweepIds {
	/** Resource locator value by `resource.operation.field`, else by field name; default "1". */
	locators: Record<string, string>;
	/** The sandbox's `seedDate`: the sweep's dates lie where they lay against the seed on any day. */
	seedDate: Sandbox['seedDate'];
}

/**
 * Picks the records the destructive operations work on, adding what the seed lacks (a contact
 * to delete; a hook to delete, registered by a Hook → Create run that is not part of the sweep).
 */
export async function sweepIds(sandbox: Sandbox): Promise<SweepIds> {
	const purchases = sandbox.store.purchases;
	const active = (p: (typeof purchases)[number]) => p.attributes.deactivated_at === null;
	const subscription = purchases.find((p) => active(p) && p.attributes.payment_type === 'subscription');
	const single = purchases.find((p) => active(p) && p.attributes.payment_type !== 'subscription');
	const deactivated = purchases.find((p) => !active(p));
	const notes = sandbox.store.contact_notes;
	const doomed = sandbox.insert('contacts', { email: 'sweep-delete@example.com', name: 'Sweep Delete' }, { site: '1' });
	const payout = sandbox.store.kajabi_payments_payouts?.[0]?.id ?? '1';
	const ids: SweepIds = {
		seedDate: sandbox.seedDate,
		locators: {
			'contactNote.delete.contactNoteId': notes.at(-1)!.id,
			contactNoteId: notes[0].id,
			'contact.delete.contactId': doomed.id,
			'purchase.cancelSubscription.purchaseId': subscription!.id,
			'purchase.deactivate.purchaseId': single!.id,
			'purchase.reactivate.purchaseId': deactivated!.id,
			payoutId: payout,
		},
	};
	await runWith(sandbox, sweepParameters({ resource: 'hook', operation: 'create', method: 'POST' }, ids));
	ids.locators['hook.delete.hookId'] = sandbox.hooks.at(-1)!.id;
	return ids;
}

/** A value for a text field, by its name. */
function textValue(name: string, ids: SweepIds): string {
	if (name === 'email' || name.startsWith('email')) return 'sweep@example.com';
	if (name === 'targetUrl') return 'https://example.com/sweep-hook';
	if (name === 'body') return 'Sweep note';
	if (/date/.test(name)) return ids.seedDate('2026-01-01');
	if (/(_id|Id|Ids|_ids)$/.test(name)) return '1';
	if (name === 'exclude_product_types') return 'coaching,podcast';
	return 'sweep';
}

/** A value for a number field, by its name. */
function numberValue(field: INodeProperties): number {
	if (field.name === 'limit') return 3;
	if (/_page$/.test(field.name)) return 1;
	if (/_per$/.test(field.name)) return 10;
	const min = field.typeOptions?.minValue;
	return typeof min === 'number' && min > 1 ? min : 30;
}

const staticOptions = (field: INodeProperties) =>
	((field.options ?? []) as INodePropertyOptions[]).filter((o) => 'value' in o).map((o) => o.value);

/** The value the sweep gives one field (undefined: leave the field unset). */
function valueOf(field: INodeProperties, key: string, ids: SweepIds): NodeParameterValueType {
	switch (field.type) {
		case 'notice':
			return undefined;
		case 'resourceLocator':
			return rl(ids.locators[`${key}.${field.name}`] ?? ids.locators[field.name] ?? '1');
		case 'boolean':
			return field.name !== 'returnAll';
		case 'number':
			return numberValue(field);
		case 'dateTime':
			return ids.seedDate('2026-01-01T00:00:00.000Z');
		case 'string':
			return textValue(field.name, ids);
		case 'options': {
			if (field.name === 'sortDirection') return 'descending';
			const values = staticOptions(field);
			return values.includes(field.default as never) ? field.default : (values[0] ?? '1');
		}
		case 'multiOptions': {
			const values = staticOptions(field);
			return values.length > 0 ? values : ['1'];
		}
		case 'collection':
			return Object.fromEntries(
				collectionFields(field)
					.map((child) => [child.name, valueOf(child, key, ids)] as const)
					.filter(([, value]) => value !== undefined),
			);
		case 'fixedCollection':
			return Object.fromEntries(
				((field.options ?? []) as Array<{ name: string; values: INodeProperties[] }>).map((group) => {
					const entry = Object.fromEntries(group.values.map((child) => [child.name, valueOf(child, key, ids)]));
					return [group.name, field.typeOptions?.multipleValues ? [entry] : entry];
				}),
			);
		case 'resourceMapper':
			return {
				mappingMode: 'defineBelow',
				value: { custom_1: 'Sweep' },
				matchingColumns: [],
				schema: [{ id: 'custom_1', displayName: 'custom_1', required: false, defaultMatch: false, display: true }],
			};
		default:
			throw new Error(`The sweep has no value for ${key} field ${field.name} of type ${field.type}`);
	}
}

/** A field a plain read fills: required ones, record locators, the event of a hook sample, Limit. */
const plainField = (field: INodeProperties) =>
	field.required === true || field.type === 'resourceLocator' || field.type === 'options' || field.name === 'limit';

/** The node parameters of one operation, its fields filled as `fill` says. */
export function sweepParameters(
	{ resource, operation }: SweepOperation,
	ids: SweepIds,
	fill: SweepFill = 'every',
): INodeParameters {
	const parameters: INodeParameters = { resource, operation };
	const key = `${resource}.${operation}`;
	for (const field of propertiesOf(resource, operation)) {
		if (fill === 'plain' && !plainField(field)) continue;
		const value = valueOf(field, key, ids);
		if (value !== undefined) parameters[field.name] = value;
	}
	return parameters;
}

/**
 * The plain runs of a read whose path depends on an option (a hook's sample: `/hooks/<event>_sample`):
 * one run per option value, so every path the node can read is read.
 */
function variants(parameters: INodeParameters, op: SweepOperation, fill: SweepFill): INodeParameters[] {
	const event = propertiesOf(op.resource, op.operation).find((f) => f.name === 'event' && f.type === 'options');
	if (fill !== 'plain' || op.method !== 'GET' || !event) return [parameters];
	return staticOptions(event).map((value) => ({ ...parameters, event: value }));
}

/** Operations that change or remove records for good: run after every other operation. */
const LAST = /^(delete|remove|revoke|replace|deactivate|cancel)/;

/**
 * Runs every operation of the action node once with every field filled, then every read (GET)
 * operation once more `plain`, against `sandbox` (one operation at a time; destructive ones
 * last; a hook is created before the hook's other operations read it). Returns one
 * {@link SweepRun} per run: the `every` runs in the node's order, then the `plain` ones (a hook
 * sample once per event).
 */
export async function runSweep(sandbox: Sandbox, operations: SweepOperation[] = ALL_OPERATIONS): Promise<SweepRun[]> {
	const ids = await sweepIds(sandbox);
	const every = await runAll(sandbox, operations, ids, 'every');
	const reads = operations.filter((op) => op.method === 'GET');
	return [
		...every,
		...(await runAll(sandbox, reads, ids, 'plain')),
		...(await runEditor(sandbox)),
		...(await runTriggers(sandbox)),
	];
}

/** The options of a trigger's `event` field. */
const eventsOf = (properties: INodeProperties[]) => staticOptions(properties.find((p) => p.name === 'event')!);

/**
 * The trigger nodes' requests: for every event of the polling trigger a "Fetch Test Event"
 * (manual poll) with every filter of the event filled, then two polls of an active workflow
 * without filters (baseline, then the next read); for every event of the webhook trigger an
 * activation (find or register the hook, with a resource ID) and a deactivation (delete it).
 * One {@link SweepRun} per node and event (`resource` the node, `operation` the event).
 */
async function runTriggers(sandbox: Sandbox): Promise<SweepRun[]> {
	const runs: SweepRun[] = [];
	const credentials = accessTokenCredentials(sandbox);
	const record = (resource: string, event: unknown, parameters: INodeParameters, error?: Error) =>
		runs.push({
			resource,
			operation: String(event),
			method: 'GET',
			fill: 'trigger',
			parameters,
			requests: [...sandbox.requests],
			error: error?.message,
			items: 0,
		});
	const polling = new ContentPlatformTrigger().description.properties;
	for (const event of eventsOf(polling)) {
		sandbox.clearRequests();
		const filters = polling
			.filter((p) => p.type === 'collection' && (p.displayOptions?.show?.event as unknown[])?.includes(event))
			.map((p) => valueOf(p, 'trigger', { locators: {}, seedDate: sandbox.seedDate }))[0];
		const parameters: INodeParameters = { event, ...(filters ? { filters } : {}) };
		const manual = await new TriggerRunner(parameters, credentials).poll('manual');
		const active = new TriggerRunner({ event }, credentials);
		const baseline = await active.poll();
		const next = await active.poll();
		record('pollingTrigger', event, parameters, manual.error ?? baseline.error ?? next.error);
	}
	for (const event of eventsOf(new ContentPlatformWebhookTrigger().description.properties)) {
		sandbox.clearRequests();
		const parameters = { event, siteId: '1', options: { resourceId: 1 } } as INodeParameters;
		const runner = new WebhookRunner(parameters, credentials);
		const activated = await runner.activate();
		const deactivated = await runner.deactivate();
		record('webhookTrigger', event, parameters, activated.error ?? deactivated.error);
	}
	return runs;
}

/**
 * What the editor asks the node (n8n-core's LoadOptionsContext, as in the editor): every list
 * search without and with a search text, every option list, and the custom-field mapping of
 * Contact → Create on site 1. One {@link SweepRun} each (`resource` "editor", `operation` the method).
 */
async function runEditor(sandbox: Sandbox): Promise<SweepRun[]> {
	const { methods } = new ContentPlatform();
	type Lookup = (this: ILoadOptionsFunctions, filter?: string) => Promise<unknown>;
	const calls: Array<[string, Lookup, string | undefined]> = [
		...Object.entries(methods.listSearch as Record<string, Lookup>).flatMap(([name, fn]) => [
			[name, fn, undefined] as [string, Lookup, undefined],
			[name, fn, 'sweep'] as [string, Lookup, string],
		]),
		...Object.entries(methods.loadOptions as Record<string, Lookup>).map(
			([name, fn]) => [name, fn, undefined] as [string, Lookup, undefined],
		),
		['customFields', methods.resourceMapping!.customFields as Lookup, undefined],
	];
	const parameters: INodeParameters = { resource: 'contact', operation: 'create', siteId: rl('1') };
	const runs: SweepRun[] = [];
	for (const [name, fn, filter] of calls) {
		sandbox.clearRequests();
		const context = loadOptionsContext({ parameters, credentials: accessTokenCredentials(sandbox) });
		let error: string | undefined;
		let items = 0;
		try {
			const result = await fn.call(context, filter);
			const list = Array.isArray(result) ? result : ((result as { results?: unknown[]; fields?: unknown[] }) ?? {});
			items = Array.isArray(list) ? list.length : (list.results ?? list.fields ?? []).length;
		} catch (thrown) {
			error = (thrown as Error).message;
		}
		runs.push({
			resource: 'editor',
			operation: name,
			method: 'GET',
			fill: 'editor',
			parameters: filter === undefined ? {} : { filter },
			requests: [...sandbox.requests],
			error,
			items,
		});
	}
	return runs;
}

async function runAll(
	sandbox: Sandbox,
	operations: SweepOperation[],
	ids: SweepIds,
	fill: SweepFill,
): Promise<SweepRun[]> {
	const order = [...operations].sort(
		(a, b) =>
			Number(LAST.test(a.operation)) - Number(LAST.test(b.operation)) ||
			Number(b.operation === 'create') - Number(a.operation === 'create'),
	);
	const runs = new Map<SweepOperation, SweepRun[]>();
	for (const op of order) {
		// The newest hook: the sweep's own Hook → Create (the one registered by `sweepIds` is deleted).
		ids.locators.hookId = sandbox.hooks.at(-1)!.id;
		const list: SweepRun[] = [];
		for (const parameters of variants(sweepParameters(op, ids, fill), op, fill)) {
			const result = await runWith(sandbox, parameters);
			list.push({
				...op,
				fill,
				parameters,
				requests: [...sandbox.requests],
				error: result.error?.message,
				items: result.items.length,
			});
		}
		runs.set(op, list);
	}
	return operations.flatMap((op) => runs.get(op)!);
}
