/**
 * What a list document says about paging, and whether it holds: its claims (`documentHasMore`,
 * `pageTagsOf`, kept beside a page's items in a `GetManyPage`) checked against what was received
 * (`checkPage`, `morePagesAfter`, `lastPageOf`), so that the page reader
 * (nodes/ContentPlatform/routing/pages.ts) ends every loop over pages whatever the server answers.
 * (Spec "Limits": `page[number]` and `page[size]`; the payouts' own `meta`, supplement 9.4.)
 */
import type { IDataObject, IExecutePaginationFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { JsonApiDocument } from './jsonapi';

/** What a list document says about paging, for `checkPage` (below) to check against what was received. */
export interface PagingClaims {
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

/** What one page's document says about paging: whether more pages follow (undefined: it does not say), and its claims. */
export interface PageTags {
	hasMore?: boolean;
	claims: PagingClaims;
}

/**
 * One page of a Get Many as the page reader judged it (`judgePage`, nodes/ContentPlatform/routing/pages.ts):
 * its items and what its document says about paging.
 */
export interface GetManyPage {
	items: INodeExecutionData[];
	paging: PageTags;
}

/** The paging claims of a list document (`meta` totals, the pages of `links.next` and `links.last`). */
function pagingClaimsOf(document: JsonApiDocument): PagingClaims {
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

/** What a list document says about paging: whether more pages follow (`documentHasMore`) and its claims. */
export function pageTagsOf(document: JsonApiDocument): PageTags {
	return { hasMore: documentHasMore(document), claims: pagingClaimsOf(document) };
}

/**
 * The list's last page when a page says it (its claims: `meta.total_pages`, else the page of
 * `links.last`), else undefined: with parallel page requests, no page after it is requested ahead.
 */
export function lastPageOf({ paging }: GetManyPage): number | undefined {
	const { claims } = paging;
	return claims.totalPages ?? claims.lastPage;
}

/**
 * Why a page of Return All cannot be trusted, or undefined: a page of only records received on
 * earlier pages (a server that ignores `page[number]`), or paging links and totals that contradict
 * what was received. Such a list would otherwise be requested forever.
 */
function pagingContradiction(
	page: number,
	{ items, paging }: GetManyPage,
	newRecords: number,
	received: number,
): string | undefined {
	// An empty page ends the list whatever its paging members say.
	if (items.length === 0) return undefined;
	if (newRecords === 0) {
		return `page ${page} holds only records already received on earlier pages (the API seems to ignore page[number])`;
	}
	const { claims } = paging;
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

/**
 * Checks a page of Return All in page order against the records received before it (`seen`, the
 * keys of every record so far, updated here; `received`, how many records were kept before it), and
 * against what its document says (`getManyPage.paging`): the page reader's check of each page
 * (`readEachPage`, nodes/ContentPlatform/routing/pages.ts).
 * @throws NodeOperationError naming the page when it holds only records already received or its
 * paging links/totals contradict what was received (see `pagingContradiction`).
 */
export function checkPage(
	context: IExecutePaginationFunctions,
	page: number,
	getManyPage: GetManyPage,
	seen: Set<string>,
	received: number,
): void {
	let newRecords = 0;
	for (const item of getManyPage.items) {
		const key = recordKey(item);
		if (!seen.has(key)) newRecords++;
		seen.add(key);
	}
	const contradiction = pagingContradiction(page, getManyPage, newRecords, received + getManyPage.items.length);
	if (contradiction) {
		throw new NodeOperationError(context.getNode(), `Return All stopped at page ${page}: ${contradiction}`, {
			description:
				"The API's paging cannot be trusted here, so the list was not read further. Use a Limit, or filters, to read part of it.",
		});
	}
}

/** Whether another page follows a page: what its document said (`paging.hasMore`), else whether it was full; never after an empty page. */
export function morePagesAfter({ items, paging }: GetManyPage, pageSize: number): boolean {
	const hasMore = paging.hasMore ?? items.length >= pageSize;
	return hasMore && items.length > 0;
}
