/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @typescript-eslint/no-require-imports -- benchmark runner (Node process, fs, child processes) */
/**
 * `npm run bench` (issue 6), after bench/run.js compiled the bench and the harness into .bench-tmp:
 * runs every job of bench/worker.ts in its own child process (one sandbox per child, on
 * 127.0.0.1), prints a markdown report and writes it to bench/RESULTS.md.
 *
 * Options: `--quick` (N = 1,000 and 10,000 only, 3 rounds, no file written), `--no-write`,
 * `--trigger-only [--json FILE]` (the trigger part alone, printed; raw figures to FILE).
 * `--parallel-only` (only the "Parallel page requests" part; in bench/RESULTS.md only that section
 * is replaced).
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';

import type { Job, Mode, RunSample } from './worker';
import type { TriggerResult } from './trigger';
import type { MemorySample } from './memory';
import type { ParallelJob, ParallelSample } from './parallel';

const WORKER = path.resolve(__dirname, 'worker.js');
const RESULTS_FILE = path.resolve(__dirname, '../../bench/RESULTS.md');
const PAGE_SIZE = 100;

const MODE_LABELS: Record<Mode, string> = {
	engineSimple: 'engine, Simplify on',
	engineRaw: 'engine, Simplify off',
	fetch: 'raw fetch loop',
};

interface TimingResult {
	n: number;
	samples: RunSample[];
}

interface MemoryResult extends MemorySample {
	n: number;
	mode: Mode;
}

interface CountRow {
	label: string;
	n: number;
	limit?: number;
	items: number;
	requests: number;
	expected: number;
	pages: string[];
}

/** Runs one job in a fresh `node --expose-gc` child and returns what it printed after `RESULT `. */
function runJob<T>(job: Job): Promise<T> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['--expose-gc', WORKER, JSON.stringify(job)], {
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let out = '';
		let err = '';
		child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
		child.on('close', (code) => {
			const line = out.split('\n').find((l) => l.startsWith('RESULT '));
			if (code !== 0 || !line) {
				reject(new Error(`job ${JSON.stringify(job)} failed (exit ${code}):\n${err}${out}`));
				return;
			}
			resolve(JSON.parse(line.slice('RESULT '.length)) as T);
		});
	});
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const fmt = (value: number, digits = 0) =>
	value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mb = (bytes: number) => fmt(bytes / 1024 / 1024, 1);

function log(message: string): void {
	process.stderr.write(`${message}\n`);
}

/** Trigger figures of the code before issue 22 (main 6bb88f0), measured with this bench: `--trigger-only --json`. */
const TRIGGER_BEFORE_FILE = path.resolve(__dirname, '../../bench/trigger-before.json');

