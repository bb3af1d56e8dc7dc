/**
 * The page scheduler of Get Many (`schedulePages`): numbered pages requested up to "Request Settings →
 * Parallel Page Requests" at once (`parallelPagesOf`, docs/parallel-pages.md) and handed back in
 * page order. It knows nothing of JSON:API or of n8n's routing: the page reader (`readEachPage`,
 * pages.ts) gives it how to send one page, whether its answer asks to slow down, and what to do
 * with a page's answer.
 */
import type { IExecutePaginationFunctions } from 'n8n-workflow';

import { throttleRetryWait, waitUnlessCancelled } from '../../api/transport/throttle';

/** How one page's request or check ended: its result, or the error it failed with (not thrown: the scheduler orders failures by page). */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Runs `work` and gives how it ended (`Outcome`) instead of throwing. */
async function outcomeOf<T>(work: () => Promise<T>): Promise<Outcome<T>> {
	try {
		return { ok: true, value: await work() };
	} catch (error) {
		return { ok: false, error };
	}
}

/**
 * The node's "Request Settings → Parallel Page Requests" (1 … `MAX_PARALLEL_PAGES`, default
 * `DEFAULT_PARALLEL_PAGES`): how many pages of a Get Many are requested at once after the first.
 */
export function parallelPagesOf(context: IExecutePaginationFunctions): number {
	const value = Number(context.getNodeParameter('requestSettings.parallelPages', DEFAULT_PARALLEL_PAGES));
	if (!Number.isFinite(value)) return DEFAULT_PARALLEL_PAGES;
	return Math.min(MAX_PARALLEL_PAGES, Math.max(1, Math.floor(value)));
}

/**
 * Default of "Request Settings → Parallel Page Requests", chosen from the bench (bench/RESULTS.md,
 * "Parallel page requests"; the reason in docs/parallel-pages.md).
 */
export const DEFAULT_PARALLEL_PAGES = 4;

/** The most pages a Get Many requests at once (the option's maximum). */
export const MAX_PARALLEL_PAGES = 8;

/** What reading pages needs from its caller. `T` is one page's answer. */
export interface ParallelPagesOptions<T> {
	/** How many pages may be requested and not yet consumed at once after page 1 (≥ 1; 1 = one after the other). */
	width: number;
	/** Sends the request of page `page` (1-based) and gives its answer, whatever its status. */
	request: (page: number) => Promise<T>;
	/** The wait (ms) an answer asks for when it asks to slow down (a 429, a `Retry-After`), else undefined. */
	waitAsked: (answer: T) => number | undefined;
	/**
	 * Takes the answer of page `page`, in page order (one that still asks to slow down once the
	 * rule gave up, too: judging it words the refusal). `more`: whether a next page is to be read;
	 * `lastPage`: the last page that may be needed, when the page tells it (the Limit's last page, or
	 * the list's own: `meta.total_pages`, `links.last`); no page after it is requested ahead.
	 * May throw (a check that fails): the read stops with that error for this page.
	 */
	consume: (page: number, answer: T) => { more: boolean; lastPage?: number };
	/** Whether the execution was cancelled: waits end then (`request` itself refuses to send). */
	cancelled: () => boolean;
}

/** The first page, in page order, that failed (its request, its check, or the cancellation), and its error. */
export interface PageFailure {
	page: number;
	error: unknown;
}

/**
 * The page scheduler (`schedulePages`): numbered pages read concurrently, at most `width` at once, and
 * consumed in page order. `readEachPage` gives it how to send one page and what to do with a
 * page's answer; the scheduler decides which page is sent when.
 *
 * - Page 1 is sent alone. After it, up to `width` pages are requested and not yet consumed at any
 *   time (in flight or waiting for an earlier page), so at most `width − 1` pages are read past the
 *   end of a list that does not say where it ends, and pages are held in memory for at most
 *   `width` pages ahead.
 * - Results are consumed strictly in page order, so every check of a page sees exactly what a
 *   sequential read would have seen at that point; the first page that fails (or whose check
 *   fails) in page order stops the read with that page's error, as a sequential read would.
 * - The page being consumed is always sent when it was not yet (a sequential read's rule); pages
 *   ahead of it only up to the lowest last page `consume` has named so far (the Limit's last page,
 *   or the list's own last page once a page tells it).
 * - When an answer asks to slow down (`waitAsked` gives a wait: a 429, or a `Retry-After`), the
 *   package's rule for reads applies to that page, at any `width` (throttle.ts: sent again once
 *   after the wait, at most 60 s), and with `width` > 1 the rest of the read sends one page at a
 *   time (the pages already sent finish first).
 * - Waits end early once `cancelled()` says so (`request` sends nothing after that). Before it
 *   returns, it waits until every request it sent has settled (a request past the end is not left
 *   running; on a cancelled execution n8n's request helper aborts the ones in flight).
 * It throws nothing: the first page that failed is returned with its error.
 *
 * Reads pages 1, 2, … until `consume` says no page follows or a page fails.
 * @returns undefined when every page was read, else the first page in page order that failed.
 */
export async function schedulePages<T>(options: ParallelPagesOptions<T>): Promise<PageFailure | undefined> {
	const width = Math.max(1, Math.floor(options.width));
	/** Requested and not yet consumed pages, by number. */
	const pending = new Map<number, Promise<Outcome<T>>>();
	let throttled = false;
	let next = 1;
	let last = Number.POSITIVE_INFINITY;

	const send = (page: number): Promise<Outcome<T>> =>
		outcomeOf(async () => await options.request(page)).then((outcome) => {
			if (outcome.ok && options.waitAsked(outcome.value) !== undefined) throttled = true;
			return outcome;
		});
	const launch = (page: number) => {
		pending.set(page, send(page));
		next = Math.max(next, page + 1);
	};
	const settleAll = async () => {
		await Promise.all(pending.values());
	};
	try {
		for (let page = 1; ; page++) {
			if (!pending.has(page)) launch(page);
			if (page > 1) {
				while (!throttled && next <= last && pending.size < width) launch(next);
			}
			let outcome = await pending.get(page)!;
			pending.delete(page);
			for (let retries = 0; outcome.ok; retries++) {
				// Lists are read with GET: the package's rule for reads (throttle.ts).
				const ms = throttleRetryWait('GET', options.waitAsked(outcome.value), retries);
				if (ms === undefined) break;
				// one page at a time from here on: the pages already sent finish first
				await settleAll();
				await waitUnlessCancelled(ms, options.cancelled);
				outcome = await send(page);
			}
			if (!outcome.ok) return { page, error: outcome.error };
			const value = outcome.value;
			const verdict = await outcomeOf(async () => options.consume(page, value));
			if (!verdict.ok) return { page, error: verdict.error };
			if (verdict.value.lastPage !== undefined) last = Math.min(last, verdict.value.lastPage);
			if (!verdict.value.more) return undefined;
		}
	} finally {
		await settleAll();
	}
}
