'use strict';
/**
 * Chromium for the editor suite (e2e/editor.js): Debian's `chromium` package, installed with
 * apt-get when /usr/bin/chromium is missing (root only, as e2e/lib/queue-stack.js installs
 * PostgreSQL and Redis), then launched by playwright-core (which downloads no browser).
 *
 * Run alone (`node e2e/lib/chromium.js`) it only installs and prints the install time.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const { aptInstall } = require('../../lib/apt');

/** Where Debian's package puts the browser; E2E_CHROMIUM overrides it. */
const CHROMIUM = process.env.E2E_CHROMIUM || '/usr/bin/chromium';

/**
 * Chromium's flags for a headless run in a closed sandbox. Without the background-networking,
 * component-update and sync flags Chromium keeps trying to reach Google's servers, which on a
 * network without internet stalls page loads; QUIC is off for the same reason, the GPU because
 * there is none, the sandbox because the suite may run as root.
 */
const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];

function log(msg) {
	if (process.env.E2E_QUIET !== '1') process.stderr.write(`[e2e:editor] ${msg}\n`);
}

/**
 * Makes sure Chromium is installed: when `CHROMIUM` is missing, runs `apt-get update` and
 * `apt-get install -y chromium` (non-interactive, progress on stderr; root only, else throws
 * with the command to run). Returns { executablePath, installedMs } (installedMs = 0 when
 * nothing was installed) and the browser's version string.
 */
function ensureChromium() {
	let installedMs = 0;
	if (!fs.existsSync(CHROMIUM)) {
		log("installing chromium from Debian's packages (apt-get, non-interactive) ...");
		installedMs = aptInstall(['chromium']);
		log(`apt-get install chromium: ${(installedMs / 1000).toFixed(1)} s`);
		if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} still missing after apt-get install chromium`);
	}
	const v = spawnSync(CHROMIUM, ['--version', ...CHROMIUM_ARGS], { encoding: 'utf8' });
	return { executablePath: CHROMIUM, installedMs, version: (v.stdout || '').trim() };
}

/**
 * Launches headless Chromium through playwright-core with `CHROMIUM_ARGS` and a fresh user data
 * directory (a temp folder: Playwright's persistent context passes it as --user-data-dir; it is
 * removed by the returned close()). Returns { context, close, version }.
 * @param {{ viewport?: { width: number, height: number } }} [options]
 */
async function launchChromium({ viewport } = {}) {
	const { chromium } = require('playwright-core');
	const { executablePath, version } = ensureChromium();
	const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-chromium-'));
	const context = await chromium.launchPersistentContext(userDataDir, {
		executablePath,
		headless: true,
		args: CHROMIUM_ARGS,
		viewport,
	});
	const close = async () => {
		await context.close().catch(() => {});
		fs.rmSync(userDataDir, { recursive: true, force: true });
	};
	return { context, close, version };
}

module.exports = { ensureChromium, launchChromium, CHROMIUM, CHROMIUM_ARGS };

if (require.main === module) {
	const r = ensureChromium();
	console.log(`${r.version} at ${r.executablePath}; installed in ${(r.installedMs / 1000).toFixed(1)} s`);
}
