/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- benchmark worker (Node process, the plain-JS sandbox) */
/**
 * Trigger part of the bench (issue 6): idle poll (requests, time), a burst of 1,000 new orders
 * (requests, time), cursor (static data) size in bytes after 10,000 records; per event (issue 22):
 * idle requests, a burst of 1,000, the cursor after it, the same burst with the API's clock 10 min
 * ahead (emitted, repeated), and New Transaction's idle cost by the day's transactions.
 *
 * It runs only when the polling trigger exists (nodes/ContentPlatformTrigger, compiled into
 * .bench-tmp by bench/run.js); until then the job answers `{ status: 'pending' }` and the
 * results table says so.
 */
import * as path from 'node:path';

import type { Sandbox } from '../test/sandbox';
import { EVENT_TYPES } from '../test/trigger/events';
import { TriggerRunner } from '../test/trigger/pollHarness';

/** The plain-JS sandbox, loaded from the source tree (it is not compiled into .bench-tmp). */
const { createSandbox } = require(path.resolve(__dirname, '../../test/sandbox')) as {
	createSandbox: (options?: { seed?: boolean }) => Promise<Sandbox>;
};

/** The trigger job as bench/main.ts sends it. */
export interface TriggerJob {
	kind: 'trigger';
	burst: number;
	cursorRecords: number;
}

/** Per event (issue 22): idle requests, a burst, the cursor, and a burst with the API's clock 10 min ahead. */
export interface EventFigures {
	event: string;
	/** Requests of an idle poll (median of 3) with the seeded list. */
	idleRequests: number;
	/** A burst of `burst.records` new records in one poll. */
	burst: { records: number; requests: number; items: number };
	/** Static data after that burst (bytes of JSON). */
	cursorBytes: number;
	/** The API's clock 10 min ahead of n8n's: a burst of `skew.records`, then 3 idle polls. */
	skew: { records: number; emitted: number; repeated: number; idleItems: number };
}

/** What the trigger part reports. */
export type TriggerResult =
	| { status: 'pending'; reason: string }
	| {
			status: 'measured';
			idle: { requests: number; ms: number };
			burst: { records: number; requests: number; ms: number; items: number };
			cursor: { records: number; bytes: number; json: string };
			events: EventFigures[];
			/** New Transaction: requests of an idle poll by the transactions dated since midnight (UTC) of the day before. */
			transactions: Array<{ sinceYesterday: number; idleRequests: number }>;
	  };

const credentials = (sandbox: Sandbox) => ({
	contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token },
});

const listRequests = (sandbox: Sandbox) => sandbox.requests.filter((r) => r.rawPath.startsWith('/v1/')).length;

/** One event's figures, each part in a fresh sandbox (seeded). */
async function eventFigures(event: string, type: string, burst: number): Promise<EventFigures> {
	const sandbox = await createSandbox();
	let figures: Omit<EventFigures, 'skew'>;
	try {
		const runner = new TriggerRunner({ event }, credentials(sandbox));
		await runner.poll();
		const idle: number[] = [];
		for (let i = 0; i < 3; i++) {
			sandbox.clearRequests();
			await runner.poll();
			idle.push(listRequests(sandbox));
		}
		idle.sort((a, b) => a - b);
		sandbox.insertMany(type, burst);
		sandbox.clearRequests();
		const result = await runner.poll();
		figures = {
			event,
			idleRequests: idle[1],
			burst: { records: burst, requests: listRequests(sandbox), items: result.items?.length ?? 0 },
			cursorBytes: runner.staticDataBytes,
		};
	} finally {
		await sandbox.close();
	}
	const skewed = await createSandbox();
	try {
		skewed.adversity.clockOffsetMs = 600_000;
		const runner = new TriggerRunner({ event }, credentials(skewed));
		await runner.poll();
		const ids = skewed.insertMany(type, burst).map((r) => r.id);
		const counts = new Map<string, number>();
		const first = await runner.poll();
		for (const item of first.items ?? []) counts.set(String(item.id), (counts.get(String(item.id)) ?? 0) + 1);
		let idleItems = 0;
		for (let i = 0; i < 3; i++) {
			const idle = await runner.poll();
			idleItems += idle.items?.length ?? 0;
			for (const item of idle.items ?? []) counts.set(String(item.id), (counts.get(String(item.id)) ?? 0) + 1);
		}
		return {
			...figures,
			skew: {
				records: ids.length,
				emitted: ids.filter((id) => counts.has(id)).length,
				repeated: [...counts.values()].reduce((sum, n) => sum + n - 1, 0),
				idleItems,
			},
		};
	} finally {
		await skewed.close();
	}
}

