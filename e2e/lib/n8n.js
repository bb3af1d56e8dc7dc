'use strict';
/**
 * Headless helpers around a real n8n (installed by ./runtime.js), fully offline.
 *
 *   const { N8nInstance } = require('./n8n');
 *   const n8n = await N8nInstance.create({ name: 'demo' });     // fresh N8N_USER_FOLDER
 *   n8n.installPackage('/work/main');                            // built package dir (needs dist/)
 *   n8n.importCredentials([{ id, name, type, data }]);
 *   n8n.importWorkflows([workflowJson]);
 *   const res = await n8n.execute(workflowId);                   // `n8n execute --id`
 *   res.ok, res.nodes['Node name'].items, res.error
 *   n8n.publishWorkflow(id);  await n8n.start();  ...  await n8n.stop();
 *   await n8n.getExecutions({ workflowId })                      // read from the sqlite DB
 *
 * Everything runs with the Node 24 binary of the runtime; every instance gets its own
 * user folder, HTTP port and task-broker port, so instances can run side by side.
 */
const fs = require('node:fs');
const path = require('node:path');
const net = require('node:net');
const http = require('node:http');
const crypto = require('node:crypto');
const { spawn, spawnSync } = require('node:child_process');
const { ensureN8n } = require('./runtime');

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

class N8nInstance {
	/**
	 * @param {object} o
	 * @param {string} [o.name]        label used in the user folder name
	 * @param {string} [o.userFolder]  reuse/force a folder (default: fresh dir under e2e/.work/)
	 * @param {number} [o.port]        HTTP port for `n8n start` (default: a free one)
	 * @param {object} [o.env]         extra env for every n8n process
	 * @param {boolean} [o.keep]       keep the user folder on cleanup()
	 * @param {string} [o.runtime]     which pinned n8n: '2.x' (default) or '1.x', see runtime.js
	 */
	static async create(o = {}) {
		const runtime = ensureN8n({ runtime: o.runtime });
		const userFolder =
			o.userFolder ||
			path.join(WORK_DIR, 'instances', `${o.name || 'n8n'}-${Date.now()}-${crypto.randomBytes(3).toString('hex')}`);
		fs.mkdirSync(path.join(userFolder, '.n8n'), { recursive: true });
		const port = o.port || (await freePort());
		let brokerPort = o.brokerPort || (await freePort());
		if (brokerPort === port) brokerPort = await freePort();
		const inst = new N8nInstance({
			runtime,
			userFolder,
			port,
			brokerPort,
			env: o.env,
			keep: o.keep,
			encryptionKey: o.encryptionKey,
		});
		log(`user folder ${userFolder} (port ${port}, broker ${brokerPort})`);
		return inst;
	}

	constructor({ runtime, userFolder, port, brokerPort, env, keep, encryptionKey }) {
		this.runtime = runtime;
		this.userFolder = userFolder;
		this.n8nFolder = path.join(userFolder, '.n8n');
		this.port = port;
		this.brokerPort = brokerPort;
		this.baseUrl = `http://127.0.0.1:${port}`;
		this.keep = !!keep;
		/** Major version of the running n8n (1 or 2): a few CLI commands differ. */
		this.n8nMajor = Number(String(runtime.version).split('.')[0]) || 2;
		this.env = offlineEnv({ userFolder, port, brokerPort, encryptionKey, extra: env, n8nMajor: this.n8nMajor });
		this.server = null;
		this.logDir = path.join(userFolder, 'logs');
		fs.mkdirSync(this.logDir, { recursive: true });
		this._cmdCount = 0;
	}

	get dbFile() {
		return path.join(this.n8nFolder, 'database.sqlite');
	}

