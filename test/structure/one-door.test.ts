/* eslint-disable @n8n/community-nodes/no-restricted-imports -- structure test: reads the node sources (node:fs, node:path) */
/**
 * One door to the network: under nodes/ exactly one file calls n8n's HTTP helpers
 * (nodes/api/transport/door.ts), so every request the package sends gets the same rules there
 * (the Base URL's origin only, no redirect followed by n8n, no credential sent on one, the error
 * policy, a timeout). The helpers are found as property names in the code, read with TypeScript's
 * parser (comments and strings do not count).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

import { ROOT, sources } from '../helpers/imports';

/** n8n's request helpers (n8n-workflow `RequestHelperFunctions`, the pagination context's `makeRoutingRequest`). */
const HELPERS = new Set([
	'httpRequest',
	'httpRequestWithAuthentication',
	'requestWithAuthentication',
	'requestWithAuthenticationPaginated',
	'requestOAuth1',
	'requestOAuth2',
	'request',
	'makeRoutingRequest',
]);

const DOOR = 'nodes/api/transport/door.ts';

/**
 * Each use of a helper in `code`, as `name:line`: a helper read off `helpers` (`this.helpers.request(…)`,
 * `context.helpers.httpRequest.call(…)`, `const { helpers } = this; helpers.httpRequest(…)`) and
 * `makeRoutingRequest` on any object.
 */
function helperCalls(fileName: string, code: string): string[] {
	const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		// `<anything>.helpers.<helper>`, and `makeRoutingRequest` on any context
		const onHelpers = (target: ts.Expression) =>
			(ts.isPropertyAccessExpression(target) && target.name.text === 'helpers') ||
			(ts.isIdentifier(target) && target.text === 'helpers');
		if (
			ts.isPropertyAccessExpression(node) &&
			HELPERS.has(node.name.text) &&
			(node.name.text === 'makeRoutingRequest' || onHelpers(node.expression))
		) {
			const { line } = source.getLineAndCharacterOfPosition(node.name.getStart());
			found.push(`${node.name.text}:${line + 1}`);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

const nodeFiles = sources('nodes').filter((file) => file.endsWith('.ts'));
const callsByFile = Object.fromEntries(
	nodeFiles
		.map((file) => [file, helperCalls(file, readFileSync(path.join(ROOT, file), 'utf8'))] as const)
		.filter(([, calls]) => calls.length > 0),
);

describe('one door: a single file under nodes/ calls n8n HTTP helpers', () => {
	test('the check sees a helper call in code, and not in a comment or a string', () => {
		const code = [
			'// context.helpers.httpRequestWithAuthentication(x)',
			"const text = 'this.makeRoutingRequest(r)';",
			'await this.helpers.httpRequest.call(this, options);',
			'await context.makeRoutingRequest(requestData);',
			'await helpers.request(options);',
			'const sent = itemRunOf(this).request;',
		].join('\n');
		expect(helperCalls('sample.ts', code)).toEqual(['httpRequest:3', 'makeRoutingRequest:4', 'request:5']);
	});

	test(`only ${DOOR} calls them`, () => {
		expect(Object.keys(callsByFile)).toEqual([DOOR]);
	});

	test('the door calls n8n once for requests outside routing and once for the routing', () => {
		expect(callsByFile[DOOR].map((call) => call.split(':')[0])).toEqual([
			'httpRequestWithAuthentication',
			'makeRoutingRequest',
		]);
	});
});
