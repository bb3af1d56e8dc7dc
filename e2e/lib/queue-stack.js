'use strict';
/**
 * n8n in queue mode on loopback, for `npm run test:e2e:queue` (e2e/queue.js):
 *
 *   PostgreSQL (own data dir + port, initdb/pg_ctl as the `postgres` user when run as root)
 *   Redis      (redis-server on its own port, no persistence)
 *   one main   (`n8n start`,  EXECUTIONS_MODE=queue, DB_TYPE=postgresdb)
 *   N workers  (`n8n worker`, same DB, Redis and encryption key; health server on 127.0.0.1)
 *
 * Each n8n process has its own user folder with the packed package installed in
 * <folder>/.n8n/nodes/node_modules (as n8n installs community packages). Debian's `postgresql`
 * and `redis-server` packages are installed with apt-get when missing (root only).
 *
 * Everything started here is registered for teardown: `stack.close()` stops it in order, and a
 * process 'exit' / SIGINT / SIGTERM / SIGHUP handler kills whatever is still running (process
 * groups, `pg_ctl stop -m immediate`), so a failing or interrupted run leaves nothing behind.
 */
const fs = require('node:fs');
const os = require('node:os');
const net = require('node:net');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const { N8nInstance, freePort, summarizeRun, parseLogLines } = require('./n8n');
const { isStoredFinished } = require('./n8n-process');
const { aptInstall } = require('../../lib/apt');

const ENCRYPTION_KEY = 'e2e-queue-mode-shared-encryption-key';
const DB = { name: 'n8n', user: 'n8n', password: 'n8n-e2e' };

function log(msg) {
	if (process.env.E2E_QUIET !== '1') process.stderr.write(`[e2e:queue] ${msg}\n`);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/* ------------------------------------------------------------------ teardown registry */

const cleanups = new Map(); // id -> sync kill function (last resort)
let handlersInstalled = false;
function registerCleanup(id, fn) {
	cleanups.set(id, fn);
	if (handlersInstalled) return;
	handlersInstalled = true;
	process.on('exit', runCleanupsSync);
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
		process.on(signal, () => {
			process.stderr.write(`[e2e:queue] ${signal}: tearing the stack down\n`);
			runCleanupsSync();
			process.exit(130);
		});
	}
}
function runCleanupsSync() {
	for (const [id, fn] of [...cleanups].reverse()) {
		try {
			fn();
		} catch {}
		cleanups.delete(id);
	}
}
function killGroup(pid, signal = 'SIGKILL') {
	try {
		process.kill(-pid, signal);
	} catch {
		try {
			process.kill(pid, signal);
		} catch {}
	}
}

/* ------------------------------------------------------------------ Debian packages */

function postgresBinDir() {
	const base = '/usr/lib/postgresql';
	if (!fs.existsSync(base)) return null;
	const versions = fs
		.readdirSync(base)
		.filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length ? path.join(base, versions[0], 'bin') : null;
}

