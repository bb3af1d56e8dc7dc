'use strict';
/**
 * What the e2e check modules (webhook.js, cancel.js, trigger-adversity.js) share when they run by
 * themselves, outside e2e/run.js.
 */
const { startStack } = require('./stack');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `fn` (an n8n REST call) again while it fails with a 404, for at most 60 s: n8n 1.x mounts
 * its REST and webhook routes some seconds after it reports ready. Any other error is thrown.
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function retryWhile404(fn) {
	const t0 = Date.now();
	for (;;) {
		try {
			return await fn();
		} catch (error) {
			if (!/-> 404|failed: 404/.test(String(error && error.message)) || Date.now() - t0 > 60000) throw error;
			await sleep(1000);
		}
	}
}

/**
 * Runs one check module alone: a fresh sandbox + n8n (e2e/lib/stack.js; E2E_N8N picks the runtime,
 * E2E_KEEP=1 keeps the user folder), the module's workflows imported and `publish` published,
 * `n8n start` (unless `start` is false: the checks start n8n themselves, or run their workflows with `n8n execute`), the module's checks, the
 * teardown, and the closing "N passed, M failed" line (exit code 1 unless every check passed).
 * `startTimeoutMs`: how long to wait for `n8n start` (default: N8nInstance.start's).
 * `credentials(sandbox)`: further credentials to import (startStack's option).
 * @param {{ name: string, workflows: () => object[], publish?: string[], start?: boolean, startTimeoutMs?: number,
 *   credentials?: (sandbox: object) => object[],
 *   checks: (context: { sandbox: object, n8n: object, check: (name: string, fn: () => unknown) => Promise<void> }) => Promise<unknown> }} suite
 */
function runStandalone({ name, workflows, publish = [], start = true, checks, startTimeoutMs, credentials }) {
	runChecks(async (check) => {
		const { sandbox, n8n } = await startStack({
			name,
			keep: process.env.E2E_KEEP === '1',
			runtime: process.env.E2E_N8N || undefined,
			...(credentials ? { credentials } : {}),
		});
		try {
			const list = workflows();
			if (list.length) n8n.importWorkflows(list);
			for (const id of publish) n8n.publishWorkflow(id);
			if (start) await n8n.start(startTimeoutMs ? { timeoutMs: startTimeoutMs } : undefined);
			await checks({ sandbox, n8n, check });
		} finally {
			await n8n.cleanup().catch(() => undefined);
			await sandbox.close();
		}
	});
}

/**
 * Runs `body` with a `check(title, fn)` that prints "✓ title" or "✗ title" and the error's first
 * lines, counting both; an error thrown by `body` itself counts as "✗ aborted". Ends with the
 * "N passed, M failed" line and exit code 1 unless every check passed (and at least one ran).
 * @param {(check: (title: string, fn: () => unknown) => Promise<void>) => Promise<unknown>} body
 */
function runChecks(body) {
	let passed = 0;
	let failed = 0;
	const check = async (title, fn) => {
		try {
			await fn();
			passed++;
			process.stdout.write(`✓ ${title}\n`);
		} catch (error) {
			failed++;
			process.stdout.write(
				`✗ ${title}\n  ${String(error && error.stack ? error.stack : error)
					.split('\n')
					.slice(0, 8)
					.join('\n  ')}\n`,
			);
		}
	};
	body(check)
		.catch((error) => {
			failed++;
			process.stdout.write(`✗ aborted: ${error.stack || error}\n`);
		})
		.finally(() => {
			process.stdout.write(`${passed} passed, ${failed} failed\n`);
			process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
		});
}

module.exports = { runStandalone, runChecks, retryWhile404 };
