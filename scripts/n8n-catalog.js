'use strict';
/**
 * The nodes n8n 2.41.1's AI builders search, for scripts/builder-view.js: n8n's own beside the
 * package's (lib/package-nodes.js), each usable one with its "… Tool" variant, as n8n's
 * `createAiTools` adds it. n8n's own are `scripts/n8n-node-catalog.json`: the search fields (name,
 * display name, description, version, group, codex aliases, whether usable as a tool) of every node
 * of n8n-nodes-base and @n8n/n8n-nodes-langchain as n8n 2.41.1 installs them, taken from their
 * `dist/types/nodes.json` by `node scripts/builder-view.js --refresh-catalog <node_modules>` (the
 * e2e runtime's, e2e/README.md).
 */
const fs = require('node:fs');
const path = require('node:path');

const { packageNodes } = require('../lib/package-nodes');

const ROOT = path.resolve(__dirname, '..');
const CATALOG = path.join(__dirname, 'n8n-node-catalog.json');

/** The "… Tool" variant n8n adds for a node usable as a tool (n8n 2.41 `convertNodeToAiTool`: name, display name, no inputs). */
function toolVariant(description) {
	const { usableAsTool, ...rest } = description;
	const replacements = typeof usableAsTool === 'object' ? usableAsTool.replacements : {};
	const base = { ...rest, ...replacements };
	return {
		...base,
		name: `${base.name}Tool`,
		displayName: `${base.displayName} Tool`,
		inputs: [],
		outputs: ['ai_tool'],
	};
}

/** n8n's own nodes (the committed extract), with their tool variants. */
function n8nNodes() {
	const { nodes } = JSON.parse(fs.readFileSync(CATALOG, 'utf8'));
	return [...nodes, ...nodes.filter((n) => n.usableAsTool).map(toolVariant)];
}

/** Every node n8n's search sees: n8n's and the package's (with the action node's tool variant). */
function catalog(ours = packageNodes()) {
	return [...n8nNodes(), ...ours, ...ours.filter((n) => n.usableAsTool).map(toolVariant)];
}

/**
 * `--refresh-catalog <node_modules>`: writes scripts/n8n-node-catalog.json from n8n-nodes-base's and
 * @n8n/n8n-nodes-langchain's `dist/types/nodes.json` (the search fields only, names prefixed as
 * n8n's loader prefixes them, each node's latest version as n8n's search keeps it; hidden nodes kept, as
 * Instance AI's search keeps them).
 */
async function refreshCatalog(modules) {
	const packages = ['n8n-nodes-base', '@n8n/n8n-nodes-langchain'];
	const nodes = [];
	const versions = [];
	for (const name of packages) {
		const dir = path.join(modules, name);
		versions.push(`${name} ${JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version}`);
		const latest = new Map();
		const top = (v) => (Array.isArray(v) ? Math.max(...v) : v);
		for (const n of JSON.parse(fs.readFileSync(path.join(dir, 'dist/types/nodes.json'), 'utf8'))) {
			const seen = latest.get(n.name);
			if (!seen || top(n.version) > top(seen.version)) latest.set(n.name, n);
		}
		for (const n of [...latest.values()].sort((a, b) => a.name.localeCompare(b.name))) {
			nodes.push({
				name: `${name}.${n.name}`,
				displayName: n.displayName,
				description: n.description,
				version: n.version,
				group: n.group,
				inputs: Array.isArray(n.inputs) ? n.inputs.map((i) => (typeof i === 'string' ? i : i.type)) : [],
				outputs: Array.isArray(n.outputs) ? n.outputs.map((o) => (typeof o === 'string' ? o : o.type)) : [],
				properties: [],
				...(n.codex?.alias ? { codex: { alias: n.codex.alias } } : {}),
				...(n.hidden ? { hidden: true } : {}),
				...(n.usableAsTool ? { usableAsTool: true } : {}),
			});
		}
	}
	const prettier = require('prettier');
	const text = await prettier.format(JSON.stringify({ source: versions.join(' and '), nodes }), {
		...(await prettier.resolveConfig(CATALOG)),
		parser: 'json',
	});
	fs.writeFileSync(CATALOG, text);
	process.stdout.write(`wrote ${path.relative(ROOT, CATALOG)}: ${nodes.length} node types of ${versions.join(', ')}\n`);
}

module.exports = { toolVariant, catalog, refreshCatalog };
