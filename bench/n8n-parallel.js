'use strict';
/**
 * Return All in a real n8n (issue 28): this node with parallel page requests (the default), the
 * same node one page at a time (Parallel Page Requests = 1), and n8n's HTTP Request node with its
 * pagination option (page[number] = $pageCount + 1, complete when a page holds fewer than 100
 * records), reading the same 10,000 contacts from the sandbox, which answers every request after
 * 50 ms. The demo's runtime (e2e/lib/stack.js, n8n 2.41.1 by default; `--n8n 1.x` for the other).
 *
 * One workflow per round: Manual Trigger → the three nodes in a chain, each "Execute Once" (it
 * runs once whatever it receives), their order rotated from round to round, run with
 * `n8n execute`. Each node's time is measured at the sandbox (test/sandbox/concurrency.js): from
 * the arrival of its page 1 to the end of the last answer it got (the nodes run one after the
 * other, each starts with page 1 alone), so it is the paging time as the API sees it, without
 * n8n's work before the first request and after the last answer. (n8n's own per-node
 * `executionTime` is not used: the run n8n prints with 30,000 records is too large for the e2e
 * harness to read back.) Medians over the rounds (default 5), and the median of the per-round ratios.
 * Prints a markdown report and writes it to bench/N8N-PARALLEL.md.
 *
 * Every round is checked before it counts: the execution n8n stored (read from its database, since
 * the printed run is cut short at this size) must be a success, and each node's
 * output must be the sandbox's contacts, each once: as many items as contacts, no ID twice, the
 * same set of IDs (`checkItems`). A round that fails stops the script: it prints why and exits 1
 * without a report or a ratio (times of nodes that did not read the list mean nothing).
 *
 * Usage: `npm run build && node bench/n8n-parallel.js [--rounds 6] [--contacts 10000] [--n8n 2.x] [--no-write]`
 * (`--contacts`: how many contacts the sandbox holds; 10,000 for the figures, fewer to try the
 * script quickly; a size other than 10,000 never writes bench/N8N-PARALLEL.md.)
 */
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const { meterConcurrency } = require('../test/sandbox/concurrency');
const { writeFormatted } = require('./write-formatted');
const { workflow } = require('../e2e/run');
const { startStack, ROOT } = require('../e2e/lib/stack');

const LATENCY_MS = 50;
const PAGE_SIZE = 100;
const arg = (name, fallback) => {
	const i = process.argv.indexOf(name);
	return i >= 0 ? process.argv[i + 1] : fallback;
};
const ROUNDS = Number(arg('--rounds', '5'));
/** The contacts in the sandbox (10,000 for the figures). */
const N = Number(arg('--contacts', '10000'));

const NODES = {
	parallel: 'Content Platform, default (parallel pages)',
	sequential: 'Content Platform, Parallel Page Requests = 1',
	http: 'HTTP Request with pagination',
};

function nodeParameters(key, sandbox) {
	if (key === 'http') {
		return {
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			credentials: undefined,
			parameters: {
				method: 'GET',
				url: `${sandbox.url}/v1/contacts`,
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'page[size]', value: String(PAGE_SIZE) }] },
				sendHeaders: true,
				headerParameters: {
					parameters: [
						{ name: 'Authorization', value: `Bearer ${sandbox.token}` },
						{ name: 'Accept', value: 'application/vnd.api+json' },
					],
				},
				options: {
					response: { response: { responseFormat: 'json' } },
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: { parameters: [{ type: 'qs', name: 'page[number]', value: '={{ $pageCount + 1 }}' }] },
							paginationCompleteWhen: 'other',
							completeExpression: `={{ $response.body.data.length < ${PAGE_SIZE} }}`,
						},
					},
				},
			},
		};
	}
	return {
		parameters: {
			resource: 'contact',
			operation: 'getAll',
			returnAll: true,
			...(key === 'sequential' ? { requestSettings: { parallelPages: 1 } } : {}),
		},
	};
}

