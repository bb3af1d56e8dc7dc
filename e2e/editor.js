'use strict';
/**
 * `npm run test:e2e:editor`: the package in n8n's editor, in a real browser. Headless
 * Chromium (Debian's package, installed by e2e/lib/chromium.js when missing) driven by
 * playwright-core, against a real n8n (e2e/lib/stack.js: the sandbox API on 127.0.0.1, the package
 * installed as a community package) on every pinned runtime (n8n 2.41.1 and 1.123.81; `--n8n 2.x`
 * or E2E_N8N for one). What a user does, checked where it happens:
 *
 * 1. the nodes panel finds the three nodes by "Content Platform" and by every alias of the codex
 *    files (nodes/∗/∗.node.json);
 * 2. the action node: each resource shows its operations; one operation per resource shows its
 *    fields with their descriptions; every "From List" picker lists sandbox records, its search
 *    narrows them, choosing a row fills the ID of the record that row shows; the tags list loads;
 *    Contact → Create's resource mapper shows the custom fields of the chosen site by their
 *    titles; "Execute step" shows the items, Simplify on and off;
 * 3. the credential dialog: Test with the right token passes, a wrong token shows the credential's
 *    message, the OAuth2 credential's Test obtains a token;
 * 4. the polling trigger's "Fetch Test Event" shows the newest record (the order just inserted,
 *    by its ID); the webhook trigger's "Listen for test event" registers a test hook, a delivery
 *    shows the item (the contact and the tag delivered), the hook is gone after;
 * 5. a 404 shows the server's words and the package's message in the error panel.
 *
 * The expected resources, operations, fields, pickers and lists are read from the built node's
 * description (dist/), the custom fields' titles from the sandbox's records, never written here a
 * second time. Screenshots of the main moments go to docs/screenshots/ (n8n 2.x only, 1400×900);
 * a failing check leaves a screenshot and a Playwright trace (`npx playwright-core show-trace
 * <file>`) in e2e/.work/editor/. Prints one line per check
 * with its duration, a summary per version, and closes with "N passed, M failed" (exit 1 on failure).
 *
 * Files: this one runs the suite (stack, browser, reporting, sections); e2e/lib/editor-suite.js
 * holds its limits, nodes, credentials, workflows and what the built node describes;
 * e2e/lib/editor-action.js the action node's checks (section 2); e2e/lib/editor-checks.js the
 * others (sections 1, 3, 4, 5); e2e/lib/editor-ui.js the editor helpers.
 */
const fs = require('node:fs');
const path = require('node:path');

const { startStack, ROOT } = require('./lib/stack');
const { ensureChromium, launchChromium } = require('./lib/chromium');
const { waitFor } = require('./lib/wait');
const ui = require('./lib/editor-ui');
const { OAUTH } = require('./lib/operations');
const { selectedRuntimes, onEachRuntime } = require('./lib/each-runtime');
const {
	SCREENSHOTS,
	FAILURES,
	VIEWPORT,
	STEP_TIMEOUT_MS,
	NAVIGATION_TIMEOUT_MS,
	CREDENTIALS,
	builtNodes,
	actionNodeExpectations,
	suiteWorkflows,
} = require('./lib/editor-suite');
const { actionNodeChecks } = require('./lib/editor-action');
const { nodesPanelChecks, credentialChecks, triggerChecks, errorChecks } = require('./lib/editor-checks');

/* ------------------------------------------------------------------ reporting */

const results = [];
let currentVersion;

function failureName(title) {
	return `${currentVersion}-${title.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`.replace(/-+$/, '');
}

/**
 * Runs one check: a Playwright trace chunk is recorded while it runs and kept, with a screenshot,
 * in e2e/.work/editor/ when it fails. Prints "✓/✗ title (N.N s)".
 */
function checker(context, page) {
	return async (title, fn) => {
		const t0 = Date.now();
		await context.tracing.startChunk({ title });
		try {
			await fn();
			await context.tracing.stopChunk();
			const ms = Date.now() - t0;
			results.push({ version: currentVersion, title, ok: true, ms });
			process.stdout.write(`✓ ${title} (${(ms / 1000).toFixed(1)} s)\n`);
		} catch (error) {
			const ms = Date.now() - t0;
			fs.mkdirSync(FAILURES, { recursive: true });
			const base = path.join(FAILURES, failureName(title));
			await page.screenshot({ path: `${base}.png` }).catch(() => undefined);
			await context.tracing.stopChunk({ path: `${base}.trace.zip` }).catch(() => undefined);
			results.push({ version: currentVersion, title, ok: false, ms });
			process.stdout.write(
				`✗ ${title} (${(ms / 1000).toFixed(1)} s)\n  ${String(error && error.stack ? error.stack : error)
					.split('\n')
					.slice(0, 8)
					.join('\n  ')}\n  screenshot and trace: ${path.relative(ROOT, base)}.{png,trace.zip}\n`,
			);
		}
	};
}

