import {
	NodeConnectionTypes,
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
import {
	emitOrder,
	nextCursor,
	pageQuery,
	readCursor,
	storeCursor,
	scanPage,
	startScan,
	dayBefore,
	sameInstant,
	TRIGGER_PAGE_SIZE,
	type Cursor,
	type CursorRecord,
	type Scan,
} from './cursor';
import { TRIGGER_EVENTS, type TriggerEvent } from './events';

/** Windows (days back from now) probed for the newest transaction at activation, then all. */
const TRANSACTION_PROBE_DAYS = [2, 8, 31, 366];

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

function toRecord(resource: ResourceObject): CursorRecord {
	const createdAt = resource.attributes?.created_at;
	return { id: String(resource.id), createdAt: typeof createdAt === 'string' ? createdAt : undefined };
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
		description: 'Starts the workflow when new orders, transactions, form submissions and more appear on the Content Platform',
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
		const cursor = readCursor(staticData.cursor, key);
		const manual = this.getMode() === 'manual';

		const byId = new Map<string, ResourceObject>();
		const readPage = async (qs: IDataObject): Promise<CursorRecord[]> => {
			const document = await apiRequest(this, 'GET', event.path, { ...filterQs, ...qs });
			const resources = (Array.isArray(document.data) ? document.data : []) as ResourceObject[];
			for (const resource of resources) byId.set(String(resource.id), resource);
			return resources.map(toRecord);
		};
		const toItem = (record: CursorRecord): INodeExecutionData => {
			const resource = byId.get(record.id)!;
			return { json: simple ? simplifyResource(resource) : (resource as unknown as IDataObject) };
		};

		if (manual || !cursor) {
			const scan = await baseline(event, readPage);
			if (manual) {
				const newest = scan.strategy === 'idOnly' ? scan.order[0] : scan.newest?.id;
				return newest === undefined ? null : [[toItem({ id: newest })]];
			}
			staticData.cursor = storeCursor(nextCursor(scan, key)) as unknown as IDataObject;
			return null;
		}

		const scan = startScan(event.strategy, cursor);
		for (let page = 1; ; page++) {
			if (!scanPage(scan, await readPage(pageQuery(event.strategy, cursor, page)))) break;
		}
		staticData.cursor = storeCursor(nextCursor(scan, key)) as unknown as IDataObject;
		const fresh = emitOrder(scan);
		return fresh.length ? [fresh.map(toItem)] : null;
	}
}

/**
 * The newest existing records, read without emitting: the first page of a sorted list (more while
 * the page ends inside the newest instant); for
 * transactions (no sort) the first of a few growing date windows that holds any record, read in
 * full, then the whole list. The cursor is set from these records, never from the clock.
 */
async function baseline(
	event: TriggerEvent,
	readPage: (qs: IDataObject) => Promise<CursorRecord[]>,
): Promise<Scan> {
	const scan = startScan(event.strategy, undefined);
	if (event.strategy === 'idOnly') {
		scanPage(scan, await readPage(pageQuery(event.strategy, undefined, 1)));
		return scan;
	}
	if (event.strategy === 'createdAt') {
		// The first page, and more while a full page ends inside the newest instant (all its IDs are needed).
		for (let page = 1; ; page++) {
			const records = await readPage(pageQuery(event.strategy, undefined, page));
			scanPage(scan, records);
			if (records.length < TRIGGER_PAGE_SIZE || !sameInstant(records[records.length - 1], scan.newest)) break;
		}
		return scan;
	}
	const now = new Date().toISOString();
	for (const days of [...TRANSACTION_PROBE_DAYS, undefined]) {
		for (let page = 1; ; page++) {
			const qs: IDataObject = pageQuery('dateWindow', undefined, page);
			if (days !== undefined) qs['filter[start_date]'] = dayBefore(now, days);
			if (!scanPage(scan, await readPage(qs))) break;
		}
		if (scan.newest) break;
	}
	return scan;
}

export type { Cursor };