/** Manual Trigger → the nodes in `order`, chained, each Execute Once (e2e/run.js `workflow`). */
function roundWorkflow(id, order, sandbox) {
	return workflow(
		id,
		`bench: Return All ${order.join(', ')}`,
		order.map((key) => ({ name: NODES[key], ...nodeParameters(key, sandbox) })),
	);
}

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (value, digits = 0) =>
	value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * The contact IDs in one node's output items: the Content Platform node gives one item per
 * contact (`id`); the HTTP Request node one item per page, its JSON:API document (`data[].id`).
 */
function outputIds(key, items) {
	if (key !== 'http') return items.map((item) => String(item.id));
	return items.flatMap((item) => (Array.isArray(item.data) ? item.data.map((record) => String(record.id)) : []));
}

/**
 * Why one node's output is not the sandbox's contacts, each once (undefined when it is): the
 * count, IDs given twice, IDs the sandbox lacks, contacts missing.
 * @param {string[]} ids the IDs in the node's output, in order
 * @param {string[]} expected the sandbox's contact IDs
 */
function checkItems(ids, expected) {
	const problems = [];
	if (ids.length !== expected.length) problems.push(`${ids.length} items, expected ${expected.length}`);
	const unique = new Set(ids);
	if (unique.size !== ids.length) problems.push(`${ids.length - unique.size} IDs given more than once`);
	const wanted = new Set(expected);
	const foreign = [...unique].filter((id) => !wanted.has(id));
	const missing = expected.filter((id) => !unique.has(id));
	if (foreign.length) problems.push(`${foreign.length} IDs not in the sandbox (${foreign.slice(0, 3).join(', ')}…)`);
	if (missing.length) problems.push(`${missing.length} contacts missing (${missing.slice(0, 3).join(', ')}…)`);
	return problems.length ? problems.join('; ') : undefined;
}

/**
 * The reads of one round, in the order the nodes ran: the sandbox's contact requests split where a
 * page 1 arrives; per read the time from that arrival to the end of its last answer, the requests
 * and their statuses.
 */
function readsOf(events, base) {
	const reads = [];
	for (const event of events) {
		const page = new URL(event.url, base).searchParams.get('page[number]');
		if (event.kind === 'start' && page === '1') reads.push({ from: event.at, to: event.at, requests: 0, bad: 0 });
		const read = reads[reads.length - 1];
		if (!read) continue;
		if (event.kind === 'start') read.requests++;
		else {
			read.to = Math.max(read.to, event.at);
			if (event.status !== 200) read.bad++;
		}
	}
	return reads;
}

