/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads docs/development.md and the TypeScript sources */
/**
 * The two walks of docs/development.md ("How a request flows: two walks") held against the code:
 * each walk's heading states as many files as it lists (numbered 1, 2, …), Order → Get Many lists
 * at most 14 and Contact → Create or Update at most 16, every listed file exists, and every runtime
 * import of a listed file (type-only imports are not followed) is listed too, or is one the walk
 * does not reach, named below with its reason. A new import on a walk's path fails here until the
 * walk (and its count) says where it goes.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');
const NODE = 'nodes/ContentPlatform';

/** Imports a walk does not follow, as paths under nodes/ContentPlatform/, each with why. */
interface NotFollowed {
	file: RegExp;
	why: string;
}

/** Not followed on either walk. */
const EITHER: NotFollowed[] = [
	{ file: /^listSearch\//, why: "the editor's list searches run when the user opens a list" },
	{ file: /^shared\/builders\/aiTool\.ts$/, why: "destructive operations' guard (`endpoint.destructive`)" },
	{ file: /^shared\/tables\/filters\.ts$/, why: "the contacts' and customers' Get Many filters" },
	{ file: /^shared\/tables\/builderHints\.ts$/, why: "words for n8n's AI Workflow Builder, no part of a request" },
];

/** The walks and what each does not follow besides `EITHER`. */
const WALKS: Record<string, { limit: number; resource: string; notFollowed: NotFollowed[] }> = {
	'Order → Get Many': {
		limit: 14,
		resource: 'order',
		notFollowed: [{ file: /^shared\/customFields\.ts$/, why: "the resource mapper of Contact's Custom Fields" }],
	},
	'Contact → Create or Update': {
		limit: 16,
		resource: 'contact',
		notFollowed: [
			{
				file: /^resources\/contact\/(get|getAll|update|grantOffersByEmail|revokeOffersByEmail)\.ts$/,
				why: "Contact's other operations",
			},
			{ file: /^shared\/builders\/(destructive|relationship)\.ts$/, why: "Contact's other operations' builders" },
			{ file: /^shared\/tables\/offerGrants\.ts$/, why: "the offer grants' endpoint rows" },
			{
				file: /^shared\/transport\/pages\.ts$/,
				why: "Get Many's pages (`runRequest` sends this one with `sendRequest`)",
			},
		],
	},
};

/** The walks as docs/development.md writes them: title, stated count, listed files (under nodes/ContentPlatform/). */
function walksOfDocs(): Array<{ title: string; stated: number; numbers: number[]; files: string[] }> {
	const text = readFileSync(path.join(ROOT, 'docs/development.md'), 'utf8');
	const sections = text.split(/^### /m).slice(1);
	return sections
		.map((section) => {
			const heading = /^(.+): (\d+) files\n/.exec(section);
			if (!heading) return undefined;
			const items = [...section.matchAll(/^(\d+)\. `([^`]+)` — /gm)];
			return {
				title: heading[1],
				stated: Number(heading[2]),
				numbers: items.map((item) => Number(item[1])),
				files: items.map((item) => item[2]),
			};
		})
		.filter((walk) => walk !== undefined);
}

/** The file a relative specifier names (as written with .ts, or its index.ts), under nodes/ContentPlatform/. */
function resolve(from: string, specifier: string): string {
	const base = path.posix.join(path.posix.dirname(from), specifier);
	for (const candidate of [`${base}.ts`, `${base}/index.ts`, base]) {
		const full = path.join(ROOT, NODE, candidate);
		if (existsSync(full) && statSync(full).isFile()) return candidate;
	}
	throw new Error(`${from}: cannot resolve ${specifier}`);
}

/** The files a source imports at run time: relative imports and re-exports that are not type-only. */
function runtimeImports(file: string): string[] {
	const text = readFileSync(path.join(ROOT, NODE, file), 'utf8');
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const found: string[] = [];
	for (const statement of source.statements) {
		let specifier: ts.Expression | undefined;
		let typeOnly = false;
		if (ts.isImportDeclaration(statement)) {
			specifier = statement.moduleSpecifier;
			const clause = statement.importClause;
			const named = clause?.namedBindings;
			typeOnly =
				clause !== undefined &&
				(clause.isTypeOnly ||
					(clause.name === undefined &&
						named !== undefined &&
						ts.isNamedImports(named) &&
						named.elements.every((element) => element.isTypeOnly)));
		} else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
			specifier = statement.moduleSpecifier;
			const clause = statement.exportClause;
			typeOnly =
				statement.isTypeOnly ||
				(clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly));
		}
		if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.') || typeOnly) continue;
		found.push(resolve(file, specifier.text));
	}
	return found;
}

describe('the two walks of docs/development.md', () => {
	const walks = walksOfDocs();

	it('are both there, each heading stating as many files as it lists, numbered from 1', () => {
		expect(walks.map((walk) => walk.title).sort()).toEqual(Object.keys(WALKS).sort());
		for (const walk of walks) {
			expect(walk.files).toHaveLength(walk.stated);
			expect(walk.numbers).toEqual(walk.files.map((_, index) => index + 1));
			expect(new Set(walk.files).size).toBe(walk.files.length);
		}
	});

	it.each(Object.entries(WALKS))('%s stays within its limit of files', (title, { limit }) => {
		const walk = walks.find((w) => w.title === title)!;
		expect(walk.files.length).toBeLessThanOrEqual(limit);
		for (const file of walk.files) expect(existsSync(path.join(ROOT, NODE, file))).toBe(true);
	});

	it.each(Object.entries(WALKS))(
		'%s lists every runtime import its files reach',
		(title, { resource, notFollowed }) => {
			const walk = walks.find((w) => w.title === title)!;
			const listed = new Set(walk.files);
			const skipped = [...EITHER, ...notFollowed];
			const unlisted: string[] = [];
			for (const file of walk.files) {
				for (const imported of runtimeImports(file)) {
					if (listed.has(imported)) continue;
					const other = /^resources\/([^/]+)\/(index|table)\.ts$/.exec(imported);
					// Other resources' descriptions (the node's property list) and tables (the registry).
					if (other && other[1] !== resource) continue;
					if (skipped.some((rule) => rule.file.test(imported))) continue;
					unlisted.push(`${file} → ${imported}`);
				}
			}
			expect(unlisted).toEqual([]);
		},
	);
});
