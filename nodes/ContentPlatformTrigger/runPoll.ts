/**
 * One poll of the trigger from start to end, apart from n8n: the lease, the time budget, the
 * cursor (read, recovered, checked, saved; the messages call it the trigger's position), the API's
 * clock, the scan and what is logged.
 * A function over plain inputs (static data, a page reader, a logger, the clock), so it runs
 * without n8n; the node (ContentPlatformTrigger.node.ts) only adds the requests and the items.
 */
import { apiTime, firstFallback } from './apiClock';
import { readCursor, storeCursor, type Cursor } from './cursorStorage';
import { CURSOR_VERSION, type PollRecord } from './cursorParts';
import { iso } from './storedValues';
import type { TriggerEvent } from './events';
import { asRunningPoll, holdsLease, releaseLease, takeLease, waitForRunningPoll } from './lease';
import { BudgetExceeded, notBefore, runScan } from './pollLimits';
import { ScanError, type PageRequest } from './strategies/types';
import { activationBaseline, claimStagedPoll, positionOf, saveActivationBaseline } from './stagedPoll';

/** The poll budget when n8n does not give one (n8n 1.x has no `getPollBudgetMs`): 5 minutes, n8n 2.x's default. */
export const DEFAULT_BUDGET_MS = 300_000;

/** Part of the budget left unused (the emitted items still have to reach n8n). */
const BUDGET_MARGIN = 0.1;

/** How long a lease outlives the poll's budget (a poll that never ends frees the trigger then). */
const LEASE_GRACE_MS = 30_000;

/** Where the poll's messages go (n8n's logger); `meta` names the event. */
export interface PollLog {
	info(message: string, meta: { event: string }): void;
	warn(message: string, meta?: { event: string }): void;
}

/** What one poll needs: all plain data and functions. */
export interface PollInputs {
	event: TriggerEvent;
	/** What the cursor is for (event and filters): a cursor saved for another key is a fresh start. */
	key: string;
	/** The node's static data (shared by all polls of the trigger; changed in place). */
	staticData: Record<string, unknown>;
	/** "Fetch Test Event": the newest record, no lease, the cursor neither read nor moved. */
	manual: boolean;
	/** n8n's clock (ms since the epoch): the lease and the budget. */
	now: () => number;
	/** The poll's time budget (ms), from n8n (`getPollBudgetMs`) or DEFAULT_BUDGET_MS. */
	budgetMs: number;
	/**
	 * Reads one page: its records and the answer's HTTP headers (the API's `Date`). `timeLeftMs`
	 * gives the time the poll has left (ms, to its deadline): a wait for a 429 must not outlast it.
	 */
	readPage: (
		request: PageRequest,
		timeLeftMs: () => number,
	) => Promise<{ records: PollRecord[]; headers: Record<string, unknown> }>;
	log: PollLog;
	/** Who logs the fallback to n8n's clock once (workflow ID and node name). */
	who: string;
	/**
	 * Called with the records about to be emitted, before the cursor is saved (New Transaction's
	 * Include Purchases reads each one back here): when it throws, the poll fails, nothing is
	 * emitted and the cursor does not move. `timeLeftMs` as for `readPage`.
	 */
	beforeEmit?: (records: PollRecord[], timeLeftMs: () => number) => Promise<void>;
	/**
	 * Set on n8n's durable poll path, where `staticData` is a staged copy of the trigger's row in
	 * n8n's `poller_state` (stagedPoll.ts `isStagedCopy`): the workflow's global static data (where
	 * the activation poll's baseline is kept), the node's ID, and the trigger's ID in this process
	 * (workflow ID and node ID: polls of one trigger starting from one position do not both emit).
	 */
	staged?: { global: Record<string, unknown>; nodeId: string; trigger: string };
}

/** A poll that failed with a message for the user (nothing emitted, the cursor did not move). */
export class PollFailure extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'PollFailure';
	}
}

/**
 * Runs one poll.
 * @returns the records to emit, oldest first (manual: the newest one), or null when there are
 *   none or another poll of the trigger was running. Throws `PollFailure` (the list could not be
 *   read consistently, the budget ran out, the cursor would exceed its limits) and whatever
 *   `readPage` throws.
 */
