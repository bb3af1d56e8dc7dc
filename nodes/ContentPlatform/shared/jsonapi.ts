/**
 * JSON:API documents and resource objects, and how they become n8n items: the "Simplify" option
 * (`simplifyProperty`) and what it does (`simplifyResource`). Shared by the action node and the
 * triggers so both emit items of the same shape. (Spec "Resources and fields" → "Common document
 * shape".) Also what a list document says about paging (`documentHasMore`, and `tagPage`: carried
 * on the items of a Get Many page) and whether it holds: the checks of each page against what was
 * received (`checkPage`, `morePagesAfter`, `lastPageOf`), used by the page reader (transport/pages.ts).
 */
import type { IDataObject, IExecutePaginationFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { FIELD_HINTS } from './tables/builderHints';

/** `{ id, type }`: a resource identifier object. */
export interface ResourceIdentifier {
	id: string;
	type: string;
}

/** A relationship member: `data` is an identifier, an array of them, null, or absent (shown empty). */
export interface Relationship {
	data?: ResourceIdentifier | ResourceIdentifier[] | null;
	links?: IDataObject;
}

/** A JSON:API resource object. */
export interface ResourceObject {
	id: string;
	type: string;
	attributes?: IDataObject;
	relationships?: Record<string, Relationship>;
	links?: IDataObject;
}

/** A JSON:API top-level document as the API answers it. */
export interface JsonApiDocument {
	data?: ResourceObject | ResourceObject[] | null;
	included?: ResourceObject[];
	links?: IDataObject;
	meta?: IDataObject;
	errors?: JsonApiError[];
}

/** One member of a JSON:API `errors[]` array. */
export interface JsonApiError {
	status?: string;
	code?: string;
	title?: string;
	detail?: string;
	source?: { pointer?: string; parameter?: string };
}

/** True when `value` looks like a resource object (has string `id` and `type`). */
export function isResourceObject(value: unknown): value is ResourceObject {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as ResourceObject).type === 'string' &&
		(typeof (value as ResourceObject).id === 'string' || typeof (value as ResourceObject).id === 'number')
	);
}

/** Index of `included` by `type/id`, for resolving relationships. */
export type IncludedIndex = Map<string, ResourceObject>;

/** Builds the `type/id` index of a document's `included` array (empty when absent). */
export function indexIncluded(included: ResourceObject[] | undefined): IncludedIndex {
	const index: IncludedIndex = new Map();
	for (const resource of included ?? []) {
		if (isResourceObject(resource)) index.set(`${resource.type}/${resource.id}`, resource);
	}
	return index;
}

/**
 * The "Simplify" flattening of one resource object, documented in the README:
 *
 * `{ id, type, ...attributes, <rel>_id (to-one), <rel>_ids (to-many), <rel> (resolved), links }`
 *
 * - Attributes are copied unchanged (timestamps stay ISO strings, `*_in_cents` stay integers).
 * - A to-one relationship with `data` gives `<rel>_id` (string, or null when `data` is null);
 *   a to-many relationship with `data` gives `<rel>_ids` (string[]). Relationships without `data`
 *   (shown empty, or links only) give nothing.
 * - When the related resources were loaded with `include`, they are resolved from `included`
 *   (by type and id) and put under the relationship name, themselves simplified, nested
 *   relationships (such as `lessons.media`) too. A resource already being resolved on the current
 *   path is not resolved again (cycles stop).
 * - `links` is kept when the resource has it. An attribute that has the same name as a generated
 *   key wins over the generated key.
 */
export function simplifyResource(
	resource: ResourceObject,
	included: IncludedIndex = new Map(),
	path: ReadonlySet<string> = new Set(),
): IDataObject {
	const key = `${resource.type}/${resource.id}`;
	const ownPath = new Set(path).add(key);
	const relationshipFields: IDataObject = {};
	for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
		if (!relationship || typeof relationship !== 'object' || !('data' in relationship)) continue;
		const { data } = relationship;
		if (Array.isArray(data)) {
			relationshipFields[`${name}_ids`] = data.map((identifier) => String(identifier.id));
			const resolved = data
				.map((identifier) => resolve(identifier, included, ownPath))
				.filter((value): value is IDataObject => value !== undefined);
			if (resolved.length > 0) relationshipFields[name] = resolved;
		} else if (data === null || data === undefined) {
			relationshipFields[`${name}_id`] = null;
		} else {
			relationshipFields[`${name}_id`] = String(data.id);
			const resolved = resolve(data, included, ownPath);
			if (resolved !== undefined) relationshipFields[name] = resolved;
		}
	}
	const simplified: IDataObject = {
		id: String(resource.id),
		type: resource.type,
		...relationshipFields,
		...(resource.attributes ?? {}),
	};
	if (resource.links !== undefined) simplified.links = resource.links;
	return simplified;
}

