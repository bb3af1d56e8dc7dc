/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @typescript-eslint/no-require-imports -- benchmark runner (Node process, fs, child processes) */
/**
 * `npm run bench` (issue 6), after bench/run.js compiled the bench and the harness into .bench-tmp:
 * runs every job of bench/worker.ts in its own child process (one sandbox per child, on
 * 127.0.0.1), prints a markdown report and writes it to bench/RESULTS.md.
 *
 * Options: `--quick` (N = 1,000 and 10,000 only, 3 rounds, no file written), `--no-write`,
 * `--trigger-only [--json FILE]` (the trigger part alone, printed; raw figures to FILE).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';

import type { Job, Mode, RunSample } from './worker';
import type { TriggerResult } from './trigger';

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

interface MemoryResult {
	n: number;
	mode: Mode;
	items: number;
	ms: number;
	rssBefore: number;
	peakRss: number;
	heapBefore: number;
	peakHeap: number;
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
		'Per event (issue 22), each part in a fresh seeded sandbox through PollContext: an idle poll (median of 3), a burst of ' +
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
	const loadAfter = os.loadavg();
	const totalSeconds = (performance.now() - started) / 1000;

	const cpus = os.cpus();
	const lines: string[] = [];
	const n8nCore = (require('n8n-core/package.json') as { version: string }).version;
	lines.push('# Benchmark results (`npm run bench`)', '');
	lines.push(`Run ${new Date().toISOString()}, ${fmt(totalSeconds)} s in total.`, '');
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
			'Engine = the Content Platform node run by n8n-core `WorkflowExecute` (test/helpers/harness.ts `runNode`, contact → Get Many, Return All). ' +
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

	const report = lines.join('\n');
	process.stdout.write(`${report}\n`);
	if (write) {
		fs.writeFileSync(RESULTS_FILE, report);
		log(`written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
	process.exit(1);
});
