'use strict';
/**
 * `npm run bench`: compiles the bench (bench/*.ts), the test harness and the nodes with the
 * project's own TypeScript into .bench-tmp/ (git-ignored; config bench/tsconfig.json), then runs
 * .bench-tmp/bench/main.js, which prints the results and writes bench/RESULTS.md.
 * Arguments are passed on (`npm run bench -- --quick`).
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const fs = require('node:fs');

const root = path.resolve(__dirname, '..');
const tsc = require.resolve('typescript/bin/tsc', { paths: [root] });
const out = path.join(root, '.bench-tmp');

fs.rmSync(out, { recursive: true, force: true });
process.stderr.write('compiling the bench into .bench-tmp/…\n');
const build = spawnSync(process.execPath, [tsc, '-p', path.join(__dirname, 'tsconfig.json')], {
	cwd: root,
	encoding: 'utf8',
});
const main = path.join(out, 'bench', 'main.js');
if (build.status !== 0) {
	// tsc still emits on type errors (e.g. a file another engineer is editing); go on when the bench exists.
	process.stderr.write(`tsc reported errors (exit ${build.status}):\n${build.stdout}${build.stderr}\n`);
	if (!fs.existsSync(main)) process.exit(1);
}
const run = spawnSync(process.execPath, [main, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