/** The `## Trigger` section of RESULTS.md (before → after per event when TRIGGER_BEFORE_FILE exists). */
function triggerSection(trigger: TriggerResult): string[] {
	const lines = ['## Trigger', ''];
	if (trigger.status === 'pending') return [...lines, `Pending: ${trigger.reason}.`, ''];
	lines.push('| Measure | Requests | Time ms | Other |', '|---|---:|---:|---|');
	lines.push(`| Idle poll (nothing new) | ${trigger.idle.requests} | ${fmt(trigger.idle.ms, 1)} | |`);
	lines.push(
		`| Burst of ${fmt(trigger.burst.records)} new orders | ${trigger.burst.requests} | ${fmt(trigger.burst.ms)} | ${fmt(trigger.burst.items)} items emitted |`,
	);
	lines.push(
		`| Cursor after ${fmt(trigger.cursor.records)} records | | | ${trigger.cursor.bytes} bytes: \`${trigger.cursor.json}\` |`,
	);
	lines.push('');
	const before = fs.existsSync(TRIGGER_BEFORE_FILE)
		? (JSON.parse(fs.readFileSync(TRIGGER_BEFORE_FILE, 'utf8')) as TriggerResult & {
				commit?: string;
				measured?: string;
			})
		: undefined;
	const old = before && before.status === 'measured' ? before : undefined;
	const pair = (a: number | undefined, b: number) => (a === undefined ? fmt(b) : `${fmt(a)} → ${fmt(b)}`);
	lines.push(
		'Per event, each part in a fresh seeded sandbox through PollContext: an idle poll (median of 3), a burst of ' +
			`${fmt(trigger.burst.records)} new records in one poll, the static data after it, and the same burst with the API's clock 10 min ahead of n8n's ` +
			'(records dated by it, its `Date` header from it) followed by 3 idle polls.' +
			(old
				? ` Before → after: before = ${before?.commit ?? 'main'} measured ${before?.measured ?? ''} with this bench (\`bench/trigger-before.json\`).`
				: ''),
		'',
		'| Event | Idle requests | Burst requests | Items of the burst | Cursor bytes | Clock +10 min: emitted of burst | repeated | items of the 3 idle polls |',
		'|---|---:|---:|---:|---:|---:|---:|---:|',
	);
	for (const e of trigger.events) {
		const o = old?.events?.find((x) => x.event === e.event);
		lines.push(
			`| ${e.event} | ${pair(o?.idleRequests, e.idleRequests)} | ${pair(o?.burst.requests, e.burst.requests)} | ${pair(o?.burst.items, e.burst.items)} | ${pair(o?.cursorBytes, e.cursorBytes)} | ${pair(o?.skew.emitted, e.skew.emitted)} | ${pair(o?.skew.repeated, e.skew.repeated)} | ${pair(o?.skew.idleItems, e.skew.idleItems)} |`,
		);
	}
	lines.push(
		'',
		'New Transaction (no `sort` in the spec): requests of an idle poll by the transactions dated since midnight (UTC) of the day before the newest hour read (spread evenly up to now):',
		'',
		'| Transactions since midnight (UTC) of the day before | Idle poll requests |',
		'|---:|---:|',
	);
	for (const t of trigger.transactions) {
		const o = old?.transactions?.find((x) => x.sinceYesterday === t.sinceYesterday);
		lines.push(`| ${fmt(t.sinceYesterday)} | ${pair(o?.idleRequests, t.idleRequests)} |`);
	}
	lines.push('');
	return lines;
}

/** Writes bench/RESULTS.md, formatted by the project's Prettier (as `npm run format:check` expects). */
function writeResults(text: string): void {
	fs.writeFileSync(RESULTS_FILE, text);
	const prettier = require.resolve('prettier/bin/prettier.cjs', { paths: [path.dirname(RESULTS_FILE)] });
	execFileSync(process.execPath, [prettier, '--write', RESULTS_FILE], { stdio: 'ignore' });
}

/** The commit the bench ran on (`git rev-parse --short HEAD`, "+ changes" when the tree differs), or "unknown". */
function commitLabel(): string {
	try {
		const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
		const dirty = execFileSync('git', ['status', '--porcelain', '--', 'nodes', 'credentials', 'bench', 'test'], {
			encoding: 'utf8',
		}).trim();
		return dirty ? `${head} + uncommitted changes` : head;
	} catch {
		return 'unknown';
	}
}

/** Start and end marks of the parallel section in bench/RESULTS.md (`--parallel-only` replaces what is between). */
const PARALLEL_START = '<!-- parallel page requests: start -->';
const PARALLEL_END = '<!-- parallel page requests: end -->';

/**
 * The jobs of the parallel part: latency × N × k = 1, 2, 4, 8 and the raw loop. Rounds shrink as a
 * round gets slower; at 200 ms and N = 50,000 (a sequential read: 501 pages × 200 ms ≈ 100 s) one
 * round of the raw loop and k = 4, 8 only.
 */
function parallelJobs(quick: boolean): ParallelJob[] {
	const plan: Array<[latencyMs: number, n: number, rounds: number, ks: number[]]> = quick
		? [
				[0, 1000, 3, [1, 2, 4, 8]],
				[50, 1000, 3, [1, 2, 4, 8]],
				[50, 10000, 1, [1, 2, 4, 8]],
			]
		: [
				[0, 1000, 9, [1, 2, 4, 8]],
				[0, 10000, 5, [1, 2, 4, 8]],
				[0, 50000, 1, [1, 2, 4, 8]],
				[50, 1000, 5, [1, 2, 4, 8]],
				[50, 10000, 3, [1, 2, 4, 8]],
				[50, 50000, 1, [1, 2, 4, 8]],
				[200, 1000, 3, [1, 2, 4, 8]],
				[200, 10000, 1, [1, 2, 4, 8]],
				[200, 50000, 1, [4, 8]],
			];
	return plan.map(([latencyMs, n, rounds, ks]) => ({ kind: 'parallel', latencyMs, n, rounds, ks }));
}

