import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { withContext } from '../errors';
import type { JsonApiDocument } from '../jsonapi';
import { ownRequestOf } from '../personQueue';
import { MAX_PAGE_SIZE, resourceByValue } from '../tables/registry';
import { friendlyError } from './answer';
import { isUnrenewedPageError } from './credential';
import { DEFAULT_PARALLEL_PAGES, MAX_PARALLEL_PAGES, readPages } from './pageWindow';
import { sendWithThrottleRule, throttledWaitOf } from './throttle';

/**
 * Paging (spec "Limits": `page[number]` and `page[size]`): `paginate`, the node's request runner,
 * reads Get Many page after page; `tagPage` records on each page's items what its document says
 * about paging, which `paginate` checks against what it received so that every loop over pages
 * ends whatever the server answers.
 *
 * The seam for reading pages: `readPage` sends one page, `checkPage` checks it against the pages
 * before it, `morePagesAfter` says whether another follows; `paginate` decides which page comes
 * next and when to stop: with "Parallel Page Requests" k, through `readPages` (pageWindow.ts), which
 * calls `readPage` for up to k page numbers at once and feeds the pages to `checkPage` in page order.
 */

/** Where paging information of one page is kept on the array of its items (see `tagPage`). */
const HAS_MORE = Symbol('hasMore');
const PAGING = Symbol('paging');

/** What a list document says about paging, to check it against what was received. */
interface PagingClaims {
	/** `meta.current_page` (payouts: `meta.pagination.current`). */
	currentPage?: number;
	/** `meta.total_pages` (payouts: `meta.pagination.last`). */
	totalPages?: number;
	/** `meta.total_count` (payouts: `meta.total`). */
	totalCount?: number;
	/** The `page[number]` of `links.next`. */
	nextPage?: number;
	/** The `page[number]` of `links.last`. */
	lastPage?: number;
}

/** The items of one page, with what its document says about paging (`tagPage`). */
export type PageItems = INodeExecutionData[] & { [HAS_MORE]?: boolean; [PAGING]?: PagingClaims };

function pagingOf(document: JsonApiDocument): PagingClaims {
	const meta = (document.meta ?? {}) as IDataObject;
	const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
	// Payouts (supplement 9.4) have their own meta: {total, pagination: {current, last, next, …}}.
	const pagination = (
		typeof meta.pagination === 'object' && meta.pagination !== null ? meta.pagination : {}
	) as IDataObject;
	const claims: PagingClaims = {
		currentPage: number(meta.current_page) ?? number(pagination.current),
		totalPages: number(meta.total_pages) ?? number(pagination.last),
		totalCount: number(meta.total_count) ?? number(meta.total),
	};
	const links = document.links ?? {};
	claims.nextPage = pageNumberOf(links.next);
	claims.lastPage = pageNumberOf(links.last);
	return claims;
}

/** The `page[number]` of a paging link, or undefined. */
function pageNumberOf(link: unknown): number | undefined {
	if (typeof link !== 'string' || link === '') return undefined;
	const match = /[?&]page(?:\[|%5B)number(?:\]|%5D)=(\d+)/i.exec(link);
	return match ? Number(match[1]) : undefined;
}

/**
 * The list's last page when a page says it (`meta.total_pages`, else the page of `links.last`),
 * else undefined: with parallel page requests, no page after it is requested ahead.
 */
export function lastPageOf(items: PageItems): number | undefined {
	const claims = items[PAGING] ?? {};
	return claims.totalPages ?? claims.lastPage;
}

/**
 * Whether a list document says that more pages follow: `links.next` when the document carries
 * pagination links (podcasts: first/prev/next/last), else `meta.current_page < meta.total_pages`;
 * undefined when it says nothing (then the page length decides).
 */
export function documentHasMore(document: JsonApiDocument): boolean | undefined {
	const links = document.links ?? {};
	if ('next' in links || 'last' in links) return typeof links.next === 'string' && links.next !== '';
	const meta = document.meta ?? {};
	if (typeof meta.total_pages === 'number' && typeof meta.current_page === 'number') {
		return meta.current_page < meta.total_pages;
	}
	return undefined;
}

/**
 * Records on the items of one answer what its document says about paging (whether more pages
 * follow, `meta` totals, the page of `links.next`), as non-enumerable members `paginate` reads.
 * @returns The same array.
 */
export function tagPage(items: INodeExecutionData[], document: JsonApiDocument): PageItems {
	Object.defineProperty(items, HAS_MORE, { value: documentHasMore(document), enumerable: false });
	Object.defineProperty(items, PAGING, { value: pagingOf(document), enumerable: false });
	return items;
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
	const claims = items[PAGING] ?? {};
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
	const hasMore = items[HAS_MORE] ?? items.length >= pageSize;
	return hasMore && items.length > 0;
}

