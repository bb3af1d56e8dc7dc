/**
 * Get Many's pages (spec "Limits": `page[number]` and `page[size]`): the page reader that the node's
 * request runner (`runRequest`, request.ts) hands a Get Many to (`readList`), reading through the
 * page scheduler (`readPages`, pageScheduler.ts: up to "Request Settings → Parallel Page Requests"
 * pages at once, handed back in page order).
 *
 * `readList` (with a Date Range, `readDateRangeList`; the range itself is dateRange.ts's) decides
 * what a page keeps and when to stop; `readListPages`, which both use, sets up the pages' requests,
 * checks and error and hands them to the page scheduler; `readPage` sends one page through n8n's
 * routing (preSend, request, `toItems`). Each page is judged by what its document says about paging
 * (carried on its items, `tagPage`) with api/paging.ts's checks (`checkPage`, `morePagesAfter`,
 * `lastPageOf`), so every loop over pages ends whatever the server answers. Everything one list's
 * read needs is passed in or held in its readers' own scope (`PageRun` for the one OAuth2 renewal of
 * its pages).
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiAnswerOf, withContext } from '../../api/errors';
import { checkPage, lastPageOf, morePagesAfter, type PageItems } from '../../api/paging';
import { MAX_PAGE_SIZE, runningOperationOf } from '../../api/tables/registry';
import { friendlyError } from '../../api/transport/failure';
import { parallelPagesOf, readPages } from './pageScheduler';
import { throttledWaitOf } from '../../api/transport/throttle';
import { dateRangeOf, recordTime, withinDateRange, type ListDateRange } from './dateRange';
import { sendRoutingRequest } from '../../api/transport/door';

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
 * Sends the request of one page through the door and n8n's routing (request, `toItems`), with
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
	return await sendRoutingRequest(context, request).catch(async (error: object) => {
		// n8n 1.x handed an expired OAuth2 token's 401 back: once more, with n8n renewing it
		if (!isUnrenewedPageError(error)) throw error;
		if (run.renewal === undefined) {
			const first = sendRoutingRequest(context, request, { n8nSeesErrors: true });
			run.renewal = first.catch(() => undefined);
			return await first;
		}
		await run.renewal;
		return await sendRoutingRequest(context, request, { n8nSeesErrors: true });
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
 * the page scheduler (`readPages`, pageScheduler.ts: "Parallel Page Requests" at once): pages 1, 2, … with
 * `page[size]` `pageSize` (payouts: `page[number]` only, `takesPageSize`), the pages' one OAuth2
 * renewal shared (`PageRun`), each page checked in page order against the records before it
 * (`checkPage`, api/paging.ts) and then handed to `consume`. A failed page (its request, its check, the cancellation) is worded by
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