interface ParallelMemoryResult extends MemorySample {
	job: { n: number; latencyMs: number; k: number };
}

/** Runs the parallel part; returns its section of RESULTS.md (between the marks). */
async function parallelSection(quick: boolean): Promise<string> {
	const started = performance.now();
	const results: Array<{ job: ParallelJob; samples: ParallelSample[] }> = [];
	for (const job of parallelJobs(quick)) {
		log(`parallel: ${job.latencyMs} ms, N=${job.n}, ${job.rounds} round(s)…`);
		results.push(await runJob(job));
	}
	const memories: ParallelMemoryResult[] = [];
	for (const k of [1, 4, 8]) {
		log(`parallel memory: k=${k}…`);
		memories.push(await runJob<ParallelMemoryResult>({ kind: 'parallelMemory', n: 10000, latencyMs: 50, k }));
	}
	const seconds = (performance.now() - started) / 1000;
	const lines: string[] = [PARALLEL_START, '', '## Parallel page requests', ''];
	lines.push(
		`Run ${new Date().toISOString()} at commit ${commitLabel()}, ${fmt(seconds)} s, load average ${fmt(os.loadavg()[0], 2)} at the end. ` +
			"The sandbox answers every request after the injected latency (`adversity.delayMs`, a timer per request, so answers overlap as a real API's do; the sandbox shares the process and its 2 cores with the client). " +
			'N contacts read by Return All through n8n\'s engine (test/helpers/harness.ts `runNode`, Simplify on) with "Parallel Page Requests" = k, and by the raw sequential `fetch` loop of the part above, in rounds: every mode once per round in rotating order; medians over the rounds. ' +
			'"Ratio" = median of the per-round ratios mode / raw loop of the same round. "In flight" = the most contact requests the sandbox had open at once. ' +
			'Rounds: 9/5/1 at 0 ms, 5/3/1 at 50 ms, 3/1/1 at 200 ms for N = 1,000/10,000/50,000; at 200 ms and N = 50,000 only the raw loop and k = 4, 8 (one sequential read there takes about 100 s).',
		'',
	);
	lines.push(
		'| Latency | N | Mode | Runs | Requests | In flight | Wall ms (median) | Ratio to raw loop | Ratio to k = 1 |',
	);
	lines.push('|---:|---:|---|---:|---|---:|---:|---:|---:|');
	const ratioOf = (samples: ParallelSample[], mode: string, base: string) => {
		const ratios: number[] = [];
		for (const sample of samples.filter((s) => s.mode === mode)) {
			const other = samples.find((s) => s.mode === base && s.round === sample.round);
			if (other) ratios.push(sample.ms / other.ms);
		}
		return ratios.length ? median(ratios) : undefined;
	};
	const goal: string[] = [];
	for (const { job, samples } of results) {
		for (const mode of ['raw', ...job.ks.map((k) => `k=${k}`)]) {
			const own = samples.filter((s) => s.mode === mode);
			const toRaw = mode === 'raw' ? 1 : ratioOf(samples, mode, 'raw');
			const toK1 = mode === 'raw' || mode === 'k=1' ? undefined : ratioOf(samples, mode, 'k=1');
			const requests = [...new Set(own.map((s) => s.requests))].join('/');
			lines.push(
				`| ${job.latencyMs} ms | ${fmt(job.n)} | ${mode === 'raw' ? 'raw fetch loop' : `engine, ${mode.replace('=', ' = ')}`} | ${own.length} | ${requests} | ${Math.max(...own.map((s) => s.maxInFlight))} | ${fmt(median(own.map((s) => s.ms)))} | ${toRaw === undefined ? '' : fmt(toRaw, 2)} | ${toK1 === undefined ? '' : fmt(toK1, 2)} |`,
			);
			if (job.latencyMs === 50 && job.n === 10000 && mode.startsWith('k=')) {
				const k = Number(mode.slice(2));
				const allowed = Math.ceil(job.n / PAGE_SIZE) + k - 1;
				const most = Math.max(...own.map((s) => s.requests));
				goal.push(
					`- k = ${k}: ratio to the raw loop ${fmt(toRaw ?? NaN, 2)} (goal ≤ 0.5: ${(toRaw ?? 1) <= 0.5 ? 'met' : 'not met'}); requests ${most} ` +
						`(⌈N/100⌉ + k − 1 = ${allowed}; ${most <= allowed ? 'met' : `${most - allowed} more: the contacts list has no paging links and 10,000 fills page 100 exactly, so the sequential read itself needs page 101 (empty) to see the end; ${most} = 101 + (k − 1) read ahead`})`,
				);
			}
		}
	}
	lines.push(
		'',
		'Goal at 50 ms and N = 10,000: Return All ≤ 0.5 × the raw sequential loop, requests ≤ ⌈N/100⌉ + k − 1.',
		'',
		...goal,
		'',
	);
	lines.push('### Memory with k pages in flight', '');
	lines.push(
		'One fresh child process per k: 10,000 contacts, 50 ms per page, a warm-up read of 1,000 contacts, GC, then one Return All; `process.memoryUsage()` sampled every 5 ms. ' +
			'Up to k pages (k × 100 records) are held ahead of the page being consumed.',
		'',
	);
	lines.push('| k | Wall ms (cold) | RSS growth MB | Peak heap growth MB | Heap growth per 1,000 items MB |');
	lines.push('|---:|---:|---:|---:|---:|');
	for (const m of memories) {
		lines.push(
			`| ${m.job.k} | ${fmt(m.ms)} | ${mb(m.peakRss - m.rssBefore)} | ${mb(m.peakHeap - m.heapBefore)} | ${fmt((m.peakHeap - m.heapBefore) / 1024 / 1024 / (m.job.n / 1000), 2)} |`,
		);
	}
	lines.push('', PARALLEL_END);
	return lines.join('\n');
}

