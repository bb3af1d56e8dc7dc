/**
 * What the trigger does on n8n's durable poll path, where the node's static data is a staged copy
 * of its row in n8n's `poller_state` table (n8n 2.x with N8N_POLLER_DURABLE_CURSORS_ENABLED and the
 * durable scheduler): telling that path apart (`isStagedCopy`), keeping the baseline of the
 * activation poll (which n8n does not commit) in the workflow's global static data, which n8n saves
 * after activation (`saveActivationBaseline`, `activationBaseline`), and keeping two polls of one
 * trigger that start from the same position from both emitting (`claimStagedPoll`). On n8n's
 * default path none of this runs. How n8n's durable path works: docs/polling-trigger.md
 * "n8n's durable poll path".
 * Functions over plain data, the clock passed in; one store for the process (`claims`, at most
 * `MAX_CLAIMS` triggers): docs/development.md "State that outlives one call".
 */

/**
 * Whether the node's static data is a staged copy (n8n's durable poll cursors) rather than the
 * workflow's own static data. n8n makes the workflow's static data change-tracked (n8n-workflow's
 * ObservableObject, which gives every object in it a non-enumerable `__dataChanged` flag) and saves
 * it with the workflow; the durable path hands each poll a plain deep copy of its `poller_state`
 * row instead, committed with the execution the poll starts (or alone when a scheduled poll returns
 * nothing) and dropped when the activation poll returns nothing.
 * @param nodeStaticData what `getWorkflowStaticData('node')` returned for this poll.
 */
export function isStagedCopy(nodeStaticData: object): boolean {
	return !('__dataChanged' in nodeStaticData);
}

/** The key of the trigger's entries in the workflow's global static data. */
export const GLOBAL_KEY = 'contentPlatformTrigger';

/**
 * What the global static data keeps of one trigger's activation poll: its stored cursor, its start
 * (API's clock, ms), and the position its copy started from (`positionOf`): the baseline stands in
 * for that copy only while the row still holds that position (no poll has been committed since).
 */
export interface ActivationBaseline {
	cursor: Record<string, unknown>;
	polledAt: number;
	from: string;
}

/**
 * Keeps the baseline a poll just took (the stored cursor, the poll's start) in the workflow's global
 * static data under `GLOBAL_KEY` → `nodeId`. n8n saves the global static data after activating a
 * workflow and with every execution a poll starts; the staged copy of the activation poll is not
 * committed, so without this the first scheduled poll would take a baseline of its own over the
 * records created in between.
 */
export function saveActivationBaseline(
	globalStaticData: Record<string, unknown>,
	nodeId: string,
	baseline: ActivationBaseline,
): void {
	const held = globalStaticData[GLOBAL_KEY];
	const entries = held && typeof held === 'object' && !Array.isArray(held) ? (held as Record<string, unknown>) : {};
	globalStaticData[GLOBAL_KEY] = {
		...entries,
		[nodeId]: { cursor: baseline.cursor, polledAt: baseline.polledAt, from: baseline.from },
	};
}

/**
 * The activation baseline kept for `nodeId` (see `saveActivationBaseline`) taken from the position
 * `from`, or undefined when there is none, it is not readable, or it was taken from another
 * position (a poll has been committed since: an old baseline must not replay what came after it).
 * The caller reads its cursor with `readCursor`, which checks its key.
 */
export function activationBaseline(
	globalStaticData: Record<string, unknown>,
	nodeId: string,
	from: string,
): ActivationBaseline | undefined {
	const held = globalStaticData[GLOBAL_KEY];
	if (!held || typeof held !== 'object' || Array.isArray(held)) return undefined;
	const entry = (held as Record<string, unknown>)[nodeId] as Partial<ActivationBaseline> | undefined;
	if (!entry || typeof entry !== 'object' || !entry.cursor || typeof entry.cursor !== 'object') return undefined;
	if (typeof entry.polledAt !== 'number' || !Number.isFinite(entry.polledAt)) return undefined;
	if (entry.from !== from) return undefined;
	return { cursor: entry.cursor, polledAt: entry.polledAt, from };
}

/**
 * How long after a poll emitted another poll starting from the position that poll started from is
 * taken for a stale copy and skipped: 20 s. n8n reads a scheduled poll's copy when its task starts,
 * a few milliseconds before the poll itself; a task that started before the previous poll's commit
 * landed (two tasks after a restart) enters the poll within that time. A copy from that position
 * that really is current (n8n abandoned or could not commit the previous poll) is only delayed.
 */
export const STALE_MS = 20_000;

/** The most triggers `claims` keeps; past it the one claimed longest ago is forgotten. */
export const MAX_CLAIMS = 1000;

/** One trigger's claim: the poll running now (until when it holds), the last poll that emitted. */
interface Claim {
	runningUntil?: number;
	emitted?: { from: string; at: number };
}

/** The claims of this process, by trigger (workflow ID and node ID), oldest claimed first. */
const claims = new Map<string, Claim>();

/** The position a poll starts from, as one string (the stored cursor and the previous poll's start). */
export function positionOf(nodeStaticData: Record<string, unknown>): string {
	return JSON.stringify([nodeStaticData.cursor ?? null, nodeStaticData.polledAt ?? null]);
}

/**
 * Claims the next poll of `trigger` in this process, starting from `from` (`positionOf`).
 * On the durable path every poll has its own copy of the static data, so the lease in it cannot
 * keep two polls apart: after a restart n8n can run two polls of one trigger a few milliseconds
 * apart from the same position, and both would emit the same records.
 * @param until ms since the epoch until which the claim holds even if its poll never ends.
 * @returns a function to call when the poll has ended (`emitted`: it returned records), or
 *   undefined when another poll of the trigger runs now, or one emitted less than `STALE_MS` ago
 *   starting from `from` (this poll's copy was read before n8n committed that poll's position).
 */
export function claimStagedPoll(
	trigger: string,
	from: string,
	now: number,
	until: number,
): ((emitted: boolean, at: number) => void) | undefined {
	const claim = claims.get(trigger) ?? {};
	if (claim.runningUntil !== undefined && claim.runningUntil > now) return undefined;
	if (claim.emitted && claim.emitted.from === from && now - claim.emitted.at < STALE_MS) return undefined;
	claim.runningUntil = until;
	claims.delete(trigger);
	claims.set(trigger, claim);
	if (claims.size > MAX_CLAIMS) claims.delete(claims.keys().next().value as string);
	return (emitted, at) => {
		if (claim.runningUntil === until) claim.runningUntil = undefined;
		if (emitted) claim.emitted = { from, at };
	};
}
