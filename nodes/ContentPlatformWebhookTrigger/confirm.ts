/**
 * The webhook trigger's confirming read: reads a delivered record back from the API by its ID
 * ("Confirm With API", Payment Succeeded's "Include Purchases") and, while the API does not know it
 * yet, reads it again after short waits before judging, within the time a sender waits for its
 * answer; gives what the delivery's answer is built from (`confirmed`, `unknown`, `failed`).
 *
 * Why read again: a platform may send the webhook a moment before its read side has the record
 * (read replicas, queues, caches), and the platform documents no retry policy for deliveries. A
 * record still unknown after the re-reads is not refused for good: the sender is asked to try again
 * (503 with `Retry-After`), so a real record the API can read later is emitted when delivered again.
 */
import { sleep, type IWebhookFunctions } from 'n8n-workflow';

import type { ResourceObject } from '../api/jsonapi';
import { fetchRecord } from './hooksApi';

/**
 * The timing of the confirming read, one table (milliseconds unless named otherwise). The unit tests
 * pass shorter waits through it (`test/webhook-trigger.test.ts`); the node never changes it.
 *
 * - `rereadWaitsMs`: the waits before each re-read of a record the API answers 404 for (or answers
 *   with another type): 0.5 s, 1 s, 1.5 s, so at most 4 reads over 3 s of waiting.
 * - `budgetMs`: the longest a delivery is held for the reads (4 s: the 3 s of waits leave 1 s for
 *   the reads themselves; with 0.5 s, 1 s and 2 s a forged purchase got 3 reads, not 4, in a
 *   real n8n 2.41.1 on a loaded 2-core machine: e2e/webhook.js, 2026-11-28), below the patience assumed of a sender: 5 s. That is an assumption: the platform documents no timeout; 5 s is the shortest of
 *   the common senders' documented ones that it stays under (Shopify 5 s, GitHub 10 s, Calendly 15 s).
 *   A re-read whose wait would end past it is not made (except the first re-read, always made:
 *   so 2 to 4 reads), and a read answered 429 waits its `Retry-After` only within what is left of
 *   it (else the read fails: `failed`).
 * - `retryAfterSeconds`: the `Retry-After` of the node's 503 answers (60 s).
 */
export const CONFIRM_TIMING: { rereadWaitsMs: number[]; budgetMs: number; retryAfterSeconds: number } = {
	rereadWaitsMs: [500, 1000, 1500],
	budgetMs: 4000,
	retryAfterSeconds: 60,
};

/**
 * The most reads one delivery costs while its record stays unknown (a forgery): 1 + the re-reads
 * (the fewest: 2, when the reads are slow enough to use up the budget).
 */
export function maxConfirmReads(): number {
	return 1 + CONFIRM_TIMING.rereadWaitsMs.length;
}

/**
 * How a confirming read ended:
 * - `confirmed`: the API's record (type and ID as delivered) and its `included` records;
 * - `unknown`: still 404 (or another type) after every re-read within the budget;
 * - `failed`: a read failed (5xx, a 429 beyond the budget or twice, a timeout, a connection error).
 * `reads` counts the record's reads (a read sent again after a 429 is one read).
 */
export type Confirmation =
	| { outcome: 'confirmed'; record: ResourceObject; included: ResourceObject[]; reads: number }
	| { outcome: 'unknown'; reads: number }
	| { outcome: 'failed'; error: Error; reads: number };

/**
 * Reads the record `type`/`id` back (`GET /v1/<type>/{id}`, with `?include=` when given), again
 * after each wait of `CONFIRM_TIMING.rereadWaitsMs` while the API does not know it, within
 * `CONFIRM_TIMING.budgetMs` (the first re-read always; waits with n8n's `sleep`).
 */
export async function confirmRecord(
	context: IWebhookFunctions,
	type: string,
	id: string,
	include?: string,
): Promise<Confirmation> {
	const { rereadWaitsMs, budgetMs } = CONFIRM_TIMING;
	const started = Date.now();
	const left = () => Math.max(0, budgetMs - (Date.now() - started));
	for (let reads = 1; ; reads++) {
		let found;
		try {
			found = await fetchRecord(context, type, id, include, left());
		} catch (error) {
			return { outcome: 'failed', error: error as Error, reads };
		}
		if (found && found.record.type === type) {
			return { outcome: 'confirmed', record: found.record, included: found.included, reads };
		}
		// The first re-read is always made: a first read slowed past the budget (an API or an n8n
		// under a burst) must not turn a record that is late by a moment into a 503.
		const wait = rereadWaitsMs[reads - 1];
		if (wait === undefined || (reads > 1 && wait > left())) return { outcome: 'unknown', reads };
		await sleep(wait);
	}
}
