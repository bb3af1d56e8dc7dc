/**
 * The polling trigger's events, derived from the tables (`RESOURCES`): for each watched list, its
 * endpoint, the strategy that finds new records there, its filters and read-back include.
 */
import type { FilterRow, ResourceTable } from '../api/tables/registry';
import { operationOf } from '../api/tables/registry';
import { createdAtStrategy } from './strategies/createdAt';
import { dateWindowStrategy } from './strategies/dateWindow';
import { idOnlyStrategy } from './strategies/idOnly';
import type { TriggerStrategy } from './strategies/types';

/** One event of the trigger: the list endpoint it watches and how new records are found there. */
export interface TriggerEvent {
	/** The n8n `event` value, for example `newOrder`. */
	value: string;
	/** Shown name, for example "New Order". */
	name: string;
	resource: ResourceTable;
	/** The list path relative to `/v1`, from the table. */
	path: string;
	/** How new records are found (strategies/). */
	strategy: TriggerStrategy;
	/** The list's filters the trigger offers (site, form, customer, item type). */
	filters: FilterRow[];
	/** What the editor shows under the event when polling this list has a cost or a shortcoming to know (docs/polling-trigger.md). */
	notice?: string;
	/**
	 * Related records the list cannot include but the record's detail can (`include=<name>`): a
	 * switch reads each new record back with them (one more request per emitted record).
	 */
	include?: string;
}

/** The trigger's optional filters, by the API's filter name; each event offers those its list has. */
const TRIGGER_FILTERS = ['site_id', 'form_id', 'customer_id', 'item_type_eq'];

/**
 * The events: required ones (orders, transactions, form submissions) and the same mechanism for
 * contacts, customers and order items. Strategy per list (see strategies/): transactions have no
 * `sort` (spec "GET /v1/transactions"), form submissions no timestamps (spec "form_submissions").
 */
const EVENT_RESOURCES: Array<{ resource: string; strategy: TriggerStrategy; notice?: string; include?: string }> = [
	{ resource: 'order', strategy: createdAtStrategy },
	{
		resource: 'transaction',
		strategy: dateWindowStrategy,
		// Release 1.1.0: the purchases a charge covers; only `GET /v1/transactions/{id}` takes include.
		include: 'purchases',
		// Cost measured by bench/trigger.ts (docs/polling-trigger.md).
		notice:
			"The API cannot sort transactions, so every poll, idle or not, reads all transactions since midnight (UTC) of the day before: 3 requests with 230 of them, 13 with 1,000, 25 with 2,000. For frequent polls on a busy account, prefer the Content Platform Webhook Trigger's Payment Succeeded event (instant, one call per payment).",
	},
	{
		resource: 'formSubmission',
		strategy: idOnlyStrategy,
		// Rendered in the node's description (test/snapshots): "no such bound" stays as the editor shows it.
		notice:
			"Form submissions carry no timestamp, so new ones are found by ID. If the API returns submissions made at the same instant in a different order on each request, more than 9 of them in one instant can be missed or emitted twice. For forms that receive many submissions at once, prefer the Content Platform Webhook Trigger's Form Submission event (instant, no such bound).",
	},
	{ resource: 'contact', strategy: createdAtStrategy },
	{ resource: 'customer', strategy: createdAtStrategy },
	{ resource: 'orderItem', strategy: createdAtStrategy },
	// Supplement section 3: GET /v1/purchases sorted -created_at, purchases carry created_at.
	{ resource: 'purchase', strategy: createdAtStrategy },
];

/** The trigger's events, derived from the tables (`RESOURCES`). */
export const TRIGGER_EVENTS: TriggerEvent[] = EVENT_RESOURCES.map(({ resource: value, strategy, notice, include }) => {
	const { resource, endpoint: list } = operationOf(value, 'getAll');
	return {
		value: `new${resource.displayName.replace(/ /g, '')}`,
		name: `New ${resource.displayName}`,
		resource,
		path: list.path,
		strategy,
		filters: (list.query.filters ?? []).filter((f) => TRIGGER_FILTERS.includes(f.name)),
		...(notice ? { notice } : {}),
		...(include ? { include } : {}),
	};
});
