'use strict';
/**
 * A big account in a real n8n (the demo's runtime, e2e/lib/stack.js: n8n 2.41.1 by default,
 * `--n8n 1.x` for the other): the sandbox (test/sandbox, in this process) holds 100,000 contacts
 * and 100,000 orders spread over 3 years (1 % of them, 1,000, in the last 7 days) and answers
 * every request after 50 ms. Three workflows, each started by a Webhook trigger (respond at once)
 * in `n8n start`, so n8n runs and saves them as it does in production:
 *
 *  1. Contact → Get Many, Return All, Parallel Page Requests default (4);
 *  2. the same with Parallel Page Requests = 1;
 *  3. examples/orders-last-week.json as shipped (Order → Get Many with Date Range → Created After
 *     = now − 7 days, read newest first and stopped past the bound, then Get order with items per
 *     order), its Manual Trigger replaced by the Webhook trigger. Until commit 5e8c98e the example read
 *     every order and a Filter node kept the last 7 days: bench/RECORDED.md keeps that run as the "before".
 *
 * Each case gets a freshly started n8n (so its peak memory is its own). Per case: the execution's
 * time (startedAt → stoppedAt as saved), the client's time (webhook POST → the finished execution
 * readable in the database), the requests the sandbox counted, the n8n main process's peak RSS
 * (VmRSS from /proc/<pid>/status sampled every 200 ms; also VmHWM at the end), the saved execution's
 * size (bytes of its execution_data row) and the database file's growth, and the items checked:
 * 100,000 contacts, or the orders of the last 7 days against the sandbox's own count. A case whose
 * items do not check out reports no figure. If a case fails (n8n exits, the execution errors or does
 * not finish within --timeout-min), it is retried with half the records, down to 12,500, to find the
 * size where it breaks. A progress line every 20 s on stderr.
 *
 * `--heap-mb 512` starts n8n with that V8 heap limit (NODE_OPTIONS=--max-old-space-size), as on a small
 * instance; its results go to a section of their own.
 *
 * Usage: `npm run build && npm run bench:big [-- --n8n 1.x] [--heap-mb 512] [--records 100000] [--timeout-min 20]
 *   [--only contacts4,contacts1,orders] [--no-write]`, or `--report bench/big-account-….json` to
 *   write the section again from a run's saved figures; writes the section "Big account in a real n8n"
 *   of bench/RECORDED.md (replacing an earlier one of the same n8n version).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { execFileSync, spawnSync } = require('node:child_process');

const { startStack, exampleWorkflows, API_CREDENTIAL, ROOT } = require('../e2e/lib/stack');
const { retryWhile404 } = require('../e2e/lib/standalone');
const { writeFormatted } = require('./write-formatted');

const arg = (name, fallback) => {
	const i = process.argv.indexOf(name);
	return i >= 0 ? process.argv[i + 1] : fallback;
};
const RECORDS = Number(arg('--records', '100000'));
const TIMEOUT_MS = Number(arg('--timeout-min', '20')) * 60 * 1000;
const HEAP_MB = arg('--heap-mb', undefined);
const ONLY = arg('--only', 'contacts4,contacts1,orders').split(',');
const LATENCY_MS = 50;
const DAY_MS = 24 * 3600 * 1000;
const RECENT_SHARE = 0.01;
const SMALLEST = 12500;

const CP_NODE = 'n8n-nodes-content-platform.contentPlatform';
const fmt = (value, digits = 0) =>
	value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const progress = (line) => process.stderr.write(`[bench:big ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Webhook trigger (POST /webhook/<path>, answers at once) named `name`. */
function webhookNode(name, hookPath) {
	return {
		id: `${hookPath}-hook`,
		name,
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: `0b16b16b-0000-4000-8000-${Buffer.from(hookPath).toString('hex').slice(0, 12).padEnd(12, '0')}`,
		parameters: { httpMethod: 'POST', path: hookPath, responseMode: 'onReceived', options: {} },
	};
}

/** The cases: workflow, webhook path, and how its items are checked. */
const CASES = {
	contacts4: {
		label: 'Contact → Get Many, Return All, Parallel Page Requests 4 (default)',
		id: 'benchBigContact4',
		path: 'bench-big-contacts-4',
		parallelPages: undefined,
	},
	contacts1: {
		label: 'Contact → Get Many, Return All, Parallel Page Requests 1',
		id: 'benchBigContact1',
		path: 'bench-big-contacts-1',
		parallelPages: 1,
	},
	orders: {
		label: 'examples/orders-last-week.json (Date Range: the orders of the last 7 days)',
		id: 'benchBigOrders01',
		path: 'bench-big-orders-last-week',
	},
};

