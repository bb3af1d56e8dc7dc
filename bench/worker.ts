/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- benchmark worker (Node process, timers, child-process protocol, the plain-JS sandbox) */
/**
 * One benchmark job, run in its own child process by bench/main.ts:
 * `node --expose-gc .bench-tmp/bench/worker.js '<job JSON>'` → prints one line `RESULT <JSON>`.
 *
 * Every job starts its own sandbox API (test/sandbox, in this process, on 127.0.0.1), fills it with
 * `insertMany('contacts', N)` after `clear('contacts')`, and drives either
 * - the engine: the Content Platform node through n8n-core's WorkflowExecute (test/helpers/harness.ts
 *   `runNode`, resource contact, operation getAll), or
 * - raw: a plain `fetch` loop over the same pages (page[size]=100, the engine's headers, JSON.parse,
 *   collect `data`, stop on a short page: the same stop rule as the node's page reader `readGetMany`).
 *
 * Jobs: `timing` (warm-up, then rounds of every mode in rotating order; wall time, requests,
 * time spent inside the sandbox's request handler), `memory` (one cold run of one mode; RSS before
 * and sampled peak), `counts` (request counts of Limit and Return All cases), `trigger` (see trigger.ts).
 */
import { performance } from 'node:perf_hooks';
import * as path from 'node:path';

import { runNode } from '../test/helpers/harness';
import type { Sandbox } from '../test/sandbox';
import { gc, sampledRead } from './memory';
import { benchParallel, benchParallelMemory, type ParallelJob, type ParallelMemoryJob } from './parallel';
import { benchTrigger, type TriggerJob } from './trigger';

/** The sandbox module (plain JS in test/sandbox), loaded from the source tree, not from the build folder. */
export function loadSandbox(): { createSandbox: (options?: { seed?: boolean }) => Promise<Sandbox> } {
	return require(path.resolve(__dirname, '../../test/sandbox')) as {
		createSandbox: (options?: { seed?: boolean }) => Promise<Sandbox>;
	};
}

/** How the N contacts are read. */
export type Mode = 'engineSimple' | 'engineRaw' | 'fetch';

export const MODES: Mode[] = ['engineSimple', 'engineRaw', 'fetch'];

/** One measured read. `ms` wall time; `serverMs` time inside the sandbox's handler (same thread). */
export interface RunSample {
	mode: Mode;
	ms: number;
	serverMs: number;
	requests: number;
	items: number;
}

export type Job =
	| { kind: 'timing'; n: number; rounds: number; warmupItems: number }
	| { kind: 'memory'; n: number; mode: Mode }
	| { kind: 'counts' }
	| TriggerJob
	| ParallelJob
	| ParallelMemoryJob;

const PAGE_SIZE = 100;

/** Headers the engine sends on a Get Many page (n8n's own User-Agent etc. aside). */
function rawHeaders(sandbox: Sandbox): Record<string, string> {
	return { Accept: 'application/vnd.api+json', Authorization: `Bearer ${sandbox.token}` };
}

/**
 * Wraps the sandbox's request listener to add up the time each request spends from arrival to the
 * end of its answer. Since client and server share this thread and requests are sequential, the
 * sum is the server's share of a run's wall time.
 */
function meterServer(sandbox: Sandbox): { reset(): void; ms(): number } {
	let total = 0;
	const server = sandbox.server;
	const listeners = server.listeners('request') as Array<(req: unknown, res: unknown) => void>;
	server.removeAllListeners('request');
	server.on('request', (req, res) => {
		const start = performance.now();
		res.on('finish', () => (total += performance.now() - start));
		for (const listener of listeners) listener.call(server, req, res);
	});
	return { reset: () => (total = 0), ms: () => total };
}

/** Starts a sandbox (seeded: 2 sites etc.) holding exactly `n` contacts. */
export async function sandboxWithContacts(n: number): Promise<Sandbox> {
	const sandbox = await loadSandbox().createSandbox();
	sandbox.clear('contacts');
	sandbox.insertMany('contacts', n);
	return sandbox;
}

function credentials(sandbox: Sandbox) {
	return { contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token } };
}

/**
 * Reads the contacts once.
 * @param maxItems undefined → Return All; a number → engine Limit = maxItems / raw loop stops there.
 * @returns the number of items read.
 */