async function main() {
	const orders = [
		['parallel', 'sequential', 'http'],
		['sequential', 'http', 'parallel'],
		['http', 'parallel', 'sequential'],
	];
	const { sandbox, n8n } = await startStack({ name: 'bench-n8n-parallel', runtime: arg('--n8n', undefined) });
	const samples = [];
	try {
		sandbox.clear('contacts');
		const contactIds = sandbox.insertMany('contacts', N).map((record) => String(record.id));
		sandbox.adversity.delayMs = LATENCY_MS;
		const ids = orders.map((_, i) => `benchParallel0${i}`);
		n8n.importWorkflows(orders.map((order, i) => roundWorkflow(ids[i], order, sandbox)));
		const meter = meterConcurrency(sandbox, (req) => (req.url || '').startsWith('/v1/contacts'));
		let lastExecution = 0;
		for (let round = 0; round < ROUNDS; round++) {
			const which = round % orders.length;
			sandbox.clearRequests();
			meter.reset();
			const run = await n8n.execute(ids[which], { timeoutMs: 10 * 60 * 1000 });
			if (run.exitCode !== 0) throw new Error(`round ${round + 1}: n8n execute exited ${run.exitCode}`);
			// The execution as n8n stored it (its database): the run `n8n execute` prints is cut short
			// with 30,000 records, so it cannot be read back from stdout.
			const stored = n8n.getExecutions({ workflowId: ids[which], sinceId: lastExecution });
			if (stored.length !== 1) throw new Error(`round ${round + 1}: ${stored.length} executions stored, expected 1`);
			const [execution] = stored;
			lastExecution = execution.id;
			if (!execution.ok || execution.status !== 'success') {
				const why = JSON.stringify(execution.error || execution.status);
				throw new Error(`round ${round + 1}: the run failed (${execution.status}): ${why.slice(0, 500)}`);
			}
			for (const key of orders[which]) {
				const node = execution.nodes[NODES[key]];
				if (!node) throw new Error(`round ${round + 1}: no output of "${NODES[key]}" in n8n's run`);
				const problem = checkItems(outputIds(key, node.items), contactIds);
				if (problem)
					throw new Error(`round ${round + 1}: "${NODES[key]}" did not return the ${N} contacts: ${problem}`);
			}
			const reads = readsOf(meter.events, sandbox.url);
			if (reads.length !== 3 || reads.some((r) => r.bad > 0 || r.requests < Math.ceil(N / PAGE_SIZE))) {
				throw new Error(`round ${round + 1}: unexpected reads ${JSON.stringify(reads)}`);
			}
			const sample = { round, order: orders[which], requests: reads.map((r) => r.requests) };
			orders[which].forEach((key, i) => {
				sample[key] = reads[i].to - reads[i].from;
				sample[`${key}Requests`] = reads[i].requests;
			});
			samples.push(sample);
			process.stderr.write(`round ${round + 1}/${ROUNDS}: ${JSON.stringify(sample)}\n`);
		}
	} finally {
		await n8n.cleanup().catch(() => undefined);
		await sandbox.close();
	}
	let commit = 'unknown';
	try {
		commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
	} catch {
		// not a git checkout
	}
	const ratio = (a, b) => median(samples.map((s) => s[a] / s[b]));
	const lines = [
		'# Return All in a real n8n: parallel page requests vs the HTTP Request node (`node bench/n8n-parallel.js`)',
		'',
		`Run ${new Date().toISOString()} at commit ${commit}, n8n ${n8n.runtime.version} (the demo's runtime), ${ROUNDS} rounds. ` +
			`${fmt(N)} contacts in the sandbox, every request answered after ${LATENCY_MS} ms; pages of ${PAGE_SIZE}. ` +
			'Each round is one workflow run (`n8n execute`): Manual Trigger → the three nodes chained, each Execute Once, in an order rotated from round to round; ' +
			"each round checked: n8n's run a success, each node's output the sandbox's contacts, each once (count, unique IDs, the same IDs); " +
			`times measured at the sandbox, from the arrival of the node's page 1 to the end of its last answer. The contacts list has no paging links, so the sequential readers need page ${Math.floor(N / PAGE_SIZE) + 1} (empty) to see the end.`,
		'',
		'| Node | Median ms | Runs | Requests | Ratio to the HTTP Request node (median of per-round ratios) |',
		'|---|---:|---:|---|---:|',
	];
	for (const key of Object.keys(NODES)) {
		lines.push(
			`| ${NODES[key]} | ${fmt(median(samples.map((s) => s[key])))} | ${samples.length} | ${[...new Set(samples.map((s) => s[`${key}Requests`]))].join('/')} | ${key === 'http' ? '1' : fmt(ratio(key, 'http'), 2)} |`,
		);
	}
	lines.push(
		'',
		`Parallel (default) / one page at a time: ${fmt(ratio('parallel', 'sequential'), 2)}. ` +
			`Sequential limit: ${Math.floor(N / PAGE_SIZE) + 1} pages × ${LATENCY_MS} ms = ${fmt((Math.floor(N / PAGE_SIZE) + 1) * LATENCY_MS)} ms.`,
		'',
		'| Round | Order | ' + Object.values(NODES).join(' ms | ') + ' ms | Requests (in order run) |',
		'|---:|---|' +
			Object.keys(NODES)
				.map(() => '---:|')
				.join('') +
			'---:|',
		...samples.map(
			(s) =>
				`| ${s.round + 1} | ${s.order.join(' → ')} | ${Object.keys(NODES)
					.map((key) => fmt(s[key]))
					.join(' | ')} | ${s.requests.join(', ')} |`,
		),
		'',
	);
	const report = lines.join('\n');
	process.stdout.write(`${report}\n`);
	if (!process.argv.includes('--no-write') && N === 10000)
		writeFormatted(path.join(__dirname, 'N8N-PARALLEL.md'), report);
}

main().catch((error) => {
	process.stderr.write(`bench/n8n-parallel.js: no report, no ratio: ${error.stack || error}\n`);
	process.exitCode = 1;
});