/** Whether the operation's list takes `page[size]`: all but payouts, whose page size is the API's (supplement 9.4). */
function takesPageSize(context: IExecutePaginationFunctions): boolean {
	const resource = resourceByValue(context.getNodeParameter('resource') as string);
	const operation = context.getNodeParameter('operation') as string;
	return resource.endpoints.find((e) => e.operation === operation)?.query.page !== 'number';
}

/**
 * The node's request runner (n8n calls it as the `pagination` operation of every operation, see
 * `shared/requestOptions.ts`): one request for Get and the writes, pages for Get Many. Errors leave
 * it with the access token, client secret and OAuth2 tokens redacted, a timeout as "did not answer
 * within N s", and for Get Many the page that failed.
 *
 * Get Many (spec "Limits": `page[number]` and `page[size]`) requests pages 1, 2, … of
 * `min(Limit, 100)` records and stops when a page is shorter than the page size or empty, when the
 * document says no page follows, or when Limit records were read. So Limit 10 costs one request
 * and Return All over N records ceil(N / 100) (+1 when the last page is exactly full and the API
 * gives no paging links). There is no cap on the number of pages, but Return All stops with an error
 * naming the page when a page holds only records already received or the paging links/totals
 * contradict what was received, and before each page when the execution was cancelled.
 * After the first page, "Request Settings → Parallel Page Requests" (k, see `readPages` in
 * pageWindow.ts) pages are requested at once and checked in page order, so the items and every
 * check are those of the sequential read; a list that does not say how many pages it has
 * (`meta.total_pages`, `links.last`) costs up to k − 1 requests past its end, a Limit never more
 * than its own pages. An answer asking to slow down (a 429, or a 503 with `Retry-After`) follows the
 * package's rule (throttle.ts): a read — Get, or any page of Get Many at any k — is sent again once
 * after its `Retry-After` (at most 60 s; with k > 1 one page at a time from then on); a write never.
 * With "On Error: Continue" the result is one error item paired with the input item, never a
 * partial list. Payouts get `page[number]` only and end on an empty page or when their document
 * says so. An item whose operation sends its request itself (Create or Update: find, then create or
 * update, under the person's lock; `ownRequestOf`) is handed the way to send it.
 */
export async function paginate(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	if (this.getNodeParameter('operation') !== 'getAll') {
		try {
			// The 429 rule (throttle.ts) holds for the routing's request however it is sent: by the
			// item's own function (Create or Update's create or update) or here.
			const send = async () => {
				const outcome = await sendWithThrottleRule(
					requestData.options.method,
					async () => await this.makeRoutingRequest(requestData),
					throttledWaitOf,
					() => this.getExecutionCancelSignal?.()?.aborted === true,
				);
				if (outcome.ok) return outcome.value;
				throw outcome.error;
			};
			const own = ownRequestOf<INodeExecutionData[]>(this);
			return own ? await own(send) : await send();
		} catch (error) {
			throw await friendlyError(this, error, requestData.options);
		}
	}
	const limit = requestData.maxResults ? Number(requestData.maxResults) : Number.POSITIVE_INFINITY;
	const pageSize = Math.min(MAX_PAGE_SIZE, limit);
	const sized = takesPageSize(this);
	const results: INodeExecutionData[] = [];
	const seen = new Set<string>();
	const run: PageRun = {};
	const failed = await readPages<PageItems>({
		width: parallelPagesOf(this),
		request: async (page) =>
			await readPage(
				this,
				requestData,
				sized ? { 'page[number]': page, 'page[size]': pageSize } : { 'page[number]': page },
				run,
			),
		cancelled: () => this.getExecutionCancelSignal?.()?.aborted === true,
		throttleWait: throttledWaitOf,
		consume: (page, items) => {
			checkPage(this, page, items, seen, results.length);
			results.push(...items);
			return {
				more: morePagesAfter(items, sized ? pageSize : 1) && results.length < limit,
				lastPage: Math.min(
					lastPageOf(items) ?? Number.POSITIVE_INFINITY,
					limitPageOf(page, items.length, limit - results.length),
				),
			};
		},
	});
	if (failed === undefined) return results;
	const failure = withContext(
		this.getNode(),
		await friendlyError(this, failed.error, requestData.options),
		`page ${failed.page}, after ${results.length} records`,
	);
	// "On Error: Continue": one error item paired with its input, never the pages read so far.
	if (this.continueOnFail()) return [{ json: {}, error: failure, pairedItem: { item: this.getItemIndex() } }];
	throw failure;
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