	/** Run an n8n CLI command synchronously. Returns { code, stdout, stderr, logs, ms }. */
	cli(args, { check = true, timeoutMs = 5 * 60 * 1000, env } = {}) {
		const t0 = Date.now();
		const res = spawnSync(this.runtime.nodeBin, [this.runtime.n8nBin, ...args], {
			cwd: this.userFolder,
			env: { ...this.env, ...(env || {}) },
			encoding: 'utf8',
			timeout: timeoutMs,
			maxBuffer: 512 * 1024 * 1024,
			killSignal: 'SIGKILL',
		});
		const ms = Date.now() - t0;
		const n = String(++this._cmdCount).padStart(2, '0');
		const tag = args[0].replace(/[^a-z0-9]+/gi, '_');
		fs.writeFileSync(path.join(this.logDir, `${n}-${tag}.stdout`), res.stdout || '');
		fs.writeFileSync(path.join(this.logDir, `${n}-${tag}.stderr`), res.stderr || '');
		const out = { code: res.status, signal: res.signal, stdout: res.stdout || '', stderr: res.stderr || '', ms };
		out.logs = parseLogLines(out.stdout);
		if (res.error) out.spawnError = res.error;
		if (check && res.status !== 0) {
			const errs = out.logs.filter((l) => l.level === 'error' || l.level === 'raw').map((l) => l.message);
			throw new Error(
				`n8n ${args.join(' ')} failed (exit ${res.status ?? res.signal}${res.error ? `, ${res.error.message}` : ''}):\n` +
					`${errs.slice(-15).join('\n')}\n${out.stderr.split('\n').slice(-15).join('\n')}`,
			);
		}
		log(`n8n ${args[0]} ${args.slice(1).join(' ')} -> exit ${res.status} in ${ms} ms`);
		return out;
	}

