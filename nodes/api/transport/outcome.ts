/**
 * How a piece of work ended (a request, a page's check), as a value: its result or the error it
 * failed with (`Outcome`, made by `outcomeOf`), for callers that word or order failures themselves
 * (the 429 rule, throttle.ts; the page scheduler, pageScheduler.ts).
 */

/** How a piece of work ended (a request, a page's check): its result, or the error it failed with (not thrown: the caller words it). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Runs `work` and gives how it ended (`Outcome`) instead of throwing. */
export async function outcomeOf<T>(work: () => Promise<T>): Promise<Outcome<T>> {
	try {
		return { ok: true, value: await work() };
	} catch (error) {
		return { ok: false, error };
	}
}