function contactsWorkflow(c) {
	const hook = webhookNode('Webhook', c.path);
	return {
		id: c.id,
		name: `bench: big account, ${c.label}`,
		nodes: [
			hook,
			{
				id: `${c.id}-read`,
				name: 'Get all contacts',
				type: CP_NODE,
				typeVersion: 1,
				position: [240, 0],
				parameters: {
					resource: 'contact',
					operation: 'getAll',
					returnAll: true,
					...(c.parallelPages ? { requestSettings: { parallelPages: c.parallelPages } } : {}),
				},
				credentials: { contentPlatformApi: API_CREDENTIAL },
			},
		],
		connections: { Webhook: { main: [[{ node: 'Get all contacts', type: 'main', index: 0 }]] } },
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/** examples/orders-last-week.json with its Manual Trigger replaced by a Webhook trigger of the same name. */
function ordersWorkflow(c) {
	const example = exampleWorkflows().find((w) => w.file === 'orders-last-week.json');
	const { file: _file, ...workflow } = JSON.parse(JSON.stringify(example));
	workflow.id = c.id;
	workflow.name = `bench: big account, ${workflow.name}`;
	workflow.nodes = workflow.nodes.map((node) =>
		node.type === 'n8n-nodes-base.manualTrigger'
			? { ...webhookNode(node.name, c.path), position: node.position }
			: node,
	);
	return workflow;
}

/**
 * Seeds `n` contacts and `n` orders: order i dated so that the list is strictly increasing in
 * time (ids ascending with their dates), 99 % spread over the 3 years before the last 7 days (ending
 * 2 hours before that boundary), 1 % over the last 7 days (starting 2 hours after it, ending 1 hour
 * ago), so that the boundary moving during a run changes no order's side. One order item for each
 * order of the last 7 days (what Get order with items includes).
 */
function seed(sandbox, n) {
	const now = Date.now();
	const recent = Math.round(n * RECENT_SHARE);
	const older = n - recent;
	const oldFrom = now - 3 * 365 * DAY_MS;
	const oldTo = now - 7 * DAY_MS - 2 * 3600 * 1000;
	const newFrom = now - 7 * DAY_MS + 2 * 3600 * 1000;
	const newTo = now - 3600 * 1000;
	sandbox.clear('contacts');
	sandbox.insertMany('contacts', n);
	sandbox.clear('orders');
	sandbox.clear('order_items');
	const dateOf = (i) =>
		i < older
			? oldFrom + Math.floor((i * (oldTo - oldFrom)) / older)
			: newFrom + Math.floor(((i - older) * (newTo - newFrom)) / recent);
	const orders = sandbox.insertMany('orders', n, (i) => ({ created_at: new Date(dateOf(i)).toISOString() }));
	for (const order of orders.slice(older)) {
		sandbox.insert(
			'order_items',
			{ quantity: 1, item_type: 'Offer', item_id: 1, title: 'Bench offer' },
			{ order: order.id },
			{ created_at: order.attributes.created_at },
		);
	}
}

/**
 * The sandbox's own work per page at this size, alone (no delay, nothing else running in n8n):
 * median ms of 5 requests of a page in the middle of the contacts list and of the orders list
 * sorted newest first (the sandbox filters and sorts the whole list for every page).
 */
async function sandboxPageMs(sandbox, n) {
	const delay = sandbox.adversity.delayMs;
	sandbox.adversity.delayMs = 0;
	const middle = Math.max(1, Math.floor(n / 200));
	const timeOf = async (query) => {
		const ms = [];
		for (let i = 0; i < 5; i++) {
			const t0 = process.hrtime.bigint();
			const res = await fetch(`${sandbox.url}${query}`, {
				headers: { Authorization: `Bearer ${sandbox.token}`, Accept: 'application/vnd.api+json' },
			});
			await res.json();
			ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
		}
		return ms.sort((a, b) => a - b)[2];
	};
	const out = {
		contacts: await timeOf(`/v1/contacts?page[number]=${middle}&page[size]=100`),
		orders: await timeOf(`/v1/orders?page[number]=${middle}&page[size]=100&sort=-created_at`),
	};
	sandbox.adversity.delayMs = delay;
	sandbox.clearRequests();
	return out;
}

/** The sandbox's own count of orders created after now − 7 days. */
function recentOrders(sandbox) {
	const since = Date.now() - 7 * DAY_MS;
	return sandbox.store.orders.filter((o) => Date.parse(o.attributes.created_at) > since).length;
}

/**
 * Run with the runtime's Node in its folder (sqlite3, flatted): `mode` 'status' prints the newest
 * execution of the workflow (no data); 'full' also its data's size in bytes and per node the items
 * of output 0 of its last run (the data parsed with flatted, as n8n stores it).
 */
const DB_SCRIPT = `
const sqlite3 = require('sqlite3');
const [db, wf, mode] = process.argv.slice(1);
const d = new sqlite3.Database(db, sqlite3.OPEN_READONLY);
d.configure('busyTimeout', 10000);
const cols = mode === 'full' ? ', length(CAST(x.data AS BLOB)) AS bytes, x.data AS data' : '';
d.get('SELECT e.id, e.status, e.finished, e.startedAt, e.stoppedAt' + cols + ' FROM execution_entity e LEFT JOIN execution_data x ON x.executionId = e.id WHERE e.workflowId = ? ORDER BY e.id DESC LIMIT 1', [wf], (err, row) => {
  if (err) { console.error(err.message); process.exit(1); }
  if (row && mode === 'full') {
    const items = {};
    const times = {};
    let error = null;
    try {
      const run = require('flatted').parse(row.data);
      for (const [name, runs] of Object.entries(run.resultData.runData || {})) {
        const last = runs[runs.length - 1] || {};
        items[name] = ((last.data && last.data.main && last.data.main[0]) || []).length;
        times[name] = last.executionTime;
        if (last.error) error = error || (name + ': ' + last.error.message);
      }
      if (run.resultData.error) error = run.resultData.error.message;
    } catch (e) { error = 'unreadable data: ' + e.message; }
    delete row.data;
    row.items = items;
    row.times = times;
    row.error = error;
  }
  process.stdout.write(JSON.stringify(row || null));
  d.close();
});`;

function readDb(n8n, workflowId, mode) {
	const res = spawnSync(n8n.runtime.nodeBin, ['-e', DB_SCRIPT, n8n.dbFile, workflowId, mode], {
		cwd: n8n.runtime.runtimeDir,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
		env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=4096' },
	});
	if (res.status !== 0) throw new Error(`reading the database failed: ${res.stderr}`);
	return JSON.parse(res.stdout);
}

const dbBytes = (n8n) =>
	['', '-wal'].reduce((sum, ext) => {
		try {
			return sum + fs.statSync(n8n.dbFile + ext).size;
		} catch {
			return sum;
		}
	}, 0);

/** VmRSS and VmHWM of a process in MB (undefined once it is gone). */
function memoryOf(pid) {
	try {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
		const kb = (key) => Number((new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status) || [])[1]);
		return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
	} catch {
		return undefined;
	}
}

const utcMs = (sqliteDate) => Date.parse(`${String(sqliteDate).replace(' ', 'T').replace(/Z?$/, 'Z')}`);

function post(url) {
	return new Promise((resolve, reject) => {
		const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
			res.resume();
			res.on('end', () => resolve(res.statusCode));
		});
		req.on('error', reject);
		req.end('{}');
	});
}

