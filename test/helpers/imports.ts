/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test helper: reads the repository's sources (node:fs, node:path, __dirname) */
/**
 * The repository's own code and what each file imports, read from the sources: the import graph
 * test/structure/import-cycles.test.ts searches for circles and test/structure/tool-arrows.test.ts for arrows back up
 * between the tools' folders.
 *
 * - `sources(folder)`: every .ts, .js, .mjs and .cjs file under a folder ('' for the whole repository),
 *   relative to the root with `/`, outside node_modules/, dist/, e2e/.work/ and hidden folders; no .d.ts.
 * - `specifiers(file)`: the module specifiers a file names, parsed with TypeScript's parser (so a `/*`
 *   inside a string or a regular expression is no comment): `import … from`, `import type … from`,
 *   `export … from`, side-effect `import '…'`, `import('…')` (call or type), `import x = require('…')`
 *   and `require('…')` with a string literal. A path computed at run time (`require(path.join(…))`)
 *   is not seen.
 * - `resolveImport(file, specifier)`: the file a relative specifier names (as written, or with
 *   .ts/.js/.mjs/.cjs, or its index.ts/index.js), any kind of file (a JSON file too); `undefined`
 *   for a package specifier. Throws `<file>: cannot resolve "<specifier>"` when nothing is there (into
 *   dist/: adding "<path> is missing: run `npm run build` first").
 * - `importsOf(file)`: the code files a file imports (its relative specifiers resolved; JSON and
 *   other non-code files left out).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

export const ROOT = path.resolve(__dirname, '..', '..');
/** Folders whose files are not the repository's own code (installed, built or generated). */
const SKIPPED = new Set(['node_modules', 'dist', 'e2e/.work']);
export const CODE = /\.(?:ts|js|mjs|cjs)$/;

/** Every code file under a folder ('' for the whole repository), relative to the repository root. */
export function sources(folder: string): string[] {
	return readdirSync(path.join(ROOT, folder)).flatMap((entry) => {
		const relative = folder ? path.posix.join(folder, entry) : entry;
		if (entry.startsWith('.') || SKIPPED.has(relative) || SKIPPED.has(entry)) return [];
		if (statSync(path.join(ROOT, relative)).isDirectory()) return sources(relative);
		return CODE.test(relative) && !relative.endsWith('.d.ts') ? [relative] : [];
	});
}

const isFile = (relative: string) =>
	existsSync(path.join(ROOT, relative)) && statSync(path.join(ROOT, relative)).isFile();

/** The module specifiers a source names: static and dynamic imports, re-exports, import types, require calls. */
export function specifiers(file: string): string[] {
	const text = readFileSync(path.join(ROOT, file), 'utf8');
	const kind = file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
	const found: string[] = [];
	const literal = (node: ts.Node | undefined) => {
		if (node !== undefined && ts.isStringLiteralLike(node)) found.push(node.text);
	};
	const visit = (node: ts.Node) => {
		if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
		else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
			literal(node.moduleReference.expression);
		else if (
			ts.isCallExpression(node) &&
			(node.expression.kind === ts.SyntaxKind.ImportKeyword ||
				(ts.isIdentifier(node.expression) && node.expression.text === 'require'))
		)
			literal(node.arguments[0]);
		else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal);
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

/** The file (relative to the root) a relative specifier of `file` names; undefined for a package. */
export function resolveImport(file: string, specifier: string): string | undefined {
	if (!specifier.startsWith('.')) return undefined;
	const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
	const candidates = [base, ...['.ts', '.js', '.mjs', '.cjs'].map((ext) => base + ext)];
	candidates.push(path.posix.join(base, 'index.ts'), path.posix.join(base, 'index.js'));
	const target = candidates.find(isFile);
	if (target === undefined && base.startsWith('dist/'))
		throw new Error(`${file}: cannot resolve "${specifier}": ${base} is missing: run \`npm run build\` first`);
	if (target === undefined) throw new Error(`${file}: cannot resolve "${specifier}"`);
	return target;
}

/** The files one source imports (relative specifiers resolved to a code file; JSON and other files are no edge). */
export function importsOf(file: string): string[] {
	const found = new Set<string>();
	for (const specifier of specifiers(file)) {
		const target = resolveImport(file, specifier);
		if (target !== undefined && CODE.test(target)) found.add(target);
	}
	return [...found];
}
