/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- benchmark worker (Node process, the plain-JS sandbox) */
/**
 * Trigger part of the bench (issue 6): idle poll (requests, time), a burst of 1,000 new orders
 * (requests, time), cursor (static data) size in bytes after 10,000 records.
 *
 * It runs only when the polling trigger exists (nodes/ContentPlatformTrigger, compiled into
 * .bench-tmp by bench/run.js); until then the job answers `{ status: 'pending' }` and the
 * results table says so.
 */
import * as path from 'node:path';

import type { Sandbox } from '../test/sandbox';
import { TriggerRunner } from '../test/trigger/pollHarness';

/** The plain-JS sandbox, loaded from the source tree (it is not compiled into .bench-tmp). */
const { createSandbox } = require(path.resolve(__dirname, '../../test/sandbox')) as {
	createSandbox: () => Promise<Sandbox>;
};

/** The trigger job as bench/main.ts sends it. */
export interface TriggerJob {
	kind: 'trigger';
	burst: number;
	cursorRecords: number;
}

/** What the trigger part reports. */
export type TriggerResult =
	| { status: 'pending'; reason: string }
	| {
			status: 'measured';
			idle: { requests: number; ms: number };
			burst: { records: number; requests: number; ms: number; items: number };
			cursor: { records: number; bytes: number; json: string };
	  };

/**
 * Drives the trigger's poll() through n8n-core's PollContext (test/trigger/pollHarness.ts) on the
 * New Order event: median of 5 idle polls, a burst of `job.burst` new orders, and the cursor size
 * after `job.cursorRecords` orders were emitted in bursts of 500.
 */
export async function benchTrigger(job: TriggerJob): Promise<TriggerResult> {
	const sandbox = await createSandbox();
	try {
		const runner = new TriggerRunner(
			{ event: 'newOrder' },
			{ contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token } },
		);
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
		return {
			status: 'measured',
			idle: { requests: idleRequests, ms: idleMs[2] },
			burst: { records: job.burst, requests: burstRequests, ms: burstMs, items: burst.items?.length ?? 0 },
			cursor: { records: emitted, bytes: Buffer.byteLength(json), json },
		};
	} finally {
		await sandbox.close();
	}
}
