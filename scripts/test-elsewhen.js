#!/usr/bin/env node
'use strict';
/**
 * Runs the jest suite on another day, in another time zone, with no network but loopback: the
 * proof that `npm test` depends on none of them (issue: "green on any day, offline, on any machine").
 *
 *   node scripts/test-elsewhen.js                       # every case of CASES, one jest run each
 *   node scripts/test-elsewhen.js --case dst-past       # one case
 *   node scripts/test-elsewhen.js --at '2030-06-01 12:00:00' --tz Asia/Tokyo [-- <jest args>]
 *
 * Each run: `unshare -n` (a network namespace whose only interface is loopback, brought up), then
 * jest with Debian's libfaketime preloaded (package `faketime`), which starts the clock of the whole
 * process tree (Node's, jest's workers') at the case's UTC instant, and with `TZ` set to the case's zone. The clock runs on from that instant, so a
 * case that starts two minutes before a year end or a DST change crosses it during the run.
 *
 * Needs root (unshare -n; apt-get installs `faketime` when it is missing, as the editor suite
 * installs Chromium: lib/apt.js). Not root: exits 2 saying so. Exit status: jest's.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { aptInstall } = require('../lib/apt');

/**
 * The cases `.ci/run` runs: each moves the clock more than a year from any day this suite was
 * written, in a zone other than UTC. `at` is UTC ("YYYY-MM-DD HH:MM:SS"); the jest run
 * takes minutes, so each crosses its event about two minutes in.
 */
const CASES = {
	// A year end, in a zone east of UTC (its local year ends at 2027-12-31 23:00 UTC).
	'year-end-future': { at: '2027-12-31 22:58:00', tz: 'Europe/Berlin' },
	// A DST change in the past: Europe/London goes from GMT to BST at 2025-03-30 01:00 UTC.
	'dst-past': { at: '2025-03-30 00:58:00', tz: 'Europe/London' },
};

function parseArgs(argv) {
	const args = { jest: [] };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--') {
			args.jest = argv.slice(i + 1);
			break;
		} else if (a === '--case') args.case = argv[++i];
		else if (a === '--at') args.at = argv[++i];
		else if (a === '--tz') args.tz = argv[++i];
		else throw new Error(`unknown argument ${a}`);
	}
	return args;
}

function has(command) {
	return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** One jest run at `at` (UTC) in zone `tz`, loopback only; returns jest's exit status. */
function runCase(name, { at, tz }, jestArgs) {
	const jest = path.join(__dirname, '..', 'node_modules', 'jest', 'bin', 'jest.js');
	const epoch = Date.parse(`${at.replace(' ', 'T')}Z`) / 1000;
	if (!Number.isInteger(epoch)) throw new Error(`--at ${at}: expected "YYYY-MM-DD HH:MM:SS" (UTC)`);
	// libfaketime reads an absolute start ("@…") through strptime; epoch seconds (%s) keep the
	// instant independent of the zone the process runs in.
	const env = {
		...process.env,
		TZ: tz,
		FAKETIME: `@${epoch}`,
		FAKETIME_FMT: '%s',
		LD_PRELOAD: fakeTimeLib(),
	};
	const quote = (a) => `'${String(a).replace(/'/g, `'\\''`)}'`;
	const inner = [
		'ip link set lo up',
		// What the process sees, so the log says which clock and zone the run had.
		'date "+[test-elsewhen] clock at start: %Y-%m-%d %H:%M:%S %Z (%z)"',
		`exec ${quote(process.execPath)} ${quote(jest)} --ci ${jestArgs.map(quote).join(' ')}`,
	].join(' && ');
	console.log(`[test-elsewhen] ${name}: clock from ${at} UTC, TZ=${tz}, network: loopback only`);
	const t0 = Date.now();
	const r = spawnSync('unshare', ['-n', 'sh', '-c', inner], { stdio: 'inherit', cwd: path.join(__dirname, '..'), env });
	console.log(`[test-elsewhen] ${name}: exit ${r.status ?? r.signal} after ${Math.round((Date.now() - t0) / 1000)} s`);
	return r.status ?? 1;
}

/** The libfaketime shared object (Debian: /usr/lib/<triplet>/faketime/libfaketime.so.1). */
function fakeTimeLib() {
	const r = spawnSync(
		'sh',
		['-c', 'ls /usr/lib/*/faketime/libfaketime.so.1 /usr/lib/faketime/libfaketime.so.1 2>/dev/null'],
		{
			encoding: 'utf8',
		},
	);
	const lib = r.stdout.split('\n').find(Boolean);
	if (!lib) throw new Error('libfaketime.so.1 not found (Debian package faketime)');
	return lib;
}

function main() {
	const args = parseArgs(process.argv.slice(2));
	if (typeof process.getuid === 'function' && process.getuid() !== 0) {
		console.error('[test-elsewhen] needs root: unshare -n (network namespace) and apt-get (faketime)');
		process.exit(2);
	}
	if (!has('faketime')) {
		console.log('[test-elsewhen] installing Debian package faketime');
		aptInstall(['faketime'], { recommends: false });
	}
	const cases = args.at
		? { custom: { at: args.at, tz: args.tz || 'UTC' } }
		: args.case
			? { [args.case]: CASES[args.case] }
			: CASES;
	let status = 0;
	for (const [name, c] of Object.entries(cases)) {
		if (!c) throw new Error(`unknown case ${args.case}; cases: ${Object.keys(CASES).join(', ')}`);
		status = runCase(name, c, args.jest) || status;
	}
	process.exit(status);
}

main();
