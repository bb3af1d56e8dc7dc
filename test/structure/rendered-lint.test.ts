/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test: runs eslint in a child process on the rendered sources */
/**
 * n8n's lint rules on the description users see. The node's fields are generated from
 * the spec tables, so `n8n-node lint` on the source files never sees their labels, descriptions
 * and options. This test renders the full description of every node and credential the package
 * lists in package.json (`n8n.nodes`, `n8n.credentials`: every property, every generated option, as
 * built at load time) as literal TypeScript classes and runs
 * the project's own eslint configuration (`eslint.config.mjs`: @n8n/node-cli's config with the
 * n8n-nodes-base and community-nodes rules that `n8n-node lint` applies) on them, each at the path
 * of its real source file so the path-scoped rule sets apply. It expects no finding.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeType } from 'n8n-workflow';

import { CREDENTIAL_CLASSES, NODE_CLASSES } from '../helpers/packageClasses';
import { renderCredentialClass, renderNodeClass } from '../helpers/renderedClass';

interface Rendered {
	/** The real source file: the rendered class is linted as if it were this file. */
	filePath: string;
	source: string;
}

const rendered: Rendered[] = [
	...NODE_CLASSES.map(({ filePath, className, instance }) => ({
		filePath,
		source: renderNodeClass(className, instance),
	})),
	...CREDENTIAL_CLASSES.map(({ filePath, className, instance }) => ({
		filePath,
		source: renderCredentialClass(className, instance),
	})),
];

interface LintMessage {
	line: number;
	ruleId: string | null;
	message: string;
}

/**
 * Lints the rendered sources with the project's eslint.config.mjs in a child process (its plugins
 * are ES modules, see rendered-lint.eslint.mjs). Returns each finding as
 * `file:line rule: message ← the rendered line`.
 */
function lintRendered(): string[] {
	const root = path.resolve(__dirname, '..', '..');
	const output = execFileSync(process.execPath, [path.join(__dirname, 'rendered-lint.eslint.mjs')], {
		cwd: root,
		input: JSON.stringify(rendered),
		// n8n-nodes-base's rules treat every file as "Test.node.ts" under NODE_ENV=test (set by jest).
		env: { ...process.env, NODE_ENV: 'production' },
		maxBuffer: 64 * 1024 * 1024,
	});
	const results = JSON.parse(output.toString('utf8')) as Array<{ filePath: string; messages: LintMessage[] }>;
	return results.flatMap(({ filePath, messages }) => {
		const lines = rendered.find((file) => file.filePath === filePath)!.source.split('\n');
		return messages.map(
			(m) => `${filePath}:${m.line} ${m.ruleId ?? 'parse'}: ${m.message}  ← ${lines[m.line - 1]?.trim() ?? ''}`,
		);
	});
}

/** Every field of a node, with the fields inside its collections, and every option of its option lists. */
function walk(properties: INodeProperties[]): { fields: INodeProperties[]; options: INodePropertyOptions[] } {
	const fields: INodeProperties[] = [];
	const options: INodePropertyOptions[] = [];
	const visit = (property: INodeProperties) => {
		fields.push(property);
		for (const option of (property.options ?? []) as Array<
			INodeProperties | INodePropertyOptions | INodePropertyCollection
		>) {
			// A fixedCollection's groups hold their fields in `values`: those fields are what the user fills.
			if ('values' in option) option.values.forEach(visit);
			else if ('displayName' in option) visit(option);
			else if ('value' in option) options.push(option);
		}
	};
	properties.forEach(visit);
	return { fields, options };
}

const NODES: Array<[string, INodeType]> = NODE_CLASSES.map(({ instance }) => [
	instance.description.displayName,
	instance,
]);

/** API words a no-code user should not meet in labels and descriptions (they stay in hints and the README). */
const JARGON = [
	/\/v1\b/,
	/\{id\}/,
	/\bfields\[/,
	/\bfilter\[/,
	/\b(GET|POST|PATCH) \//,
	/JSON:API/,
	/ (Eq|Cont|Per|Null)$/,
	/\bIds?\b/,
];

describe('n8n UX guidelines on the rendered descriptions (beyond the lint rules)', () => {
	test.each(NODES)('%s: plain words in labels, descriptions and actions', (_name, node) => {
		const { fields, options } = walk(node.description.properties);
		const texts = [
			...fields.flatMap((f) => [f.displayName, f.description ?? '', f.hint ?? '']),
			...options.flatMap((o) => [o.name, o.description ?? '', o.action ?? '']),
		].filter(Boolean);
		expect(texts.length).toBeGreaterThan(5);
		expect(texts.filter((text) => JARGON.some((pattern) => pattern.test(text)))).toEqual([]);
		// "a order" → "an order": no "a" before a vowel.
		expect(texts.filter((text) => /\ba [aeiou]/i.test(text))).toEqual([]);
	});

	test.each(NODES)('%s: every field the user fills has a description', (_name, node) => {
		const { fields } = walk(node.description.properties);
		const inputs = fields.filter(
			(f) =>
				!['collection', 'fixedCollection', 'notice', 'hidden'].includes(f.type) &&
				!f.noDataExpression &&
				f.name !== 'authentication',
		);
		expect(inputs.length).toBeGreaterThan(0);
		expect(inputs.filter((f) => !f.description).map((f) => f.displayName)).toEqual([]);
	});

	test.each(NODES)('%s: placeholders in the "e.g." form', (_name, node) => {
		const { fields } = walk(node.description.properties);
		// Collections' placeholders are their button labels ("Add Filter"); a list's is its prompt ("Select an order...").
		const placeholders = [
			...fields.filter((f) => !['collection', 'fixedCollection'].includes(f.type)).map((f) => f.placeholder),
			...fields.flatMap((f) => (f.modes ?? []).filter((mode) => mode.type !== 'list').map((mode) => mode.placeholder)),
		].filter((placeholder): placeholder is string => typeof placeholder === 'string');
		expect(placeholders.filter((placeholder) => !placeholder.startsWith('e.g. '))).toEqual([]);
	});
});

describe('n8n lint rules on the rendered descriptions', () => {
	test('every node and credential of package.json is rendered, with every generated property', () => {
		expect(rendered.map((file) => file.filePath)).toEqual([
			'nodes/ContentPlatform/ContentPlatform.node.ts',
			'nodes/ContentPlatformTrigger/ContentPlatformTrigger.node.ts',
			'nodes/ContentPlatformWebhookTrigger/ContentPlatformWebhookTrigger.node.ts',
			'credentials/ContentPlatformApi.credentials.ts',
			'credentials/ContentPlatformOAuth2Api.credentials.ts',
		]);
		const node = rendered[0].source;
		// Spot checks that generated parts are rendered literally (options of collections, locator modes).
		expect(node).toContain("name: 'has_all_tag_id'");
		expect(node).toContain("searchListMethod: 'searchOrders'");
		expect(node).toContain("value: 'lessons.media'");
		expect(rendered[1].source).toContain("value: 'newFormSubmission'");
	});

	test('0 findings on every node and credential', () => {
		const findings = lintRendered();
		expect(findings).toEqual([]);
	}, 120_000);
});
