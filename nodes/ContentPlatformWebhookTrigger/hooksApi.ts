/**
 * The hook registrations of the platform (supplement section 5): list, create and delete
 * `/v1/hooks`, and the read of one record back by type and ID, each through the package's one door
 * (api/transport/apiRequest.ts: the selected credential, the Base URL's origin only, its error
 * messages, secrets never in messages).
 */
import type { IDataObject } from 'n8n-workflow';

import { isResourceObject, type ResourceObject } from '../api/jsonapi';
import { documentHasMore } from '../api/paging';
import { apiRequest, apiRequestUnlessNotFound } from '../api/transport/apiRequest';
import type { RequestContext } from '../api/transport/credentials';
/** Page size used to list hooks (the list has no stated maximum; 100 like every other list). */
export const HOOK_PAGE_SIZE = 100;

/** A registered hook as the API answers it (attributes HA, relationship `site`). */
export interface Hook {
	id: string;
	event: string;
	targetUrl: string;
	siteId: string | undefined;
}

function toHook(resource: ResourceObject): Hook {
	const attributes = resource.attributes ?? {};
	const site = resource.relationships?.site?.data;
	return {
		id: String(resource.id),
		event: String(attributes.event ?? ''),
		targetUrl: String(attributes.target_url ?? ''),
		siteId: site && !Array.isArray(site) ? String(site.id) : undefined,
	};
}

/**
 * Every hook registered for `event`: `GET /v1/hooks?filter[event_eq]=<event>`, pages of
 * {@link HOOK_PAGE_SIZE} until a page is short or empty or the document says no page follows.
 * Errors throw the package's NodeApiError.
 */
export async function listHooks(context: RequestContext, event: string): Promise<Hook[]> {
	const hooks: Hook[] = [];
	for (let page = 1; ; page++) {
		const document = await apiRequest(context, 'GET', '/hooks', {
			qs: { 'filter[event_eq]': event, 'page[number]': page, 'page[size]': HOOK_PAGE_SIZE },
		});
		const resources = (Array.isArray(document.data) ? document.data : []) as ResourceObject[];
		hooks.push(...resources.map(toHook));
		const hasMore = documentHasMore(document) ?? resources.length >= HOOK_PAGE_SIZE;
		if (!hasMore || resources.length === 0) return hooks;
	}
}

/** What {@link createHook} registers. */
export interface HookRegistration {
	event: string;
	targetUrl: string;
	siteId: string;
	/** Optional: restricts the hook to one resource (for example one tag); sent as a number when numeric. */
	resourceId?: string;
}

/**
 * Registers a hook: `POST /v1/hooks` with `{data: {type: 'hooks', attributes: {target_url, event,
 * resource_id?}, relationships: {site: {data: {type: 'sites', id}}}}}`; 201 → the hook.
 * Errors (401, 403, 422 with the invalid fields) throw the package's NodeApiError.
 */
export async function createHook(context: RequestContext, registration: HookRegistration): Promise<Hook> {
	const attributes: IDataObject = { target_url: registration.targetUrl, event: registration.event };
	if (registration.resourceId) {
		attributes.resource_id = /^\d+$/.test(registration.resourceId)
			? Number(registration.resourceId)
			: registration.resourceId;
	}
	const document = await apiRequest(context, 'POST', '/hooks', {
		body: {
			data: {
				type: 'hooks',
				attributes,
				relationships: { site: { data: { type: 'sites', id: registration.siteId } } },
			},
		},
		subject: { resourceName: 'hook' },
	});
	return toHook(document.data as ResourceObject);
}

/**
 * Deletes a hook: `DELETE /v1/hooks/{id}` (204).
 * @returns true when deleted, false when the API says it does not exist (404); other errors throw.
 */
export async function deleteHook(context: RequestContext, id: string): Promise<boolean> {
	const answer = await apiRequestUnlessNotFound(context, 'DELETE', `/hooks/${encodeURIComponent(id)}`, {
		subject: { resourceName: 'hook', id },
	});
	return answer !== undefined;
}

/**
 * Reads one record back by type and ID (`GET /v1/<type>/{id}`, with `?include=<include>` when
 * given), for "Confirm With API" and Payment Succeeded's "Include Purchases" (`confirm.ts`).
 * @param limitMs The longest `Retry-After` of a 429 waited for (ms; default the package's 60 s): a
 *   delivery's sender does not wait that long.
 * @returns the resource object and the document's `included` records (empty without include), or
 *   undefined when the API answers 404; other errors throw.
 */
export async function fetchRecord(
	context: RequestContext,
	type: string,
	id: string,
	include?: string,
	limitMs?: number,
): Promise<{ record: ResourceObject; included: ResourceObject[] } | undefined> {
	const document = await apiRequestUnlessNotFound(context, 'GET', `/${type}/${encodeURIComponent(id)}`, {
		qs: include ? { include } : {},
		subject: { resourceName: type, id },
		...(limitMs === undefined ? {} : { throttleLimitMs: () => limitMs }),
	});
	if (!document) return undefined;
	return {
		record: document.data as ResourceObject,
		included: (document.included ?? []).filter(isResourceObject),
	};
}
