/**
 * The pure part of a webhook delivery (supplement section 5, "Delivery to target_url": an HTTP
 * POST with the JSON body `{id: string, event: string, payload: [resource objects]}`): checking
 * the body, picking the record that triggered the event, shaping the item, recognising repeats.
 */
import type { IDataObject } from 'n8n-workflow';

import { indexIncluded, isResourceObject, type ResourceObject } from '../api/jsonapi';
import { simplifyResource } from '../api/simplify';
import type { HookEvent } from './hookEvents';

/** A delivery body that passed {@link parseDelivery}. */
export interface Delivery {
	/** The delivery's `id` (the spec: the ID of the resource that triggered the event). */
	id: string;
	event: string;
	/** The record that triggered the event (type `event.primaryType`). */
	primary: ResourceObject;
	/** The other resource objects of `payload`, in payload order. */
	others: ResourceObject[];
}

/** How many delivery keys are kept to recognise repeated deliveries (static data stays a few KB). */
export const RECENT_DELIVERIES = 100;

/**
 * Checks a delivery body against the node's event.
 * @returns the delivery, or a message saying why the body is refused (then the webhook answers 400
 *   and emits nothing): not an object, `id` not a non-empty string or number, `event` not the
 *   node's event, `payload` not a non-empty array of resource objects, or no record of the event's
 *   type in it.
 */
export function parseDelivery(body: unknown, event: HookEvent): Delivery | string {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		return 'The body is not a JSON object {id, event, payload}';
	}
	const { id, event: name, payload } = body as IDataObject;
	if (!((typeof id === 'string' && id.trim() !== '') || typeof id === 'number')) {
		return '"id" is missing or not a string';
	}
	if (name !== event.value) {
		return `"event" is ${JSON.stringify(name ?? null)}, this webhook receives "${event.value}"`;
	}
	if (!Array.isArray(payload) || payload.length === 0) return '"payload" is not a non-empty array';
	if (!payload.every(isResourceObject)) return '"payload" holds something that is not a resource object {id, type}';
	const resources = (payload as ResourceObject[]).map((resource) => ({ ...resource, id: String(resource.id) }));
	const candidates = resources.filter((resource) => resource.type === event.primaryType);
	if (candidates.length === 0) return `"payload" holds no "${event.primaryType}" record`;
	const primary = candidates.find((resource) => resource.id === String(id)) ?? candidates[0];
	return { id: String(id), event: event.value, primary, others: resources.filter((resource) => resource !== primary) };
}

/**
 * One delivery as item JSON, shaped like the action node's output for the triggering record:
 *
 * - Simplify on: `simplifyResource(primary)` with the other payload records resolved through its
 *   relationships the way the action node resolves `included` (a purchase's `offer` and
 *   `customer`, an order's `customer` and `order_items`); payload records that no relationship
 *   names (a tag event's `contact_tags`, an order event's `transactions`) are added under their
 *   type, simplified, as a list.
 * - Simplify off: the raw resource object with the other payload records as `included`.
 *
 * Both add `event` and `delivery_id`.
 */
export function deliveryItem(delivery: Delivery, simplify: boolean): IDataObject {
	const meta = { event: delivery.event, delivery_id: delivery.id };
	if (!simplify) {
		return {
			...(delivery.primary as unknown as IDataObject),
			included: delivery.others as unknown as IDataObject[],
			...meta,
		};
	}
	const index = indexIncluded(delivery.others);
	const item = simplifyResource(delivery.primary, index);
	const named = new Set<string>();
	for (const relationship of Object.values(delivery.primary.relationships ?? {})) {
		const data = relationship?.data;
		for (const identifier of Array.isArray(data) ? data : data ? [data] : []) {
			named.add(`${identifier.type}/${identifier.id}`);
		}
	}
	const unnamed: Record<string, IDataObject[]> = {};
	for (const other of delivery.others) {
		if (named.has(`${other.type}/${other.id}`) || other.type in item) continue;
		(unnamed[other.type] ??= []).push(simplifyResource(other, index));
	}
	return { ...item, ...unnamed, ...meta };
}

/** 32-bit FNV-1a of a string, as 8 hex digits. */
function fnv1a(text: string, seed = 0x811c9dc5): string {
	let hash = seed;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(16).padStart(8, '0');
}

