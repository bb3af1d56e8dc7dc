/**
 * The house's plan outside nodes/: the tools' folders import one another only downward.
 *
 *   scripts/   the repository's tools (tables, figures, checks)        scripts/ and e2e/ lean on
 *   bench/     measurements, some in a real n8n: it stands on e2e/     neither other; bench/ on e2e/,
 *   e2e/       the package in a real n8n                               never e2e/ on bench/
 *   lib/       plain Node helpers several of them use: the floor, it leans on none of them
 *
 * For every .ts, .js, .mjs and .cjs file under scripts/, e2e/ and lib/, every relative `require()`,
 * `import` and `import()` (test/helpers/imports.ts: parsed with TypeScript's parser) is followed
 * through the whole repository, so an arrow by way of test/ or bench/ counts too: a file of scripts/
 * reaches nothing in e2e/, a file of e2e/ nothing in scripts/ or bench/, a file of lib/ nothing in
 * scripts/, e2e/ or bench/. A failure names each import straight across, then each chain of files
 * with the arrow back up last: move what both sides use into lib/, or the tool into the folder whose
 * job it is. A path computed at run time (`require(path.join(…))`) is not seen.
 */
import { CODE, resolveImport, sources, specifiers } from '../helpers/imports';

/** For each folder, the folders its files must not reach, directly or through other files. */
export const NOT_REACHED: Record<string, string[]> = {
	scripts: ['e2e'],
	e2e: ['scripts', 'bench'],
	lib: ['scripts', 'e2e', 'bench'],
};

const folderOf = (file: string) => file.split('/')[0];

/** Every import of a file of a folder of `rules` straight into a folder it must not reach, as "a → b", sorted. */
export function directArrows(graph: Map<string, string[]>, rules: Record<string, string[]>): string[] {
	return [...graph.entries()]
		.flatMap(([file, targets]) =>
			targets.filter((t) => rules[folderOf(file)]?.includes(folderOf(t))).map((t) => `${file} → ${t}`),
		)
		.sort();
}

/**
 * The arrows back up of an import graph (file → the files it names): for each file of a folder of
 * `rules`, the shortest chain of imports to a file of a folder it must not reach, as
 * "a → b → c". One chain per file, sorted.
 */
export function arrowsBackUp(graph: Map<string, string[]>, rules: Record<string, string[]>): string[] {
	const found: string[] = [];
	for (const start of [...graph.keys()].sort()) {
		const banned = rules[folderOf(start)];
		if (!banned) continue;
		const from = new Map<string, string>([[start, '']]);
		const queue = [start];
		let hit: string | undefined;
		while (queue.length && hit === undefined) {
			const file = queue.shift()!;
			for (const target of graph.get(file) ?? []) {
				if (from.has(target)) continue;
				from.set(target, file);
				if (banned.includes(folderOf(target))) {
					hit = target;
					break;
				}
				queue.push(target);
			}
		}
		if (hit === undefined) continue;
		const chain = [hit];
		while (from.get(chain[0])) chain.unshift(from.get(chain[0])!);
		found.push(chain.join(' → '));
	}
	return found;
}

describe('the tools import one another downward only (scripts/, e2e/, bench/ over lib/)', () => {
	const files = sources('');
	// Every relative import, to any file (a JSON file of another folder is an arrow too).
	const graph = new Map(
		files.map((file) => [
			file,
			[...new Set(specifiers(file).map((s) => resolveImport(file, s)))].filter((t): t is string => !!t),
		]),
	);

	test('reads every folder and sees the imports it judges', () => {
		for (const folder of ['scripts/', 'e2e/', 'e2e/lib/', 'lib/', 'bench/', 'test/'])
			expect(files.some((file) => file.startsWith(folder))).toBe(true);
		expect(files.filter((file) => file.startsWith('lib/')).every((file) => CODE.test(file))).toBe(true);
		// What both sides use, imported downward from each.
		expect(graph.get('e2e/examples.js')).toContain('lib/operation-rows.js');
		expect(graph.get('scripts/operations-table.js')).toContain('lib/operation-rows.js');
		expect(graph.get('scripts/test-elsewhen.js')).toContain('lib/apt.js');
		expect(graph.get('e2e/lib/chromium.js')).toContain('lib/apt.js');
		// bench/ stands on e2e/ (allowed: downward).
		expect(graph.get('bench/quickstart-time.js')).toContain('e2e/lib/n8n.js');
		// A JSON file is followed too.
		expect(graph.get('test/helpers/packageClasses.ts')).toContain('package.json');
	});

	test('the rule finds an arrow back up, direct or through another folder', () => {
		const old = new Map([
			['e2e/examples.js', ['e2e/lib/stack.js', 'scripts/operations-table.js']],
			['scripts/test-elsewhen.js', ['e2e/lib/apt.js']],
			['scripts/figures.js', ['test/helper.js']],
			['test/helper.js', ['e2e/lib/n8n.js']],
			['lib/x.js', ['lib/y.js']],
			['lib/y.js', ['bench/z.js']],
			['scripts/ok.js', ['lib/x.js', 'test/sandbox.js']],
			['scripts/time.js', ['bench/t.js']],
			['bench/t.js', ['e2e/lib/n8n.js']],
			['bench/u.js', ['e2e/lib/n8n.js']],
		]);
		expect(directArrows(old, NOT_REACHED)).toEqual([
			'e2e/examples.js → scripts/operations-table.js',
			'lib/y.js → bench/z.js',
			'scripts/test-elsewhen.js → e2e/lib/apt.js',
		]);
		expect(arrowsBackUp(old, NOT_REACHED)).toEqual([
			'e2e/examples.js → scripts/operations-table.js',
			'lib/x.js → lib/y.js → bench/z.js',
			'lib/y.js → bench/z.js',
			'scripts/figures.js → test/helper.js → e2e/lib/n8n.js',
			'scripts/test-elsewhen.js → e2e/lib/apt.js',
			'scripts/time.js → bench/t.js → e2e/lib/n8n.js',
		]);
	});

	test('no file of scripts/, e2e/ or lib/ imports a folder above it or beside it', () => {
		expect(directArrows(graph, NOT_REACHED)).toEqual([]);
	});

	test('nor reaches one through other files (test/, bench/)', () => {
		expect(arrowsBackUp(graph, NOT_REACHED)).toEqual([]);
	});
});