/** New Transaction's idle poll by the number of transactions dated since midnight (UTC) of the day before. */
async function transactionCost(counts: number[]): Promise<Array<{ sinceYesterday: number; idleRequests: number }>> {
	const out: Array<{ sinceYesterday: number; idleRequests: number }> = [];
	for (const n of counts) {
		const sandbox = await createSandbox({ seed: false });
		try {
			// Spread over the day before and today, up to now.
			const now = Date.now();
			const start = Date.parse(new Date(now - 86_400_000).toISOString().slice(0, 10));
			for (let i = 0; i < n; i++)
				sandbox.insert('transactions', {}, {}, { created_at: new Date(start + ((now - start) * i) / n).toISOString() });
			const runner = new TriggerRunner({ event: 'newTransaction' }, credentials(sandbox));
			await runner.poll();
			await runner.poll();
			sandbox.clearRequests();
			await runner.poll();
			out.push({ sinceYesterday: n, idleRequests: listRequests(sandbox) });
		} finally {
			await sandbox.close();
		}
	}
	return out;
}

/**
 * Drives the trigger's poll() through n8n-core's PollContext (test/trigger/pollHarness.ts) on the
 * New Order event: median of 5 idle polls, a burst of `job.burst` new orders, and the cursor size
 * after `job.cursorRecords` orders were emitted in bursts of 500; then per event (`EVENT_TYPES`) the
 * figures of `eventFigures`, and New Transaction's idle cost by the day's transactions.
 */
export async function benchTrigger(job: TriggerJob): Promise<TriggerResult> {
	const sandbox = await createSandbox();
	try {
		const runner = new TriggerRunner({ event: 'newOrder' }, credentials(sandbox));
		await runner.poll();
		const idleMs: number[] = [];
		let idleRequests = 0;
		for (let i = 0; i < 5; i++) {
			sandbox.clearRequests();
			const started = performance.now();
			await runner.poll();
			idleMs.push(performance.now() - started);
			idleRequests = sandbox.requests.length;
		}
		idleMs.sort((a, b) => a - b);

		sandbox.insertMany('orders', job.burst);
		sandbox.clearRequests();
		const started = performance.now();
		const burst = await runner.poll();
		const burstMs = performance.now() - started;
		const burstRequests = sandbox.requests.length;

		let emitted = burst.items?.length ?? 0;
		while (emitted < job.cursorRecords) {
			sandbox.insertMany('orders', Math.min(500, job.cursorRecords - emitted));
			emitted += (await runner.poll()).items?.length ?? 0;
		}
		const json = JSON.stringify(runner.staticData);
		const events: EventFigures[] = [];
		for (const [event, type] of EVENT_TYPES) events.push(await eventFigures(event, type, job.burst));
		return {
			status: 'measured',
			idle: { requests: idleRequests, ms: idleMs[2] },
			burst: { records: job.burst, requests: burstRequests, ms: burstMs, items: burst.items?.length ?? 0 },
			cursor: { records: emitted, bytes: Buffer.byteLength(json), json },
			events,
			transactions: await transactionCost([0, 50, 100, 230, 500, 1000, 2000]),
		};
	} finally {
		await sandbox.close();
	}
}