async function readOnce(sandbox: Sandbox, mode: Mode, maxItems?: number): Promise<number> {
	if (mode === 'fetch') {
		const all: unknown[] = [];
		const headers = rawHeaders(sandbox);
		for (let page = 1; ; page++) {
			const response = await fetch(`${sandbox.url}/v1/contacts?page%5Bnumber%5D=${page}&page%5Bsize%5D=${PAGE_SIZE}`, {
				headers,
			});
			if (response.status !== 200) throw new Error(`raw fetch: HTTP ${response.status} on page ${page}`);
			const data = (JSON.parse(await response.text()) as { data: unknown[] }).data;
			for (const resource of data) all.push(resource);
			if (data.length < PAGE_SIZE || (maxItems !== undefined && all.length >= maxItems)) break;
		}
		return maxItems === undefined ? all.length : Math.min(all.length, maxItems);
	}
	// one page at a time (Parallel Page Requests = 1): this part compares the engine's cost per page
	// with the raw loop's; parallel page requests have their own part (bench/parallel.ts)
	const requestSettings = { parallelPages: 1 };
	const parameters =
		maxItems === undefined
			? { resource: 'contact', operation: 'getAll', returnAll: true, simple: mode === 'engineSimple', requestSettings }
			: {
					resource: 'contact',
					operation: 'getAll',
					returnAll: false,
					limit: maxItems,
					simple: mode === 'engineSimple',
					requestSettings,
				};
	const result = await runNode({ parameters, credentials: credentials(sandbox) });
	if (result.error) throw new Error(`engine: ${result.error.message}`);
	return result.items.length;
}

async function timing(n: number, rounds: number, warmupItems: number) {
	const sandbox = await sandboxWithContacts(n);
	const meter = meterServer(sandbox);
	try {
		// Warm-up: every mode reads at least `warmupItems` items (several Return Alls when N is small).
		for (const mode of MODES) {
			for (let read = 0; read < Math.max(1, Math.ceil(warmupItems / Math.max(n, 1))); read++) {
				await readOnce(sandbox, mode, warmupItems >= n ? undefined : warmupItems);
			}
		}
		const samples: RunSample[] = [];
		for (let round = 0; round < rounds; round++) {
			for (let k = 0; k < MODES.length; k++) {
				const mode = MODES[(round + k) % MODES.length];
				gc();
				sandbox.clearRequests();
				meter.reset();
				const start = performance.now();
				const items = await readOnce(sandbox, mode);
				const ms = performance.now() - start;
				const requests = sandbox.requests.filter((r) => r.path === '/v1/contacts').length;
				if (items !== n) throw new Error(`${mode}: read ${items} of ${n} contacts`);
				samples.push({ mode, ms, serverMs: meter.ms(), requests, items });
			}
		}
		return { n, samples };
	} finally {
		await sandbox.close();
	}
}

async function memory(n: number, mode: Mode) {
	const sandbox = await sandboxWithContacts(n);
	try {
		await readOnce(sandbox, mode, 10 * PAGE_SIZE); // loads lazily required modules, warms the heap
		return { n, mode, ...(await sampledRead(async () => await readOnce(sandbox, mode))) };
	} finally {
		await sandbox.close();
	}
}

/** Request counts and page sizes of the Limit cases and of Return All with a full / short last page. */
async function counts() {
	const cases: Array<{ label: string; n: number; limit?: number }> = [
		{ label: 'Limit = 10', n: 1000, limit: 10 },
		{ label: 'Limit = 150', n: 1000, limit: 150 },
		{ label: 'Limit = 100', n: 1000, limit: 100 },
		{ label: 'Return All, N = 1,000 (last page full)', n: 1000 },
		{ label: 'Return All, N = 1,050 (last page short)', n: 1050 },
		{ label: 'Return All, N = 0', n: 0 },
	];
	const rows = [];
	for (const c of cases) {
		const sandbox = await sandboxWithContacts(c.n);
		try {
			sandbox.clearRequests();
			const items = await readOnce(sandbox, 'engineSimple', c.limit);
			const pages = sandbox.requests
				.filter((r) => r.path === '/v1/contacts')
				.map((r) => `${r.query['page[number]']}×${r.query['page[size]']}`);
			const expected =
				c.limit !== undefined
					? Math.ceil(Math.min(c.limit, c.n) / Math.min(c.limit, PAGE_SIZE))
					: Math.floor(c.n / PAGE_SIZE) + 1;
			rows.push({ label: c.label, n: c.n, limit: c.limit, items, requests: pages.length, expected, pages });
		} finally {
			await sandbox.close();
		}
	}
	return rows;
}

async function main(): Promise<void> {
	const job = JSON.parse(process.argv[2]) as Job;
	let result: unknown;
	switch (job.kind) {
		case 'timing':
			result = await timing(job.n, job.rounds, job.warmupItems);
			break;
		case 'memory':
			result = await memory(job.n, job.mode);
			break;
		case 'counts':
			result = await counts();
			break;
		case 'trigger':
			result = await benchTrigger(job);
			break;
		case 'parallel':
			result = await benchParallel(job);
			break;
		case 'parallelMemory':
			result = await benchParallelMemory(job);
			break;
	}
	process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

if (require.main === module) {
	main().catch((error: unknown) => {
		process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
		process.exit(1);
	});
}
