/**
 * The lease that keeps two polls of one trigger from running at once, apart from n8n: taken,
 * checked and given back in the node's static data (`takeLease`, `holdsLease`, `releaseLease`),
 * and the running poll of each trigger in this process (`asRunningPoll`, `waitForRunningPoll`);
 * runPoll.ts runs the poll inside it. Functions over plain data, the clock passed in, and two values
 * kept for the process: the lease counter (`leaseCounter`, one number) and the running poll of each
 * trigger (`running`, a WeakMap keyed by its static data: an entry lives while its poll runs); see
 * docs/development.md "State that outlives one call".
 */

/**
 * The lease in the node's static data. n8n starts each poll time without waiting for the previous
 * poll, and all polls of one trigger share one static data object: a poll takes the lease
 * (synchronously, so no other poll can slip in between the check and the write), and a poll that
 * finds a live lease of another poll returns without reading anything.
 */
export interface Lease {
	/** This poll's own ID. */
	id: string;
	/** The ID of the n8n process (module load) that took it: after a restart an old lease is void. */
	process: string;
	/** Until when (ms since the epoch) the lease holds, even if its poll never ends. */
	until: number;
}

/** The ID of this process (this module's load); a lease of another process is left over from a restart. */
export const PROCESS_ID = Math.random().toString(36).slice(2, 10);

/** How many leases this process has taken: the lease IDs' sequence number (one number for the process). */
let leaseCounter = 0;

/**
 * Takes the lease in `staticData.lease` for `ms` from `now`.
 * @returns the lease ID, or undefined when another poll of this process holds a live lease.
 */
export function takeLease(
	staticData: Record<string, unknown>,
	now: number,
	ms: number,
	processId = PROCESS_ID,
): string | undefined {
	const held = staticData.lease as Partial<Lease> | undefined;
	if (
		held &&
		typeof held === 'object' &&
		held.process === processId &&
		typeof held.until === 'number' &&
		held.until > now
	)
		return undefined;
	const id = `${processId}-${++leaseCounter}`;
	staticData.lease = { id, process: processId, until: now + ms } satisfies Lease;
	return id;
}

/** Whether the lease `id` is still the one in static data. */
export function holdsLease(staticData: Record<string, unknown>, id: string): boolean {
	return (staticData.lease as Partial<Lease> | undefined)?.id === id;
}

/** Gives the lease `id` back (no-op when another poll took it over). */
export function releaseLease(staticData: Record<string, unknown>, id: string): void {
	if (holdsLease(staticData, id)) delete staticData.lease;
}

/** The running poll of each trigger (by its static data object), for the polls that find its lease. */
const running = new WeakMap<object, Promise<unknown>>();

/**
 * Runs `work` as the poll holding the lease of `staticData`; `waitForRunningPoll` waits for it.
 * (n8n 2.41 gives all polls of a workflow one expression isolate and frees it when any of them
 * ends: a poll that returned at once while another ran left that one failing with "No bridge
 * acquired for this context".)
 */
export async function asRunningPoll<T>(staticData: object, work: () => Promise<T>): Promise<T> {
	const promise = work();
	running.set(staticData, promise);
	try {
		return await promise;
	} finally {
		if (running.get(staticData) === promise) running.delete(staticData);
	}
}

/** Waits until the poll running for `staticData` (if any, in this process) has ended, however it ended. */
export async function waitForRunningPoll(staticData: object): Promise<void> {
	await running.get(staticData)?.catch(() => undefined);
}
