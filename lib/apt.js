'use strict';
/**
 * Installs Debian packages the repository's tools need when they are missing: the e2e suites'
 * (queue: PostgreSQL and Redis, e2e/lib/queue-stack.js; editor: Chromium, e2e/lib/chromium.js) and
 * `npm run test:elsewhen`'s (faketime, scripts/test-elsewhen.js). A plain Node helper of lib/, the
 * floor both e2e/ and scripts/ import: it imports nothing of the repository.
 */
const { spawnSync } = require('node:child_process');

/**
 * `apt-get update`, then `apt-get install -y <packages>` non-interactively (progress on stderr;
 * existing config files kept). Root only: otherwise throws with the command to run.
 * @param {string[]} packages
 * @param {{ recommends?: boolean }} [options] `recommends: false` adds --no-install-recommends
 * @returns {number} the time taken, in ms
 */
function aptInstall(packages, { recommends = true } = {}) {
	if (typeof process.getuid === 'function' && process.getuid() !== 0) {
		throw new Error(
			`missing ${packages.join(', ')}: install them (sudo apt-get install ${packages.join(' ')}) or run as root`,
		);
	}
	const t0 = Date.now();
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', NEEDRESTART_MODE: 'a' };
	const apt = (args) => {
		const r = spawnSync('apt-get', args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
		if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
	};
	apt(['update', '-q']);
	apt([
		'install',
		'-y',
		'-q',
		...(recommends ? [] : ['--no-install-recommends']),
		'-o',
		'Dpkg::Options::=--force-confdef',
		'-o',
		'Dpkg::Options::=--force-confold',
		...packages,
	]);
	return Date.now() - t0;
}

module.exports = { aptInstall };