export async function runPoll(inputs: PollInputs): Promise<PollRecord[] | null> {
	const { event, key, staticData, manual, log } = inputs;
	const meta = { event: event.value };
	const started = inputs.now();
	const deadline = started + inputs.budgetMs * (1 - BUDGET_MARGIN);
	const timeLeftMs = () => Math.max(0, deadline - inputs.now());
	const staged = manual ? undefined : inputs.staged;
	// The position the poll starts from; before anything is written to the staged copy (a skipped poll must leave it as n8n gave it).
	const from = staged ? positionOf(staticData) : '';
	const release = staged
		? claimStagedPoll(staged.trigger, from, started, started + inputs.budgetMs + LEASE_GRACE_MS)
		: undefined;
	if (staged && !release) {
		log.info(
			"Content Platform Trigger: another poll of this trigger is running or has just emitted from the same saved position (n8n's durable poll path); this poll time is skipped",
			meta,
		);
		return null;
	}
	const lease = manual ? undefined : takeLease(staticData, started, inputs.budgetMs + LEASE_GRACE_MS);
	if (!manual && !lease) {
		release?.(false, inputs.now());
		log.info(
			'Content Platform Trigger: another poll of this trigger is still running; this poll time is skipped',
			meta,
		);
		await waitForRunningPoll(staticData);
		return null;
	}
	const run = async (): Promise<PollRecord[] | null> => {
		let cursor: Cursor | undefined;
		let previousPoll = staticData.polledAt;
		if (!manual) {
			const stored = readCursor(staticData.cursor, key, event.strategy.kind);
			if ('cursor' in stored) cursor = stored.cursor;
			else if (stored.problem === 'unreadable') cursor = recover(log, event.strategy.kind, key, staticData.polledAt);
			else if (staged) {
				// Durable path, no position committed yet: go on from the activation poll's baseline.
				const baseline = activationBaseline(staged.global, staged.nodeId, from);
				const kept = baseline && readCursor(baseline.cursor, key, event.strategy.kind);
				if (kept && 'cursor' in kept) {
					cursor = kept.cursor;
					previousPoll = baseline.polledAt;
				}
			}
		}
		const baselinePoll = !manual && cursor === undefined;
		// A backlog in progress (`resume`) was not read by the previous polls: no `notBefore` guard.
		const resuming = cursor !== undefined && cursor.resume !== undefined;
		// `now` becomes the API's time once the first answer is in (strategies read it after that).
		const clock = {
			now: started,
			notBefore: manual || !cursor || resuming ? Number.NEGATIVE_INFINITY : notBefore(previousPoll),
		};
		// The poll's time is the API's (apiClock.ts): from the first answer's `Date` header.
		let polledAt = started;
		let answers = 0;
		const readPage = async (request: PageRequest): Promise<PollRecord[]> => {
			const { records, headers } = await inputs.readPage(request, timeLeftMs);
			if (answers++ === 0) {
				const time = apiTime(headers);
				if (time) {
					clock.now = time.now;
					polledAt = time.at;
				} else if (firstFallback(inputs.who)) {
					log.warn(
						"Content Platform Trigger: the API's answers carry no readable Date header; the trigger uses n8n's clock instead (records dated by a server clock that is off may be emitted late or more than once)",
						meta,
					);
				}
			}
			return records;
		};
		const scan = event.strategy.start(cursor, clock);
		let complete = true;
		const failure = await runScan(scan, readPage, deadline, inputs.now).then(
			(result) => {
				complete = result.complete;
				return undefined;
			},
			(error: unknown) => error,
		);
		if (failure instanceof ScanError || failure instanceof BudgetExceeded) throw new PollFailure(failure.message);
		if (failure) throw failure;
		if (manual) {
			const newest = scan.newest();
			if (newest) await inputs.beforeEmit?.([newest], timeLeftMs);
			return newest ? [newest] : null;
		}
		const fresh = cursor ? scan.fresh() : [];
		if (scan.suppressed) {
			log.warn(
				`Content Platform Trigger: ${scan.suppressed} record(s) newer than the saved position but created over an hour before the previous poll were not emitted (the saved position was older than that poll)`,
				meta,
			);
		}
		if (!holdsLease(staticData, lease!)) return null;
		if (fresh.length) await inputs.beforeEmit?.(fresh, timeLeftMs);
		if (!holdsLease(staticData, lease!)) return null;
		const stored = storeCursor(scan.cursor(key));
		if (!('cursor' in readCursor(stored, key, event.strategy.kind))) {
			// Never save a cursor the next poll could not read (it would start over and emit again).
			throw new PollFailure(
				"The trigger's position after this poll would exceed its size limits (see the trigger guide). Nothing was emitted and the position did not move.",
			);
		}
		for (const warning of scan.warnings?.() ?? []) log.warn(`Content Platform Trigger: ${warning}`, meta);
		staticData.cursor = stored;
		if (!complete) {
			log.info(
				'Content Platform Trigger: more records than one poll can read within its time budget; the next poll continues where this one stopped',
				meta,
			);
			// Orders and the like emit nothing yet (oldest first, later); transactions emit what was read.
			return fresh.length ? fresh : null;
		}
		// `polledAt`: the start (API's clock) of the last poll that read everything new (not part of a backlog).
		if (!resuming) staticData.polledAt = polledAt;
		// Durable path: n8n drops the activation poll's copy when it returns nothing; the global static data stays.
		if (staged && baselinePoll)
			saveActivationBaseline(staged.global, staged.nodeId, { cursor: stored, polledAt, from });
		return fresh.length ? fresh : null;
	};
	let emitted = false;
	try {
		const records = manual ? await run() : await asRunningPoll(staticData, run);
		emitted = records !== null && records.length > 0;
		return records;
	} finally {
		if (lease) releaseLease(staticData, lease);
		release?.(emitted, inputs.now());
	}
}

/**
 * A stored cursor this package cannot read (garbage, or written by something else): logged, then
 * - `createdAt`, `dateWindow`: when the time of the previous successful poll is known, the poll
 *   goes on from that time (records created since are emitted; records dated at or after that
 *   poll's start that it had emitted are emitted again); otherwise a fresh baseline;
 * - `idOnly` (no timestamps): a fresh baseline (form submissions of the gap are not emitted).
 */
function recover(log: PollLog, kind: Cursor['kind'], key: string, polledAt: unknown): Cursor | undefined {
	const known = typeof polledAt === 'number' && Number.isFinite(polledAt) && kind !== 'idOnly';
	log.warn(
		known
			? `Content Platform Trigger: the saved position could not be read; emitting the records created after the previous successful poll (${iso(polledAt as number)})`
			: 'Content Platform Trigger: the saved position could not be read and the time of the previous poll is unknown; starting afresh from the newest records (records created since the last successful poll are not emitted)',
	);
	if (!known) return undefined;
	const watermark = iso(polledAt as number);
	if (kind === 'createdAt') return { v: CURSOR_VERSION, kind, key, watermark, ids: [], ahead: [], odd: [] };
	return { v: CURSOR_VERSION, kind: 'dateWindow', key, watermark, floor: watermark, ids: [], odd: [] };
}
