/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- benchmark profiling helper (Node process, fs, prints its summary) */
/**
 * Profiling helper (not part of `npm run bench`): after `npm run bench` (or bench/run.js) compiled
 * .bench-tmp, run
 * `node --cpu-prof --cpu-prof-dir=.bench-tmp/prof .bench-tmp/bench/profile.js <mode> <N> <reads>`
 * to profile `reads` Return Alls of N contacts in one mode (engineSimple | engineRaw | fetch);
 * `node .bench-tmp/bench/profile.js --summary <file.cpuprofile>` prints self time by function
 * and by package.
 */
import * as fs from 'node:fs';

import { MODES, sandboxWithContacts, type Mode } from './worker';
import { runNode } from '../test/helpers/harness';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	hitCount?: number;
	children?: number[];
}

function summary(file: string): void {
	const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as {
		nodes: ProfileNode[];
		samples: number[];
		timeDeltas: number[];
	};
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const selfUs = new Map<number, number>();
	profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
	const byFunction = new Map<string, number>();
	const byPackage = new Map<string, number>();
	let total = 0;
	for (const [id, us] of selfUs) {
		const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
		total += us;
		const short = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/main\//, '');
		byFunction.set(
			`${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`,
			(byFunction.get(`${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`) ?? 0) + us,
		);
		const pkg =
			url === ''
				? functionName
				: url.includes('node_modules/')
					? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
					: url.startsWith('node:')
						? url
						: short.split('/').slice(0, 2).join('/');
		byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
	}
	const print = (title: string, map: Map<string, number>, top: number) => {
		console.log(`\n${title} (total ${(total / 1000).toFixed(0)} ms)`);
		for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
			console.log(`${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
		}
	};
	print('Self time by package', byPackage, 25);
	print('Self time by function', byFunction, 45);
}

async function main(): Promise<void> {
	if (process.argv[2] === '--summary') return summary(process.argv[3]);
	const mode = (process.argv[2] ?? 'engineSimple') as Mode;
	if (!MODES.includes(mode)) throw new Error(`mode: one of ${MODES.join(', ')}`);
	const n = Number(process.argv[3] ?? 10000);
	const reads = Number(process.argv[4] ?? 5);
	const sandbox = await sandboxWithContacts(n);
	const credentials = { contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token } };
	try {
		for (let i = 0; i < reads; i++) {
			const start = performance.now();
			if (mode === 'fetch') {
				const all: unknown[] = [];
				for (let page = 1; ; page++) {
					const response = await fetch(`${sandbox.url}/v1/contacts?page%5Bnumber%5D=${page}&page%5Bsize%5D=100`, {
						headers: { Accept: 'application/vnd.api+json', Authorization: `Bearer ${sandbox.token}` },
					});
					const data = (JSON.parse(await response.text()) as { data: unknown[] }).data;
					for (const resource of data) all.push(resource);
					if (data.length < 100) break;
				}
			} else {
				await runNode({
					parameters: { resource: 'contact', operation: 'getAll', returnAll: true, simple: mode === 'engineSimple' },
					credentials,
				});
			}
			console.log(`${mode} N=${n} read ${i + 1}: ${(performance.now() - start).toFixed(0)} ms`);
		}
	} finally {
		await sandbox.close();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
