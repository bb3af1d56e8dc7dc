/**
 * JSON:API documents and resource objects, and how they become n8n items: the "Simplify" option
 * (`simplifyProperty`) and what it does (`simplifyResource`). Shared by the action node and the
 * triggers so both emit items of the same shape. (Spec "Resources and fields" → "Common document
 * shape".) Also what a list document says about paging (`documentHasMore`, and `tagPage`: carried
 * on the items of a Get Many page for the page reader, transport/pages.ts).
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';
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

// What a list document says about paging

/** What a list document says about paging, for the page reader to check against what was received. */
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
 * follow, `meta` totals, the page of `links.next`): their `paging` field, which the page reader
 * reads (`pageTagsOf`).
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
