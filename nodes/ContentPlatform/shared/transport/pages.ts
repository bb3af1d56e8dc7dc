/**
 * Get Many's pages (spec "Limits": `page[number]` and `page[size]`): the page reader that the node's
 * request runner (`runRequest`, request.ts) hands a Get Many to (`readList`), and the page scheduler
 * it reads through (`readPages`, "Request Settings → Parallel Page Requests": `parallelPagesOf`,
 * docs/parallel-pages.md).
 *
 * The page reader: `readList` (with a Date Range, `readDateRangeList`; the range itself is
 * dateRange.ts's) decides what a page keeps and when to stop; `readListPages`, which both use, sets up
 * the pages' requests, checks and error; `readPage` sends one page through n8n's routing (preSend,
 * request, `toItems`). Each page is judged by what its document says about paging (carried on its
 * items, `tagPage`) with shared/paging.ts's checks (`checkPage`, `morePagesAfter`, `lastPageOf`), so
 * every loop over pages ends whatever the server answers. The page scheduler decides which page is
 * sent when, up to "Parallel Page Requests" at once, and hands the pages back in page order; it knows
 * nothing of JSON:API or of n8n's routing (`readListPages` gives it how to send one page and what to
 * do with a page's result). Everything one list's read needs is passed in or held in its readers' own
 * scope (`PageRun` for the one OAuth2 renewal of its pages).
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiAnswerOf, withContext } from '../errors';
import { checkPage, lastPageOf, morePagesAfter, type PageItems } from '../paging';
import { MAX_PAGE_SIZE, runningOperationOf } from '../tables/registry';
import { friendlyError } from './failure';
import { outcomeOf, type Outcome } from './outcome';
import { throttledWaitOf, throttleRetryWait, waitUnlessCancelled } from './throttle';
import { dateRangeOf, recordTime, withinDateRange, type ListDateRange } from './dateRange';

// The page reader

/** What the pages of one Get Many share: the one OAuth2 renewal of n8n 1.x (see `readPage`). */
export interface PageRun {
	/** Settles when the page that renewed the token got its answer. */
	renewal?: Promise<unknown>;
}

/** Whether the page reader (`readPage`) sends the page once more with n8n renewing the token (an unrenewed OAuth2 401: its `apiAnswer.unrenewed401`, set by `toItems`). */
function isUnrenewedPageError(error: object): boolean {
	return apiAnswerOf(error)?.unrenewed401 === true;
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

/** Whether the operation's list takes `page[size]`: all but payouts, whose page size is the API's (supplement 9.4). */
function takesPageSize(context: IExecutePaginationFunctions): boolean {
	return runningOperationOf(context).endpoint.query.page !== 'number';
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
 * page whose answer asks to slow down follows the package's rule for reads (throttle.ts): sent again
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
	const range = dateRangeOf(context, requestData);
	if (range) return await readDateRangeList(context, range.request, range, limit);
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
 * What `readList` and `readDateRangeList` do with each page, in page order, after `readListPages`
 * checked it (`checkPage`): keep its records and say whether a page follows (see
 * `ParallelPagesOptions.consume`, below). `fullPage` is the length at which a page counts as full
 * (`morePagesAfter`): the `page[size]` sent, or 1 for payouts, whose page size is the API's.
 */
export type ListPageConsumer = (
	page: number,
	items: PageItems,
	fullPage: number,
) => { more: boolean; lastPage?: number };

/**
 * The pages of one Get Many (`requestData`, the routing's request as n8n built it), read through
 * the page scheduler (`readPages`, below: "Parallel Page Requests" at once): pages 1, 2, … with
 * `page[size]` `pageSize` (payouts: `page[number]` only, `takesPageSize`), the pages' one OAuth2
 * renewal shared (`PageRun`), each page checked in page order against the records before it
 * (`checkPage`, shared/paging.ts) and then handed to `consume`. A failed page (its request, its check, the cancellation) is worded by
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
 * A Get Many with a "Date Range" (`dateRangeOf`): pages of 100 (payouts: the API's), read as
 * `readList` reads them (the page scheduler, the checks), keeping the records within the range. On a list
 * read newest first it stops at the first record older than its lower bound (`stopBelow`), so with k
 * parallel pages at most k − 1 pages are read past the bound, as past the end of a list. Limit
 * counts kept records: read newest first, it stops when Limit records were kept; when the user
 * asked ascending the whole range is read, reversed, and its first Limit records returned.
 */
async function readDateRangeList(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	range: ListDateRange,
	limit: number,
): Promise<INodeExecutionData[]> {
	const kept: INodeExecutionData[] = [];
	const wanted = range.reverse ? Number.POSITIVE_INFINITY : limit;
	const failed = await readListPages(context, requestData, MAX_PAGE_SIZE, (_page, items, fullPage) => {
		let past = false;
		for (const item of items) {
			const time = range.sortKey ? recordTime(item, range.sortKey) : undefined;
			if (range.stopBelow !== undefined && time !== undefined && time < range.stopBelow) {
				past = true;
				break;
			}
			if (kept.length < wanted && withinDateRange(item, range)) kept.push(item);
		}
		return { more: !past && morePagesAfter(items, fullPage) && kept.length < wanted, lastPage: lastPageOf(items) };
	});
	if (failed) return failed;
	if (!range.reverse) return kept;
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

// The page scheduler

/**
 * The node's "Request Settings → Parallel Page Requests" (1 … `MAX_PARALLEL_PAGES`, default
 * `DEFAULT_PARALLEL_PAGES`): how many pages of a Get Many are requested at once after the first.
 */
export function parallelPagesOf(context: IExecutePaginationFunctions): number {
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
export interface ParallelPagesOptions<T> {
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

/**
 * The page scheduler (`readPages`): numbered pages read concurrently, at most `width` at once, and
 * consumed in page order. `readListPages` gives it how to send one page and what to do with a
 * page's result; the scheduler decides which page is sent when.
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
 *   package's rule for reads applies to that page, at any `width` (throttle.ts: sent again once
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
export async function readPages<T>(options: ParallelPagesOptions<T>): Promise<PageFailure | undefined> {
	const width = Math.max(1, Math.floor(options.width));
	/** Requested and not yet consumed pages, by number. */
	const pending = new Map<number, Promise<Outcome<T>>>();
	let throttled = false;
	let next = 1;
	let last = Number.POSITIVE_INFINITY;

	const send = (page: number): Promise<Outcome<T>> =>
		outcomeOf(async () => await options.request(page)).then((outcome) => {
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
				// Lists are read with GET: the package's rule for reads (throttle.ts).
				const ms = throttleRetryWait('GET', options.throttleWait(outcome.error), retries);
				if (ms === undefined) break;
				// one page at a time from here on: the pages already sent finish first
				await settleAll();
				await waitUnlessCancelled(ms, options.cancelled);
				outcome = await send(page);
			}
			if (!outcome.ok) return { page, error: outcome.error };
			const value = outcome.value;
			const verdict = await outcomeOf(async () => options.consume(page, value));
			if (!verdict.ok) return { page, error: verdict.error };
			if (verdict.value.lastPage !== undefined) last = Math.min(last, verdict.value.lastPage);
			if (!verdict.value.more) return undefined;
		}
	} finally {
		await settleAll();
	}
}
