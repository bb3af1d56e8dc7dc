/**
 * Get Many's pages (spec "Limits": `page[number]` and `page[size]`): the reader of a list's pages
 * that the node's request runner (`runRequest`, request.ts) hands a Get Many to (`readList`). What
 * each page's document says about paging (on its items: `tagPage`, shared/jsonapi.ts) is checked
 * against what was received, so that every loop over pages ends whatever the server answers.
 *
 * The steps: `readList` (with a Date Range, `readBoundedList`) decides what a page keeps and when to
 * stop; `readListPages`, which both use, sets up the pages' requests, checks and error; `readPages`
 * (the window) decides which page is sent when, up to "Parallel Page Requests" at once, and hands
 * the pages back in page order; `readPage` sends one page through n8n's routing (preSend, request,
 * `toItems`); `checkPage` checks it against the pages before it; `morePagesAfter` says whether
 * another follows. Everything one list's read needs is passed in or held in its readers' own scope
 * (`PageRun` for the one OAuth2 renewal of its pages); what a page's document says travels on its
 * items array.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { withContext } from '../errors';
import { pageTagsOf, type PageItems } from '../jsonapi';
import { dateBoundsOf, MAX_PAGE_SIZE, resourceByValue } from '../tables/registry';
import { friendlyError, throttledWaitOf, throttleRetryWait, waitUnlessCancelled } from './answer';
import { isUnrenewedPageError } from './credential';

/**
 * The list's last page when a page says it (`meta.total_pages`, else the page of `links.last`),
 * else undefined: with parallel page requests, no page after it is requested ahead.
 */
export function lastPageOf(items: PageItems): number | undefined {
	const { claims } = pageTagsOf(items);
	return claims.totalPages ?? claims.lastPage;
}

/**
 * Why a page of Return All cannot be trusted, or undefined: a page of only records received on
 * earlier pages (a server that ignores `page[number]`), or paging links and totals that contradict
 * what was received. Such a list would otherwise be requested forever.
 */
function pagingContradiction(page: number, items: PageItems, newRecords: number, received: number): string | undefined {
	// An empty page ends the list whatever its paging members say.
	if (items.length === 0) return undefined;
	if (newRecords === 0) {
		return `page ${page} holds only records already received on earlier pages (the API seems to ignore page[number])`;
	}
	const { claims } = pageTagsOf(items);
	if (claims.currentPage !== undefined && claims.currentPage !== page) {
		return `page ${page} says it is page ${claims.currentPage} (meta.current_page)`;
	}
	if (claims.nextPage !== undefined && claims.nextPage <= page) {
		return `links.next of page ${page} points to page ${claims.nextPage}, not after it`;
	}
	if (claims.totalCount !== undefined && received > claims.totalCount) {
		return `${received} records were received but meta.total_count says ${claims.totalCount}`;
	}
	if (claims.totalPages !== undefined && page > claims.totalPages) {
		return `page ${page} has records but meta.total_pages says ${claims.totalPages}`;
	}
	return undefined;
}

/** A record's identity on a page, for spotting repeated pages. */
function recordKey(item: INodeExecutionData): string {
	return `${String(item.json.type ?? '')}\u0000${String(item.json.id ?? JSON.stringify(item.json))}`;
}

/** What the pages of one Get Many share: the one OAuth2 renewal of n8n 1.x (see `readPage`). */
export interface PageRun {
	/** Settles when the page that renewed the token got its answer. */
	renewal?: Promise<unknown>;
}

/**
 * Sends the request of one page through n8n's routing (preSend, request, `toItems`), with
 * `pageQuery` (`page[number]` and `page[size]`) added to the query (and headers of its own), after
 * checking that the execution was not cancelled. An unrenewed OAuth2 401 (n8n 1.x) is sent once
 * more with n8n renewing the token; when pages of one `run` get it together, the first renews and
 * the others wait for that renewal before they are sent again (one token request).
 * @returns The page's items, tagged by `tagPage`.
 * @throws What the request throws (not yet worded by `friendlyError`), or a NodeOperationError when cancelled.
 */
