'use strict';
/**
 * What the packed package holds, and what of it n8n reads. Used by `npm run scan`
 * (scripts/scan-package.mjs) and test/structure/package-files.test.ts; run `npm run build` first (dist/).
 *
 * What n8n reads of a community package (n8n-core's package directory loader): package.json's `n8n`
 * block; each listed node and credential `.js` and every module it requires; next to each node file
 * `X.node.js` its codex `X.node.json`; the icons the classes name (`icon: 'file:…'`, or
 * `{ light, dark }`), resolved against the class's file. Declaration files (`.d.ts`), source maps,
 * `tsconfig.tsbuildinfo` and the docs' screenshots are never read.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');

/** Files npm always packs besides the `files` list, and the CHANGELOG that `files` names. */
const PACKAGE_DOCS = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'];

/**
 * `npm pack --dry-run --json --ignore-scripts` in `root`: `{ filename, size, unpackedSize, files, entries }`
 * (sizes in bytes, `files` the packed paths relative to the package root, sorted; `entries` each
 * file's `{ path, size }`). Throws with npm's
 * stderr when npm fails.
 */
function packList(root = ROOT) {
	const res = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: root,
		encoding: 'utf8',
	});
	if (res.status !== 0) throw new Error(`npm pack --dry-run failed: ${res.stderr}`);
	const [packed] = JSON.parse(res.stdout);
	return {
		filename: packed.filename,
		size: packed.size,
		unpackedSize: packed.unpackedSize,
		files: packed.files.map((f) => f.path).sort(),
		entries: packed.files.map((f) => ({ path: f.path, size: f.size })),
	};
}

/** Paths a built module requires with a relative specifier (`require("./x")`), resolved to files. */
function relativeRequires(file) {
	const text = fs.readFileSync(file, 'utf8');
	const found = [];
	for (const match of text.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)) {
		const spec = match[1];
		if (!spec.startsWith('.')) continue;
		const base = path.resolve(path.dirname(file), spec);
		const resolved = [base, `${base}.js`, `${base}.json`, path.join(base, 'index.js')].find(
			(candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
		);
		if (!resolved) throw new Error(`${path.relative(ROOT, file)} requires "${spec}", which is not in dist/`);
		found.push(resolved);
	}
	return found;
}

/** Every bare specifier (`require("n8n-workflow")`, `require("node:fs")`) the built modules use. */
function bareRequires(files) {
	const specs = new Set();
	for (const file of files.filter((f) => f.endsWith('.js'))) {
		const text = fs.readFileSync(file, 'utf8');
		for (const match of text.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g))
			if (!match[1].startsWith('.')) specs.add(match[1]);
	}
	return [...specs].sort();
}

/** The `file:` paths of an icon value (`'file:x.svg'` or `{ light, dark }`), resolved against `file`. */
function iconFiles(icon, file) {
	const values = typeof icon === 'string' ? [icon] : icon ? Object.values(icon) : [];
	return values
		.filter((value) => typeof value === 'string' && value.startsWith('file:'))
		.map((value) => path.resolve(path.dirname(file), value.slice('file:'.length)));
}

/**
 * The files of `root` that n8n reads, relative to `root`, sorted: `{ modules, codex, icons, all,
 * bareRequires }` (`all` = the first three together). `modules`: the `n8n` block's files and every
 * module they reach by relative `require()`; `codex`: the nodes' `.node.json` files that exist;
 * `icons`: the files the node descriptions' and credentials' `icon` name (loaded from the built
 * classes); `bareRequires`: the package names those modules require (`n8n-workflow`). Throws when a
 * listed file, a required module or a named icon is missing.
 */
function n8nReads(root = ROOT) {
	const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
	const entries = [...pkg.n8n.nodes, ...pkg.n8n.credentials].map((entry) => path.resolve(root, entry));
	for (const entry of entries)
		if (!fs.existsSync(entry)) throw new Error(`${path.relative(root, entry)} is missing: run \`npm run build\` first`);
	const modules = new Set();
	const queue = [...entries];
	while (queue.length) {
		const file = queue.pop();
		if (modules.has(file)) continue;
		modules.add(file);
		if (file.endsWith('.js')) queue.push(...relativeRequires(file));
	}
	const codex = pkg.n8n.nodes.map((entry) => path.resolve(root, `${entry}on`)).filter((f) => fs.existsSync(f));
	const icons = new Set();
	for (const entry of entries) {
		// n8n loads the class named as the file (`ContentPlatformApi.credentials.js` → `ContentPlatformApi`).
		const Class = require(entry)[path.basename(entry).split('.')[0]];
		if (typeof Class !== 'function')
			throw new Error(`${path.relative(root, entry)} exports no class named as the file`);
		const instance = new Class();
		for (const icon of iconFiles(instance.description?.icon ?? instance.icon, entry)) icons.add(icon);
	}
	for (const icon of icons)
		if (!fs.existsSync(icon)) throw new Error(`icon ${path.relative(root, icon)} is missing from dist/`);
	const rel = (files) => [...files].map((f) => path.relative(root, f).split(path.sep).join('/')).sort();
	return {
		modules: rel(modules),
		codex: rel(codex),
		icons: rel(icons),
		all: rel([...modules, ...codex, ...icons]),
		bareRequires: bareRequires([...modules]),
	};
}

module.exports = { PACKAGE_DOCS, packList, n8nReads };
