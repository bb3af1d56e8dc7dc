/**
 * The webhook trigger's repeat memory shared by the deliveries one n8n process handles at once:
 * the delivery and record memory (`repeats.ts`) of each trigger node kept in the process, merged
 * with the workflow's static data at every delivery and copied back into it when one is emitted,
 * and the deliveries being confirmed right now (claims).
 *
 * Why: n8n reads a workflow's static data from its database when a delivery arrives and writes it
 * back, whole, when the delivery is answered (n8n 2.41 `LiveWebhooks.executeWebhook`,
 * `WorkflowStaticDataService.saveStaticData`). Deliveries that overlap (a burst, a delivery held by
 * the confirming read's re-reads) each start from the same copy, and the last one answered would
 * overwrite what the others remembered: a repeat of theirs would be emitted again. Here each
 * delivery judges against everything the process remembered, and each emitted delivery writes all
 * of it back. Two deliveries of the same event or record at once: the second is answered 503 (ask
 * again later) while the first is confirmed, so neither is lost and neither is emitted twice.
 * Limit: the process's memory is not shared with other processes (n8n's separate webhook processes
 * in queue mode); there the static data alone is the memory, as before.
 */
import type { IDataObject } from 'n8n-workflow';

import { RECENT_DELIVERIES } from './repeats';

/** What one trigger node remembers in the process (static data shape) and what it handles right now. */
export interface SharedMemory {
	/** `recentDeliveries` and `emittedRecords`, shaped as in the static data (`repeats.ts`). */
	data: IDataObject;
	/** The keys (delivery keys, `<event>/<record ID>`) of the deliveries being handled right now. */
	claimed: Set<string>;
}

/** How many trigger nodes (workflow, node, test or production URL) the process keeps a memory for. */
export const SHARED_MEMORIES = 1000;

const memories = new Map<string, SharedMemory>();

/**
 * The process's memory of one trigger node's production URL, by workflow ID and node ID. The least
 * recently used of more than {@link SHARED_MEMORIES} is dropped (its static data still holds what it
 * remembered).
 */
export function sharedMemory(workflowId: string, nodeId: string): SharedMemory {
	const key = `${workflowId}\u0000${nodeId}`;
	const found = memories.get(key) ?? { data: {}, claimed: new Set<string>() };
	memories.delete(key);
	memories.set(key, found);
	if (memories.size > SHARED_MEMORIES) memories.delete(memories.keys().next().value as string);
	return found;
}

/**
 * A memory of one delivery's own, for the editor's test URL: n8n gives each test delivery the static
 * data of the moment listening began and saves none of it, so a test delivery remembers nothing for
 * the next one (the same sample posted in two listening sessions is emitted both times, as before).
 */
export function ownMemory(): SharedMemory {
	return { data: {}, claimed: new Set<string>() };
}

const stringsOf = (value: unknown): string[] =>
	Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

const objectOf = (value: unknown): IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as IDataObject) : {};

/**
 * Adds what the static data remembers to the shared memory: delivery keys it lacks (as older than
 * its own, the newest {@link RECENT_DELIVERIES} kept) and, per event, each record at the later of
 * the two minutes it was emitted (the record memory's window and cap apply when a record is next
 * remembered: `rememberRecord`).
 */
export function mergeStaticData(memory: SharedMemory, staticData: IDataObject): void {
	const own = stringsOf(memory.data.recentDeliveries);
	const known = new Set(own);
	const older = stringsOf(staticData.recentDeliveries).filter((key) => !known.has(key));
	memory.data.recentDeliveries = [...older, ...own].slice(-RECENT_DELIVERIES);
	const records: IDataObject = { ...objectOf(memory.data.emittedRecords) };
	for (const [event, stored] of Object.entries(objectOf(staticData.emittedRecords))) {
		const merged: IDataObject = { ...objectOf(records[event]) };
		for (const [id, minute] of Object.entries(objectOf(stored))) {
			const mine = merged[id];
			if (typeof minute === 'number' && !(typeof mine === 'number' && mine >= minute)) merged[id] = minute;
		}
		records[event] = merged;
	}
	if (Object.keys(records).length > 0) memory.data.emittedRecords = records;
}

/** Writes the shared memory into the static data (n8n saves it when the delivery is answered). */
export function copyToStaticData(memory: SharedMemory, staticData: IDataObject): void {
	staticData.recentDeliveries = [...stringsOf(memory.data.recentDeliveries)];
	if (memory.data.emittedRecords !== undefined) {
		staticData.emittedRecords = JSON.parse(JSON.stringify(memory.data.emittedRecords)) as IDataObject;
	}
}

/**
 * Writes the shared memory into the static data when the static data lacks something it holds (a
 * delivery key, or a record at its minute): n8n writes each delivery's copy back in the order the
 * saves reach its database, so an earlier copy can land after a later one and drop what the later
 * one remembered (measured once in n8n 1.123.81, e2e/webhook.js: 1 of 50 records lost over a
 * restart). Any later delivery, repeat or not, writes it whole again.
 * @returns whether the static data was written.
 */
export function repairStaticData(memory: SharedMemory, staticData: IDataObject): boolean {
	const stored = new Set(stringsOf(staticData.recentDeliveries));
	const storedRecords = objectOf(staticData.emittedRecords);
	const lacksKey = stringsOf(memory.data.recentDeliveries).some((key) => !stored.has(key));
	const lacksRecord = Object.entries(objectOf(memory.data.emittedRecords)).some(([event, records]) =>
		Object.entries(objectOf(records)).some(([id, minute]) => objectOf(storedRecords[event])[id] !== minute),
	);
	if (!lacksKey && !lacksRecord) return false;
	copyToStaticData(memory, staticData);
	return true;
}

/**
 * Claims `keys` for one delivery while it is handled.
 * @returns false (nothing claimed) when another delivery holds one of them.
 */
export function claim(memory: SharedMemory, keys: string[]): boolean {
	if (keys.some((key) => memory.claimed.has(key))) return false;
	for (const key of keys) memory.claimed.add(key);
	return true;
}

/** Gives back the keys of {@link claim}. */
export function release(memory: SharedMemory, keys: string[]): void {
	for (const key of keys) memory.claimed.delete(key);
}
