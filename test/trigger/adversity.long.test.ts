/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test: process.env switches the report */
/**
 * Long randomized runs of the Content Platform Trigger against a hostile sandbox, one
 * per event and case, through n8n-core's real PollContext: bursts of several pages, many records
 * per instant, records inserted while a poll runs, injected failures (500, 429, reset, truncated
 * JSON), a restart between any two polls, and per case: ties reordered on every request, records
 * deleted between two requests of a poll, future-dated records, malformed `created_at`,
 * overlapping polls (a slow API, two polls of one trigger at once), a restart while a poll runs,
 * and the API's clock 10 minutes ahead of n8n's or behind it (records dated by the
 * API's clock, its `Date` header from it) with bursts of over 400 records and ties reordered.
 * Each run asserts the full set: every record inserted (and not deleted) emitted exactly once.
 *
 * Kept apart from the unit tests (`npm run test:unit` skips `*.long.test.ts`; `npm test` runs all).
 * `TRIGGER_REPORT=1` prints the lost / duplicated counts per event and case.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { accessTokenCredentials, useSandbox } from '../helpers/fixtures';
import type { Sandbox } from '../sandbox';
import { TriggerRunner, type PollResult } from './pollHarness';
import { prng, RANDOM_FAULTS } from './random';

interface EventCase {
	event: string;
	type: string;
	strategy: 'createdAt' | 'idOnly' | 'dateWindow';
}

const EVENTS: EventCase[] = [
	{ event: 'newOrder', type: 'orders', strategy: 'createdAt' },
	{ event: 'newTransaction', type: 'transactions', strategy: 'dateWindow' },
	{ event: 'newFormSubmission', type: 'form_submissions', strategy: 'idOnly' },
	{ event: 'newContact', type: 'contacts', strategy: 'createdAt' },
	{ event: 'newCustomer', type: 'customers', strategy: 'createdAt' },
	{ event: 'newOrderItem', type: 'order_items', strategy: 'createdAt' },
	{ event: 'newPurchase', type: 'purchases', strategy: 'createdAt' },
];

interface Case {
	name: string;
	shuffleTies?: boolean;
	deletions?: boolean;
	future?: boolean;
	malformed?: boolean;
	overlap?: boolean;
	restartDuring?: boolean;
	/** The API's clock minus n8n's (ms): sandbox `clockOffsetMs`; with it, bursts of over 400 records. */
	skewMs?: number;
}

const CASES: Case[] = [
	{ name: 'ties in a stable order' },
	{ name: 'ties reordered on every request', shuffleTies: true },
	{ name: 'deletions between pages', deletions: true, shuffleTies: true },
	{ name: 'future-dated records', future: true },
	{ name: 'malformed created_at', malformed: true },
	{ name: 'overlapping polls', overlap: true },
	{ name: 'restart during a poll', restartDuring: true },
	{ name: "API's clock 10 min ahead, bursts over 400, ties reordered", skewMs: 600_000, shuffleTies: true },
	{ name: "API's clock 10 min behind, bursts over 400, ties reordered", skewMs: -600_000, shuffleTies: true },
];

/** Largest tie group inserted: createdAt reads ties of up to 48 records per instant whole under any order; idOnly (ties invisible) up to 9. */
const MAX_TIE: Record<EventCase['strategy'], number> = { createdAt: 40, idOnly: 9, dateWindow: 40 };

const POLLS = 14;
const MAX_BURST = 260;

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

// The simulated clock: 2026-11-05 08:00 UTC of the seed's calendar (the seed moves to the day
// the sandbox starts; sandbox.seedDate moves this clock with it).
let nowMs = 0;
beforeEach(() => {
	nowMs = Date.parse(sandbox.seedDate('2026-11-05T08:00:00.000Z'));
	jest.spyOn(Date, 'now').mockImplementation(() => nowMs);
});
afterEach(() => jest.restoreAllMocks());

const MALFORMED: unknown[] = [null, 1767225600, 'not a date', undefined, ''];

/** Runs the changes of a list request's arrival (a fault whose match never applies). */
function onNthRequest(n: number, action: () => void): void {
	let count = 0;
	sandbox.failNext({
		match: (req) => {
			if (req.rawPath.startsWith('/v1/') && ++count === n) action();
			return false;
		},
	});
}

const report: Record<string, Record<string, string>> = {};
afterAll(() => {
	if (process.env.TRIGGER_REPORT)
		process.stdout.write(`Trigger adversity (lost/duplicated of records): ${JSON.stringify(report, null, 1)}\n`);
});