/** Sandbox requests of one case, by kind. */
function countRequests(sandbox) {
	const counts = { contacts: 0, orders: 0, order: 0, other: 0, non200: 0 };
	for (const r of sandbox.requests) {
		if (r.path === '/v1/contacts') counts.contacts++;
		else if (r.path === '/v1/orders') counts.orders++;
		else if (/^\/v1\/orders\/[^/]+$/.test(r.path)) counts.order++;
		else counts.other++;
		if (r.status !== 200) counts.non200++;
	}
	return counts;
}

/** One case at `n` records in a freshly started n8n. Resolves to its figures or { failed }. */
async function runCase(key, n, { sandbox, n8n }) {
	const c = CASES[key];
	seed(sandbox, n);
	try {
		await n8n.start();
	} catch (error) {
		const first = /FATAL ERROR[^\n]*/.exec(String(error.message)) || [String(error.message).split('\n')[0]];
		return {
			key,
			n,
			clientMs: 0,
			requests: countRequests(sandbox),
			rssBefore: 0,
			rssPeak: 0,
			noStart: true,
			failed: `n8n did not start: ${first[0]}`,
		};
	}
	await retryWhile404(() => n8n.activateWorkflow(c.id)).catch((error) => {
		if (!/already active/i.test(String(error.message))) throw error;
	});
	await sleep(2000);
	const pid = n8n.server.pid;
	const before = memoryOf(pid);
	const previous = readDb(n8n, c.id, 'status');
	sandbox.clearRequests();
	let peak = before.rss;
	const sampler = setInterval(() => {
		const m = memoryOf(pid);
		if (m) peak = Math.max(peak, m.rss);
	}, 200);
	const t0 = Date.now();
	let lastProgress = t0;
	let row = null;
	let failed = null;
	try {
		const status = await post(`${n8n.baseUrl}/webhook/${c.path}`);
		if (status !== 200) throw new Error(`webhook answered ${status}`);
		for (;;) {
			await sleep(1000);
			const now = Date.now();
			if (now - lastProgress >= 20000) {
				lastProgress = now;
				const m = memoryOf(pid);
				progress(
					`${key} n=${fmt(n)}: ${Math.round((now - t0) / 1000)} s, ${fmt(sandbox.requests.length)} requests, ` +
						`n8n RSS ${m ? fmt(m.rss) : 'gone'} MB (peak ${fmt(peak)} MB), database ${fmt(dbBytes(n8n) / 1e6, 1)} MB`,
				);
			}
			if (!memoryOf(pid))
				throw new Error(
					`n8n exited during the run; log:\n${n8n
						.serverLogs()
						.slice(-10)
						.map((l) => l.message)
						.join('\n')}`,
				);
			const latest = readDb(n8n, c.id, 'status');
			if (
				latest &&
				(!previous || latest.id !== previous.id) &&
				latest.stoppedAt &&
				!['new', 'running', 'waiting'].includes(latest.status)
			) {
				row = latest;
				break;
			}
			if (now - t0 > TIMEOUT_MS) throw new Error(`no finished execution after ${TIMEOUT_MS / 60000} min`);
		}
	} catch (error) {
		failed = String(error.message || error);
	}
	const clientMs = Date.now() - t0;
	clearInterval(sampler);
	const end = memoryOf(pid);
	const requests = countRequests(sandbox);
	const result = { key, n, clientMs, requests, rssBefore: before.rss, rssPeak: peak, hwm: end ? end.hwm : undefined };
	await n8n.stop();
	if (failed) return { ...result, failed };
	const full = readDb(n8n, c.id, 'full');
	Object.assign(result, {
		executionId: full.id,
		status: full.status,
		executionMs: utcMs(full.stoppedAt) - utcMs(full.startedAt),
		savedBytes: full.bytes,
		items: full.items,
		nodeMs: full.times,
	});
	if (full.status !== 'success' || full.error) return { ...result, failed: `execution ${full.status}: ${full.error}` };
	if (key === 'orders') {
		const expected = recentOrders(sandbox);
		result.expected = expected;
		const got = [full.items['Get the orders of the last 7 days'], full.items['Get order with items']];
		result.check = `read ${fmt(got[0])}, read back ${fmt(got[1])}; sandbox: ${fmt(expected)} in the last 7 days of ${fmt(n)}`;
		if (got[0] !== expected || got[1] !== expected)
			return { ...result, failed: `items do not check out: ${result.check}` };
	} else {
		result.expected = n;
		const got = full.items['Get all contacts'];
		result.check = `${fmt(got)} of ${fmt(n)}`;
		if (got !== n) return { ...result, failed: `items do not check out: ${result.check}` };
	}
	return result;
}