function which(cmd) {
	const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
	return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * Makes sure PostgreSQL (server + psql) and redis-server are installed; installs Debian's
 * `postgresql` and `redis-server` with apt-get (non-interactive, progress on stderr) when missing.
 * Returns { pgBin, redisServer, installedMs } (installedMs = 0 when nothing was installed).
 */
function ensureServerPackages() {
	const missing = [];
	if (!postgresBinDir() || !which('psql')) missing.push('postgresql');
	if (!which('redis-server')) missing.push('redis-server');
	let installedMs = 0;
	if (missing.length) {
		log(`installing ${missing.join(' + ')} from Debian's packages (apt-get, non-interactive) ...`);
		installedMs = aptInstall(missing, { recommends: false });
		log(`apt-get install ${missing.join(' ')}: ${(installedMs / 1000).toFixed(1)} s`);
	}
	const pgBin = postgresBinDir();
	const redisServer = which('redis-server');
	if (!pgBin || !redisServer) throw new Error('PostgreSQL or redis-server still missing after apt-get install');
	return { pgBin, redisServer, installedMs, installed: missing };
}

/* ------------------------------------------------------------------ PostgreSQL */

function asPostgresUser(cmd, args) {
	if (typeof process.getuid === 'function' && process.getuid() === 0)
		return ['runuser', ['-u', 'postgres', '--', cmd, ...args]];
	return [cmd, args];
}

function runChecked(cmd, args, opts = {}) {
	const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
	if (r.status !== 0)
		throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal}): ${r.stderr || r.stdout}`);
	return r.stdout;
}

/** initdb + pg_ctl start on 127.0.0.1:<port> (trust auth for the n8n role on loopback). */
async function startPostgres({ pgBin, baseDir }) {
	const t0 = Date.now();
	const dir = path.join(baseDir, 'pg');
	const dataDir = path.join(dir, 'data');
	fs.mkdirSync(dir, { recursive: true });
	if (process.getuid && process.getuid() === 0) {
		const uid = Number(runChecked('id', ['-u', 'postgres']).trim());
		const gid = Number(runChecked('id', ['-g', 'postgres']).trim());
		fs.chownSync(dir, uid, gid);
	}
	const port = await freePort();
	const pwFile = path.join(dir, 'pw');
	fs.writeFileSync(pwFile, DB.password);
	if (process.getuid && process.getuid() === 0)
		fs.chownSync(pwFile, Number(runChecked('id', ['-u', 'postgres']).trim()), 0);
	const [c1, a1] = asPostgresUser(path.join(pgBin, 'initdb'), [
		'-D',
		dataDir,
		'-U',
		DB.user,
		`--pwfile=${pwFile}`,
		'--auth=trust',
		'-E',
		'UTF8',
		'--locale=C',
	]);
	runChecked(c1, a1);
	const logFile = path.join(dir, 'postgres.log');
	const opts = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
	const [c2, a2] = asPostgresUser(path.join(pgBin, 'pg_ctl'), [
		'-D',
		dataDir,
		'-l',
		logFile,
		'-o',
		opts,
		'-w',
		'-t',
		'60',
		'start',
	]);
	runChecked(c2, a2);
	const stopSync = (mode) => {
		const [c, a] = asPostgresUser(path.join(pgBin, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
		spawnSync(c, a, { stdio: 'ignore' });
	};
	registerCleanup('postgres', () => stopSync('immediate'));
	const pg = {
		port,
		dataDir,
		logFile,
		psqlBin: fs.existsSync(path.join(pgBin, 'psql')) ? path.join(pgBin, 'psql') : 'psql',
		/** Runs SQL as the n8n role; returns stdout (unaligned, tuples only). */
		psql(sql, database = DB.name) {
			return runChecked(
				this.psqlBin,
				[
					'-h',
					'127.0.0.1',
					'-p',
					String(port),
					'-U',
					DB.user,
					'-d',
					database,
					'-v',
					'ON_ERROR_STOP=1',
					'-At',
					'-c',
					sql,
				],
				{
					env: { ...process.env, PGPASSWORD: DB.password },
					maxBuffer: 512 * 1024 * 1024,
				},
			);
		},
		stop() {
			stopSync('fast');
			cleanups.delete('postgres');
		},
	};
	pg.psql(`CREATE DATABASE ${DB.name}`, 'postgres');
	log(`PostgreSQL on 127.0.0.1:${port} (data ${dataDir}) in ${Date.now() - t0} ms`);
	return pg;
}

/* ------------------------------------------------------------------ Redis */

function redisPing(port) {
	return new Promise((resolve) => {
		const s = net.connect({ host: '127.0.0.1', port }, () => s.write('PING\r\n'));
		s.setTimeout(1000, () => s.destroy());
		s.on('data', (d) => {
			resolve(String(d).startsWith('+PONG'));
			s.destroy();
		});
		s.on('error', () => resolve(false));
		s.on('close', () => resolve(false));
	});
}

async function startRedis({ redisServer, baseDir }) {
	const t0 = Date.now();
	const dir = path.join(baseDir, 'redis');
	fs.mkdirSync(dir, { recursive: true });
	const port = await freePort();
	const logFile = path.join(dir, 'redis.log');
	const child = spawn(
		redisServer,
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--protected-mode',
			'yes',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			dir,
			'--logfile',
			logFile,
			'--daemonize',
			'no',
		],
		{ stdio: 'ignore', detached: true },
	);
	registerCleanup('redis', () => killGroup(child.pid));
	while (!(await redisPing(port))) {
		if (child.exitCode !== null)
			throw new Error(
				`redis-server exited: ${fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : ''}`,
			);
		if (Date.now() - t0 > 30000) throw new Error('redis-server did not answer PING within 30 s');
		await sleep(100);
	}
	log(`Redis on 127.0.0.1:${port} in ${Date.now() - t0} ms`);
	return {
		port,
		async stop() {
			killGroup(child.pid, 'SIGTERM');
			await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
			cleanups.delete('redis');
		},
	};
}

/* ------------------------------------------------------------------ n8n processes */

function httpStatus(url) {
	return new Promise((resolve) => {
		const req = require('node:http').get(url, { timeout: 2000 }, (res) => {
			res.resume();
			resolve(res.statusCode);
		});
		req.on('timeout', () => req.destroy());
		req.on('error', () => resolve(0));
	});
}

/** Starts `n8n worker` for an N8nInstance (same shape as inst.server, so inst.stop() works). */
async function startWorker(inst, { concurrency = 1, timeoutMs = 120000 } = {}) {
	if (inst.server) return inst.server;
	const t0 = Date.now();
	const logFile = path.join(inst.logDir, `worker-${Date.now()}.log`);
	const fd = fs.openSync(logFile, 'a');
	const child = spawn(inst.runtime.nodeBin, [inst.runtime.n8nBin, 'worker', `--concurrency=${concurrency}`], {
		cwd: inst.userFolder,
		env: inst.env,
		stdio: ['ignore', fd, fd],
		detached: true,
	});
	fs.closeSync(fd);
	let exited = null;
	child.on('exit', (code, signal) => (exited = { code, signal }));
	inst.server = { child, pid: child.pid, logFile, startedAt: t0 };
	registerCleanup(`n8n-${inst.label}`, () => killGroup(child.pid));
	const healthUrl = `http://127.0.0.1:${inst.env.QUEUE_HEALTH_CHECK_PORT}/healthz/readiness`;
	for (;;) {
		if (exited) {
			inst.server = null;
			throw new Error(
				`n8n worker exited early (${JSON.stringify(exited)}); log:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`,
			);
		}
		if ((await httpStatus(healthUrl)) === 200) break;
		if (Date.now() - t0 > timeoutMs) throw new Error(`n8n worker not ready after ${timeoutMs} ms`);
		await sleep(250);
	}
	inst.server.readyMs = Date.now() - t0;
	log(`${inst.label} ready in ${inst.server.readyMs} ms (pid ${child.pid})`);
	return inst.server;
}

