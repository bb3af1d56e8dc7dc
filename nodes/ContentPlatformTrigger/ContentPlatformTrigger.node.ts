import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { authenticationProperty, credentialsDescription } from '../ContentPlatform/shared/authentication';
import { simplifyResource, type ResourceObject } from '../ContentPlatform/shared/jsonapi';
import { apiRequest } from '../ContentPlatform/shared/transport';
import { CURSOR_VERSION, iso, parseTime, readCursor, storeCursor, type Cursor, type PollRecord } from './cursor';
import { apiTime, firstFallback } from './apiClock';
import { TRIGGER_EVENTS } from './events';
import {
	BudgetExceeded,
	asRunningPoll,
	holdsLease,
	notBefore,
	releaseLease,
	runScan,
	takeLease,
	waitForRunningPoll,
} from './poll';
import { ScanError } from './strategies/types';

/** The poll budget when n8n does not give one (n8n 1.x has no `getPollBudgetMs`): 5 minutes, n8n 2.x's default. */
const DEFAULT_BUDGET_MS = 300_000;

/** Part of the budget left unused (the emitted items still have to reach n8n). */
const BUDGET_MARGIN = 0.1;

/** How long a lease outlives the poll's budget (a poll that never ends frees the trigger then). */
const LEASE_GRACE_MS = 30_000;

/** Shown names of the trigger's filters (spec filter name → field name). */
const FILTER_NAMES: Record<string, string> = {
	site_id: 'Site ID',
	form_id: 'Form ID',
	customer_id: 'Customer ID',
	item_type_eq: 'Item Type',
};

function filterProperties(): INodeProperties[] {
	return TRIGGER_EVENTS.filter((event) => event.filters.length).map((event) => ({
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: { event: [event.value] } },
		options: event.filters.map((filter) => ({
			displayName: FILTER_NAMES[filter.name] ?? filter.name,
			name: filter.name,
			type: 'string',
			default: '',
			description: filter.description,
		})),
	}));
}

/** The notice under the event for the events that have one (`TriggerEvent.notice`). */
function noticeProperties(): INodeProperties[] {
	return TRIGGER_EVENTS.filter((event) => event.notice).map((event) => ({
		displayName: event.notice!,
		name: 'notice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: [event.value] } },
	}));
}

function toRecord(resource: ResourceObject): PollRecord {
	return { id: String(resource.id), time: parseTime(resource.attributes?.created_at) };
}

/**
 * Content Platform Trigger: polls a list endpoint and emits each new record once
 * (orders, transactions, form submissions, contacts, customers, order items).
 */
