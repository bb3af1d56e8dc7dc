/**
 * Get Many's "Date Range" (read.ts `dateRangeCollection`; spec "Limits" and the lists' sort keys
 * and day filters) as the page reader (`readGetMany`, pages.ts) applies it: `dateRangeOf` reads the
 * range from the node's parameters and puts into the list's request what lets the API narrow or
 * order it (its day filter, `sort=-<date>`, the dates in a sparse fieldset); `recordTime` and
 * `withinDateRange` judge each record the pages bring. Which list can be narrowed how is the tables'
 * (`dateRangeModesOf`, tables/registry.ts). Nothing is kept between calls.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { dateRangeModesOf, runningOperationOf } from '../../api/tables/registry';

/**
 * A Get Many's "Date Range" as the page reader applies it (see `dateRangeOf`): the range in epoch
 * ms (`createdAfter` and `updatedAfter` included, `createdBefore` excluded), the attribute the list
 * is read newest first by (`sortKey`) and the time below which no later record can be in range
 * (`stopBelow`), whether the kept records are reversed (the user asked ascending), and the request
 * with the sort, the API's day filters and the sparse fieldset's dates put in.
 */
export interface ListDateRange {
	createdAfter?: number;
	createdBefore?: number;
	updatedAfter?: number;
	sortKey?: 'created_at' | 'updated_at';
	stopBelow?: number;
	reverse: boolean;
	request: DeclarativeRestApiSettings.ResultOptions;
}

/** A "Date Range" field's value as epoch ms; undefined when empty. @throws NodeOperationError when it is not a date. */
function rangeTime(context: IExecutePaginationFunctions, label: string, value: unknown): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const text =
		typeof value === 'object' && 'toISO' in value ? String((value as { toISO: () => string }).toISO()) : String(value);
	const ms = Date.parse(text);
	if (Number.isNaN(ms)) {
		throw new NodeOperationError(context.getNode(), `${label} is not a date: "${text}"`, {
			description:
				'Use an ISO 8601 date and time, for example 2026-11-20T00:00:00Z, or an expression such as {{ $now.minus({days: 7}) }}.',
		});
	}
	return ms;
}

/** The UTC day (YYYY-MM-DD) of epoch ms `ms` moved by `days` days. */
function utcDay(ms: number, days: number): string {
	return new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Get Many's "Date Range" (read.ts `dateRangeCollection`), or undefined when no bound is set. Per
 * list (`dateRangeModesOf`, tables/registry.ts): with an API day filter (transactions) the days are
 * sent, widened by one day on each side (the API's day may be in another time zone), the user's
 * own start/end date kept when narrower; with a list sortable by the date, `sort=-<attribute>`
 * (Updated After sorts by `-updated_at` when the list can, else Created After/Before by
 * `-created_at`); a Sort By on another key is refused, Sort By the same key ascending reverses the
 * kept records. A sparse fieldset gets the bounded dates added, so that each record can be judged.
 * @throws NodeOperationError on a value that is not a date, or a Sort By the bound cannot keep.
 */
export function dateRangeOf(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): ListDateRange | undefined {
	const { resource, endpoint } = runningOperationOf(context);
	const modes = dateRangeModesOf(resource, endpoint);
	if (!modes) return undefined;
	const range = context.getNodeParameter('dateRange', {}) as IDataObject;
	const createdAfter = modes.created ? rangeTime(context, 'Created After', range.createdAfter) : undefined;
	const createdBefore = modes.created ? rangeTime(context, 'Created Before', range.createdBefore) : undefined;
	const updatedAfter = modes.updated ? rangeTime(context, 'Updated After', range.updatedAfter) : undefined;
	if (createdAfter === undefined && createdBefore === undefined && updatedAfter === undefined) return undefined;
	const qs: IDataObject = { ...requestData.options.qs };
	// the keys the list can be read newest first by, for the bounds set; the user's Sort By chooses among them
	const candidates: Array<'created_at' | 'updated_at'> = [];
	if (updatedAfter !== undefined && modes.updated === 'sorted') candidates.push('updated_at');
	if ((createdAfter !== undefined || createdBefore !== undefined) && modes.created === 'sorted') {
		candidates.push('created_at');
	}
	const asked = typeof qs.sort === 'string' ? qs.sort : undefined;
	const askedKey = asked?.replace(/^-/, '');
	let sortKey: ListDateRange['sortKey'];
	let reverse = false;
	if (candidates.length) {
		sortKey = candidates.find((key) => key === askedKey) ?? candidates[0];
		if (askedKey !== undefined && askedKey !== sortKey) {
			throw new NodeOperationError(
				context.getNode(),
				`Sort By "${askedKey}" cannot be kept with this Date Range: the list is read newest first by ${candidates.join(' or ')}`,
				{ description: `Remove Sort By, or sort by ${candidates.join(' or ')} (ascending or descending).` },
			);
		}
		reverse = asked !== undefined && !asked.startsWith('-');
		qs.sort = `-${sortKey}`;
	}
	const stopBelow = sortKey === 'updated_at' ? updatedAfter : sortKey === 'created_at' ? createdAfter : undefined;
	if (modes.created === 'filter') {
		// the Filters' own days, as n8n's routing wrote them (`qs.filter.start_date`), kept when narrower
		const filter: IDataObject = { ...((qs.filter as IDataObject | undefined) ?? {}) };
		if (createdAfter !== undefined) {
			const day = utcDay(createdAfter, -1);
			const own = typeof filter.start_date === 'string' ? filter.start_date : '';
			filter.start_date = own > day ? own : day;
		}
		if (createdBefore !== undefined) {
			const day = utcDay(createdBefore, 1);
			const own = typeof filter.end_date === 'string' ? filter.end_date : '';
			filter.end_date = own && own < day ? own : day;
		}
		qs.filter = filter;
	}
	// n8n's routing writes `fields[<type>]` as a nested object (`qs.fields[<type>]`)
	if (qs.fields && typeof qs.fields === 'object') {
		const fieldsets: IDataObject = { ...(qs.fields as IDataObject) };
		for (const [type, value] of Object.entries(fieldsets)) {
			if (typeof value !== 'string' || !value) continue;
			const names = new Set(value.split(','));
			if (createdAfter !== undefined || createdBefore !== undefined) names.add('created_at');
			if (updatedAfter !== undefined) names.add('updated_at');
			fieldsets[type] = [...names].join(',');
		}
		qs.fields = fieldsets;
	}
	return {
		createdAfter,
		createdBefore,
		updatedAfter,
		sortKey,
		stopBelow,
		reverse,
		request: { ...requestData, options: { ...requestData.options, qs } },
	};
}

/** A record's date attribute `name` as epoch ms (simplified or raw JSON:API item), undefined when absent. */
export function recordTime(item: INodeExecutionData, name: string): number | undefined {
	const attributes = item.json.attributes as IDataObject | undefined;
	const value = item.json[name] ?? attributes?.[name];
	if (typeof value !== 'string') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}

/** Whether a record lies within the range (a record without a date the range bounds does not). */
export function withinDateRange(item: INodeExecutionData, range: ListDateRange): boolean {
	if (range.createdAfter !== undefined || range.createdBefore !== undefined) {
		const created = recordTime(item, 'created_at');
		if (created === undefined) return false;
		if (range.createdAfter !== undefined && created < range.createdAfter) return false;
		if (range.createdBefore !== undefined && created >= range.createdBefore) return false;
	}
	if (range.updatedAfter !== undefined) {
		const updated = recordTime(item, 'updated_at');
		if (updated === undefined || updated < range.updatedAfter) return false;
	}
	return true;
}
