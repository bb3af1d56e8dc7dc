#!/usr/bin/env node
'use strict';
/**
 * The one docs check: every generated part of the pages people read, compared with the built package
 * (`npm run build` first). Each part names the page it guards and who reads it; each runs its own
 * script's `--check`, and this exits 1 when any part differs (all parts run, each reports).
 *
 *   node scripts/docs-check.js          # every part
 *   node scripts/docs-check.js figures  # only the parts named
 *
 * The promises of the guide mapped to their tests (docs/claims.md) and the links and tables of the
 * pages are jest tests of `npm test` (test/structure/claims.test.ts, links.test.ts,
 * markdown-tables.test.ts); test/examples-notes.test.ts holds every example's sticky note.
 */
const path = require('node:path');
const { spawnSync } = require('node:child_process');

/** The parts: `name`, the script run with `--check`, and what a reader finds on the page it guards. */
const PARTS = [
	{
		name: 'operations',
		script: 'operations-table.js',
		guards: "README.md's operations table (users: what the node can do)",
	},
	{
		name: 'figures',
		script: 'figures.js',
		guards: 'the counted figures of README.md, docs/ and bench/ (users: limits, defaults, counts)',
	},
	{
		name: 'ai-builder',
		script: 'builder-view.js',
		guards: "docs/ai-builder.md (users of n8n's AI builders: what they show, what creators' words find)",
	},
	{
		name: 'ai-tools',
		script: 'tool-descriptions.js',
		guards: 'docs/ai-tools.md (agent builders: what a model reads of each operation)',
	},
	{
		name: 'trace',
		script: 'trace-walks.js',
		guards: "docs/development.md's traced walks (contributors: the files one operation runs through)",
	},
];

function main() {
	const only = process.argv.slice(2);
	const unknown = only.filter((name) => !PARTS.some((p) => p.name === name));
	if (unknown.length) {
		process.stderr.write(`docs-check: no part ${unknown.join(', ')} (parts: ${PARTS.map((p) => p.name).join(', ')})\n`);
		return 2;
	}
	const failed = [];
	for (const part of PARTS.filter((p) => !only.length || only.includes(p.name))) {
		const run = spawnSync(process.execPath, [path.join(__dirname, part.script), '--check'], {
			cwd: path.join(__dirname, '..'),
			stdio: 'inherit',
		});
		if (run.status !== 0) failed.push(`${part.name}: ${part.guards}`);
	}
	if (failed.length) process.stderr.write(`docs-check: out of date:\n- ${failed.join('\n- ')}\n`);
	else process.stdout.write('docs-check: every generated part of the docs matches the built package\n');
	return failed.length ? 1 : 0;
}

module.exports = { PARTS };

if (require.main === module) process.exitCode = main();
