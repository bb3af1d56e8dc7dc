/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: asks the npm registry (CI has it) about the e2e runtimes' pins */
/**
 * The registry side of the per-platform Node selection (test/tools/runtime-select.test.ts): every
 * `node-<os>-<cpu>` package a runtime lists resolves from the npm registry at the pinned version,
 * declares the os/cpu its name says (what lets npm install only the machine's one) and has the
 * integrity the lock records; and every platform that falls back to the machine's Node really has
 * no package at that version (else it should be listed). Not in `npm test` (loopback only):
 * `npm run test:registry` runs it, as `.ci/run` does in a step of its own. Needs the npm registry
 * ($npm_config_registry, else https://registry.npmjs.org), which CI has.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { listedNodePackages, nodePackageName } from '../../e2e/lib/node-select';

const REGISTRY = (process.env.npm_config_registry || 'https://registry.npmjs.org/').replace(/\/?$/, '/');
const PLATFORMS: Array<[string, string]> = [
	['linux', 'x64'],
	['linux', 'arm64'],
	['darwin', 'arm64'],
	['darwin', 'x64'],
];

/** The registry's manifest of name@version, or null on 404. */
async function manifest(name: string, version: string): Promise<Record<string, unknown> | null> {
	const res = await fetch(`${REGISTRY}${name}/${version}`, { headers: { accept: 'application/json' } });
	if (res.status === 404) return null;
	if (!res.ok) throw new Error(`${name}@${version}: registry answered ${res.status}`);
	return (await res.json()) as Record<string, unknown>;
}

describe.each(['runtime', 'runtime-1.x'])('e2e/%s: Node packages in the registry', (dir) => {
	const folder = path.join(__dirname, '..', '..', 'e2e', dir);
	const pkg = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
	const lock = JSON.parse(fs.readFileSync(path.join(folder, 'package-lock.json'), 'utf8'));
	const listed = listedNodePackages(pkg) as Record<string, string>;
	const version = Object.values(listed)[0];

	it.each(PLATFORMS)(
		'%s %s',
		async (platform, arch) => {
			const name = nodePackageName(platform, arch);
			const m = await manifest(name, version);
			if (listed[name]) {
				// listed: it must exist, say it is for this os/cpu, and be what the lock pins
				expect(m).not.toBeNull();
				expect([m!.os].flat()).toEqual([platform]);
				expect([m!.cpu].flat()).toEqual([arch]);
				expect((m!.dist as { integrity: string }).integrity).toBe(lock.packages[`node_modules/${name}`].integrity);
			} else {
				// not listed (the machine's Node is used): the registry has no such package at this version;
				// if it has one now, list it in the runtime's optionalDependencies (and its lock entry)
				expect(m && `${name}@${version} exists: list it`).toBeNull();
			}
		},
		60000,
	);
});
