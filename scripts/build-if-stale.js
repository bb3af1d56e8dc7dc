#!/usr/bin/env node
'use strict';
/**
 * Builds the package (`npm run build`) when dist/ is missing or older than its sources, so that the
 * tests that read the built package (its entries, codex files, figures, AI views) run on a fresh
 * clone as they do in CI. jest runs it first (jest.config.js `globalSetup`: `npm test`, `npx jest`,
 * `npm run test:unit`, scripts/test-elsewhen.js); it also runs on its own:
 *
 *   node scripts/build-if-stale.js        # builds when needed, says which
 *
 * The sources: every file under nodes/, credentials/ and icons/, and gulpfile.js, package.json and
 * tsconfig.json. dist/ is stale when it is missing, when an entry package.json names for n8n is
 * missing, or when a source was changed after the oldest compiled module in dist/ (`n8n-node build`
 * empties dist/ and compiles every module, so the oldest one dates the last build). Only file times
 * are compared, never the clock, so a run under a moved clock (scripts/test-elsewhen.js) finds a
 * fresh dist/ fresh. A fresh dist/ costs a walk of a few hundred files. Throws when the build fails.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..');
const SOURCE_DIRS = ['nodes', 'credentials', 'icons'];
const SOURCE_FILES = ['gulpfile.js', 'package.json', 'tsconfig.json'];

/** Every file under `dir` (relative to the root), depth first; none when `dir` is missing. */
function filesUnder(dir) {
	const full = path.join(ROOT, dir);
	if (!fs.existsSync(full)) return [];
	return fs
		.readdirSync(full, { withFileTypes: true })
		.flatMap((entry) =>
			entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : entry.isFile() ? [path.join(dir, entry.name)] : [],
		);
}

const mtime = (relative) => fs.statSync(path.join(ROOT, relative)).mtimeMs;

/** Why dist/ needs a build (a sentence), or undefined when it is fresh. */
function staleness() {
	if (!fs.existsSync(path.join(ROOT, 'dist'))) return 'dist/ is missing';
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const entries = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])];
	const missing = entries.find((entry) => !fs.existsSync(path.join(ROOT, entry)));
	if (missing) return `${missing} is missing`;
	const modules = filesUnder('dist').filter((file) => file.endsWith('.js'));
	if (modules.length === 0) return 'dist/ holds no compiled module';
	const built = Math.min(...modules.map(mtime));
	const sources = [
		...SOURCE_DIRS.flatMap(filesUnder),
		...SOURCE_FILES.filter((f) => fs.existsSync(path.join(ROOT, f))),
	];
	const newer = sources.filter((file) => mtime(file) > built).sort();
	if (newer.length === 0) return undefined;
	const shown = newer.slice(0, 3).join(', ');
	return `${newer.length} source file(s) changed since the last build (${shown}${newer.length > 3 ? ', …' : ''})`;
}

/** Runs `npm run build` when dist/ is stale (printing why), else nothing; throws when the build fails. */
function buildIfStale() {
	const why = staleness();
	if (why === undefined) return;
	console.log(`[build-if-stale] ${why}: running npm run build`);
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const result = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
	if (result.status !== 0)
		throw new Error(`[build-if-stale] npm run build failed (exit ${result.status ?? result.signal})`);
	const still = staleness();
	if (still !== undefined) throw new Error(`[build-if-stale] after npm run build: ${still}`);
	console.log('[build-if-stale] built dist/');
}

module.exports = buildIfStale;

if (require.main === module) {
	try {
		if (staleness() === undefined) console.log('[build-if-stale] dist/ is up to date');
		else buildIfStale();
	} catch (error) {
		console.error(error.message);
		process.exit(1);
	}
}
