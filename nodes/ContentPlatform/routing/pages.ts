/**
 * Get Many's pages (spec "Limits": `page[number]` and `page[size]`): the page reader that the
 * node's request runner (`runRequest`, request.ts) hands a Get Many to (`readGetMany`). A page goes
 * one way: `sendPage` sends it through the one door (its redirects followed, the OAuth2 renewal
 * shared by the list's pages) and gives its answer; the page scheduler (`schedulePages`,
 * pageScheduler.ts: up to "Request Settings → Parallel Page Requests" pages at once, handed back in
 * page order) applies the package's rule to an answer asking to slow down; `judgePage` turns the
 * answer into the page's items and what its document says about paging (a `GetManyPage`); `checkPage`
 * (api/paging.ts) checks it against the pages before it; `readGetMany` (with a Date Range,
 * `readDateRangeList`; the range itself is dateRange.ts's) keeps its records and decides whether a
 * page follows. So every loop over pages ends whatever the server answers. Everything one list's
 * read needs is passed in or held in its readers' own scope.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { subjectOf, withContext } from '../../api/errors';
import { checkPage, lastPageOf, morePagesAfter, pageTagsOf, type GetManyPage } from '../../api/paging';
import { MAX_PAGE_SIZE, runningOperationOf } from '../../api/tables/registry';
import { checkedDocument } from '../../api/transport/answer';
import { apiRootAndSecrets, credentialTypeOf } from '../../api/transport/credentials';
import { sendThroughDoor } from '../../api/transport/door';
import { friendlyError } from '../../api/transport/failure';
import type { SharedRenewal } from '../../api/transport/oauth2Renewal';
import { finalAnswer } from '../../api/transport/redirects';
import { throttleWaitOf } from '../../api/transport/throttle';
import { dateRangeOf, recordTime, withinDateRange, type ListDateRange } from './dateRange';
import { documentItems } from './items';
import { parallelPagesOf, schedulePages } from './pageScheduler';

/** How the pages of one Get Many are sent: the routing's request, its credential, and what they share. */
interface ListRequest {
	/** The routing's request as n8n built it (`requestData.options`, the door's rules written by `prepareRequest`). */
	options: DeclarativeRestApiSettings.HttpRequestOptions;
	credentialType: string;
	/** The credential's API root: the origin every page and redirect may go to. */
	root: string;
	/** The one OAuth2 renewal of n8n 1.x the pages share. */
	renewal: SharedRenewal;
}

/**
 * Sends one page: the routing's request with `pageQuery` (`page[number]` and `page[size]`) added
 * to its query, through the door, after checking that the execution was not cancelled; its
 * redirects followed within the Base URL's origin and an unrenewed OAuth2 401 (n8n 1.x) sent once
 * more with the token renewed, once for all the list's pages (`finalAnswer`).
 * @returns The page's final answer, whatever its status (`judgePage` judges it).
 * @throws NodeOperationError when cancelled; the door's and n8n's errors (not yet worded by `friendlyError`).
 */
export async function sendPage(
	context: IExecutePaginationFunctions,
	request: ListRequest,
	pageQuery: IDataObject,
): Promise<IN8nHttpFullResponse> {
	if (context.getExecutionCancelSignal?.()?.aborted) {
		throw new NodeOperationError(context.getNode(), 'The execution was cancelled: no further request is sent');
	}
	const { credentialType, root } = request;
	// The routing's request options are what n8n's routing itself hands its HTTP helper.
	const options = {
		...(request.options as IHttpRequestOptions),
		qs: { ...request.options.qs, ...pageQuery },
		headers: { ...request.options.headers },
	};
	const received = await sendThroughDoor(context, credentialType, options, { root });
	return await finalAnswer(context, credentialType, options, received, root, request.renewal);
}

/**
 * One page's answer judged: an HTTP error as the server's `errors[]` words (`checkedDocument`, a
 * 429 the rule gave up on among them), else the page's items (`documentItems`, a list) and what its
 * document says about paging (`pageTagsOf`).
 * @throws NodeApiError for an error answer or a document that is not a list of resource objects.
 */