/* ------------------------------------------------------------------ the suite on one runtime */

/**
 * The sandbox, a started n8n with the suite's credentials and workflows, and a browser page
 * (1400×900) with n8n's test ids and a running Playwright trace. `close()` stops all three.
 */
async function startEditorStack(runtime) {
	const { sandbox, n8n } = await startStack({
		name: `editor-${runtime.id}`,
		oauth: OAUTH,
		runtime: runtime.id,
		credentials: (sandbox) => [
			{
				...CREDENTIALS.wrong,
				type: 'contentPlatformApi',
				data: { baseUrl: sandbox.url, accessToken: 'not-the-token' },
			},
			{ ...CREDENTIALS.oauth, type: 'contentPlatformOAuth2Api', data: { baseUrl: `${sandbox.url}/`, ...OAUTH } },
		],
		workflows: suiteWorkflows(),
	});
	let browser;
	const close = async () => {
		if (browser) await browser.close();
		await n8n.cleanup().catch(() => undefined);
		await sandbox.close();
	};
	try {
		await n8n.start();
		browser = await launchChromium({ viewport: VIEWPORT });
		const { context } = browser;
		ui.useN8nTestIds(require('playwright-core'));
		context.setDefaultTimeout(STEP_TIMEOUT_MS);
		context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
		await context.tracing.start({ screenshots: true, snapshots: true });
		const page = context.pages()[0] || (await context.newPage());
		// a page left with unsaved changes asks first (beforeunload): leave
		page.on('dialog', (dialog) => dialog.accept().catch(() => undefined));
		return { sandbox, n8n, context, page, close };
	} catch (error) {
		await close();
		throw error;
	}
}

/** Every check on one n8n runtime (an entry of e2e/lib/runtime.js's listRuntimes()). */
async function main(runtime) {
	const nodes = builtNodes();
	const action = actionNodeExpectations(nodes.action.description);
	const { sandbox, n8n, context, page, close } = await startEditorStack(runtime);
	try {
		const check = checker(context, page);
		const shot = async (name) => {
			if (runtime.id !== '2.x') return;
			await closeNotifications(page);
			fs.mkdirSync(SCREENSHOTS, { recursive: true });
			await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' });
		};
		const env = { page, n8n, sandbox, nodes, action, check, shot };
		await check('sign in through the sign-in form', () => ui.signIn(page, n8n));
		for (const [section, checks] of Object.entries(SECTIONS)) if (selected(section)) await checks(env);
	} finally {
		await close();
	}
}

/**
 * Closes n8n's toasts ("Node executed successfully", …) so that a screenshot shows the moment,
 * not the notices of the steps before it; waits until none is shown.
 */
async function closeNotifications(page) {
	const toasts = page.locator('.el-notification:visible');
	await waitFor(
		async () => {
			const close = toasts.locator('.el-notification__closeBtn');
			if ((await close.count()) > 0)
				await close
					.first()
					.click({ timeout: 5000 })
					.catch(() => undefined);
			return (await toasts.count()) === 0;
		},
		STEP_TIMEOUT_MS,
		'the toasts closed',
	);
}

/* ------------------------------------------------------------------ runner */

/** The suite's sections in order; E2E_EDITOR_ONLY=action,error runs some of them (while developing). */
const SECTIONS = {
	panel: nodesPanelChecks,
	action: actionNodeChecks,
	credentials: credentialChecks,
	triggers: triggerChecks,
	error: errorChecks,
};
function selected(section) {
	const only = process.env.E2E_EDITOR_ONLY;
	return !only || only.split(',').includes(section);
}

async function runAll() {
	const chromium = ensureChromium();
	process.stdout.write(
		`${chromium.version}${chromium.installedMs ? ` (installed in ${(chromium.installedMs / 1000).toFixed(1)} s)` : ''}\n`,
	);
	await onEachRuntime(selectedRuntimes(), results, {
		main,
		onVersion: (version) => (currentVersion = version),
		heading: ' in the editor',
		name: 'editor suite',
	});
}

/** One section's checks against a running stack (e2e/.work scratch scripts use it while developing). */
async function runSection(section, { page, n8n, sandbox }, shot = async () => undefined) {
	const nodes = builtNodes();
	const action = actionNodeExpectations(nodes.action.description);
	const check = checker(page.context(), page);
	await SECTIONS[section]({ page, n8n, sandbox, nodes, action, check, shot });
	return results.splice(0);
}

module.exports = { actionNodeExpectations, builtNodes, startEditorStack, runSection };

if (require.main === module) {
	const started = Date.now();
	runAll()
		.catch((error) => {
			results.push({ version: currentVersion, ok: false });
			process.stdout.write(`✗ editor suite aborted: ${error.stack || error}\n`);
		})
		.finally(() => {
			const passed = results.filter((r) => r.ok).length;
			const failed = results.length - passed;
			process.stdout.write(`editor suite finished in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
			process.stdout.write(`${passed} passed, ${failed} failed\n`);
			process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
		});
}
