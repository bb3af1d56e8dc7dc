/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test: packs the built package (node:fs, node:path, __dirname, npm through scripts/package-files.js) */
/**
 * The published tarball holds what n8n reads and nothing else: the `.js` files reachable from
 * package.json's `n8n` block by `require()`, the nodes' codex files, the icons the nodes and
 * credentials name, plus package.json, README.md, LICENSE and CHANGELOG.md. No declaration files,
 * source maps, tsbuildinfo or screenshots (n8n's scanner fails a tarball with
 * `credentials/*.credentials.d.ts` in it; `npm run scan` runs the scanner itself).
 * Needs the built dist/ (`npm run build`, which jest runs first when dist/ is missing or stale:
 * scripts/build-if-stale.js).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const { PACKAGE_DOCS, packList, n8nReads } = require('../../scripts/package-files.js') as {
	PACKAGE_DOCS: string[];
	packList: () => { filename: string; size: number; unpackedSize: number; files: string[] };
	n8nReads: () => { modules: string[]; codex: string[]; icons: string[]; all: string[]; bareRequires: string[] };
};

const ROOT = path.join(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

describe('the packed package', () => {
	beforeAll(() => {
		if (!fs.existsSync(path.join(ROOT, pkg.n8n.nodes[0])))
			throw new Error(`${pkg.n8n.nodes[0]} is missing: run \`npm run build\` first`);
	});

	it('holds only what n8n reads plus package.json, README.md, LICENSE and CHANGELOG.md', () => {
		const { files } = packList();
		const reads = n8nReads();
		expect(files).toEqual([...PACKAGE_DOCS, ...reads.all].sort());
		expect(files.filter((f) => /\.d\.ts$|\.map$|tsbuildinfo$|\.png$|^dist\/docs\//.test(f))).toEqual([]);
	});

	it('holds every node and credential of the n8n block, the 3 codex files and both icons', () => {
		const reads = n8nReads();
		for (const entry of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) expect(reads.modules).toContain(entry);
		expect(reads.codex).toEqual(pkg.n8n.nodes.map((entry: string) => `${entry}on`).sort());
		expect(reads.icons).toEqual(['dist/icons/contentPlatform.dark.svg', 'dist/icons/contentPlatform.svg']);
	});

	it('requires no package but the n8n-workflow peer dependency (zero runtime dependencies)', () => {
		expect(n8nReads().bareRequires).toEqual(['n8n-workflow']);
		expect(pkg.dependencies ?? {}).toEqual({});
	});

	it('every compiled module in dist/ is one n8n reads (no dead module shipped or left behind)', () => {
		const compiled: string[] = [];
		const walk = (dir: string) => {
			for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
				const rel = `${dir}/${entry.name}`;
				if (entry.isDirectory()) walk(rel);
				else if (rel.endsWith('.js')) compiled.push(rel);
			}
		};
		walk('dist');
		const { modules } = n8nReads();
		const unread = compiled.filter((f) => !modules.includes(f));
		// api/tables/types.ts holds only types: tsc emits an empty module, left out by package.json `files`.
		expect(unread).toEqual(['dist/nodes/api/tables/types.js']);
	});
});
