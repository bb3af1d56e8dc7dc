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
 * user folder, HTTP port and task-broker port, so instances can run side by side. The environment,
 * output parsing and HTTP helpers are in ./n8n-process.js.
 */
const fs = require('node:fs');
const crypto = require('node:crypto');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { ensureN8n } = require('./runtime');
const {
	WORK_DIR,
	log,
	freePort,
	offlineEnv,
	parseLogLines,
	extractRun,
	summarizeRun,
	httpGet,
	BROWSER_ID,
	httpJson,
	sleep,
	isStoredFinished,
	tail,
	stableId,
	EXECUTIONS_SCRIPT,
} = require('./n8n-process');

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

	/**
	 * Activate (publish) a workflow in the running instance via REST and wait until its triggers are
	 * registered: a polling trigger's activation poll has returned, a webhook trigger's hook is
	 * registered. n8n 1.x does that before it answers; n8n 2.x answers once the publication is queued
	 * (its publication outbox applies it moments later), so on 2.x this waits for the workflow's
	 * publication status to leave `in_progress` (`settlePublication`).
	 */
	async activateWorkflow(workflowId) {
		const wf = await this.rest('GET', `/rest/workflows/${workflowId}`);
		const answer = await this.rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId: wf.versionId });
		await this.settlePublication(workflowId);
		return answer;
	}

	/**
	 * Deactivate (unpublish) a workflow via REST and wait until its triggers are removed (n8n 2.x:
	 * its publication status leaves `in_progress`, see `activateWorkflow`): no poll of it starts after
	 * this returns (a poll already running finishes).
	 */
	async deactivateWorkflow(workflowId) {
		const answer = await this.rest('POST', `/rest/workflows/${workflowId}/deactivate`, {});
		await this.settlePublication(workflowId);
		return answer;
	}

	/**
	 * n8n 2.x: the workflow's publication status (`GET /rest/workflows/:id/publication-status`:
	 * `in_progress` while a publication or unpublication is queued or being applied, then
	 * `published`, `partial`, `failed` or `not_published`); undefined on n8n 1.x (no such status).
	 */
	async publicationStatus(workflowId) {
		if (this.n8nMajor < 2) return undefined;
		const answer = await this.rest('GET', `/rest/workflows/${workflowId}/publication-status`);
		return answer && answer.status;
	}

	/**
	 * n8n 2.x: waits until the workflow's queued publication or unpublication has been applied
	 * (status no longer `in_progress`) and returns the status; n8n 1.x: returns undefined at once
	 * (its REST activation and deactivation are applied before they answer).
	 * @throws after `timeoutMs` (default 120 s) still `in_progress`
	 */
	async settlePublication(workflowId, { timeoutMs = 120000 } = {}) {
		if (this.n8nMajor < 2) return undefined;
		const t0 = Date.now();
		for (;;) {
			const status = await this.publicationStatus(workflowId);
			if (status !== 'in_progress') return status;
			if (Date.now() - t0 > timeoutMs)
				throw new Error(`workflow ${workflowId}: publication still in progress after ${timeoutMs} ms`);
			await sleep(200);
		}
	}

	/**
	 * After `start()`: waits until each of the published workflows `workflowIds` is active in this
	 * process (a polling trigger's activation poll has returned). n8n 1.x activates them before
	 * serving and logs "Activated workflow "<name>" (ID: <id>)" for each; n8n 2.x publishes them in
	 * the background after it is ready (publication status `published` once applied, on a first start).
	 */
	async waitForStartupActivation(workflowIds, { timeoutMs = 120000 } = {}) {
		for (const id of workflowIds) {
			if (this.n8nMajor < 2) {
				await this.waitForLog(`Activated workflow `, {
					timeoutMs,
					where: (l) => String(l.message).includes(`(ID: ${id})`),
				});
				continue;
			}
			const t0 = Date.now();
			for (;;) {
				const status = await this.publicationStatus(id);
				if (status === 'published') break;
				if (Date.now() - t0 > timeoutMs)
					throw new Error(`workflow ${id}: not published ${timeoutMs} ms after the start (status ${status})`);
				await sleep(250);
			}
		}
	}

	/** Log records of the running (or last) `n8n start`. */
	serverLogs() {
		const f = this.server ? this.server.logFile : this._lastServerLog;
		return f && fs.existsSync(f) ? parseLogLines(fs.readFileSync(f, 'utf8')) : [];
	}

	/**
	 * Wait until a log record matches (string includes or RegExp), e.g. activation of a workflow;
	 * `where(record)`, when given, must hold too.
	 */
	async waitForLog(match, { timeoutMs = 30000, where = () => true } = {}) {
		const t0 = Date.now();
		const test = (m) => (match instanceof RegExp ? match.test(m) : String(m).includes(match));
		for (;;) {
			const hit = this.serverLogs().find((l) => test(l.message) && where(l));
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
		if (!fs.existsSync(this.dbFile)) return [];
		const res = spawnSync(
			this.runtime.nodeBin,
			['-e', EXECUTIONS_SCRIPT, this.dbFile, workflowId || '', String(sinceId)],
			{
				cwd: this.runtime.runtimeDir,
				encoding: 'utf8',
				maxBuffer: 512 * 1024 * 1024,
			},
		);
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

	/**
	 * Poll getExecutions until `count` executions (matching filter) exist; with `finishedOnly`
	 * (default) only executions that are over with their run data stored count (isStoredFinished).
	 */
	async waitForExecutions({ workflowId, count = 1, timeoutMs = 60000, finishedOnly = true } = {}) {
		const t0 = Date.now();
		for (;;) {
			const all = this.getExecutions({ workflowId }).filter((e) => !finishedOnly || isStoredFinished(e));
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

module.exports = { N8nInstance, offlineEnv, parseLogLines, extractRun, summarizeRun, stableId, freePort, WORK_DIR };