function resolve(
	identifier: ResourceIdentifier,
	included: IncludedIndex,
	path: ReadonlySet<string>,
): IDataObject | undefined {
	const key = `${identifier.type}/${identifier.id}`;
	const resource = included.get(key);
	if (!resource || path.has(key)) return undefined;
	return simplifyResource(resource, included, path);
}

/**
 * The resource objects of a document as n8n item JSON, one per resource.
 *
 * @param document The parsed response body.
 * @param simplify true → `simplifyResource` with `included` resolved; false → the raw resource
 *   object, with the document's `included` array attached as `included` when present.
 * @returns `[]` for an empty list; throws a plain Error (wrapped by the caller) when `data` is missing
 *   or not resource objects, so a malformed answer is never taken as "no records".
 */
export function documentToItems(document: JsonApiDocument, simplify: boolean): IDataObject[] {
	const { data } = document;
	const resources = Array.isArray(data) ? data : [data];
	if (data === undefined || data === null || !resources.every(isResourceObject)) {
		throw new TypeError('The response is not a JSON:API document: "data" holds no resource objects');
	}
	if (simplify) {
		const index = indexIncluded(document.included);
		return resources.map((resource) => simplifyResource(resource, index));
	}
	return resources.map((resource) =>
		document.included !== undefined
			? ({ ...resource, included: document.included } as unknown as IDataObject)
			: (resource as unknown as IDataObject),
	);
}

/**
 * The "Simplify" option (`simple`, n8n's standard name), one for every operation of the action
 * node (each answers with resource objects, see `toItems` in transport/request.ts and
 * `simplifyResource` in jsonapi.ts) and the webhook trigger's (the delivered record).
 */
export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simple',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
	builderHint: FIELD_HINTS.simplify,
};

// What a list document says about paging, and whether it holds

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
 * The items of one Get Many page as the postReceive (`toItems`) returns them to the page reader
 * (`readList`, through n8n's `makeRoutingRequest`, which hands back the items only): the array, with
 * what its document says about paging as a typed field `paging` (set by `tagPage`; the page reader
 * copies the items into its own array, so the field never reaches n8n's output).
 */
export type PageItems = INodeExecutionData[] & { paging?: PageTags };

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
 * Puts on the items of one Get Many page what its document says about paging (whether more pages
 * follow, `meta` totals, the page of `links.next`): their `paging` field, which the checks below
 * read (`pageTagsOf`).
 * @returns The same array.
 */
export function tagPage(items: INodeExecutionData[], document: JsonApiDocument): PageItems {
	return Object.assign(items, { paging: { hasMore: documentHasMore(document), claims: pagingOf(document) } });
}

/** What `tagPage` put on a page's items (`paging`); no claims when the items carry none. */
export function pageTagsOf(items: PageItems): PageTags {
	return items.paging ?? { claims: {} };
}

/**
 * The list's last page when a page says it (its claims, `pageTagsOf`: `meta.total_pages`, else the
 * page of `links.last`), else undefined: with parallel page requests, no page after it is requested
 * ahead.
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

/**
 * Checks a page of Return All in page order against the records received before it (`seen`, the
 * keys of every record so far, updated here; `received`, how many records were kept before it), and
 * against what its document says (`pageTagsOf`): the page reader's check of each page
 * (`readListPages`, transport/pages.ts).
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

/** Whether another page follows a page: what its document said (`pageTagsOf`), else whether it was full; never after an empty page. */
export function morePagesAfter(items: PageItems, pageSize: number): boolean {
	const hasMore = pageTagsOf(items).hasMore ?? items.length >= pageSize;
	return hasMore && items.length > 0;
}
