'use strict';
/**
 * Running a suite on each pinned n8n runtime in turn (e2e/lib/runtime.js), shared by e2e/run.js
 * and e2e/editor.js: which runtimes to run on (`selectedRuntimes`) and the loop with its headers
 * and per-version summary lines (`onEachRuntime`).
 */
const { listRuntimes, runtimeSpec } = require('./runtime');

/**
 * The runtimes to run on: `--n8n <id>` / E2E_N8N (an id or version of e2e/lib/runtime.js, or
 * `all`); default all, newest first.
 */
function selectedRuntimes() {
	const i = process.argv.indexOf('--n8n');
	const wanted = (i > 0 && process.argv[i + 1]) || process.env.E2E_N8N || 'all';
	return wanted === 'all' ? listRuntimes() : wanted.split(',').map((id) => runtimeSpec(id.trim()));
}

/**
 * Runs `main(runtime)` on each runtime in turn: a "── n8n <version> (Node <version>)<heading> ──"
 * header, an abort counted as a failed result in `results` ({ version, ok }), then one summary line
 * per version (passed, failed, seconds). `onVersion(version)` is told which version runs now.
 * Shared by this suite and e2e/editor.js.
 */
async function onEachRuntime(runtimes, results, { main, onVersion, heading = '', name = 'e2e run' }) {
	const durations = {};
	for (const runtime of runtimes) {
		onVersion(runtime.n8nVersion);
		const t0 = Date.now();
		process.stdout.write(`\n── n8n ${runtime.n8nVersion} (Node ${runtime.nodeVersion})${heading} ──\n`);
		try {
			await main(runtime);
		} catch (error) {
			results.push({ version: runtime.n8nVersion, ok: false });
			process.stdout.write(`✗ ${name} on n8n ${runtime.n8nVersion} aborted: ${error.stack || error}\n`);
		}
		durations[runtime.n8nVersion] = Date.now() - t0;
	}
	process.stdout.write('\n');
	for (const runtime of runtimes) {
		const mine = results.filter((r) => r.version === runtime.n8nVersion);
		const ok = mine.filter((r) => r.ok).length;
		process.stdout.write(
			`n8n ${runtime.n8nVersion} (Node ${runtime.nodeVersion}): ${ok} passed, ${mine.length - ok} failed ` +
				`in ${(durations[runtime.n8nVersion] / 1000).toFixed(0)} s\n`,
		);
	}
}

module.exports = { selectedRuntimes, onEachRuntime };