export async function readPage(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	pageQuery: IDataObject,
	run: PageRun = {},
): Promise<PageItems> {
	if (context.getExecutionCancelSignal?.()?.aborted) {
		throw new NodeOperationError(context.getNode(), 'The execution was cancelled: no further request is sent');
	}
	const request = {
		...requestData,
		options: {
			...requestData.options,
			qs: { ...requestData.options.qs, ...pageQuery },
			headers: { ...requestData.options.headers },
		},
	};
	return await context.makeRoutingRequest(request).catch(async (error: object) => {
		// n8n 1.x handed an expired OAuth2 token's 401 back: once more, with n8n renewing it
		if (!isUnrenewedPageError(error)) throw error;
		const renewing = { ...request, options: { ...request.options, ignoreHttpStatusErrors: false } };
		if (run.renewal === undefined) {
			const first = context.makeRoutingRequest(renewing);
			run.renewal = first.catch(() => undefined);
			return await first;
		}
		await run.renewal;
		return await context.makeRoutingRequest(renewing);
	});
}

/**
 * Checks a page of Return All in page order against the records received before it (`seen`, the
 * keys of every record so far, updated here; `received`, how many records were kept before it).
 * @throws NodeOperationError naming the page when it holds only records already received or its
 * paging links/totals contradict what was received (see `pagingContradiction`).
 */
export function checkPage(
	context: IExecutePaginationFunctions,
	page: number,
	items: PageItems,
	seen: Set<string>,
	received: number,
): void {
	let newRecords = 0;
	for (const item of items) {
		const key = recordKey(item);
		if (!seen.has(key)) newRecords++;
		seen.add(key);
	}
	const contradiction = pagingContradiction(page, items, newRecords, received + items.length);
	if (contradiction) {
		throw new NodeOperationError(context.getNode(), `Return All stopped at page ${page}: ${contradiction}`, {
			description:
				"The API's paging cannot be trusted here, so the list was not read further. Use a Limit, or filters, to read part of it.",
		});
	}
}

/** Whether another page follows a page: what its document said, else whether it was full; never after an empty page. */
export function morePagesAfter(items: PageItems, pageSize: number): boolean {
	const hasMore = pageTagsOf(items).hasMore ?? items.length >= pageSize;
	return hasMore && items.length > 0;
}

/** Whether the operation's list takes `page[size]`: all but payouts, whose page size is the API's (supplement 9.4). */
function takesPageSize(context: IExecutePaginationFunctions): boolean {
	const resource = resourceByValue(context.getNodeParameter('resource') as string);
	const operation = context.getNodeParameter('operation') as string;
	return resource.endpoints.find((e) => e.operation === operation)?.query.page !== 'number';
}

/**
 * Get Many (spec "Limits": `page[number]` and `page[size]`), run by the node's request runner
 * (`runRequest`, request.ts) with the routing's request as n8n built it (`requestData`): requests pages
 * 1, 2, … of `min(Limit, 100)` records and stops when a page is shorter than the page size or empty,
 * when the document says no page follows, or when Limit records were read. So Limit 10 costs one
 * request and Return All over N records ceil(N / 100) (+1 when the last page is exactly full and the
 * API gives no paging links). There is no cap on the number of pages, but Return All stops with an
 * error naming the page when a page holds only records already received or the paging links/totals
 * contradict what was received, and before each page when the execution was cancelled.
 * After the first page, "Request Settings → Parallel Page Requests" (k, see `readPages`) pages are
 * requested at once and checked in page order, so the items and every check are those of the
 * sequential read; a list that does not say how many pages it has (`meta.total_pages`,
 * `links.last`) costs up to k − 1 requests past its end, a Limit never more than its own pages. A
 * page whose answer asks to slow down follows the package's rule for reads (answer.ts): sent again
 * once after its `Retry-After` (at most 60 s), one page at a time from then on. Errors leave it with
 * the credential's secrets redacted, a timeout as "did not answer within N s", and the page that
 * failed; with "On Error: Continue" the result is one error item paired with the input item, never
 * a partial list. Payouts get `page[number]` only and end on an empty page or when their document
 * says so.
 */
