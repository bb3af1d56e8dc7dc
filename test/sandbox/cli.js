#!/usr/bin/env node
'use strict';
/**
 * Runs the sandbox as a separate process:
 *   node test/sandbox/cli.js --port 4010 --token demo-token [--client-id X --client-secret Y]
 *     [--token-lifetime 3600] [--no-seed] [--multi-site] [--verbose]
 * Prints one JSON line {"url": "...", "token": "..."} on stdout once listening.
 * Stops cleanly on SIGINT/SIGTERM.
 */
const { createSandbox } = require('./index');

function parseArgs(argv) {
	const out = {};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (!arg.startsWith('--')) throw new Error(`Unexpected argument '${arg}'`);
		const [name, inline] = arg.slice(2).split('=', 2);
		if (name === 'no-seed' || name === 'verbose' || name === 'multi-site') out[name] = true;
		else out[name] = inline !== undefined ? inline : argv[++i];
	}
	return out;
}

async function main() {
	const args = parseArgs(process.argv.slice(2));
	const sandbox = await createSandbox({
		port: args.port ? Number(args.port) : 0,
		token: args.token,
		oauth: {
			clientId: args['client-id'],
			clientSecret: args['client-secret'],
			tokenLifetimeSeconds: args['token-lifetime'] ? Number(args['token-lifetime']) : undefined,
		},
		seed: !args['no-seed'],
		account: { multiSite: Boolean(args['multi-site']) },
	});
	if (args.verbose) {
		sandbox.server.on('request', (req, res) => {
			res.on('finish', () => process.stderr.write(`${req.method} ${req.url} → ${res.statusCode}\n`));
		});
	}
	process.stdout.write(`${JSON.stringify({ url: sandbox.url, token: sandbox.token })}\n`);
	let stopping = false;
	const stop = async () => {
		if (stopping) return;
		stopping = true;
		await sandbox.close();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error) => {
	process.stderr.write(`sandbox: ${error.message}\n`);
	process.exit(1);
});
