/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test: reads the test sources */
/**
 * Test helpers are written once: no function is defined at the top level of two test files (a
 * `function` declaration, or a `const` whose value is an arrow function or a function expression),
 * so a helper two files need lives in test/helpers/ and is imported, and two different helpers do not
 * share one name. Test files are the `.test.ts` files under test/ (test/helpers/ holds the helpers;
 * the sandbox is the API's double, not a test). Parsed with TypeScript's parser.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

import { ROOT, sources } from '../helpers/imports';

/** The names of the functions a file defines at its top level. */
function topLevelFunctions(file: string): string[] {
	const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
	const names: string[] = [];
	for (const statement of source.statements) {
		if (ts.isFunctionDeclaration(statement) && statement.name) names.push(statement.name.text);
		if (!ts.isVariableStatement(statement)) continue;
		for (const declaration of statement.declarationList.declarations) {
			const value = declaration.initializer;
			if (!ts.isIdentifier(declaration.name) || value === undefined) continue;
			if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) names.push(declaration.name.text);
		}
	}
	return names;
}

const testFiles = sources('test').filter((file) => file.endsWith('.test.ts'));

describe('test helpers are written once', () => {
	test('the check sees the test files and their helpers', () => {
		expect(testFiles.length).toBeGreaterThan(40);
		expect(topLevelFunctions('test/structure/test-helpers-once.test.ts')).toEqual(['topLevelFunctions']);
	});

	test('no function is defined at the top level of two test files', () => {
		const files = new Map<string, string[]>();
		for (const file of testFiles) {
			for (const name of new Set(topLevelFunctions(file))) files.set(name, [...(files.get(name) ?? []), file]);
		}
		const twice = [...files]
			.filter(([, where]) => where.length > 1)
			.map(([name, where]) => `${name}: ${where.join(', ')}`);
		expect(twice).toEqual([]);
	});
});
