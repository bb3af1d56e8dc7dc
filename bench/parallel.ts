/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- benchmark worker (Node process, timers, the plain-JS sandbox) */
/**
 * Parallel page requests part of the bench (issue 28), run in a child process by bench/main.ts:
 *
 * - `parallel` job: the sandbox answers every `/v1` request after `latencyMs`
 *   (`adversity.delayMs`, a timer per request, so answers overlap as a real API's do); N contacts
 *   are read by Return All through n8n's engine with "Parallel Page Requests" k = each of `ks`,
 *   and by a raw sequential `fetch` loop, in rounds (every mode once per round, rotating order);
 *   wall time, requests, and the most requests the sandbox had in flight at once;
 * - `parallelMemory` job: one cold Return All (k given) against the same slow sandbox; peak RSS
 *   and heap growth (bench/memory.ts `sampledRead`).
 */
import { performance } from 'node:perf_hooks';
import * as path from 'node:path';

import { runNode } from '../test/helpers/harness';
import type { Sandbox } from '../test/sandbox';
import type { ConcurrencyMeter } from '../test/sandbox/concurrency';
import { gc, sampledRead } from './memory';

const PAGE_SIZE = 100;

const { meterConcurrency } = require(path.resolve(__dirname, '../../test/sandbox/concurrency')) as {
	meterConcurrency: (sandbox: Sandbox, counts?: (req: { url?: string }) => boolean) => ConcurrencyMeter;
};

/** A read: the engine with k parallel page requests, or the raw sequential fetch loop. */
export type ParallelMode = { engine: true; k: number } | { engine: false };

export interface ParallelJob {
	kind: 'parallel';
	n: number;
	latencyMs: number;
	/** The k values of the engine's modes (the raw loop always runs too). */
	ks: number[];
	rounds: number;
}

export interface ParallelMemoryJob {
	kind: 'parallelMemory';
	n: number;
	latencyMs: number;
	k: number;
}

export interface ParallelSample {
	/** 'raw' or 'k=<k>'. */
	mode: string;
	ms: number;
	requests: number;
	maxInFlight: number;
	round: number;
}

export const modeName = (mode: ParallelMode) => (mode.engine ? `k=${mode.k}` : 'raw');

async function readAll(sandbox: Sandbox, mode: ParallelMode): Promise<number> {
	if (!mode.engine) {
		let count = 0;
		const headers = { Accept: 'application/vnd.api+json', Authorization: `Bearer ${sandbox.token}` };
		for (let page = 1; ; page++) {
			const response = await fetch(`${sandbox.url}/v1/contacts?page%5Bnumber%5D=${page}&page%5Bsize%5D=${PAGE_SIZE}`, {
				headers,
			});
			if (response.status !== 200) throw new Error(`raw fetch: HTTP ${response.status} on page ${page}`);
			const data = (JSON.parse(await response.text()) as { data: unknown[] }).data;
			count += data.length;
			if (data.length < PAGE_SIZE) return count;
		}
	}
	const result = await runNode({
		parameters: {
			resource: 'contact',
			operation: 'getAll',
			returnAll: true,
			requestSettings: { parallelPages: mode.k },
		},
		credentials: { contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token } },
	});
	if (result.error) throw new Error(`engine k=${mode.k}: ${result.error.message}`);
	return result.items.length;
}

async function slowSandbox(n: number, latencyMs: number): Promise<{ sandbox: Sandbox; meter: ConcurrencyMeter }> {
	const { createSandbox } = require(path.resolve(__dirname, '../../test/sandbox')) as {
		createSandbox: () => Promise<Sandbox>;
	};
	const sandbox = await createSandbox();
	sandbox.clear('contacts');
	sandbox.insertMany('contacts', n);
	sandbox.adversity.delayMs = latencyMs;
	const meter = meterConcurrency(sandbox, (req) => (req.url ?? '').startsWith('/v1/contacts'));
	return { sandbox, meter };
}

/** The `parallel` job: rounds of every mode, rotating order, after one warm-up read of 1,000 contacts per mode. */
export async function benchParallel(job: ParallelJob): Promise<{ job: ParallelJob; samples: ParallelSample[] }> {
	const { sandbox, meter } = await slowSandbox(job.n, job.latencyMs);
	const modes: ParallelMode[] = [{ engine: false }, ...job.ks.map((k) => ({ engine: true as const, k }))];
	try {
		const warm = await slowSandbox(1000, 0);
		try {
			for (const mode of modes) await readAll(warm.sandbox, mode);
		} finally {
			await warm.sandbox.close();
		}
		const samples: ParallelSample[] = [];
		for (let round = 0; round < job.rounds; round++) {
			for (let i = 0; i < modes.length; i++) {
				const mode = modes[(round + i) % modes.length];
				gc();
				sandbox.clearRequests();
				meter.reset();
				const start = performance.now();
				const items = await readAll(sandbox, mode);
				const ms = performance.now() - start;
				if (items !== job.n) throw new Error(`${modeName(mode)}: read ${items} of ${job.n} contacts`);
				const requests = sandbox.requests.filter((r) => r.path === '/v1/contacts').length;
				samples.push({ mode: modeName(mode), ms, requests, maxInFlight: meter.max, round });
			}
		}
		return { job, samples };
	} finally {
		await sandbox.close();
	}
}

/** The `parallelMemory` job: one cold Return All with k pages in flight; RSS and heap sampled every 5 ms. */
export async function benchParallelMemory(job: ParallelMemoryJob) {
	const { sandbox } = await slowSandbox(job.n, job.latencyMs);
	try {
		const warmLatency = sandbox.adversity.delayMs;
		sandbox.adversity.delayMs = 0;
		sandbox.clear('contacts');
		sandbox.insertMany('contacts', 1000);
		await readAll(sandbox, { engine: true, k: job.k }); // loads lazily required modules
		sandbox.clear('contacts');
		sandbox.insertMany('contacts', job.n);
		sandbox.adversity.delayMs = warmLatency;
		return { job, ...(await sampledRead(async () => await readAll(sandbox, { engine: true, k: job.k }))) };
	} finally {
		await sandbox.close();
	}
}