/** JSON with object keys sorted, so two equal bodies give the same text whatever their key order. */
function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (typeof value === 'object' && value !== null) {
		const entries = Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as IDataObject)[key])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/**
 * The key that recognises a repeated delivery: event, delivery ID and a fingerprint of the payload
 * (two 32-bit FNV-1a hashes of its canonical JSON). The payload is part of the key because the
 * spec's `id` names the triggering resource: the same contact gaining two different tags gives
 * two deliveries with the same `id`, which are not repeats.
 */
export function deliveryKey(delivery: Delivery, payload: unknown): string {
	const text = canonicalJson(payload);
	return `${delivery.event}:${delivery.id}:${fnv1a(text)}${fnv1a(text, 0x01000193)}`;
}

function recentKeys(staticData: IDataObject): string[] {
	return Array.isArray(staticData.recentDeliveries)
		? (staticData.recentDeliveries as unknown[]).filter((entry): entry is string => typeof entry === 'string')
		: [];
}

/** Whether `key` is among the recent delivery keys of the node's static data (a repeated delivery). */
export function isRecentDelivery(staticData: IDataObject, key: string): boolean {
	return recentKeys(staticData).includes(key);
}

/**
 * Records `key` in the list of recent delivery keys (static data `recentDeliveries`, newest last,
 * at most {@link RECENT_DELIVERIES}: about 3.5 KB).
 */
export function rememberDelivery(staticData: IDataObject, key: string): void {
	const recent = recentKeys(staticData).filter((entry) => entry !== key);
	recent.push(key);
	staticData.recentDeliveries = recent.slice(-RECENT_DELIVERIES);
}

/**
 * How long a record of a once-per-record event (`HookEvent.oncePerRecord`: a purchase, a payment,
 * an order, a form submission) is remembered after it was emitted: a delivery of the same record
 * ID within this window is answered 200 and not emitted again, whatever its payload (7 days).
 */
export const REPEAT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How many records the record memory keeps at most (the newest): the window holds while fewer than
 * this many records arrived in it. Static data `emittedRecords`, `{<event>: {<record ID>: <minute
 * emitted>}}`: about 17 bytes a record, under 20 KB at the cap (`test/webhook-versions.test.ts`).
 */
export const RECORD_MEMORY = 1000;

const MINUTE_MS = 60_000;

function emittedRecords(staticData: IDataObject, event: string): Record<string, number> {
	const all = staticData.emittedRecords;
	const byEvent =
		typeof all === 'object' && all !== null && !Array.isArray(all) ? (all as IDataObject)[event] : undefined;
	if (typeof byEvent !== 'object' || byEvent === null || Array.isArray(byEvent)) return {};
	const records: Record<string, number> = {};
	for (const [id, minute] of Object.entries(byEvent)) {
		if (typeof minute === 'number' && Number.isFinite(minute)) records[id] = minute;
	}
	return records;
}

/**
 * When the record `id` of `event` was emitted (ms since the epoch, to the minute), if that was
 * within `REPEAT_WINDOW_MS` before `now`; undefined otherwise.
 */
export function recordEmittedAt(staticData: IDataObject, event: string, id: string, now: number): number | undefined {
	const minute = emittedRecords(staticData, event)[id];
	if (minute === undefined) return undefined;
	const at = minute * MINUTE_MS;
	return now - at < REPEAT_WINDOW_MS ? at : undefined;
}

/**
 * Records that the record `id` of `event` was emitted at `now`; drops records older than
 * `REPEAT_WINDOW_MS` and keeps the newest `RECORD_MEMORY`.
 */
export function rememberRecord(staticData: IDataObject, event: string, id: string, now: number): void {
	const records = emittedRecords(staticData, event);
	records[id] = Math.floor(now / MINUTE_MS);
	const kept = Object.entries(records)
		.filter(([, minute]) => now - minute * MINUTE_MS < REPEAT_WINDOW_MS)
		.sort((a, b) => a[1] - b[1])
		.slice(-RECORD_MEMORY);
	const all = staticData.emittedRecords;
	const byEvent = typeof all === 'object' && all !== null && !Array.isArray(all) ? (all as IDataObject) : {};
	staticData.emittedRecords = { ...byEvent, [event]: Object.fromEntries(kept) };
}