	_writeInput(kind, data) {
		if (typeof data === 'string') return data; // already a file path
		const file = path.join(
			this.userFolder,
			'inputs',
			`${kind}-${Date.now()}-${crypto.randomBytes(2).toString('hex')}.json`,
		);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, JSON.stringify(data, null, 2));
		return file;
	}

	/**
	 * Install a built community package (a dir with package.json + dist/) into
	 * <userFolder>/.n8n/nodes/node_modules/<name>.
	 *  mode 'pack' (default): `npm pack` the dir and unpack the tarball there, so
	 *    exactly the published `files` are used (what a user would install);
	 *  mode 'copy': copy package.json + the `files` entries (default dist/) directly.
	 * Runtime dependencies of the package (if any) are installed with npm --ignore-scripts.
	 * n8n itself (n8n-workflow etc.) resolves from the runtime via NODE_PATH.
	 */
	installPackage(pkgDir, { mode = 'pack' } = {}) {
		const t0 = Date.now();
		pkgDir = path.resolve(pkgDir);
		const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
		if (!/^(@[^/]+\/)?n8n-nodes-/.test(pkg.name)) {
			throw new Error(`n8n only scans community packages named n8n-nodes-* or @scope/n8n-nodes-*, got ${pkg.name}`);
		}
		if (!pkg.n8n) throw new Error(`${pkg.name}: package.json has no "n8n" section`);
		for (const f of [...(pkg.n8n.nodes || []), ...(pkg.n8n.credentials || [])]) {
			if (!fs.existsSync(path.join(pkgDir, f))) throw new Error(`${pkg.name}: ${f} is missing (not built?)`);
		}
		const nodesDir = path.join(this.n8nFolder, 'nodes');
		const dest = path.join(nodesDir, 'node_modules', pkg.name);
		fs.rmSync(dest, { recursive: true, force: true });
		fs.mkdirSync(dest, { recursive: true });
		if (!fs.existsSync(path.join(nodesDir, 'package.json'))) {
			fs.writeFileSync(
				path.join(nodesDir, 'package.json'),
				JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2),
			);
		}
		if (mode === 'pack') {
			const packDir = path.join(this.userFolder, 'pack');
			fs.mkdirSync(packDir, { recursive: true });
			const npmEnv = { ...process.env };
			for (const k of Object.keys(npmEnv)) if (/^npm_/i.test(k)) delete npmEnv[k];
			const res = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir, pkgDir], {
				cwd: pkgDir,
				env: npmEnv,
				encoding: 'utf8',
			});
			if (res.status !== 0) throw new Error(`npm pack failed: ${res.stderr}`);
			const info = JSON.parse(res.stdout);
			const tgz = path.join(packDir, info[0].filename);
			const tar = spawnSync('tar', ['-xzf', tgz, '-C', dest, '--strip-components=1'], { encoding: 'utf8' });
			if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
		} else {
			const entries = new Set(['package.json', ...(pkg.files || ['dist'])]);
			for (const e of entries) {
				const src = path.join(pkgDir, e);
				if (fs.existsSync(src)) fs.cpSync(src, path.join(dest, e), { recursive: true });
			}
		}
		const deps = Object.keys(pkg.dependencies || {});
		if (deps.length) {
			const res = spawnSync(
				'npm',
				[
					'install',
					'--ignore-scripts',
					'--omit=dev',
					'--no-audit',
					'--no-fund',
					'--no-package-lock',
					'--prefer-offline',
				],
				{
					cwd: dest,
					encoding: 'utf8',
				},
			);
			if (res.status !== 0) throw new Error(`npm install of ${pkg.name} dependencies failed: ${res.stderr}`);
		}
		// n8n's package bookkeeping lives in the nodes/package.json too
		const np = JSON.parse(fs.readFileSync(path.join(nodesDir, 'package.json'), 'utf8'));
		np.dependencies = { ...(np.dependencies || {}), [pkg.name]: pkg.version };
		fs.writeFileSync(path.join(nodesDir, 'package.json'), JSON.stringify(np, null, 2));
		log(`installed ${pkg.name}@${pkg.version} (${mode}) into ${dest} in ${Date.now() - t0} ms`);
		return { name: pkg.name, version: pkg.version, dir: dest };
	}

	/**
	 * Import credentials. `creds` = array (or one) of { id, name, type, data } with
	 * plain (unencrypted) data, or a file path. Ids must be 16 alphanumerics for n8n;
	 * missing ids are derived from the name.
	 */
	importCredentials(creds) {
		let input = creds;
		if (typeof creds !== 'string') {
			const list = (Array.isArray(creds) ? creds : [creds]).map((c) => ({
				id: c.id || stableId(`cred:${c.name}`),
				name: c.name,
				type: c.type,
				data: c.data,
				isManaged: false,
			}));
			input = this._writeInput('credentials', list);
		}
		return this.cli(['import:credentials', `--input=${input}`]);
	}

	/** Import workflows: array (or one) of workflow JSON objects, or a file path. */
	importWorkflows(workflows) {
		let input = workflows;
		if (typeof workflows !== 'string') {
			const list = (Array.isArray(workflows) ? workflows : [workflows]).map((w) => ({
				active: false,
				settings: {},
				connections: {},
				...w,
				id: w.id || stableId(`wf:${w.name}`),
			}));
			input = this._writeInput('workflows', list);
		}
		return this.cli(['import:workflow', `--input=${input}`]);
	}

	/**
	 * `n8n execute --id <id> --rawOutput`; the workflow must start with a Manual Trigger.
	 * Resolves to summarizeRun(...) + { exitCode, ms, logs, stdout, stderr }.
	 * Never throws for a failed workflow: check `.ok` / `.error` / `.nodes[name].error`.
	 */
	async execute(workflowId, { timeoutMs = 5 * 60 * 1000 } = {}) {
		if (this.server)
			throw new Error('stop `n8n start` before `n8n execute` on the same user folder (shared sqlite + ports)');
		const t0 = Date.now();
		const { code, stdout, stderr, logs, signal } = await new Promise((resolve) => {
			const child = spawn(this.runtime.nodeBin, [this.runtime.n8nBin, 'execute', `--id=${workflowId}`, '--rawOutput'], {
				cwd: this.userFolder,
				env: this.env,
				stdio: ['ignore', 'pipe', 'pipe'],
			});
			let so = '';
			let se = '';
			child.stdout.setEncoding('utf8').on('data', (c) => (so += c));
			child.stderr.setEncoding('utf8').on('data', (c) => (se += c));
			const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
			child.on('close', (c, s) => {
				clearTimeout(timer);
				resolve({ code: c, signal: s, stdout: so, stderr: se, logs: parseLogLines(so) });
			});
		});
		const ms = Date.now() - t0;
		const n = String(++this._cmdCount).padStart(2, '0');
		fs.writeFileSync(path.join(this.logDir, `${n}-execute-${workflowId}.stdout`), stdout);
		fs.writeFileSync(path.join(this.logDir, `${n}-execute-${workflowId}.stderr`), stderr);
		const run = extractRun(stdout);
		let summary;
		if (run) {
			summary = summarizeRun(run);
		} else {
			// no run data printed (e.g. workflow not found, crash before running)
			const msgs = logs.filter((l) => l.level === 'error' || l.level === 'raw').map((l) => l.message);
			summary = {
				ok: false,
				status: undefined,
				error: { name: 'NoRunData', message: msgs.join('\n') || stderr || `exit ${code ?? signal}` },
				nodes: {},
				run: null,
			};
		}
		if (code !== 0 && !(run && signal)) summary.ok = false;
		if (run && signal) {
			// Seen on a loaded machine: n8n printed the whole run, then died in its teardown (SIGSEGV).
			// The run data is complete, so it decides; the crash is reported, not hidden.
			log(
				`note: n8n execute ${workflowId} printed its run, then exited by ${signal}; ok=${summary.ok} from the run data`,
			);
		}
		log(`execute ${workflowId} -> exit ${code ?? signal}, ok=${summary.ok} in ${ms} ms`);
		return { ...summary, exitCode: code, signal, ms, logs, stdout, stderr };
	}

	/** Mark a workflow active/published (CLI; takes effect at the next `start`). */
	publishWorkflow(workflowId) {
		if (this.server) throw new Error('publish:workflow only takes effect on the next start; call it before start()');
		// n8n 1.x has no publish:workflow; its update:workflow --active=true does the same
		if (this.n8nMajor < 2) return this.cli(['update:workflow', `--id=${workflowId}`, '--active=true']);
		return this.cli(['publish:workflow', `--id=${workflowId}`]);
	}

	unpublishWorkflow(workflowId) {
		if (this.n8nMajor < 2) return this.cli(['update:workflow', `--id=${workflowId}`, '--active=false']);
		return this.cli(['unpublish:workflow', `--id=${workflowId}`]);
	}

	/** Start `n8n start` in the background and wait for /healthz (and /healthz/readiness). */
	async start({ timeoutMs = Number(process.env.E2E_START_TIMEOUT_MS) || 120000 } = {}) {
		if (this.server) return this.server;
		const t0 = Date.now();
		const logFile = path.join(this.logDir, `start-${Date.now()}.log`);
		const fd = fs.openSync(logFile, 'a');
		const child = spawn(this.runtime.nodeBin, [this.runtime.n8nBin, 'start'], {
			cwd: this.userFolder,
			env: this.env,
			stdio: ['ignore', fd, fd],
			detached: true, // own process group: stop() can signal n8n and its task runner together
		});
		fs.closeSync(fd);
		let exited = null;
		child.on('exit', (code, signal) => (exited = { code, signal }));
		this.server = { child, pid: child.pid, logFile, startedAt: t0 };
		for (;;) {
			if (exited) {
				this.server = null;
				throw new Error(`n8n start exited early (${JSON.stringify(exited)}); log:\n${tail(logFile, 40)}`);
			}
			const h = await httpGet(`${this.baseUrl}/healthz`);
			if (h.status === 200) {
				const r = await httpGet(`${this.baseUrl}/healthz/readiness`);
				if (r.status === 200) break;
			}
			if (Date.now() - t0 > timeoutMs) {
				await this.stop();
				throw new Error(`n8n start not healthy after ${timeoutMs} ms; log:\n${tail(logFile, 40)}`);
			}
			await sleep(250);
		}
		this.server.readyMs = Date.now() - t0;
		log(`n8n start healthy on ${this.baseUrl} in ${this.server.readyMs} ms (pid ${child.pid}, log ${logFile})`);
		return this.server;
	}

	/**
	 * JSON request to the running instance's REST API (/rest/...), logged in as the
	 * owner (set up on first use: a fresh instance accepts POST /rest/owner/setup
	 * without auth). Returns the response's `data` (n8n wraps bodies as { data }).
	 */
	async rest(method, urlPath, body) {
		if (!this.server) throw new Error('n8n is not started');
		if (!this._cookie) await this._login();
		const res = await httpJson(method, `${this.baseUrl}${urlPath}`, body, {
			cookie: this._cookie,
			'browser-id': BROWSER_ID,
		});
		if (res.status >= 400) throw new Error(`${method} ${urlPath} -> ${res.status}: ${res.text.slice(0, 500)}`);
		return res.json && 'data' in res.json ? res.json.data : res.json;
	}

	async _login() {
		const owner = { email: 'e2e@example.com', firstName: 'E2E', lastName: 'Owner', password: 'E2e-password-123' };
		let res = await httpJson('POST', `${this.baseUrl}/rest/owner/setup`, owner, { 'browser-id': BROWSER_ID });
		if (res.status >= 400) {
			res = await httpJson(
				'POST',
				`${this.baseUrl}/rest/login`,
				{ emailOrLdapLoginId: owner.email, password: owner.password },
				{ 'browser-id': BROWSER_ID },
			);
		}
		if (res.status >= 400 || !res.cookie) throw new Error(`REST login failed: ${res.status} ${res.text.slice(0, 300)}`);
		this._cookie = res.cookie;
	}

	/** Activate (publish) a workflow in the running instance via REST; triggers/pollers start now. */
	async activateWorkflow(workflowId) {
		const wf = await this.rest('GET', `/rest/workflows/${workflowId}`);
		return await this.rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId: wf.versionId });
	}

	async deactivateWorkflow(workflowId) {
		return await this.rest('POST', `/rest/workflows/${workflowId}/deactivate`, {});
	}

	/** Log records of the running (or last) `n8n start`. */
	serverLogs() {
		const f = this.server ? this.server.logFile : this._lastServerLog;
		return f && fs.existsSync(f) ? parseLogLines(fs.readFileSync(f, 'utf8')) : [];
	}

	/** Wait until a log record matches (string includes or RegExp), e.g. activation of a workflow. */
	async waitForLog(match, { timeoutMs = 30000 } = {}) {
		const t0 = Date.now();
		const test = (m) => (match instanceof RegExp ? match.test(m) : String(m).includes(match));
		for (;;) {
			const hit = this.serverLogs().find((l) => test(l.message));
			if (hit) return hit;
			if (Date.now() - t0 > timeoutMs) throw new Error(`log line ${match} not seen within ${timeoutMs} ms`);
			await sleep(200);
		}
	}

	/** SIGTERM the n8n process group, wait for exit; SIGKILL after graceMs. */
	async stop({ graceMs = 20000 } = {}) {
		const s = this.server;
		if (!s) return;
		const t0 = Date.now();
		const { child } = s;
		const done = new Promise((resolve) => {
			if (child.exitCode !== null || child.signalCode !== null) return resolve();
			child.once('exit', resolve);
		});
		const sig = (signal) => {
			try {
				process.kill(-child.pid, signal); // whole group (n8n + task runner)
			} catch {
				try {
					child.kill(signal);
				} catch {}
			}
		};
		sig('SIGTERM');
		const timer = setTimeout(() => sig('SIGKILL'), graceMs);
		await done;
		clearTimeout(timer);
		// make sure no straggler of the group (e.g. the task runner) survives
		await sleep(100);
		sig('SIGKILL');
		this._lastServerLog = s.logFile;
		this.server = null;
		this._cookie = undefined;
		log(`n8n stopped in ${Date.now() - t0} ms`);
	}

	/**
	 * Executions stored in the sqlite DB (works while `n8n start` runs, or after).
	 * Returns [{ id, workflowId, mode, status, finished, startedAt, stoppedAt, ...summarizeRun(data) }], newest last.
	 */
	getExecutions({ workflowId, sinceId = 0 } = {}) {
		const script = `
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
		if (!fs.existsSync(this.dbFile)) return [];
		const res = spawnSync(this.runtime.nodeBin, ['-e', script, this.dbFile, workflowId || '', String(sinceId)], {
			cwd: this.runtime.runtimeDir,
			encoding: 'utf8',
			maxBuffer: 512 * 1024 * 1024,
		});
		if (res.status !== 0) throw new Error(`reading executions failed: ${res.stderr}`);
		return JSON.parse(res.stdout).map((r) => ({
			id: Number(r.id),
			workflowId: r.workflowId,
			mode: r.mode,
			status: r.status,
			finished: !!r.finished,
			startedAt: r.startedAt,
			stoppedAt: r.stoppedAt,
			...summarizeRun({ data: r.data, status: r.status }),
		}));
	}

	/** Poll getExecutions until `count` executions (matching filter) exist. */
	async waitForExecutions({ workflowId, count = 1, timeoutMs = 60000, finishedOnly = true } = {}) {
		const t0 = Date.now();
		for (;;) {
			const all = this.getExecutions({ workflowId }).filter(
				(e) => !finishedOnly || (e.status && !['new', 'running', 'waiting'].includes(e.status)),
			);
			if (all.length >= count) return all;
			if (Date.now() - t0 > timeoutMs)
				throw new Error(`only ${all.length}/${count} executions of ${workflowId} after ${timeoutMs} ms`);
			await sleep(500);
		}
	}

	async cleanup() {
		await this.stop();
		if (!this.keep && process.env.E2E_KEEP !== '1') fs.rmSync(this.userFolder, { recursive: true, force: true });
	}
}

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

module.exports = { N8nInstance, offlineEnv, parseLogLines, extractRun, summarizeRun, stableId, freePort, WORK_DIR };