describe.each(EVENTS)('$event', (eventCase) => {
	test.each(CASES.map((c, i) => ({ ...c, seed: 1000 * (EVENTS.indexOf(eventCase) + 1) + i })))(
		'$name: every record emitted exactly once',
		async (options) => {
			const { event, type, strategy } = eventCase;
			const random = prng(options.seed);
			const int = (max: number) => Math.floor(random() * (max + 1));
			const trigger = new TriggerRunner({ event }, accessTokenCredentials(sandbox));
			// The simulated clock jumps by minutes while a poll runs (records created during it).
			trigger.budgetMs = 86_400_000;
			sandbox.adversity.shuffleTies = Boolean(options.shuffleTies);
			const skew = options.skewMs ?? 0;
			sandbox.adversity.clockOffsetMs = skew;
			await trigger.poll();
			const inserted: string[] = [];
			const emitted: string[] = [];
			let failures = 0;
			let skipped = 0;
			let clockMs = nowMs;
			const tick = (seconds: number) => {
				clockMs += seconds * 1000;
				nowMs = clockMs;
				return new Date(clockMs).toISOString();
			};
			const burst = (n: number) => {
				for (let i = 0; i < n; ) {
					const tie = Math.min(n - i, random() < 0.3 ? 2 + int(MAX_TIE[strategy] - 2) : 1);
					tick(1 + int(90));
					// Dated by the API's clock (n8n's clock + skew).
					const at = new Date(clockMs + skew).toISOString();
					for (let j = 0; j < tie; j++, i++) {
						const future = options.future && random() < 0.03;
						const createdAt = future ? new Date(clockMs + skew + (1 + int(72)) * 3_600_000).toISOString() : at;
						const record = sandbox.insert(type, {}, {}, { created_at: createdAt });
						if (options.malformed && strategy !== 'idOnly' && random() < 0.05)
							sandbox.adversity.createdAt[record.id] = MALFORMED[int(MALFORMED.length - 1)];
						inserted.push(record.id);
					}
				}
			};
			const collect = (result: PollResult, faulty: boolean) => {
				if (result.error) {
					failures++;
					if (!faulty) throw result.error;
					expect(result.error instanceof NodeApiError || result.error instanceof NodeOperationError).toBe(true);
				} else emitted.push(...(result.items ?? []).map((item) => String(item.id)));
			};

			for (let poll = 0; poll < POLLS; poll++) {
				burst(options.skewMs && random() < 0.4 ? 401 + int(200) : int(MAX_BURST));
				// Transactions: polls days apart, so the date window a poll reads holds a few bursts.
				tick(strategy === 'dateWindow' ? (30 + int(20)) * 3600 : random() < 0.5 ? int(60) : int(20 * 3600));
				if (random() < 0.3) trigger.restart();
				if (random() < 0.3) onNthRequest(1 + int(2), () => burst(1 + int(60)));
				sandbox.adversity.deleteBetweenPages = options.deletions && random() < 0.5 ? 1 + int(2) : 0;
				const faulty = random() < 0.15;
				if (faulty)
					sandbox.failNext({
						...RANDOM_FAULTS[int(RANDOM_FAULTS.length - 1)],
						match: (req) => req.rawPath.startsWith('/v1/') && random() < 0.5,
					});
				if (options.overlap && random() < 0.5) {
					// Two polls of one trigger at once on a slow API: one reads, the other finds the lease.
					sandbox.adversity.delayMs = 2;
					const results = await Promise.all([trigger.poll(), trigger.poll()]);
					sandbox.adversity.delayMs = 0;
					skipped += results.filter((r) => !r.error && r.items === null).length;
					for (const r of results) collect(r, faulty);
				} else if (options.restartDuring && random() < 0.4) {
					// n8n stops while a poll runs: that poll's items never reach a workflow; the new
					// process finds the old lease in static data and waits for it to expire (budget + 30 s).
					const crashed = trigger.poll();
					trigger.restart();
					await crashed;
					const during = await trigger.poll();
					expect(during).toEqual({ items: null });
					skipped++;
					tick(86_400 + 60);
				} else {
					collect(await trigger.poll(), faulty);
				}
				sandbox.clearFaults();
				sandbox.adversity.deleteBetweenPages = 0;
				if (process.env.TRIGGER_DEBUG) {
					const got = new Set(emitted);
					process.stdout.write(
						`poll ${poll}: inserted ${inserted.length}, emitted ${emitted.length}, missing ${inserted.filter((id) => !got.has(id)).length}, cursor ${JSON.stringify(trigger.staticData.cursor).slice(0, 300)}\n`,
					);
				}
			}
			for (let i = 0; i < 4; i++) {
				tick(600);
				collect(await trigger.poll(), false);
			}
			tick(600);
			expect(await trigger.poll()).toEqual({ items: null });

			const deleted = new Set(sandbox.adversity.deleted);
			const counts = new Map<string, number>();
			for (const id of emitted) counts.set(id, (counts.get(id) ?? 0) + 1);
			const lost = inserted.filter((id) => !deleted.has(id) && !counts.has(id));
			const duplicated = [...counts.values()].filter((n) => n > 1).length;
			const unknown = emitted.filter((id) => !inserted.includes(id));
			(report[event] ??= {})[options.name] =
				`${lost.length}/${duplicated} of ${inserted.length} (${failures} failed polls, ${skipped} skipped, ${deleted.size} deleted)`;
			expect({ lost, duplicated, unknown }).toEqual({ lost: [], duplicated: 0, unknown: [] });
			expect(inserted.length).toBeGreaterThanOrEqual(1000);
			if (options.overlap || options.restartDuring) expect(skipped).toBeGreaterThan(0);
			if (options.deletions) expect(deleted.size).toBeGreaterThan(0);
			expect(trigger.staticDataBytes).toBeLessThanOrEqual(8192);
		},
	);
});