export class ContentPlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Content Platform Trigger',
		name: 'contentPlatformTrigger',
		icon: { light: 'file:../../icons/contentPlatform.svg', dark: 'file:../../icons/contentPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description:
			'Starts the workflow when new orders, transactions, form submissions and more appear on the Content Platform',
		defaults: {
			name: 'Content Platform Trigger',
		},
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialsDescription,
		properties: [
			authenticationProperty,
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: TRIGGER_EVENTS.map((event) => ({
					name: event.name,
					value: event.value,
					description: `Starts the workflow when a new ${event.resource.displayName.toLowerCase()} is created`,
				})).sort((a, b) => a.name.localeCompare(b.name)),
				default: 'newOrder',
			},
			...noticeProperties(),
			...filterProperties(),
			{
				displayName: 'Simplify',
				name: 'simple',
				type: 'boolean',
				default: true,
				description: 'Whether to return a simplified version of the response instead of the raw data',
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const eventValue = this.getNodeParameter('event') as string;
		const event = TRIGGER_EVENTS.find((e) => e.value === eventValue) ?? TRIGGER_EVENTS[0];
		const filters = this.getNodeParameter('filters', {}) as IDataObject;
		const simple = this.getNodeParameter('simple', true) as boolean;
		const filterQs: IDataObject = {};
		for (const filter of event.filters) {
			const value = String(filters[filter.name] ?? '').trim();
			if (value !== '') filterQs[`filter[${filter.name}]`] = value;
		}
		const key = JSON.stringify([event.value, filterQs]);
		const staticData = this.getWorkflowStaticData('node');
		const manual = this.getMode() === 'manual';
		const started = Date.now();
		const withBudget = this as IPollFunctions & { getPollBudgetMs?: () => number };
		const budget = typeof withBudget.getPollBudgetMs === 'function' ? withBudget.getPollBudgetMs() : DEFAULT_BUDGET_MS;
		const deadline = started + budget * (1 - BUDGET_MARGIN);

		const lease = manual ? undefined : takeLease(staticData, started, budget + LEASE_GRACE_MS);
		if (!manual && !lease) {
			this.logger.info(
				'Content Platform Trigger: another poll of this trigger is still running; this poll time is skipped',
				{ event: event.value },
			);
			await waitForRunningPoll(staticData);
			return null;
		}
		const run = async (): Promise<INodeExecutionData[][] | null> => {
			const byId = new Map<string, ResourceObject>();
			// The poll's time is the API's (apiClock.ts): from the first answer's `Date` header.
			let polledAt = started;
			let answers = 0;
			const readPage = async (request: {
				number: number;
				size: number;
				query: Record<string, string>;
			}): Promise<PollRecord[]> => {
				const qs = { ...filterQs, ...request.query, 'page[number]': request.number, 'page[size]': request.size };
				const document = await apiRequest(this, 'GET', event.path, qs, {}, (headers) => {
					if (answers++ > 0) return;
					const time = apiTime(headers);
					if (time) {
						clock.now = time.now;
						polledAt = time.at;
					} else if (firstFallback(`${this.getWorkflow().id}/${this.getNode().name}`)) {
						this.logger.warn(
							"Content Platform Trigger: the API's answers carry no readable Date header; the trigger uses n8n's clock instead (records dated by a server clock that is off may be emitted late or more than once)",
							{ event: event.value },
						);
					}
				});
				const resources = (Array.isArray(document.data) ? document.data : []) as ResourceObject[];
				for (const resource of resources) byId.set(String(resource.id), resource);
				return resources.map(toRecord);
			};
			const toItem = (record: PollRecord): INodeExecutionData => {
				const resource = byId.get(record.id)!;
				return { json: simple ? simplifyResource(resource) : (resource as unknown as IDataObject) };
			};

			let cursor: Cursor | undefined;
			if (!manual) {
				const stored = readCursor(staticData.cursor, key, event.strategy.kind);
				if ('cursor' in stored) cursor = stored.cursor;
				else if (stored.problem === 'unreadable') cursor = recover(this, event.strategy.kind, key, staticData.polledAt);
			}
			// A backlog in progress (`resume`) was not read by the previous polls: no `notBefore` guard.
			const resuming = cursor !== undefined && cursor.resume !== undefined;
			// `now` becomes the API's time once the first answer is in (strategies read it after that).
			const clock = {
				now: started,
				notBefore: manual || !cursor || resuming ? Number.NEGATIVE_INFINITY : notBefore(staticData.polledAt),
			};
			const scan = event.strategy.start(cursor, clock);
			let complete = true;
			const failure = await runScan(scan, readPage, deadline, () => Date.now()).then(
				(result) => {
					complete = result.complete;
					return undefined;
				},
				(error: unknown) => error,
			);
			if (failure instanceof ScanError || failure instanceof BudgetExceeded) {
				throw new NodeOperationError(this.getNode(), failure.message, { description: `Event: ${event.name}` });
			}
			if (failure) throw failure as NodeOperationError;
			if (manual) {
				const newest = scan.newest();
				return newest ? [[toItem(newest)]] : null;
			}
			const fresh = cursor ? scan.fresh() : [];
			if (scan.suppressed) {
				this.logger.warn(
					`Content Platform Trigger: ${scan.suppressed} record(s) newer than the saved position but created over an hour before the previous poll were not emitted (the saved position was older than that poll)`,
					{ event: event.value },
				);
			}
			if (!holdsLease(staticData, lease!)) return null;
			const stored = storeCursor(scan.cursor(key));
			if (!('cursor' in readCursor(stored, key, event.strategy.kind))) {
				// Never save a position the next poll could not read (it would start over and emit again).
				throw new NodeOperationError(
					this.getNode(),
					"The trigger's position after this poll would exceed its size bounds (see the trigger guide). Nothing was emitted and the position did not move.",
					{ description: `Event: ${event.name}` },
				);
			}
			for (const warning of scan.warnings?.() ?? []) {
				this.logger.warn(`Content Platform Trigger: ${warning}`, { event: event.value });
			}
			staticData.cursor = stored as IDataObject;
			if (!complete) {
				this.logger.info(
					'Content Platform Trigger: more records than one poll can read within its time budget; the next poll continues where this one stopped',
					{ event: event.value },
				);
				// Orders and the like emit nothing yet (oldest first, later); transactions emit what was read.
				return fresh.length ? [fresh.map(toItem)] : null;
			}
			// `polledAt`: the start (API's clock) of the last poll that read everything new (not part of a backlog).
			if (!resuming) staticData.polledAt = polledAt;
			return fresh.length ? [fresh.map(toItem)] : null;
		};
		try {
			return manual ? await run() : await asRunningPoll(staticData, run);
		} finally {
			if (lease) releaseLease(staticData, lease);
		}
	}
}

/**
 * A stored cursor this package cannot read (garbage, or written by something else): logged, then
 * - `createdAt`, `dateWindow`: when the time of the previous successful poll is known, the poll
 *   goes on from that time (records created since are emitted; records dated at or after that
 *   poll's start that it had emitted are emitted again); otherwise a fresh baseline;
 * - `idOnly` (no timestamps): a fresh baseline (form submissions of the gap are not emitted).
 */
function recover(context: IPollFunctions, kind: Cursor['kind'], key: string, polledAt: unknown): Cursor | undefined {
	const known = typeof polledAt === 'number' && Number.isFinite(polledAt) && kind !== 'idOnly';
	context.logger.warn(
		known
			? `Content Platform Trigger: the saved position could not be read; emitting the records created after the previous successful poll (${iso(polledAt as number)})`
			: 'Content Platform Trigger: the saved position could not be read and the time of the previous poll is unknown; starting afresh from the newest records (records created since the last successful poll are not emitted)',
	);
	if (!known) return undefined;
	const watermark = iso(polledAt as number);
	if (kind === 'createdAt') return { v: CURSOR_VERSION, kind, key, watermark, ids: [], ahead: [], odd: [] };
	return { v: CURSOR_VERSION, kind: 'dateWindow', key, watermark, floor: watermark, ids: [], odd: [] };
}