const mb = (bytes) => fmt(bytes / 1e6, 1);

/** The section's heading: the n8n version, and the heap limit when one was set. */
const headingOf = (runtime, heapMb) =>
	heapMb
		? `## Big account in a real n8n ${runtime}, Node heap limit ${heapMb} MB (\`npm run bench:big -- --heap-mb ${heapMb}\`)`
		: `## Big account in a real n8n ${runtime} (\`npm run bench:big\`)`;

function report({ results, runtime, commit, startedAt, load, totalMs, pageMs, heapMb }) {
	const lines = [
		headingOf(runtime, heapMb),
		'',
		`Run ${startedAt} at commit ${commit}, ${fmt(totalMs / 1000)} s in total, by \`bench/n8n-big-account.js\`. ` +
			`Machine: ${os.cpus().length} cores, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB, shared with other jobs while it ran ` +
			`(load average ${load.start.toFixed(2)} at start, ${load.end.toFixed(2)} at end): times are those of a busy machine. ` +
			`The sandbox (test/sandbox, in the bench's process, on 127.0.0.1) held ${fmt(RECORDS)} contacts and ${fmt(RECORDS)} orders ` +
			`(dated over 3 years, ${fmt(RECENT_SHARE * 100)} % in the last 7 days) and answered every request after ${LATENCY_MS} ms, ` +
			`plus its own work per page (it filters and sorts the whole list for every page: at ${fmt(RECORDS)} records ${fmt(pageMs.contacts)} ms a page of contacts, ${fmt(pageMs.orders)} ms a page of orders sorted by date, median of 5 measured alone before the runs), which runs in one thread on the same 2 cores. ` +
			'Each workflow starts with a Webhook trigger (answers at once) in `n8n start` (SQLite, executions saved on success), one freshly started n8n per run. ' +
			'Execution ms = startedAt → stoppedAt as saved; client ms = webhook POST → the finished execution readable in the database (includes saving it). ' +
			"Peak RSS: of the n8n main process, its VmHWM (/proc/<pid>/status) at the end of the run, or the highest VmRSS sampled every 200 ms if higher (before = VmRSS idle after start). Saved = bytes of the execution_data row (n8n's stored run data, what the executions list opens).",
		'',
		'| Run | Records | Items checked | Requests | Execution ms | Client ms | RSS before MB | Peak RSS MB | Saved execution MB |',
		'|---|---:|---|---|---:|---:|---:|---:|---:|',
	];
	for (const r of results) {
		const req = r.requests;
		const requests =
			r.key === 'orders'
				? `${fmt(req.orders)} list + ${fmt(req.order)} get${req.non200 ? `, ${req.non200} not 200` : ''}`
				: `${fmt(req.contacts)}${req.non200 ? ` (${req.non200} not 200)` : ''}`;
		if (r.failed) {
			const why = /heap out of memory|OOMErrorHandler/.test(r.failed)
				? `n8n ran out of V8 heap and exited (${r.noStart ? 'while starting' : 'during the run'})`
				: r.failed.split('\n')[0].replace(/\|/g, '/');
			lines.push(
				`| ${CASES[r.key].label} | ${fmt(r.n)} | **failed**: ${why} | ${requests} | | ${r.noStart ? '' : fmt(r.clientMs)} | ${r.noStart ? '' : fmt(r.rssBefore)} | ${r.noStart ? '' : fmt(Math.max(r.rssPeak, r.hwm || 0))} | |`,
			);
			continue;
		}
		lines.push(
			`| ${CASES[r.key].label} | ${fmt(r.n)} | ${r.check} | ${requests} | ${fmt(r.executionMs)} | ${fmt(r.clientMs)} | ${fmt(r.rssBefore)} | ${fmt(Math.max(r.rssPeak, r.hwm || 0))} | ${mb(r.savedBytes)} |`,
		);
	}
	const ok = (key) => results.find((r) => r.key === key && r.n === RECORDS && !r.failed);
	const p4 = ok('contacts4');
	const p1 = ok('contacts1');
	const pages = Math.ceil(RECORDS / 100) + (RECORDS % 100 === 0 ? 1 : 0);
	lines.push('');
	if (p4 && p1) {
		lines.push(
			`Parallel (4) / one page at a time: ${fmt(p4.executionMs / p1.executionMs, 2)} of the execution time. ` +
				`A sequential reader needs at least ${fmt(pages)} pages × ${LATENCY_MS} ms = ${fmt(pages * LATENCY_MS)} ms of answers alone.`,
		);
	}
	const o = ok('orders');
	if (o) {
		lines.push(
			`Orders of the last 7 days (Date Range): ${fmt(o.requests.orders + o.requests.order)} requests and ${fmt(o.executionMs)} ms for ${fmt(o.expected)} orders of ${fmt(RECORDS)}; ` +
				`${fmt(o.requests.orders)} of the requests read the list (newest first, stopped past the bound), ${fmt(o.requests.order)} read each order back. ` +
				`n8n's time per node (executionTime): ${Object.entries(o.nodeMs || {})
					.filter(([name]) => name in { 'Get the orders of the last 7 days': 1, 'Get order with items': 1 })
					.map(([name, ms]) => `${name} ${fmt(ms)} ms`)
					.join(', ')}.`,
		);
	}
	lines.push('');
	return lines.join('\n');
}

