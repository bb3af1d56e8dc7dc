'use strict';
/**
 * The README's Quickstart install, as a user runs it, in a real n8n: the built package packed
 * (`npm pack`), then the README's own install command — read from README.md's Quickstart code block,
 * `npm install --omit=peer <tarball>`, run in a fresh n8n user folder's `.n8n/nodes` — and n8n then
 * loads the nodes: the Quickstart's first workflow (Contact → Get Many, Limit 5, Options → Sort By
 * Created At, Sort Direction Descending) returns the sandbox's 5 newest contacts, newest first, and
 * the nodes folder holds the package without a second `n8n-workflow`.
 *
 * npm resolves the peer dependency's tree even with `--omit=peer`, so the command needs the
 * registry's metadata of `n8n-workflow` or npm's cache of it: it runs with `npm_config_prefer_offline`
 * (the command as typed; npm's cache first, the registry only for what the cache lacks).
 *
 * Part of `npm run test:e2e` (e2e/run.js, on every runtime); alone, after `npm run build`:
 * `E2E_N8N=2.x node e2e/quickstart.js` (exit 1 unless every check passed).
 */
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const { N8nInstance } = require('./lib/n8n');
const { runChecks } = require('./lib/standalone');
const { createSandbox } = require('../test/sandbox');

const ROOT = path.resolve(__dirname, '..');

/**
 * The README's install command: the line of the Quickstart's code block that starts with
 * `npm install`, split into npm's arguments, its last one (the tarball's path) returned apart.
 */
function readmeInstallCommand(readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')) {
	const quickstart = readme.slice(
		readme.indexOf('## Quickstart'),
		readme.indexOf('\n## ', readme.indexOf('## Quickstart') + 1),
	);
	const line = quickstart.split('\n').find((l) => /^npm install /.test(l.trim()));
	if (!line) throw new Error('README.md: no `npm install` line in the Quickstart');
	const words = line.trim().split(/\s+/);
	return { args: words.slice(1, -1), tarball: words[words.length - 1] };
}

/** Runs a command, returns its stdout; throws with its output when it fails. */
function run(cmd, args, cwd, env = {}) {
	const npmEnv = { ...process.env };
	for (const key of Object.keys(npmEnv)) if (/^npm_/i.test(key)) delete npmEnv[key];
	const res = spawnSync(cmd, args, { cwd, env: { ...npmEnv, ...env }, encoding: 'utf8' });
	if (res.status !== 0)
		throw new Error(`${cmd} ${args.join(' ')} failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
	return res.stdout;
}

/**
 * The checks on one runtime (`runtime`: an id of e2e/lib/runtime.js, e.g. '2.x'), reported through
 * `check(name, fn)`.
 */
async function quickstartChecks({ runtime, check }) {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-quickstart-'));
	let sandbox;
	let n8n;
	try {
		const { args, tarball } = readmeInstallCommand();
		await check('Quickstart: the README says `npm install --omit=peer <tarball>`', () => {
			assert.deepEqual(args, ['install', '--omit=peer']);
			assert.match(tarball, /n8n-nodes-content-platform-.*\.tgz$/);
		});
		const packed = JSON.parse(
			run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp, ROOT], ROOT),
		);
		const tgz = path.join(tmp, packed[0].filename);
		sandbox = await createSandbox({ port: 0, token: 'quickstart-token' });
		n8n = await N8nInstance.create({ name: 'quickstart', userFolder: path.join(tmp, 'user'), runtime });
		const nodesDir = path.join(n8n.n8nFolder, 'nodes');
		fs.mkdirSync(nodesDir, { recursive: true });
		await check("Quickstart: the README's install command in a fresh .n8n/nodes succeeds", () => {
			run('npm', [...args, tgz], nodesDir, { npm_config_prefer_offline: 'true' });
			const installed = path.join(nodesDir, 'node_modules', 'n8n-nodes-content-platform', 'package.json');
			assert.ok(fs.existsSync(installed), 'the package is in .n8n/nodes/node_modules');
			assert.ok(
				!fs.existsSync(path.join(nodesDir, 'node_modules', 'n8n-workflow')),
				"no second n8n-workflow beside n8n's (--omit=peer)",
			);
		});
		const workflowId = importFirstWorkflow(n8n, sandbox);
		const result = await n8n.execute(workflowId);
		await check(
			`Quickstart: n8n ${n8n.runtime.version} loads the installed nodes; the first workflow returns the 5 newest contacts`,
			() => {
				assert.ok(result.ok, JSON.stringify(result.error));
				const contacts = result.nodes['Content Platform']?.items ?? [];
				const ids = contacts.map((c) => String(c.id));
				assert.equal(new Set(ids).size, 5, `5 distinct contacts, got ${ids.join(', ')}`);
				const known = new Set(sandbox.store.contacts.map((r) => r.id));
				assert.ok(
					ids.every((id) => known.has(id)),
					'each one a contact of the sandbox',
				);
				// The README's promise, "your five newest contacts": no contact of the sandbox is newer
				// than the fifth one returned, and they come newest first.
				const created = contacts.map((c) => Date.parse(c.created_at));
				assert.deepEqual(
					created,
					[...created].sort((a, b) => b - a),
					'newest first',
				);
				const newer = sandbox.store.contacts.filter(
					(r) => !ids.includes(String(r.id)) && Date.parse(r.created_at) > created[4],
				);
				assert.equal(newer.length, 0, `contacts newer than the fifth returned: ${newer.map((r) => r.id)}`);
			},
		);
	} finally {
		if (n8n) await n8n.stop().catch(() => undefined);
		if (sandbox) await sandbox.close();
		if (process.env.E2E_KEEP !== '1') fs.rmSync(tmp, { recursive: true, force: true });
	}
}

/**
 * The Quickstart's step 2 and first workflow, as a user makes them: an access-token credential for
 * the sandbox and "Manual Trigger → Content Platform: Contact → Get Many, Limit 5, Options → Sort By
 * Created At, Sort Direction Descending", imported into `n8n` (an N8nInstance). Returns the workflow's ID (bench/quickstart-time.js times the same).
 */
function importFirstWorkflow(n8n, sandbox) {
	const credential = { id: 'quickstartCred01', name: 'Content Platform account' };
	n8n.importCredentials([
		{ ...credential, type: 'contentPlatformApi', data: { baseUrl: sandbox.url, accessToken: sandbox.token } },
	]);
	const workflowId = 'quickstartWf0001';
	n8n.importWorkflows([
		{
			id: workflowId,
			name: 'Quickstart: five newest contacts',
			nodes: [
				{
					id: 'a1',
					name: 'Manual Trigger',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: 'a2',
					name: 'Content Platform',
					type: 'n8n-nodes-content-platform.contentPlatform',
					typeVersion: 1,
					position: [220, 0],
					parameters: {
						resource: 'contact',
						operation: 'getAll',
						limit: 5,
						options: { sort: 'created_at', sortDirection: 'descending' },
					},
					credentials: { contentPlatformApi: credential },
				},
			],
			connections: { 'Manual Trigger': { main: [[{ node: 'Content Platform', type: 'main', index: 0 }]] } },
		},
	]);
	return workflowId;
}

module.exports = { quickstartChecks, readmeInstallCommand, importFirstWorkflow };

if (require.main === module) {
	runChecks((check) => quickstartChecks({ runtime: process.env.E2E_N8N || undefined, check }));
}
