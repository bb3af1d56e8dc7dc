/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads the TypeScript sources and docs/development.md */
/**
 * State in view (docs/development.md, "State that outlives one call"): every module-level value of
 * node or credential code that changes after the module loads (a `let`, or a Map, Set, WeakMap or
 * WeakSet the module adds to) is a row of that table, named by the table as `where`; and no value
 * travels hidden on another object: no Symbol-keyed member (`Symbol(…)`) and no non-enumerable
 * member (`enumerable: false`), which an inspected or logged object does not show. What one step
 * hands the next rides in a typed field (`apiAnswer`), also a table row.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..');

/** Every TypeScript file under `dir` (repository-relative, forward slashes). */
function sources(dir: string): string[] {
	return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
		const relative = `${dir}/${name}`;
		if (statSync(path.join(ROOT, relative)).isDirectory()) return sources(relative);
		return name.endsWith('.ts') ? [relative] : [];
	});
}

const FILES = [...sources('nodes'), ...sources('credentials')];

/** The module-level values of a source that change after it loads: `let`s, and collections it mutates. */
function moduleState(file: string): string[] {
	const text = readFileSync(path.join(ROOT, file), 'utf8');
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const found: string[] = [];
	for (const statement of source.statements) {
		if (!ts.isVariableStatement(statement)) continue;
		const mutable = (statement.declarationList.flags & ts.NodeFlags.Let) !== 0;
		for (const declaration of statement.declarationList.declarations) {
			if (!ts.isIdentifier(declaration.name)) continue;
			const name = declaration.name.text;
			const init = declaration.initializer;
			const collection =
				init !== undefined && ts.isNewExpression(init) && /^(Weak)?(Map|Set)$/.test(init.expression.getText(source));
			const mutated = new RegExp(`\\b${name}\\.(set|add|delete|clear)\\(`).test(text);
			if (mutable || (collection && mutated)) found.push(name);
		}
	}
	return found;
}

/** The table "State that outlives one call" of docs/development.md: each row's `where` cell. */
function stateTableWheres(): string[] {
	const text = readFileSync(path.join(ROOT, 'docs/development.md'), 'utf8');
	const section = text.split(/^## /m).find((part) => part.startsWith('State that outlives one call'));
	if (!section) throw new Error('docs/development.md has no "State that outlives one call" section');
	return section
		.split('\n')
		.filter((line) => line.startsWith('| `'))
		.map((line) => line.split(' | ')[0]);
}

describe('state in view', () => {
	it('finds the stores it checks', () => {
		const found = FILES.flatMap((file) => moduleState(file).map((name) => `${file}: ${name}`));
		expect(found).toEqual(
			expect.arrayContaining([
				'nodes/ContentPlatform/routing/request.ts: itemRuns',
				'nodes/ContentPlatform/resources/contact/byEmail.ts: emailLocks',
				'nodes/ContentPlatformTrigger/lease.ts: leaseCounter',
				'nodes/ContentPlatformTrigger/lease.ts: running',
				'nodes/ContentPlatformTrigger/apiClock.ts: fallbackLogged',
			]),
		);
		// A constant collection (never added to) is not state.
		expect(moduleState('nodes/api/properties/words.ts')).not.toContain('SMALL_WORDS');
	});

	it('lists every module-level store in the state table of docs/development.md', () => {
		const wheres = stateTableWheres();
		const unlisted: string[] = [];
		for (const file of FILES) {
			const short = file.replace(/^nodes\//, '');
			for (const name of moduleState(file)) {
				const row = wheres.find((where) => where.includes(`\`${short}\``) && where.includes(`\`${name}\``));
				if (!row) unlisted.push(`${file}: ${name}`);
			}
		}
		expect(unlisted).toEqual([]);
	});

	it('lists the typed fields values travel in between n8n calls', () => {
		const wheres = stateTableWheres().join('\n');
		for (const field of ['apiAnswer']) expect(wheres).toContain(`\`${field}\``);
	});

	it('carries no value hidden on another object (no Symbol-keyed, no non-enumerable member)', () => {
		const hidden = FILES.filter((file) =>
			/\bSymbol\s*\(|enumerable:\s*false/.test(readFileSync(path.join(ROOT, file), 'utf8')),
		);
		expect(hidden).toEqual([]);
	});
});
