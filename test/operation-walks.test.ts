/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads docs/development.md and the TypeScript sources */
/**
 * The two walks of docs/development.md ("How a request flows: two walks") held against the code:
 * each walk's heading states as many files as it lists (numbered 1, 2, …), each stays within its
 * limit (`WALKS`), every listed file exists, and every file a listed file reaches is listed too,
 * or is one the walk does not reach, named below with its reason. A file reaches:
 * - its runtime imports (type-only imports are not followed);
 * - the tables it names by a resource's value written as a string (`resourceByValue('site')`,
 *   `operationOf('contact', …)`, a filter row's `picker: 'site'`): `resources/<value>/table.ts`;
 * and every walk reaches the credential classes whose `authenticate` runs on each of its requests
 * (`credentials/*.credentials.ts`, listed from the repository root). A new import or lookup on a
 * walk's path fails here until the walk (and its count) says where it goes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');
const NODE = 'nodes/ContentPlatform';
const CREDENTIALS = 'credentials';

/** A walk's entry as a path from the repository root: credential classes as written, the rest under nodes/ContentPlatform/. */
function fromRoot(entry: string): string {
	return entry.startsWith(`${CREDENTIALS}/`) ? entry : path.posix.join(NODE, entry);
}

/** A path from the repository root as a walk writes it (see `fromRoot`). */
function asEntry(relative: string): string {
	return relative.startsWith(`${NODE}/`) ? relative.slice(NODE.length + 1) : relative;
}

/** The credential classes whose `authenticate` n8n runs on every request made with them. */
function authenticatingCredentials(): string[] {
	return readdirSync(path.join(ROOT, CREDENTIALS))
		.filter((name) => name.endsWith('.credentials.ts'))
		.map((name) => path.posix.join(CREDENTIALS, name))
		.filter((file) => /^\s*(?:async\s+)?authenticate\b/m.test(readFileSync(path.join(ROOT, file), 'utf8')));
}

/** A resource's value written as a string where its table is looked up: `resourceByValue('x')`, `operationOf('x', …)`, `picker: 'x'`. */
const LOOKUP = /\b(?:resourceByValue|operationOf)\(\s*'(\w+)'|\bpicker:\s*'(\w+)'/g;

/** The tables a source looks up by a resource's value written as a string (see `LOOKUP`), as walk entries. */
function lookedUpTables(entry: string): string[] {
	const text = readFileSync(path.join(ROOT, fromRoot(entry)), 'utf8');
	const values = new Set([...text.matchAll(LOOKUP)].map((match) => match[1] ?? match[2]));
	return [...values].map((value) => `resources/${value}/table.ts`);
}

/** Imports a walk does not follow, as paths under nodes/ContentPlatform/, each with why. */
interface NotFollowed {
	file: RegExp;
	why: string;
}

/** Not followed on either walk. */
const EITHER: NotFollowed[] = [
	{ file: /^listSearch\//, why: "the editor's list searches run when the user opens a list" },
	{ file: /^shared\/builders\/guards\.ts$/, why: "destructive operations' guard (`endpoint.destructive`)" },
	{ file: /^shared\/tables\/filters\.ts$/, why: "the contacts' and customers' Get Many filters" },
	{ file: /^shared\/tables\/builderHints\.ts$/, why: "words for n8n's AI Workflow Builder, no part of a request" },
	{
		file: /^shared\/builders\/builderHint\.ts$/,
		why: "the nodes' and rows' `builderHint` for n8n's AI builders, built with the description, no part of a request",
	},
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
			{
				file: /^shared\/builders\/read\.ts$/,
				why: "Get Many and Get: Contact's other operations, and the read-only resources' (`readOnlyResource`, the node's map)",
			},
			{
				file: /^shared\/transport\/(pages|dateRange)\.ts$/,
				why: "Get Many's pages, page scheduler and Date Range (`runRequest` sends this one with `sendRequest`; Parallel Page Requests is shown for Get Many only)",
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

/** The file a relative specifier names (as written with .ts, or its index.ts), as a walk entry. */
function resolve(from: string, specifier: string): string {
	const base = path.posix.join(path.posix.dirname(fromRoot(from)), specifier);
	for (const candidate of [`${base}.ts`, `${base}/index.ts`, base]) {
		const full = path.join(ROOT, candidate);
		if (existsSync(full) && statSync(full).isFile()) return asEntry(candidate);
	}
	throw new Error(`${from}: cannot resolve ${specifier}`);
}

/** The files a source imports at run time (relative imports and re-exports that are not type-only), as walk entries. */
function runtimeImports(file: string): string[] {
	const text = readFileSync(path.join(ROOT, fromRoot(file)), 'utf8');
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
		for (const file of walk.files) expect(existsSync(path.join(ROOT, fromRoot(file)))).toBe(true);
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
					// Other resources' descriptions (the node's property list) and tables (the registry), when imported.
					if (other && other[1] !== resource) continue;
					if (skipped.some((rule) => rule.file.test(imported))) continue;
					unlisted.push(`${file} → ${imported}`);
				}
				for (const table of lookedUpTables(file)) {
					if (listed.has(table) || skipped.some((rule) => rule.file.test(table))) continue;
					unlisted.push(`${file} → ${table} (looked up by value)`);
				}
			}
			for (const credential of authenticatingCredentials()) {
				if (!listed.has(credential)) unlisted.push(`n8n → ${credential} (its authenticate runs on every request)`);
			}
			expect(unlisted).toEqual([]);
		},
	);

	it('finds the string lookups and the credential class it counts', () => {
		expect(authenticatingCredentials()).toEqual(['credentials/ContentPlatformApi.credentials.ts']);
		expect(lookedUpTables('shared/builders/fields.ts')).toContain('resources/site/table.ts');
		expect(lookedUpTables('resources/site/table.ts')).toEqual(['resources/site/table.ts']);
	});
});
