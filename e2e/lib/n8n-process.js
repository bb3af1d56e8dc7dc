'use strict';
/**
 * The pieces of e2e/lib/n8n.js around the N8nInstance class: the offline environment an n8n
 * process runs with (`offlineEnv`), free ports, reading n8n's output (`parseLogLines`,
 * `extractRun`, `summarizeRun`), small HTTP helpers for its REST API, and deterministic IDs.
 */
const fs = require('node:fs');
const path = require('node:path');
const net = require('node:net');
const http = require('node:http');
const crypto = require('node:crypto');

const E2E_DIR = path.resolve(__dirname, '..');
const WORK_DIR = path.join(E2E_DIR, '.work');
const DEFAULT_ENCRYPTION_KEY = 'e2e-content-platform-fixed-encryption-key';

function log(msg) {
	if (process.env.E2E_QUIET !== '1') process.stderr.write(`[e2e:n8n] ${msg}\n`);
}

/** Ask the OS for a free TCP port on 127.0.0.1. */
function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

/**
 * Env for every n8n process: offline, quiet, sqlite, JSON logs on stdout.
 * Inherited N8N_* / DB_* / EXECUTIONS_* / proxy variables are dropped so that
 * the developer's shell can't change the behaviour of the e2e run.
 */
function offlineEnv({ userFolder, port, brokerPort, encryptionKey, extra, n8nMajor = 2 }) {
	const env = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (/^(N8N_|DB_|EXECUTIONS_|QUEUE_|GENERIC_TIMEZONE$|NODE_OPTIONS$|NODE_PATH$|npm_)/i.test(k)) continue;
		if (/^(https?_proxy|all_proxy|no_proxy)$/i.test(k)) continue;
		env[k] = v;
	}
	Object.assign(env, {
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: encryptionKey || DEFAULT_ENCRYPTION_KEY,
		DB_TYPE: 'sqlite',
		// network: only loopback
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_PORT: String(port),
		N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/`, // (WEBHOOK_URL is deprecated in 2.x)
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort), // default 5679 would clash between parallel instances
		N8N_PYTHON_ENABLED: 'false', // Python Code node off (the python runner is still probed: one harmless warning)
		N8N_SECURE_COOKIE: 'false',
		NO_PROXY: '127.0.0.1,localhost,::1',
		// no phoning home
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_LICENSE_DETACH_FLOATING_ON_SHUTDOWN: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_METRICS: 'false',
		// the mcp-registry module (2.x) fetches https://api.n8n.io/api/mcp-servers at start (logs 3 errors
		// offline); n8n 1.x has no such module and refuses to start on an unknown module name
		...(n8nMajor >= 2 ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
		// community packages: load what is in <userFolder>/.n8n/nodes/node_modules, never fetch
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		// deterministic-ish behaviour
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
		// logs: one JSON object per line on stdout (the `execute` result is one of them)
		N8N_LOG_FORMAT: 'json',
		N8N_LOG_OUTPUT: 'console',
		N8N_LOG_LEVEL: process.env.E2E_N8N_LOG_LEVEL || 'info',
		NODE_ENV: 'production',
	});
	return Object.assign(env, extra || {});
}

/** Split n8n stdout (N8N_LOG_FORMAT=json) into log records; non-JSON lines kept as {level:'raw'}. */
function parseLogLines(text) {
	const out = [];
	for (const line of String(text || '').split('\n')) {
		const t = line.trim();
		if (!t) continue;
		if (t.startsWith('{')) {
			try {
				const o = JSON.parse(t);
				if (o && typeof o === 'object' && 'message' in o) {
					out.push(o);
					continue;
				}
			} catch {}
		}
		out.push({ level: 'raw', message: line });
	}
	return out;
}

function tryJson(s) {
	try {
		return JSON.parse(s);
	} catch {
		return undefined;
	}
}

/** Find the IRun object printed by `n8n execute --rawOutput` in stdout (JSON logs or plain). */
function extractRun(stdout) {
	const records = parseLogLines(stdout);
	for (let i = records.length - 1; i >= 0; i--) {
		const m = records[i].message;
		if (typeof m === 'string' && m.trimStart().startsWith('{') && m.includes('"resultData"')) {
			const o = tryJson(m);
			if (o && o.data && o.data.resultData) return o;
		}
	}
	// Fallback for plain (non-JSON) log format: the run is a pretty-printed object
	// starting with a line "{" and ending with a line "}".
	const lines = String(stdout || '').split('\n');
	for (let start = lines.length - 1; start >= 0; start--) {
		if (lines[start] !== '{') continue;
		for (let end = start + 1; end < lines.length; end++) {
			if (lines[end] !== '}') continue;
			const o = tryJson(lines.slice(start, end + 1).join('\n'));
			if (o && o.data && o.data.resultData) return o;
		}
	}
	return null;
}

function summarizeError(err) {
	if (!err) return null;
	return {
		name: err.name,
		message: err.message,
		description: err.description ?? null,
		node: err.node ? err.node.name : undefined,
		httpCode: err.httpCode ?? (err.context && err.context.httpCode) ?? undefined,
		raw: err,
	};
}

/**
 * Turn an IRun (or the `data` of a stored execution) into a friendlier shape:
 * { ok, status, error, lastNodeExecuted, nodes: { [name]: { items, outputs, runs, error, status } } }
 * `items` = json of output 0 of the last run; `outputs` = json per output of the last run.
 */
function summarizeRun(run) {
	const resultData = (run && run.data && run.data.resultData) || {};
	const nodes = {};
	for (const [name, runs] of Object.entries(resultData.runData || {})) {
		const last = runs[runs.length - 1] || {};
		const main = (last.data && last.data.main) || [];
		const outputs = main.map((items) => (items || []).map((i) => i.json));
		nodes[name] = {
			items: outputs[0] || [],
			outputs,
			binary: (main[0] || []).map((i) => i.binary).filter(Boolean),
			runs: runs.length,
			status: last.executionStatus,
			error: summarizeError(last.error),
			executionTime: last.executionTime,
		};
	}
	const error = summarizeError(resultData.error);
	return {
		ok: !error && Object.values(nodes).every((n) => !n.error),
		status: run && run.status,
		error,
		lastNodeExecuted: resultData.lastNodeExecuted,
		nodes,
		run,
	};
}

/**
 * Whether an execution (as getExecutions() summarises it) is over and stored: its status is final
 * (not new, running or waiting) and its run data is readable (a node's output or the run's error).
 * n8n 1.x writes the status and the run data in two statements, so a reader in between sees a
 * finished execution without its items.
 */
function isStoredFinished(execution) {
	if (!execution.status || ['new', 'running', 'waiting'].includes(execution.status)) return false;
	return Object.keys(execution.nodes || {}).length > 0 || Boolean(execution.error);
}

function httpGet(url, timeoutMs = 2000) {
	return new Promise((resolve) => {
		const req = http.get(url, { timeout: timeoutMs }, (res) => {
			let body = '';
			res.setEncoding('utf8');
			res.on('data', (c) => (body += c));
			res.on('end', () => resolve({ status: res.statusCode, body }));
		});
		req.on('timeout', () => req.destroy(new Error('timeout')));
		req.on('error', (e) => resolve({ status: 0, body: String(e.message) }));
	});
}

const BROWSER_ID = 'e2e-harness-browser';

/** Minimal JSON HTTP client for the REST API; returns { status, json, text, cookie }. */
function httpJson(method, url, body, headers = {}) {
	return new Promise((resolve, reject) => {
		const payload = body === undefined ? undefined : JSON.stringify(body);
		const req = http.request(
			url,
			{
				method,
				timeout: 30000,
				headers: {
					accept: 'application/json',
					...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
					...headers,
				},
			},
			(res) => {
				let text = '';
				res.setEncoding('utf8');
				res.on('data', (c) => (text += c));
				res.on('end', () => {
					const setCookie = [].concat(res.headers['set-cookie'] || []);
					const cookie = setCookie
						.map((c) => c.split(';')[0])
						.filter((c) => c.startsWith('n8n-auth='))
						.join('; ');
					resolve({ status: res.statusCode, text, json: tryJson(text), cookie: cookie || undefined });
				});
			},
		);
		req.on('timeout', () => req.destroy(new Error(`timeout ${method} ${url}`)));
		req.on('error', reject);
		if (payload) req.write(payload);
		req.end();
	});
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function tail(file, n) {
	try {
		return fs.readFileSync(file, 'utf8').split('\n').slice(-n).join('\n');
	} catch {
		return '';
	}
}

/** n8n ids are 16 chars [a-zA-Z0-9]; derive one deterministically from a seed. */
function stableId(seed) {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	const h = crypto.createHash('sha256').update(seed).digest();
	let s = '';
	for (let i = 0; i < 16; i++) s += alphabet[h[i] % alphabet.length];
	return s;
}

/**
 * The script `N8nInstance.getExecutions` runs with the runtime's Node (`node -e`, argv: the sqlite
 * file, a workflow ID or '', the ID to start after): prints the executions with their run data
 * (flatted-parsed) as one JSON array.
 */
const EXECUTIONS_SCRIPT = `
const sqlite3 = require('sqlite3');
const { parse } = require('flatted');
const [db, wf, since] = process.argv.slice(1);
const d = new sqlite3.Database(db, sqlite3.OPEN_READONLY);
d.configure('busyTimeout', 5000);
const sql = 'SELECT e.id, e.workflowId, e.mode, e.status, e.finished, e.startedAt, e.stoppedAt, x.data FROM execution_entity e LEFT JOIN execution_data x ON x.executionId = e.id WHERE e.id > ?' + (wf ? ' AND e.workflowId = ?' : '') + ' ORDER BY e.id';
d.all(sql, wf ? [Number(since), wf] : [Number(since)], (err, rows) => {
  if (err) { console.error(err.message); process.exit(1); }
  const out = rows.map((r) => { let data = null; try { data = r.data ? parse(r.data) : null; } catch (e) { data = { parseError: String(e) }; } return { ...r, data }; });
  process.stdout.write(JSON.stringify(out));
  d.close();
});`;

module.exports = {
	E2E_DIR,
	WORK_DIR,
	DEFAULT_ENCRYPTION_KEY,
	log,
	freePort,
	offlineEnv,
	parseLogLines,
	tryJson,
	extractRun,
	summarizeError,
	summarizeRun,
	isStoredFinished,
	httpGet,
	BROWSER_ID,
	httpJson,
	sleep,
	tail,
	stableId,
	EXECUTIONS_SCRIPT,
};