async function main(): Promise<void> {
	if (process.argv.includes('--trigger-only')) {
		// The trigger part alone (no RESULTS.md): its section, or with `--json FILE` the raw figures.
		log('trigger…');
		const trigger = await runJob<TriggerResult>({ kind: 'trigger', burst: 1000, cursorRecords: 10000 });
		const file = process.argv[process.argv.indexOf('--json') + 1];
		if (process.argv.includes('--json') && file) fs.writeFileSync(file, `${JSON.stringify(trigger, null, 1)}\n`);
		process.stdout.write(`${triggerSection(trigger).join('\n')}\n`);
		return;
	}
	const quick = process.argv.includes('--quick');
	if (process.argv.includes('--parallel-only')) {
		const section = await parallelSection(quick);
		process.stdout.write(`${section}\n`);
		if (!quick && !process.argv.includes('--no-write')) {
			const current = fs.existsSync(RESULTS_FILE) ? fs.readFileSync(RESULTS_FILE, 'utf8') : '';
			const from = current.indexOf(PARALLEL_START);
			const to = current.indexOf(PARALLEL_END);
			const updated =
				from >= 0 && to > from
					? `${current.slice(0, from)}${section}${current.slice(to + PARALLEL_END.length)}`
					: `${current.trimEnd()}\n\n${section}\n`;
			writeResults(updated);
			log(`parallel section written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
		}
		return;
	}
	const write = !quick && !process.argv.includes('--no-write');
	const sizes = quick ? [1000, 10000] : [1000, 10000, 50000];
	const roundsOf = (n: number) => (quick ? 3 : n >= 50000 ? 3 : n >= 10000 ? 9 : 15);
	const warmupOf = () => 10000;
	const started = performance.now();
	const loadBefore = os.loadavg();

	const timings: TimingResult[] = [];
	const memories: MemoryResult[] = [];
	for (const n of sizes) {
		log(`timing N=${n} (${roundsOf(n)} rounds)…`);
		timings.push(await runJob<TimingResult>({ kind: 'timing', n, rounds: roundsOf(n), warmupItems: warmupOf() }));
		for (const mode of ['engineSimple', 'engineRaw', 'fetch'] as Mode[]) {
			log(`memory N=${n} ${mode}…`);
			memories.push(await runJob<MemoryResult>({ kind: 'memory', n, mode }));
		}
	}
	log('request counts…');
	const counts = await runJob<CountRow[]>({ kind: 'counts' });
	log('trigger…');
	const trigger = await runJob<TriggerResult>({ kind: 'trigger', burst: 1000, cursorRecords: 10000 });
	const parallel = await parallelSection(quick);
	const loadAfter = os.loadavg();
	const totalSeconds = (performance.now() - started) / 1000;

	const cpus = os.cpus();
	const lines: string[] = [];
	const n8nCore = (require('n8n-core/package.json') as { version: string }).version;
	lines.push('# Benchmark results (`npm run bench`)', '');
	lines.push(`Run ${new Date().toISOString()} at commit ${commitLabel()}, ${fmt(totalSeconds)} s in total.`, '');
	lines.push('| Machine | |', '|---|---|');
	lines.push(`| CPU | ${cpus[0]?.model ?? 'unknown'} |`);
	lines.push(`| Cores | ${cpus.length} |`);
	lines.push(`| RAM | ${fmt(os.totalmem() / 1024 ** 3, 1)} GiB |`);
	lines.push(`| OS | ${os.type()} ${os.release()} ${os.arch()} |`);
	lines.push(`| Node | ${process.version} |`);
	lines.push(`| n8n-core | ${n8nCore} |`);
	lines.push(
		`| Load average (1 min) | ${fmt(loadBefore[0], 2)} at start, ${fmt(loadAfter[0], 2)} at end (shared machine: absolute times are noisy, compare the ratios, which pair runs of the same round) |`,
	);
	lines.push('');

	lines.push("## Return All: contacts through n8n's engine vs a plain fetch loop", '');
	lines.push(
		"Sandbox API (test/sandbox) in the same process as the client, on 127.0.0.1; `insertMany('contacts', N)` after `clear('contacts')`. " +
			'Engine = the Content Platform node run by n8n-core `WorkflowExecute` (test/helpers/harness.ts `runNode`, contact → Get Many, Return All, Parallel Page Requests = 1: one page after the other, as the raw loop). ' +
			'Raw = `fetch` of `page[number]=1,2,…&page[size]=100` with the same Accept/Authorization headers, `JSON.parse`, collect `data`, stop on a short page. ' +
			'One child process per N: a warm-up read of every mode, then rounds that run every mode once in rotating order (garbage collected before each run); medians over the rounds. ' +
			'"Server" = time spent inside the sandbox\'s request handler (same thread, requests are sequential), "client" = wall − server. ' +
			"Ratios are medians of the per-round ratios engine/raw (runs of one round are seconds apart, so they share the machine's load).",
		'',
	);
	lines.push(
		'| N | Mode | Runs | Requests (expected) | Wall ms (median) | Server ms | Client ms | Items/s | Wall ratio engine/raw | Client ratio engine/raw | Engine extra client ms per request |',
	);
	lines.push('|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|');
	for (const timing of timings) {
		const { n, samples } = timing;
		const rawOfRound = samples.filter((s) => s.mode === 'fetch');
		for (const mode of ['engineSimple', 'engineRaw', 'fetch'] as Mode[]) {
			const own = samples.filter((s) => s.mode === mode);
			const wall = median(own.map((s) => s.ms));
			const server = median(own.map((s) => s.serverMs));
			const client = median(own.map((s) => s.ms - s.serverMs));
			const requests = [...new Set(own.map((s) => s.requests))].join('/');
			const ratios = own.map((s, i) => s.ms / rawOfRound[i].ms);
			const clientRatios = own.map((s, i) => (s.ms - s.serverMs) / (rawOfRound[i].ms - rawOfRound[i].serverMs));
			const extraPerRequest = own.map(
				(s, i) => (s.ms - s.serverMs - (rawOfRound[i].ms - rawOfRound[i].serverMs)) / s.requests,
			);
			const exactlyFull = n % PAGE_SIZE === 0 ? `${n / PAGE_SIZE} + 1, last page full` : `${Math.ceil(n / PAGE_SIZE)}`;
			lines.push(
				`| ${fmt(n)} | ${MODE_LABELS[mode]} | ${own.length} | ${requests} (${exactlyFull}) | ${fmt(wall)} | ${fmt(server)} | ${fmt(client)} | ${fmt(n / (wall / 1000))} | ${mode === 'fetch' ? '1' : fmt(median(ratios), 2)} | ${mode === 'fetch' ? '1' : fmt(median(clientRatios), 2)} | ${mode === 'fetch' ? '' : fmt(median(extraPerRequest), 2)} |`,
			);
		}
	}
	lines.push('');
	lines.push('Goal: wall ratio engine/raw ≤ 1.5.', '');
	for (const timing of timings) {
		const raw = timing.samples.filter((s) => s.mode === 'fetch');
		for (const mode of ['engineSimple', 'engineRaw'] as Mode[]) {
			const own = timing.samples.filter((s) => s.mode === mode);
			const ratio = median(own.map((s, i) => s.ms / raw[i].ms));
			const extra = median(own.map((s, i) => (s.ms - s.serverMs - (raw[i].ms - raw[i].serverMs)) / s.requests));
			const page = median(raw.map((s) => s.serverMs / s.requests));
			lines.push(
				`- N = ${fmt(timing.n)}, ${MODE_LABELS[mode]}: ${fmt(ratio, 2)} → ${ratio <= 1.5 ? 'met' : `not met: the engine costs ${fmt(extra, 2)} ms more client time per request than fetch (n8n-core's request path per page: axios, request helpers, routing; the node's own toItems/Simplify is under 0.1 ms per page), while the local sandbox answers a page in ${fmt(page, 2)} ms; against an API that takes 10 ms per page the same overhead gives a ratio near ${fmt((10 + page + extra + median(raw.map((s) => (s.ms - s.serverMs) / s.requests))) / (10 + page + median(raw.map((s) => (s.ms - s.serverMs) / s.requests))), 2)}`}`,
			);
		}
	}
	lines.push('');

	lines.push('## Memory (RSS) of one Return All', '');
	lines.push(
		'One fresh child process per N and mode (with the sandbox and its N contacts in it): a read of 1,000 contacts to load lazy modules, GC, then one Return All; ' +
			'`process.memoryUsage()` sampled every 5 ms during the read. "Growth" = peak − value before the read (the sandbox\'s store is in the "before" value). ' +
			'V8 reserves RSS in large chunks and keeps it, so RSS growth is coarse at small N; the heap growth is the steadier figure.',
		'',
	);
	lines.push(
		'| N | Mode | RSS before MB | Peak RSS MB | RSS growth MB | Peak heap growth MB | Growth per 1,000 items MB | Wall ms (cold) |',
	);
	lines.push('|---:|---|---:|---:|---:|---:|---:|---:|');
	for (const m of memories) {
		lines.push(
			`| ${fmt(m.n)} | ${MODE_LABELS[m.mode]} | ${mb(m.rssBefore)} | ${mb(m.peakRss)} | ${mb(m.peakRss - m.rssBefore)} | ${mb(m.peakHeap - m.heapBefore)} | ${fmt((m.peakRss - m.rssBefore) / 1024 / 1024 / (m.n / 1000), 2)} | ${fmt(m.ms)} |`,
		);
	}
	lines.push('');

	lines.push('## Request counts (engine, Simplify on)', '');
	lines.push('| Case | Contacts | Items returned | Requests | Expected | Pages (number×size) |');
	lines.push('|---|---:|---:|---:|---:|---|');
	for (const c of counts) {
		const ok = c.requests === c.expected ? '' : ' ⚠';
		lines.push(
			`| ${c.label} | ${fmt(c.n)} | ${fmt(c.items)} | ${c.requests}${ok} | ${c.expected} | ${c.pages.join(', ')} |`,
		);
	}
	lines.push(
		'',
		'The contacts list carries no paging links and no `meta` (spec: `links: {self, current}` only), so the node stops on the first page shorter than `page[size]`: ' +
			'Return All over N contacts costs ceil(N / 100) requests, plus one (an empty page) when N is a multiple of 100. ' +
			'Lists that carry `links.next` (podcasts) need no extra request.',
		'',
	);

	lines.push(...triggerSection(trigger));

	lines.push(parallel, '');
	const report = lines.join('\n');
	process.stdout.write(`${report}\n`);
	if (write) {
		writeResults(report);
		log(`written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
	process.exit(1);
});
