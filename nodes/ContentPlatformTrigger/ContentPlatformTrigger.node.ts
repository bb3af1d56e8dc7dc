/**
 * The Content Platform Trigger's node file: its description (event, then each event's notice,
 * Filters and include switch from `eventFields.ts`, Simplify) and `poll()`, which hands one poll to
 * `runPoll.ts`.
 */
import type {
	NodeApiError,
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { authenticationProperty, credentialsDescription } from '../api/properties/authentication';
import { indexIncluded, isResourceObject, type ResourceObject } from '../api/jsonapi';
import { simplifyResource, simplifyProperty } from '../api/simplify';
import { apiRequest } from '../api/transport/apiRequest';
import { includeSwitchName } from '../api/properties/words';
import { type PollRecord } from './cursorParts';
import { parseTime } from './storedValues';
import { filterProperties, includeProperties, noticeProperties } from './eventFields';
import { TRIGGER_EVENTS } from './events';
import { DEFAULT_BUDGET_MS, PollFailure, runPoll } from './runPoll';
import { isStagedCopy } from './stagedPoll';
import { nodeBuilderHint } from '../api/properties/builderHint';
import { FIELD_HINTS } from '../api/tables/builderHints';

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
			'Starts the workflow when new orders, purchases, payments, form submissions, contacts or customers appear on the Content Platform (polling)',
		defaults: {
			name: 'Content Platform Trigger',
		},
		polling: true,
		builderHint: nodeBuilderHint('polling'),
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
				builderHint: FIELD_HINTS.pollingEvent,
				options: TRIGGER_EVENTS.map((event) => ({
					name: event.name,
					value: event.value,
					description: `Starts the workflow when a new ${event.resource.displayName.toLowerCase()} is created`,
				})).sort((a, b) => a.name.localeCompare(b.name)),
				default: 'newOrder',
			},
			...noticeProperties(),
			...filterProperties(),
			...includeProperties(),
			simplifyProperty,
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
		const withBudget = this as IPollFunctions & { getPollBudgetMs?: () => number };
		const byId = new Map<string, ResourceObject>();
		const include =
			event.include && (this.getNodeParameter(includeSwitchName(event.include), false) as boolean)
				? event.include
				: undefined;
		/** The records read back with `include`, and what came with each (by record ID). */
		const included = new Map<string, ResourceObject[]>();
		const readBack = async (records: PollRecord[], timeLeftMs: () => number) => {
			for (const record of records) {
				let document;
				try {
					document = await apiRequest(this, 'GET', `${event.path}/${encodeURIComponent(record.id)}`, {
						qs: { include },
						subject: { resourceName: event.resource.displayName.toLowerCase(), id: record.id },
						throttleLimitMs: timeLeftMs,
					});
				} catch (error) {
					// Gone since the list was read: emitted as the list showed it (its related IDs only).
					if ((error as NodeApiError).httpCode === '404') continue;
					throw error as NodeApiError;
				}
				if (isResourceObject(document.data) && String(document.data.id) === record.id) {
					byId.set(record.id, document.data);
					included.set(record.id, (document.included ?? []).filter(isResourceObject));
				}
			}
		};
		const staticData = this.getWorkflowStaticData('node');
		const node = this.getNode();
		const nodeId = node.id || node.name;
		try {
			const records = await runPoll({
				event,
				key: JSON.stringify([event.value, filterQs]),
				staticData,
				manual: this.getMode() === 'manual',
				now: () => Date.now(),
				budgetMs: typeof withBudget.getPollBudgetMs === 'function' ? withBudget.getPollBudgetMs() : DEFAULT_BUDGET_MS,
				// A 429's wait never outlasts the time the poll has left (nor the 60 s rule).
				readPage: async (request, timeLeftMs) => {
					const qs = { ...filterQs, ...request.query, 'page[number]': request.number, 'page[size]': request.size };
					let headers: IDataObject = {};
					const document = await apiRequest(this, 'GET', event.path, {
						qs,
						onResponse: (h) => (headers = h),
						throttleLimitMs: timeLeftMs,
					});
					const resources = (Array.isArray(document.data) ? document.data : []) as ResourceObject[];
					for (const resource of resources) byId.set(String(resource.id), resource);
					return { records: resources.map(toRecord), headers };
				},
				log: this.logger,
				who: `${this.getWorkflow().id}/${node.name}`,
				// n8n's durable poll path (docs/polling-trigger.md): the node's static data is a staged copy.
				...(isStagedCopy(staticData)
					? {
							staged: {
								global: this.getWorkflowStaticData('global'),
								nodeId,
								trigger: `${this.getWorkflow().id}/${nodeId}`,
							},
						}
					: {}),
				...(include ? { beforeEmit: readBack } : {}),
			});
			if (!records) return null;
			return [
				records.map((record) => {
					const resource = byId.get(record.id)!;
					const related = included.get(record.id);
					if (simple) return { json: simplifyResource(resource, indexIncluded(related)) };
					return {
						json: (related ? { ...resource, included: related } : resource) as unknown as IDataObject,
					};
				}),
			];
		} catch (error) {
			if (error instanceof PollFailure) {
				throw new NodeOperationError(this.getNode(), error.message, { description: `Event: ${event.name}` });
			}
			throw error as NodeOperationError;
		}
	}
}