/** Replaces (or appends) the section of this n8n version in bench/RECORDED.md. */
function writeSection(section, runtime, heapMb) {
	const file = path.join(__dirname, 'RECORDED.md');
	const text = fs.readFileSync(file, 'utf8');
	const heading = headingOf(runtime, heapMb).replace(/\(`npm.*$/, '');
	const start = text.indexOf(heading);
	if (start < 0) return writeFormatted(file, `${text.trimEnd()}\n\n${section}`);
	const next = text.indexOf('\n## ', start + heading.length);
	writeFormatted(file, `${text.slice(0, start)}${section}${next < 0 ? '' : `\n${text.slice(next + 1)}`}`);
}

async function main() {
	if (arg('--report', undefined)) {
		// the section again from a run's saved figures (bench/big-account-*.json), e.g. after a change of wording
		const context = JSON.parse(fs.readFileSync(arg('--report'), 'utf8'));
		const section = report(context);
		process.stdout.write(`${section}\n`);
		if (!process.argv.includes('--no-write')) writeSection(section, context.runtime, context.heapMb);
		return;
	}
	const t0 = Date.now();
	const startedAt = new Date().toISOString();
	const load = { start: os.loadavg()[0] };
	const cases = ONLY.filter((key) => CASES[key]);
	const workflows = cases.map((key) => (key === 'orders' ? ordersWorkflow(CASES[key]) : contactsWorkflow(CASES[key])));
	const { sandbox, n8n } = await startStack({ name: 'bench-big-account', runtime: arg('--n8n', undefined), workflows });
	// a smaller V8 heap, as on a small instance (the runtime's Node sets ~4 GB on this 23.5 GiB machine)
	if (HEAP_MB) n8n.env.NODE_OPTIONS = `--max-old-space-size=${Number(HEAP_MB)}`;
	const results = [];
	let pageMs = {};
	try {
		sandbox.adversity.delayMs = LATENCY_MS;
		seed(sandbox, RECORDS);
		pageMs = await sandboxPageMs(sandbox, RECORDS);
		progress(`the sandbox's own work per page at ${fmt(RECORDS)} records: ${JSON.stringify(pageMs)} ms`);
		for (const key of cases) {
			for (let n = RECORDS; ; n /= 2) {
				progress(`${key}: ${fmt(n)} records, starting n8n ${n8n.runtime.version}`);
				const result = await runCase(key, n, { sandbox, n8n });
				results.push(result);
				progress(`${key} n=${fmt(n)}: ${JSON.stringify(result)}`);
				await n8n.stop().catch(() => undefined);
				if (!result.failed || result.noStart || n / 2 < SMALLEST) break;
			}
		}
	} finally {
		await n8n.cleanup().catch(() => undefined);
		await sandbox.close();
	}
	load.end = os.loadavg()[0];
	let commit = 'unknown';
	try {
		commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
	} catch {
		// not a git checkout
	}
	const context = {
		heapMb: HEAP_MB,
		results,
		runtime: n8n.runtime.version,
		commit,
		startedAt,
		load,
		totalMs: Date.now() - t0,
		pageMs,
	};
	const section = report(context);
	process.stdout.write(`${section}\n`);
	// A run of some cases (--only) keeps its figures apart from the full run's.
	const partial = cases.length < Object.keys(CASES).length ? `-${cases.join('-')}` : '';
	fs.writeFileSync(
		path.join(__dirname, `big-account-${n8n.runtime.version}${HEAP_MB ? `-heap-${HEAP_MB}` : ''}${partial}.json`),
		`${JSON.stringify(context, null, 2)}\n`,
	);
	if (!process.argv.includes('--no-write')) writeSection(section, n8n.runtime.version, HEAP_MB);
}

main().catch((error) => {
	process.stderr.write(`${error.stack || error}\n`);
	process.exitCode = 1;
});
