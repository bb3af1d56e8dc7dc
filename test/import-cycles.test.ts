/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads the TypeScript sources */
/**
 * No import circle under nodes/ (issue 23), type imports included: a small resolver over the
 * TypeScript sources. Every `import … from`, `import type … from`, `export … from`, side-effect
 * `import '…'`, `import('…')` and `require('…')` with a relative specifier is an edge to the file
 * it names (`x.ts` or `x/index.ts`); package imports (n8n-workflow) are not followed. Every
 * strongly connected group of more than one file (or a file importing itself) is a circle, printed
 * as the chain of files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** Every .ts file under a folder, relative to the repository root. */
function sources(folder: string): string[] {
	return readdirSync(path.join(ROOT, folder)).flatMap((entry) => {
		const relative = path.posix.join(folder, entry);
		if (statSync(path.join(ROOT, relative)).isDirectory()) return sources(relative);
		return relative.endsWith('.ts') && !relative.endsWith('.d.ts') ? [relative] : [];
	});
}

const SPECIFIER =
	/(?:\bimport\s+(?:type\s+)?[^'";]*?\bfrom\s*|\bexport\s+(?:type\s+)?(?:\*|\{[^}]*\})(?:\s+as\s+\w+)?\s*from\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The files one source imports (relative specifiers resolved to `.ts` or `/index.ts`). */
export function importsOf(file: string): string[] {
	// Comments out, so that an example in a docstring is no import.
	const text = readFileSync(path.join(ROOT, file), 'utf8')
		.replace(/\/\*[\s\S]*?\*\//g, '')
		.replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
	const found = new Set<string>();
	for (const match of text.matchAll(SPECIFIER)) {
		const specifier = match[1];
		if (!specifier.startsWith('.')) continue;
		const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
		const target = [`${base}.ts`, path.posix.join(base, 'index.ts'), base].find(
			(candidate) => candidate.endsWith('.ts') && existsSync(path.join(ROOT, candidate)),
		);
		if (target === undefined) throw new Error(`${file}: cannot resolve "${specifier}"`);
		found.add(target);
	}
	return [...found];
}

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

describe('import circles under nodes/', () => {
	const files = sources('nodes');
	const graph = new Map(files.map((file) => [file, importsOf(file)]));

	test('the resolver sees the imports, type imports included', () => {
		expect(files.length).toBeGreaterThan(20);
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
		expect(graph.get('nodes/ContentPlatform/ContentPlatform.node.ts')).toContain(
			'nodes/ContentPlatform/resources/index.ts',
		);
	});

	// Pending until the spec split (issue 23, step "w23: spec split"): spec.ts ↔ spec.supplement.ts.
	test.failing('no file imports itself back, directly or through others', () => {
		expect(circles(graph).map((group) => group.join(' ↔ '))).toEqual([]);
	});
});
