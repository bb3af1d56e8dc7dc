#!/usr/bin/env node
/**
 * `npm run scan`: n8n's community-package scanner (@n8n/scan-community-package, the check n8n runs
 * before verifying a package) on this package, offline, both legs. Run `npm run build` first.
 *
 * 1. `npm pack --ignore-scripts` of the built dist/ into a temporary folder (the project's .npmrc
 *    switches scripts off anyway; at publish, `prepack` runs the same `npm run build`), unpacked.
 * 2. Tarball leg: `analyzePackage(unpacked)` with the module's default patterns (`**\/*.js`,
 *    `**\/*.ts`, `**\/*.json`), a superset of the scanner CLI 0.32.0's own tarball patterns
 *    (`**\/*.js`, `package.json`): a `.d.ts` in the tarball fails its credential filename rule.
 * 3. Source leg: `analyzePackage(repository root, SOURCE_FILE_PATTERNS)` (package.json, nodes/,
 *    credentials/), what the CLI lints in the source checkout the npm provenance names.
 * 4. The tarball's files against what n8n reads (scripts/package-files.js): nothing else besides
 *    package.json, README.md, LICENSE, CHANGELOG.md.
 *
 * Prints the tarball's name, file count and sizes (bytes), each leg's result (ESLint's report on
 * failure) and any extra file; exits 1 if a leg fails or a file n8n never reads is packed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const require = createRequire(import.meta.url);
const { PACKAGE_DOCS, n8nReads } = require('./package-files.js');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scannerVersion = require('@n8n/scan-community-package/package.json').version;

function run(cmd, args, cwd) {
	const res = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
	if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${res.stderr}`);
	return res.stdout;
}

const reads = n8nReads(ROOT); // throws when dist/ is missing
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-package-'));
let failed = false;
try {
	const [packed] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], ROOT));
	const unpacked = path.join(tmp, 'package');
	fs.mkdirSync(unpacked);
	run('tar', ['-xzf', path.join(tmp, packed.filename), '-C', unpacked, '--strip-components=1'], tmp);
	console.log(
		`tarball ${packed.filename}: ${packed.entryCount} files, ${packed.size} bytes packed, ` +
			`${packed.unpackedSize} bytes unpacked`,
	);

	const extra = packed.files.map((f) => f.path).filter((f) => !PACKAGE_DOCS.includes(f) && !reads.all.includes(f));
	console.log(
		`files n8n reads: ${reads.modules.length} modules, ${reads.codex.length} codex, ${reads.icons.length} icons; ` +
			`other files packed: ${extra.length ? extra.join(', ') : 'none'} (besides ${PACKAGE_DOCS.join(', ')})`,
	);
	if (extra.length) failed = true;

	const legs = [
		['tarball leg', () => analyzePackage(unpacked)],
		['source leg', () => analyzePackage(ROOT, SOURCE_FILE_PATTERNS)],
	];
	for (const [name, leg] of legs) {
		const result = await leg();
		console.log(
			`@n8n/scan-community-package ${scannerVersion}, ${name}: ${result.passed ? 'passed' : `FAILED (${result.message})`}`,
		);
		if (!result.passed) {
			failed = true;
			if (result.details) console.log(result.details);
		}
	}
} finally {
	fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