export async function readList(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const limit = requestData.maxResults ? Number(requestData.maxResults) : Number.POSITIVE_INFINITY;
	const bound = listBoundOf(context, requestData);
	if (bound) return await readBoundedList(context, bound.request, bound, limit);
	const results: INodeExecutionData[] = [];
	const failed = await readListPages(context, requestData, Math.min(MAX_PAGE_SIZE, limit), (page, items, fullPage) => {
		results.push(...items);
		return {
			more: morePagesAfter(items, fullPage) && results.length < limit,
			lastPage: Math.min(
				lastPageOf(items) ?? Number.POSITIVE_INFINITY,
				limitPageOf(page, items.length, limit - results.length),
			),
		};
	});
	return failed ?? results;
}

/**
 * What `readList` and `readBoundedList` do with each page, in page order, after `readListPages`
 * checked it (`checkPage`): keep its records and say whether a page follows (see
 * `PageWindowOptions.consume`). `fullPage` is the length at which a page counts as full
 * (`morePagesAfter`): the `page[size]` sent, or 1 for payouts, whose page size is the API's.
 */
export type ListPageConsumer = (
	page: number,
	items: PageItems,
	fullPage: number,
) => { more: boolean; lastPage?: number };

/**
 * The pages of one Get Many (`requestData`, the routing's request as n8n built it), read through
 * the window (`readPages`, "Parallel Page Requests" at once): pages 1, 2, … with `page[size]`
 * `pageSize` (payouts: `page[number]` only, `takesPageSize`), the pages' one OAuth2 renewal shared
 * (`PageRun`), each page checked in page order against the records before it (`checkPage`) and then
 * handed to `consume`. A failed page (its request, its check, the cancellation) is worded by
 * `friendlyError` with the page and the number of records received before it.
 * @returns undefined when every page was read; after a failure under "On Error: Continue", one error
 * item paired with the input item (never the pages read so far).
 * @throws The failed page's error, worded, when the node does not continue on fail.
 */
export async function readListPages(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	pageSize: number,
	consume: ListPageConsumer,
): Promise<INodeExecutionData[] | undefined> {
	const sized = takesPageSize(context);
	const seen = new Set<string>();
	const run: PageRun = {};
	let received = 0;
	const failed = await readPages<PageItems>({
		width: parallelPagesOf(context),
		request: async (page) =>
			await readPage(
				context,
				requestData,
				sized ? { 'page[number]': page, 'page[size]': pageSize } : { 'page[number]': page },
				run,
			),
		cancelled: () => context.getExecutionCancelSignal?.()?.aborted === true,
		throttleWait: throttledWaitOf,
		consume: (page, items) => {
			checkPage(context, page, items, seen, received);
			received += items.length;
			return consume(page, items, sized ? pageSize : 1);
		},
	});
	if (failed === undefined) return undefined;
	const failure = withContext(
		context.getNode(),
		await friendlyError(context, failed.error, requestData.options),
		`page ${failed.page}, after ${received} records`,
	);
	// "On Error: Continue": one error item paired with its input, never the pages read so far.
	if (context.continueOnFail()) return [{ json: {}, error: failure, pairedItem: { item: context.getItemIndex() } }];
	throw failure;
}

/**
 * A Get Many's "Date Range" as the page reader applies it (see `listBoundOf`): the range in epoch
 * ms (`createdAfter` and `updatedAfter` included, `createdBefore` excluded), the attribute the list
 * is read newest first by (`sortKey`) and the time below which no later record can be in range
 * (`stopBelow`), whether the kept records are reversed (the user asked ascending), and the request
 * with the sort, the API's day filters and the sparse fieldset's dates put in.
 */
