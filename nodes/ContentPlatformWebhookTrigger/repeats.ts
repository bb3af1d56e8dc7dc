/**
 * Repeated deliveries recognised from the node's static data: a delivery seen before (its key,
 * `deliveryKey`: event, ID and a fingerprint of its payload, among the recent ones) and a record of
 * a once-per-record event emitted within the repeat window (`recordEmittedAt`), each remembered
 * once emitted (`rememberDelivery`, `rememberRecord`).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Delivery } from './delivery';

/** How many delivery keys are kept to recognise repeated deliveries (static data stays a few KB). */
export const RECENT_DELIVERIES = 100;

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