export function judgePage(
	context: IExecutePaginationFunctions,
	response: IN8nHttpFullResponse,
	secrets: string[],
): GetManyPage {
	const document = checkedDocument(context, response, subjectOf(context), secrets);
	return {
		items: documentItems(context, document, { list: true, statusCode: response.statusCode }),
		paging: pageTagsOf(document),
	};
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
 * After the first page, "Request Settings → Parallel Page Requests" (k, see `schedulePages`) pages are
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
export async function readGetMany(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const limit = requestData.maxResults ? Number(requestData.maxResults) : Number.POSITIVE_INFINITY;
	const range = dateRangeOf(context, requestData);
	if (range) return await readDateRangeList(context, range.request, range, limit);
	const results: INodeExecutionData[] = [];
	const failed = await readEachPage(
		context,
		requestData,
		Math.min(MAX_PAGE_SIZE, limit),
		(page, getManyPage, fullPage) => {
			results.push(...getManyPage.items);
			return {
				more: morePagesAfter(getManyPage, fullPage) && results.length < limit,
				lastPage: Math.min(
					lastPageOf(getManyPage) ?? Number.POSITIVE_INFINITY,
					limitPageOf(page, getManyPage.items.length, limit - results.length),
				),
			};
		},
	);
	return failed ?? results;
}

/**
 * What `readGetMany` and `readDateRangeList` do with each page, in page order, after `readEachPage`
 * judged and checked it (`judgePage`, `checkPage`): keep its records and say whether a page follows
 * (see `ParallelPagesOptions.consume`, pageScheduler.ts). `fullPage` is the length at which a page
 * counts as full (`morePagesAfter`): the `page[size]` sent, or 1 for payouts, whose page size is the API's.
 */
export type ListPageConsumer = (
	page: number,
	getManyPage: GetManyPage,
	fullPage: number,
) => { more: boolean; lastPage?: number };

/**
 * The pages of one Get Many (`requestData`, the routing's request as n8n built it), read through
 * the page scheduler (`schedulePages`, pageScheduler.ts: "Parallel Page Requests" at once): pages 1, 2, …
 * with `page[size]` `pageSize` (payouts: `page[number]` only, `takesPageSize`), each sent by
 * `sendPage` (the OAuth2 renewal shared), judged in page order (`judgePage`), checked against the
 * records before it (`checkPage`, api/paging.ts) and then handed to `consume`. A failed page (its
 * request, its answer, its check, the cancellation) is worded by `friendlyError` with the page and
 * the number of records received before it.
 * @returns undefined when every page was read; after a failure under "On Error: Continue", one error
 * item paired with the input item (never the pages read so far).
 * @throws The failed page's error, worded, when the node does not continue on fail.
 */
export async function readEachPage(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	pageSize: number,
	consume: ListPageConsumer,
): Promise<INodeExecutionData[] | undefined> {
	const sized = takesPageSize(context);
	const credentialType = credentialTypeOf(context);
	const { root, secrets } = await apiRootAndSecrets(context, credentialType);
	const request: ListRequest = { options: requestData.options, credentialType, root, renewal: {} };
	const seen = new Set<string>();
	let received = 0;
	const failed = await schedulePages<IN8nHttpFullResponse>({
		width: parallelPagesOf(context),
		request: async (page) =>
			await sendPage(
				context,
				request,
				sized ? { 'page[number]': page, 'page[size]': pageSize } : { 'page[number]': page },
			),
		waitAsked: throttleWaitOf,
		cancelled: () => context.getExecutionCancelSignal?.()?.aborted === true,
		consume: (page, response) => {
			const getManyPage = judgePage(context, response, secrets);
			checkPage(context, page, getManyPage, seen, received);
			received += getManyPage.items.length;
			return consume(page, getManyPage, sized ? pageSize : 1);
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
 * `readGetMany` reads them (the page scheduler, the checks), keeping the records within the range. On a list
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
	const failed = await readEachPage(context, requestData, MAX_PAGE_SIZE, (_page, getManyPage, fullPage) => {
		let past = false;
		for (const item of getManyPage.items) {
			const time = range.sortKey ? recordTime(item, range.sortKey) : undefined;
			if (range.stopBelow !== undefined && time !== undefined && time < range.stopBelow) {
				past = true;
				break;
			}
			if (kept.length < wanted && withinDateRange(item, range)) kept.push(item);
		}
		return {
			more: !past && morePagesAfter(getManyPage, fullPage) && kept.length < wanted,
			lastPage: lastPageOf(getManyPage),
		};
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