/** Every log record of every process run of an instance (all start-*.log / worker-*.log files). */
function allLogs(inst) {
	const files = fs
		.readdirSync(inst.logDir)
		.filter((f) => /^(start|worker)-\d+\.log$/.test(f))
		.sort();
	return files.flatMap((f) => parseLogLines(fs.readFileSync(path.join(inst.logDir, f), 'utf8')));
}

/**
 * Starts PostgreSQL, Redis, and prepares (does not start) a main and `workers` n8n instances,
 * each with the packed package installed. Returns the stack object; always call close().
 */
async function createQueueStack({ packageDir, workers = 2, extraEnv = {} } = {}) {
	const t0 = Date.now();
	const pkgs = ensureServerPackages();
	const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-cp-queue-'));
	fs.chmodSync(baseDir, 0o755);
	registerCleanup(
		'basedir',
		() => process.env.E2E_KEEP !== '1' && fs.rmSync(baseDir, { recursive: true, force: true }),
	);
	const stack = { baseDir, packages: pkgs, instances: [], workers: [], main: null };
	const pg = await startPostgres({ pgBin: pkgs.pgBin, baseDir });
	stack.pg = pg;
	const redis = await startRedis({ redisServer: pkgs.redisServer, baseDir });
	stack.redis = redis;

	const common = {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(pg.port),
		DB_POSTGRESDB_DATABASE: DB.name,
		DB_POSTGRESDB_USER: DB.user,
		DB_POSTGRESDB_PASSWORD: DB.password,
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
		...extraEnv,
	};
	const make = async (label, extra) => {
		const inst = await N8nInstance.create({
			name: `queue-${label}`,
			encryptionKey: ENCRYPTION_KEY,
			env: { ...common, ...extra },
		});
		inst.label = label;
		registerCleanup(
			`folder-${label}`,
			() => process.env.E2E_KEEP !== '1' && fs.rmSync(inst.userFolder, { recursive: true, force: true }),
		);
		inst.installPackage(packageDir);
		stack.instances.push(inst);
		return inst;
	};
	stack.main = await make('main', {});
	for (let i = 1; i <= workers; i++) {
		const healthPort = await freePort();
		stack.workers.push(
			await make(`worker${i}`, { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(healthPort) }),
		);
	}
	// the main's `n8n start` needs the DB migrated first: the first CLI command does it
	Object.assign(stack, {
		async startMain() {
			const s = await stack.main.start();
			registerCleanup('n8n-main', () => killGroup(s.pid));
			return s;
		},
		async stopMain() {
			await stack.main.stop();
			cleanups.delete('n8n-main');
		},
		startWorker: (w, o) => startWorker(w, o),
		async stopWorker(w) {
			const t = Date.now();
			await w.stop({ graceMs: 60000 });
			cleanups.delete(`n8n-${w.label}`);
			return Date.now() - t;
		},
		/** Log records of every run of an n8n instance of the stack. */
		logs: (inst) => allLogs(inst),
		/** Which worker logged "Worker started execution <id>": { [executionId]: label }. */
		executionWorkers() {
			const map = {};
			for (const w of stack.workers) {
				for (const rec of allLogs(w)) {
					const m = /^Worker started execution (\d+) \(job (\d+)\)/.exec(String(rec.message));
					if (m) map[m[1]] = map[m[1]] ? `${map[m[1]]},${w.label}` : w.label;
				}
			}
			return map;
		},
		/** Executions from PostgreSQL (execution_entity + execution_data), summarised like N8nInstance.getExecutions(). */
		executions({ workflowId, sinceId = 0 } = {}) {
			const where = [`e.id > ${Number(sinceId)}`];
			if (workflowId) where.push(`e."workflowId" = '${String(workflowId).replace(/'/g, "''")}'`);
			const sql = `SELECT coalesce(json_agg(t ORDER BY t.id), '[]') FROM (SELECT e.id, e."workflowId", e.mode, e.status, e.finished, e."startedAt", e."stoppedAt", e."retryOf", x.data FROM execution_entity e LEFT JOIN execution_data x ON x."executionId" = e.id WHERE ${where.join(' AND ')}) t`;
			const rows = JSON.parse(pg.psql(sql) || '[]');
			const { parse } = require(require.resolve('flatted', { paths: [stack.main.runtime.runtimeDir] }));
			const byWorker = stack.executionWorkers();
			return rows.map((r) => {
				let data = null;
				try {
					data = r.data ? parse(r.data) : null;
				} catch (e) {
					data = { parseError: String(e) };
				}
				return {
					id: Number(r.id),
					workflowId: r.workflowId,
					mode: r.mode,
					status: r.status,
					finished: !!r.finished,
					startedAt: r.startedAt,
					stoppedAt: r.stoppedAt,
					retryOf: r.retryOf,
					worker: byWorker[r.id] || null,
					...summarizeRun({ data, status: r.status }),
				};
			});
		},
		async waitForExecutions({ workflowId, count = 1, sinceId = 0, timeoutMs = 90000, finishedOnly = true } = {}) {
			const t = Date.now();
			for (;;) {
				const all = stack.executions({ workflowId, sinceId }).filter((e) => !finishedOnly || isStoredFinished(e));
				if (all.length >= count) return all;
				if (Date.now() - t > timeoutMs)
					throw new Error(`only ${all.length}/${count} executions of ${workflowId} after ${timeoutMs} ms`);
				await sleep(300);
			}
		},
		maxExecutionId() {
			return Number(pg.psql('SELECT coalesce(max(id), 0) FROM execution_entity').trim());
		},
		async close() {
			const tc = Date.now();
			for (const inst of [...stack.workers, stack.main]) {
				await inst.stop({ graceMs: 15000 }).catch(() => undefined);
				cleanups.delete(`n8n-${inst.label}`);
				if (process.env.E2E_KEEP !== '1') fs.rmSync(inst.userFolder, { recursive: true, force: true });
			}
			await redis.stop().catch(() => undefined);
			pg.stop();
			runCleanupsSync(); // base dir
			log(`queue stack torn down in ${Date.now() - tc} ms`);
		},
	});
	log(`queue stack prepared in ${Date.now() - t0} ms (${workers} workers)`);
	return stack;
}

module.exports = { createQueueStack, ensureServerPackages, ENCRYPTION_KEY };
