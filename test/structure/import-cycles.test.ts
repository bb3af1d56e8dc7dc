/**
 * No import circle anywhere in the repository's own code (nodes/, credentials/, test/, e2e/,
 * scripts/, bench/, lib/ and the root's config files: every .ts, .js, .mjs and .cjs outside
 * node_modules/, dist/, e2e/.work/ and hidden folders), type imports included. Each file is parsed
 * with TypeScript's parser (so a `/*` inside a string or a regular expression is no comment): every
 * `import … from`, `import type … from`, `export … from`, side-effect `import '…'`, `import('…')`
 * (call or type), `import x = require('…')` and `require('…')` with a relative specifier is an edge to
 * the file it names (as written, or with .ts/.js/.mjs/.cjs, or its index.ts/index.js); a JSON or
 * other non-code file is no edge; package imports are not followed. Every strongly connected group
 * of more than one file (or a file importing itself) is a circle, printed as the chain of files.
 * The files and their imports are test/helpers/imports.ts's (`sources`, `importsOf`).
 */
import { importsOf, sources } from '../helpers/imports';

/** The circles of an import graph: Tarjan's strongly connected components of more than one file, or a self-import. */
export function circles(graph: Map<string, string[]>): string[][] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	let next = 0;
	const visit = (file: string) => {
		index.set(file, next);
		low.set(file, next++);
		stack.push(file);
		onStack.add(file);
		for (const target of graph.get(file) ?? []) {
			if (!index.has(target)) {
				visit(target);
				low.set(file, Math.min(low.get(file)!, low.get(target)!));
			} else if (onStack.has(target)) {
				low.set(file, Math.min(low.get(file)!, index.get(target)!));
			}
		}
		if (low.get(file) === index.get(file)) {
			const group: string[] = [];
			let member: string;
			do {
				member = stack.pop()!;
				onStack.delete(member);
				group.push(member);
			} while (member !== file);
			if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(group.sort());
		}
	};
	[...graph.keys()].sort().forEach((file) => index.has(file) || visit(file));
	return found;
}

describe('import circles in the repository', () => {
	const files = sources('');
	const graph = new Map(files.map((file) => [file, importsOf(file)]));

	test('the resolver sees every folder and the imports, type imports, require and import() included', () => {
		for (const folder of ['nodes/', 'credentials/', 'test/', 'e2e/', 'e2e/lib/', 'scripts/', 'bench/', 'lib/'])
			expect(files.some((file) => file.startsWith(folder))).toBe(true);
		expect(files).toContain('gulpfile.js');
		expect(files.some((file) => file.startsWith('node_modules/') || file.startsWith('dist/'))).toBe(false);
		const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
		expect(edges).toBeGreaterThan(files.length);
		// The resolver itself finds a circle (a → b → a).
		expect(
			circles(
				new Map([
					['a', ['b']],
					['b', ['a']],
					['c', ['a']],
				]),
			),
		).toEqual([['a', 'b']]);
		// import … from (TypeScript), require (JavaScript), a test importing a script, a lazy require
		expect(graph.get('nodes/ContentPlatform/ContentPlatform.node.ts')).toContain(
			'nodes/ContentPlatform/resources/contact/index.ts',
		);
		expect(graph.get('e2e/parallel.js')).toContain('e2e/lib/chain.js');
		expect(graph.get('e2e/parallel.js')).toContain('test/sandbox/concurrency.js');
		expect(graph.get('test/structure/check-release.test.ts')).toContain('scripts/check-release.js');
		expect(graph.get('e2e/run.js')).toContain('e2e/parallel.js');
	});

	test('no file imports itself back, directly or through others', () => {
		expect(circles(graph).map((group) => group.join(' ↔ '))).toEqual([]);
	});
});