export interface ListBound {
	createdAfter?: number;
	createdBefore?: number;
	updatedAfter?: number;
	sortKey?: 'created_at' | 'updated_at';
	stopBelow?: number;
	reverse: boolean;
	request: DeclarativeRestApiSettings.ResultOptions;
}

/** A "Date Range" field's value as epoch ms; undefined when empty. @throws NodeOperationError when it is not a date. */
function boundTime(context: IExecutePaginationFunctions, label: string, value: unknown): number | undefined {
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
 * list (`dateBoundsOf`, tables/registry.ts): with an API day filter (transactions) the days are
 * sent, widened by one day on each side (the API's day may be in another time zone), the user's
 * own start/end date kept when narrower; with a list sortable by the date, `sort=-<attribute>`
 * (Updated After sorts by `-updated_at` when the list can, else Created After/Before by
 * `-created_at`); a Sort By on another key is refused, Sort By the same key ascending reverses the
 * kept records. A sparse fieldset gets the bounded dates added, so that each record can be judged.
 * @throws NodeOperationError on a value that is not a date, or a Sort By the bound cannot keep.
 */
export function listBoundOf(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): ListBound | undefined {
	const resource = resourceByValue(context.getNodeParameter('resource') as string);
	const operation = context.getNodeParameter('operation') as string;
	const endpoint = resource.endpoints.find((e) => e.operation === operation);
	const bounds = endpoint ? dateBoundsOf(resource, endpoint) : undefined;
	if (!bounds) return undefined;
	const range = context.getNodeParameter('dateRange', {}) as IDataObject;
	const createdAfter = bounds.created ? boundTime(context, 'Created After', range.createdAfter) : undefined;
	const createdBefore = bounds.created ? boundTime(context, 'Created Before', range.createdBefore) : undefined;
	const updatedAfter = bounds.updated ? boundTime(context, 'Updated After', range.updatedAfter) : undefined;
	if (createdAfter === undefined && createdBefore === undefined && updatedAfter === undefined) return undefined;
	const qs: IDataObject = { ...requestData.options.qs };
	// the keys the list can be read newest first by, for the bounds set; the user's Sort By chooses among them
	const candidates: Array<'created_at' | 'updated_at'> = [];
	if (updatedAfter !== undefined && bounds.updated === 'sorted') candidates.push('updated_at');
	if ((createdAfter !== undefined || createdBefore !== undefined) && bounds.created === 'sorted') {
		candidates.push('created_at');
	}
	const asked = typeof qs.sort === 'string' ? qs.sort : undefined;
	const askedKey = asked?.replace(/^-/, '');
	let sortKey: ListBound['sortKey'];
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
	if (bounds.created === 'filter') {
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
function recordTime(item: INodeExecutionData, name: string): number | undefined {
	const attributes = item.json.attributes as IDataObject | undefined;
	const value = item.json[name] ?? attributes?.[name];
	if (typeof value !== 'string') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}

/** Whether a record lies within the bound's range (a record without a bounded date does not). */
function withinBound(item: INodeExecutionData, bound: ListBound): boolean {
	if (bound.createdAfter !== undefined || bound.createdBefore !== undefined) {
		const created = recordTime(item, 'created_at');
		if (created === undefined) return false;
		if (bound.createdAfter !== undefined && created < bound.createdAfter) return false;
		if (bound.createdBefore !== undefined && created >= bound.createdBefore) return false;
	}
	if (bound.updatedAfter !== undefined) {
		const updated = recordTime(item, 'updated_at');
		if (updated === undefined || updated < bound.updatedAfter) return false;
	}
	return true;
}

/**
 * A Get Many with a "Date Range" (`listBoundOf`): pages of 100 (payouts: the API's), read as
 * `readList` reads them (the window, the checks), keeping the records within the range. On a list
 * read newest first it stops at the first record older than the bound (`stopBelow`), so with k
 * parallel pages at most k − 1 pages are read past the bound, as past the end of a list. Limit
 * counts kept records: read newest first, it stops when Limit records were kept; when the user
 * asked ascending the whole range is read, reversed, and its first Limit records returned.
 */
async function readBoundedList(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	bound: ListBound,
	limit: number,
): Promise<INodeExecutionData[]> {
	const kept: INodeExecutionData[] = [];
	const wanted = bound.reverse ? Number.POSITIVE_INFINITY : limit;
	const failed = await readListPages(context, requestData, MAX_PAGE_SIZE, (_page, items, fullPage) => {
		let past = false;
		for (const item of items) {
			const time = bound.sortKey ? recordTime(item, bound.sortKey) : undefined;
			if (bound.stopBelow !== undefined && time !== undefined && time < bound.stopBelow) {
				past = true;
				break;
			}
			if (kept.length < wanted && withinBound(item, bound)) kept.push(item);
		}
		return { more: !past && morePagesAfter(items, fullPage) && kept.length < wanted, lastPage: lastPageOf(items) };
	});
	if (failed) return failed;
	if (!bound.reverse) return kept;
	return kept.reverse().slice(0, limit);
}

/**
 * The last page a Limit needs, judged after `page` held `length` records and `missing` more are
 * wanted: the page's length stands for the page size (`page[size]`, or for payouts the API's own,
 * supplement 9.4), so a Limit requests only its own pages. Infinity when nothing is missing to judge by.
 */
function limitPageOf(page: number, length: number, missing: number): number {
	if (!Number.isFinite(missing) || length === 0) return Number.POSITIVE_INFINITY;
	return page + Math.max(0, Math.ceil(missing / length));
}

/**
 * The node's "Request Settings → Parallel Page Requests" (1 … `MAX_PARALLEL_PAGES`, default
 * `DEFAULT_PARALLEL_PAGES`): how many pages of a Get Many are requested at once after the first.
 */
function parallelPagesOf(context: IExecutePaginationFunctions): number {
	const value = Number(context.getNodeParameter('requestSettings.parallelPages', DEFAULT_PARALLEL_PAGES));
	if (!Number.isFinite(value)) return DEFAULT_PARALLEL_PAGES;
	return Math.min(MAX_PARALLEL_PAGES, Math.max(1, Math.floor(value)));
}

/**
 * Default of "Request Settings → Parallel Page Requests", chosen from the bench (bench/RESULTS.md,
 * "Parallel page requests"; the reason in docs/parallel-pages.md).
 */
export const DEFAULT_PARALLEL_PAGES = 4;

/** The most pages a Get Many requests at once (the option's maximum). */
export const MAX_PARALLEL_PAGES = 8;

/** What reading pages needs from its caller. `T` is one page's result. */
export interface PageWindowOptions<T> {
	/** How many pages may be requested and not yet consumed at once after page 1 (≥ 1; 1 = one after the other). */
	width: number;
	/** Sends the request of page `page` (1-based). */
	request: (page: number) => Promise<T>;
	/**
	 * Takes the result of page `page`, in page order. `more`: whether a next page is to be read;
	 * `lastPage`: the last page that may be needed, when the page tells it (the Limit's last page, or
	 * the list's own: `meta.total_pages`, `links.last`); no page after it is requested ahead.
	 * May throw (a check that fails): the read stops with that error for this page.
	 */
	consume: (page: number, result: T) => { more: boolean; lastPage?: number };
	/** The wait (ms) an error of a request asks for when it is an answer asking to slow down, else undefined. */
	throttleWait: (error: unknown) => number | undefined;
	/** Whether the execution was cancelled: waits end then (`request` itself refuses to send). */
	cancelled: () => boolean;
}

/** The first page, in page order, that failed (its request, its check, or the cancellation), and its error. */
export interface PageFailure {
	page: number;
	error: unknown;
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

async function settle<T>(work: () => Promise<T>): Promise<Settled<T>> {
	try {
		return { ok: true, value: await work() };
	} catch (error) {
		return { ok: false, error };
	}
}

/**
 * The window (`readPages`): bounded concurrent reading of numbered pages, consumed in page order.
 * `readList` gives it how to send one page and what to do with a page's result; the window decides
 * which page is sent when.
 *
 * - Page 1 is sent alone. After it, up to `width` pages are requested and not yet consumed at any
 *   time (in flight or waiting for an earlier page), so at most `width − 1` pages are read past the
 *   end of a list that does not say where it ends, and pages are held in memory for at most
 *   `width` pages ahead.
 * - Results are consumed strictly in page order, so every check of a page sees exactly what a
 *   sequential read would have seen at that point; the first page that fails (or whose check
 *   fails) in page order stops the read with that page's error, as a sequential read would.
 * - The page being consumed is always sent when it was not yet (a sequential read's rule); pages
 *   ahead of it only up to the lowest last page `consume` has named so far (the Limit's last page,
 *   or the list's own last page once a page tells it).
 * - When an answer asks to slow down (`throttleWait` gives a wait: a 429, or a `Retry-After`), the
 *   package's rule for reads applies to that page, at any `width` (answer.ts: sent again once
 *   after the wait, at most 60 s), and with `width` > 1 the rest of the read sends one page at a
 *   time (the pages already sent finish first).
 * - Waits end early once `cancelled()` says so (`request` sends nothing after that). Before it
 *   returns, it waits until every request it sent has settled (a request past the end is not left
 *   running; on a cancelled execution n8n's request helper aborts the ones in flight).
 * It throws nothing: the first page that failed is returned with its error.
 *
 * Reads pages 1, 2, … until `consume` says no page follows or a page fails.
 * @returns undefined when every page was read, else the first page in page order that failed.
 */
export async function readPages<T>(options: PageWindowOptions<T>): Promise<PageFailure | undefined> {
	const width = Math.max(1, Math.floor(options.width));
	/** Requested and not yet consumed pages, by number. */
	const pending = new Map<number, Promise<Settled<T>>>();
	let throttled = false;
	let next = 1;
	let last = Number.POSITIVE_INFINITY;

	const send = (page: number): Promise<Settled<T>> =>
		settle(async () => await options.request(page)).then((outcome) => {
			if (!outcome.ok && options.throttleWait(outcome.error) !== undefined) throttled = true;
			return outcome;
		});
	const launch = (page: number) => {
		pending.set(page, send(page));
		next = Math.max(next, page + 1);
	};
	const settleAll = async () => {
		await Promise.all(pending.values());
	};
	try {
		for (let page = 1; ; page++) {
			if (!pending.has(page)) launch(page);
			if (page > 1) {
				while (!throttled && next <= last && pending.size < width) launch(next);
			}
			let outcome = await pending.get(page)!;
			pending.delete(page);
			for (let retries = 0; !outcome.ok; retries++) {
				// Lists are read with GET: the package's rule for reads (answer.ts).
				const ms = throttleRetryWait('GET', options.throttleWait(outcome.error), retries);
				if (ms === undefined) break;
				// one page at a time from here on: the pages already sent finish first
				await settleAll();
				await waitUnlessCancelled(ms, options.cancelled);
				outcome = await send(page);
			}
			if (!outcome.ok) return { page, error: outcome.error };
			const value = outcome.value;
			const verdict = await settle(async () => options.consume(page, value));
			if (!verdict.ok) return { page, error: verdict.error };
			if (verdict.value.lastPage !== undefined) last = Math.min(last, verdict.value.lastPage);
			if (!verdict.value.more) return undefined;
		}
	} finally {
		await settleAll();
	}
}
