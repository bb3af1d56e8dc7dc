#!/usr/bin/env node
'use strict';
/**
 * Times the README's Quickstart as a new user runs it, step by step, and prints each step's
 * seconds (wall clock) and the total of the commands a user types:
 *
 *   1. `git clone` of this repository (a local path by default: `--repo <url or path>` for another)
 *      into a new temporary folder;
 *   2. `npm ci` there with an empty npm cache of its own (every package downloaded, as on a new machine);
 *   3. `npm run build`;  4. `npm pack`;
 *   5. in a fresh n8n user folder: `mkdir -p ~/.n8n/nodes && cd ~/.n8n/nodes && npm install --omit=peer <tgz>`
 *      (the README's command; the same empty cache);
 *   6. "restart n8n": `n8n start` until /healthz/readiness answers (the e2e runtime's n8n 2.41.1 from
 *      ~/.cache/n8n-nodes-content-platform, installed on first use: its install is not counted, a user
 *      of the Quickstart has an n8n already), then stopped;
 *   7. the first workflow of the Quickstart (Manual Trigger → Content Platform: Contact → Get Many,
 *      Limit 5) with an access-token credential against the sandbox API (test/sandbox), both imported
 *      with n8n's CLI and run with `n8n execute`: what a user clicks in the editor (creating the
 *      credential, adding the node). Checked: 5 contacts come out. Its seconds are the CLI's (each
 *      command boots n8n), printed apart and not added to the commands' total.
 *
 * A measurement, as bench/n8n-big-account.js and bench/n8n-parallel.js are: it stands on e2e/'s n8n
 * process (e2e/lib/n8n.js N8nInstance) and the Quickstart's first workflow as e2e/quickstart.js
 * checks it (importFirstWorkflow). Its figures are docs/try-it.md's "The Quickstart, timed" (it
 * writes no file).
 *
 * Usage: `node bench/quickstart-time.js [--repo <url or path>] [--n8n 1.x] [--keep]` (needs git, npm
 * and the registry; `--n8n 1.x` restarts and runs n8n 1.123.81 instead of 2.41.1; `--keep` leaves the
 * temporary folder). Exits 1 if a step fails or the workflow does not return 5 contacts.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const { N8nInstance } = require('../e2e/lib/n8n');
const { createSandbox } = require('../test/sandbox');
const { importFirstWorkflow } = require('../e2e/quickstart');

const ROOT = path.resolve(__dirname, '..');

/** The value after `--name` on the command line, else `fallback`. */
function option(name, fallback) {
	const i = process.argv.indexOf(`--${name}`);
	return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const steps = [];

/** Runs `cmd args` in `cwd` (env: process.env without npm_* plus `env`), timed as step `name`. */
function command(name, cmd, args, cwd, env = {}) {
	const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
	const t0 = Date.now();
	const res = spawnSync(cmd, args, { cwd, env: { ...clean, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	const seconds = (Date.now() - t0) / 1000;
	if (res.status !== 0)
		throw new Error(`${name}: ${cmd} ${args.join(' ')} failed (exit ${res.status}):\n${res.stderr || res.stdout}`);
	steps.push({ name, seconds, counted: true });
	say(`${name}: ${seconds.toFixed(1)} s`);
	return res.stdout;
}

async function main() {
	const repo = option('repo', ROOT);
	const keep = process.argv.includes('--keep');
	const runtime = option('n8n', undefined);
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'quickstart-'));
	const clone = path.join(tmp, 'n8n-nodes-content-platform');
	const npmEnv = { npm_config_cache: path.join(tmp, 'npm-cache') }; // empty: a new machine's cache
	const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
	say(
		`Quickstart timing: ${new Date().toISOString()}, commit ${commit}, ${os.cpus().length} CPUs ` +
			`(${os.cpus()[0]?.model}), load average ${os
				.loadavg()
				.map((l) => l.toFixed(1))
				.join(' ')}, Node ${process.version}, folder ${tmp}`,
	);
	let sandbox;
	let n8n;
	try {
		command('1. git clone', 'git', ['clone', '--quiet', repo, clone], tmp);
		command('2. npm ci (empty npm cache)', 'npm', ['ci', '--no-audit', '--no-fund'], clone, npmEnv);
		command('3. npm run build', 'npm', ['run', 'build'], clone);
		const packed = command('4. npm pack', 'npm', ['pack', '--json'], clone);
		const tgz = path.join(clone, JSON.parse(packed)[0].filename);

		sandbox = await createSandbox({ port: 0, token: 'quickstart-token' });
		n8n = await N8nInstance.create({ name: 'quickstart', userFolder: path.join(tmp, 'user'), runtime });
		const nodesDir = path.join(n8n.n8nFolder, 'nodes');
		fs.mkdirSync(nodesDir, { recursive: true });
		command(
			'5. npm install --omit=peer <tgz> in ~/.n8n/nodes',
			'npm',
			['install', '--omit=peer', tgz],
			nodesDir,
			npmEnv,
		);

		const t0 = Date.now();
		await n8n.start();
		const startSeconds = (Date.now() - t0) / 1000;
		steps.push({ name: '6. n8n start (until ready)', seconds: startSeconds, counted: true });
		say(`6. n8n ${n8n.runtime.version} start (until ready): ${startSeconds.toFixed(1)} s`);
		await n8n.stop();

		const t1 = Date.now();
		const workflowId = importFirstWorkflow(n8n, sandbox);
		const run = await n8n.execute(workflowId);
		const seconds = (Date.now() - t1) / 1000;
		const contacts = run.nodes['Content Platform']?.items ?? [];
		steps.push({ name: '7. credential + first workflow (n8n CLI)', seconds, counted: false });
		say(
			`7. credential + first workflow (n8n CLI: import, import, execute): ${seconds.toFixed(1)} s; ` +
				`${contacts.length} contacts out: ${contacts.map((c) => c.email ?? c.id).join(', ')}`,
		);
		if (!run.ok || contacts.length !== 5)
			throw new Error(`the first workflow did not return 5 contacts: ${JSON.stringify(run.error)}`);
		const total = steps.filter((s) => s.counted).reduce((sum, s) => sum + s.seconds, 0);
		say(`commands a user types (steps 1-6): ${total.toFixed(1)} s = ${(total / 60).toFixed(1)} min`);
	} finally {
		if (n8n) await n8n.stop();
		if (sandbox) await sandbox.close();
		if (!keep) fs.rmSync(tmp, { recursive: true, force: true });
	}
}

main().catch((err) => {
	process.stderr.write(`${err.stack || err}\n`);
	process.exit(1);
});
