#!/usr/bin/env node
'use strict';
/**
 * The package's three nodes as n8n's AI builders show them to a model, rendered with n8n's own
 * code from the built nodes (dist/, `npm run build` first): writes docs/ai-builder.md.
 *
 * - Search and details: npm `@n8n/ai-utilities` (export `./node-catalog`): `NodeTypeParser` over
 *   n8n's catalog with the package's nodes beside n8n's own, `formatNodeResult` (what a search
 *   result or a node lookup prints: description, `@builderHint`, `@relatedNodes`, every resource and
 *   operation with its `@builderHint`) and `searchNodeTypes` (the ranking of `searchCodeBuilderNodes`,
 *   top 5).
 * - What creators ask: the asks of `scripts/search-asks.json` ranked with the same search, and the
 *   share found in the top 5 (scripts/search-asks.js).
 * - Type definitions: npm `@n8n/workflow-sdk` (`generateNodeTypeFile`, what Instance AI gives for a
 *   node that is not built in; generate-types `generateNodeJSDoc` and `planSplitVersionFiles`, the
 *   code builder's files: one per resource × operation), with each field's `@builderHint`.
 * - The nodes searched and read: the package's as n8n loads them beside n8n's own
 *   (`scripts/n8n-node-catalog.json`), each usable one with its "… Tool" variant: lib/package-nodes.js
 *   and scripts/n8n-catalog.js.
 *
 *   node scripts/builder-view.js            writes docs/ai-builder.md
 *   node scripts/builder-view.js --check    exits 1 when docs/ai-builder.md differs from the built
 *                                           nodes (an ask's rank among them), a query misses the top 5, a hint is missing or
 *                                           breaks the rules, or a related node is not in n8n
 *   node scripts/builder-view.js --refresh-catalog ~/.cache/n8n-nodes-content-platform/n8n-<hash>/node_modules
 *                                           rewrites scripts/n8n-node-catalog.json (scripts/n8n-catalog.js)
 *
 * Deterministic: no dates, no machine paths; the same build gives the same text.
 */
const fs = require('node:fs');
const path = require('node:path');
const { PACKAGE, packageNodes, descriptionBytes, instanceAiLookup } = require('../lib/package-nodes');
const { catalog, refreshCatalog } = require('./n8n-catalog');
const { rankAsks, asksSection } = require('./search-asks');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'docs', 'ai-builder.md');
const CATALOG = path.join(__dirname, 'n8n-node-catalog.json');

/** The words creators use for what the platform does: a package node must be in n8n's top 5 for each. */
const QUERIES = [
	'courses',
	'memberships',
	'offers',
	'purchases',
	'orders',
	'payments',
	'form submissions',
	'tags',
	'contacts',
	'customers',
	'students',
	'enrollments',
	'sign-ups',
	'charges',
];

/** How many results n8n's code builder search shows per query (`searchForQuery`: `searchNodeTypes(query, 5)`). */
const TOP = 5;

/**
 * What hint text must not hold: n8n expression syntax and connection-type names (n8n's rules for
 * builder hints: words for a model, not code).
 */
const FORBIDDEN = [
	{ pattern: /\{\{|\}\}/, what: 'expression braces' },
	{ pattern: /\$json|\$\(|\$node|\$fromAI|\$parameter/, what: 'an n8n expression variable' },
	{ pattern: /\bai_[a-z]+/i, what: 'a connection type' },
	{ pattern: /\bmain\b/i, what: 'the connection type "main"' },
];

/** `@n8n/ai-utilities`' node catalog (CommonJS build). */
function nodeCatalog() {
	return require('@n8n/ai-utilities/node-catalog');
}

/** For each query, n8n's top 5 node IDs and whether one is the package's. */
function searchTop(parser) {
	return QUERIES.map((query) => {
		const ids = parser.searchNodeTypes(query, TOP).map((r) => r.id);
		const rank = ids.findIndex((id) => id.startsWith(`${PACKAGE}.`));
		return { query, ids, rank: rank < 0 ? undefined : rank + 1 };
	});
}

/** The resource and operation options of the action node, with their hints. */
function optionHints(description) {
	const resources = description.properties.find((p) => p.name === 'resource').options;
	const operations = description.properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) => p.options.map((o) => ({ ...o, resource: p.displayOptions.show.resource[0] })));
	return { resources, operations };
}

/** Every `builderHint` of a node's fields (nested collections included), by field path. */
function fieldHints(properties, prefix = '') {
	const found = [];
	for (const p of properties) {
		if (['resource', 'operation'].includes(p.name) && !prefix) continue;
		const where = `${prefix}${p.displayName ?? p.name}`;
		if (p.builderHint) found.push({ where, name: p.name, hint: p.builderHint.propertyHint });
		if (Array.isArray(p.options) && p.options.some((o) => o.displayName !== undefined)) {
			found.push(
				...fieldHints(
					p.options.filter((o) => o.type !== undefined),
					`${where} → `,
				),
			);
		}
	}
	return found;
}

/** Every hint text of a node (node, related nodes, options, fields), for the rules check. */
function allHintTexts(description) {
	const texts = [];
	const hint = description.builderHint ?? {};
	if (hint.searchHint) texts.push({ where: 'searchHint', text: hint.searchHint });
	for (const r of hint.relatedNodes ?? []) texts.push({ where: `relatedNodes ${r.nodeType}`, text: r.relationHint });
	const visit = (properties, prefix) => {
		for (const p of properties) {
			const where = `${prefix}${p.displayName ?? p.name}`;
			if (p.builderHint) texts.push({ where, text: p.builderHint.propertyHint });
			for (const o of p.options ?? []) {
				if (o.builderHint && o.type === undefined)
					texts.push({ where: `${where} = ${o.name}`, text: o.builderHint.propertyHint });
			}
			const nested = (p.options ?? []).filter((o) => o.type !== undefined);
			if (nested.length) visit(nested, `${where} → `);
		}
	};
	visit(description.properties, '');
	return texts;
}

/** The problems `--check` reports besides a stale file: hints missing or against the rules, unknown related nodes, search misses. */
function problems(ours, parser, searches) {
	const found = [];
	const known = new Set(catalog(ours).map((n) => n.name));
	for (const node of ours) {
		if (!node.builderHint?.searchHint) found.push(`${node.displayName}: no searchHint`);
		for (const r of node.builderHint?.relatedNodes ?? []) {
			if (!known.has(r.nodeType)) found.push(`${node.displayName}: related node ${r.nodeType} is not in n8n's catalog`);
		}
		for (const { where, text } of allHintTexts(node)) {
			for (const rule of FORBIDDEN) {
				if (rule.pattern.test(text)) found.push(`${node.displayName}, ${where}: hint holds ${rule.what}`);
			}
		}
	}
	const { resources, operations } = optionHints(ours[0]);
	for (const o of [...resources, ...operations]) {
		if (!o.builderHint?.propertyHint)
			found.push(`Content Platform: option ${o.resource ?? 'resource'} ${o.value} has no hint`);
	}
	for (const s of searches) {
		if (!s.rank) found.push(`search "${s.query}": no package node in n8n's top ${TOP} (${s.ids.join(', ')})`);
	}
	void parser;
	return found;
}

/** The version of an installed package (for the document's header). */
function versionOf(name) {
	return JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
}

/** What the view of each node measures: hints, related nodes, the characters a model reads. */
function measure(ours, parser) {
	const { formatNodeResult } = nodeCatalog();
	return ours.map((node) => {
		const text = formatNodeResult(parser, node.name);
		const options = node.name.endsWith('.contentPlatform') ? optionHints(node) : undefined;
		return {
			node,
			text,
			nodeHint: node.builderHint?.searchHint ? 1 : 0,
			related: node.builderHint?.relatedNodes?.length ?? 0,
			resources: options && {
				hinted: options.resources.filter((o) => o.builderHint).length,
				total: options.resources.length,
			},
			operations: options && {
				hinted: options.operations.filter((o) => o.builderHint).length,
				total: options.operations.length,
			},
			fields: fieldHints(node.properties),
		};
	});
}

/**
 * The type definitions n8n's AI builders read for a node: Instance AI's lookup of a node that is not
 * built in (n8n 2.41.1 `dist/modules/mcp-registry/synthesize-type-def.js`: `generateNodeTypeFile` of
 * the description as loaded, `asLoaded`, without hidden fields, one file), and the code builder's
 * files (one per resource × operation, `planSplitVersionFiles`, or one file).
 */
function typeFiles(node) {
	const gt = require('@n8n/workflow-sdk/scripts/generate-types');
	const single = instanceAiLookup(node);
	const files = gt.hasDiscriminatorPattern(node)
		? gt.planSplitVersionFiles(node, 1)
		: new Map([['index.ts', gt.generateSingleVersionTypeFile(node, 1)]]);
	const texts = [...files.values()];
	const hintLines = (text) => (text.match(/@builderHint /g) ?? []).length;
	return {
		lookup: { characters: single.length, hintLines: hintLines(single) },
		jsDoc: gt.generateNodeJSDoc(node),
		files: files.size,
		characters: texts.reduce((sum, t) => sum + t.length, 0),
		hintLines: texts.reduce((sum, t) => sum + hintLines(t), 0),
		example: files.get('resource_contact/operation_grant_offers_by_email.ts'),
	};
}

/** A Markdown table cell: pipes escaped, one line. */
const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** docs/ai-builder.md's text (before Prettier). */
function render() {
	const { NodeTypeParser } = nodeCatalog();
	const ours = packageNodes();
	const parser = new NodeTypeParser(catalog(ours));
	const searches = searchTop(parser);
	const asked = rankAsks(parser, TOP);
	const views = measure(ours, parser);
	const types = ours.map(typeFiles);
	const { nodes, source } = JSON.parse(fs.readFileSync(CATALOG, 'utf8'));
	const lines = [
		"# What n8n's AI builders show of the three nodes",
		'',
		"Generated by `node scripts/builder-view.js` from the built nodes with n8n's own code: npm",
		`\`@n8n/ai-utilities\` ${versionOf('@n8n/ai-utilities')} (\`./node-catalog\`: \`NodeTypeParser\`, \`formatNodeResult\`, the search`,
		`of \`searchCodeBuilderNodes\`) and \`@n8n/workflow-sdk\` ${versionOf('@n8n/workflow-sdk')} (generate-types), both dev dependencies`,
		`only. n8n's own nodes beside ours: ${nodes.length} node types of ${source} (\`scripts/n8n-node-catalog.json\`),`,
		'each usable one with its "… Tool" variant, as n8n adds them. `.ci/run` runs `node scripts/builder-view.js --check`.',
		'Do not edit by hand.',
		'',
		'## Where n8n 2.41.1 shows these hints',
		'',
		'- **Instance AI** (`@n8n/instance-ai`, the `nodes` tool, `dist/tools/nodes.tool.js`): its `search` runs',
		"  `NodeSearchEngine.searchByName(query, 10)` over every installed node, community packages included (n8n's",
		"  `types/nodes.json`), and returns each node's `searchHint` with the result; its `type-definition` asks n8n's",
		"  `NodeCatalogService`, which for a node that is not built in returns `@n8n/workflow-sdk`'s `generateNodeTypeFile`",
		"  of its description (`dist/modules/mcp-registry/synthesize-type-def.js`) with every field's `@builderHint`",
		'  (its plain description lookup, `getDescription`, keeps no hints).',
		"- **n8n's MCP server** (`dist/modules/mcp/tools/workflow-builder`): `search_nodes` is the same `NodeCatalogService`'s",
		'  `searchNodes`, `searchCodeBuilderNodes` with 5 results per query (the text of the search section below), and',
		'  `get_node_types` its type definitions. `e2e/instance-ai-catalog.js` calls both in a running n8n 2.41.1.',
		'- **AI Workflow Builder** (`@n8n/ai-workflow-builder` 1.41.1): prints the same `@builderHint` lines (this',
		'  document is that text), but its catalog keeps only built-in nodes: `filterNodeTypes` in',
		'  `ai-workflow-builder-agent.service.js` drops every type not starting with `n8n-nodes-base.` or `@n8n/`, so a',
		'  community package is not offered there in 2.41.1. The hints are in place for when it is.',
		'- n8n 1.x has no `builderHint` in its node description types and ignores the fields.',
		'',
		'## Hints per node',
		'',
		'| Node | Node hint | Related nodes | Resources with a hint | Operations with a hint | Fields with a hint | Description (JSON bytes) | Search result (characters) | Instance AI node lookup (characters, `@builderHint` lines) | Code builder type files (files, characters, `@builderHint` lines) |',
		'| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
		...views.map((v, i) => {
			const ratio = (x) => (x ? `${x.hinted}/${x.total}` : '—');
			return `| ${cell(v.node.displayName)} | ${v.nodeHint}/1 | ${v.related} | ${ratio(v.resources)} | ${ratio(v.operations)} | ${v.fields.length} | ${descriptionBytes(v.node).toLocaleString('en-US')} | ${v.text.length.toLocaleString('en-US')} | ${types[i].lookup.characters.toLocaleString('en-US')}, ${types[i].lookup.hintLines} | ${types[i].files}, ${types[i].characters.toLocaleString('en-US')}, ${types[i].hintLines} |`;
		}),
		'',
		'Fields with a hint: the declared fields (a field shown for several operations counts once). Description: the',
		"node class's description as JSON, what n8n loads. Instance AI node lookup: the type definition n8n synthesises",
		'for a node that is not built in, every resource × operation with the fields it shows.',
		'',
		'## Search: the top 5 for what creators ask',
		'',
		`n8n's ranking (\`NodeTypeParser.searchNodeTypes(query, ${TOP})\`, the list \`searchCodeBuilderNodes\` prints) over ${catalog(ours).length.toLocaleString('en-US')} node types; **bold**: the package's nodes.`,
		'',
		'| Query | Rank of the first package node | Top 5 |',
		'| --- | --- | --- |',
		...searches.map(
			(s) =>
				`| ${s.query} | ${s.rank ?? 'not in the top 5'} | ${s.ids.map((id) => (id.startsWith(`${PACKAGE}.`) ? `**${id}**` : id)).join('<br>')} |`,
		),
		'',
		...asksSection(asked, TOP, catalog(ours).length),
		'## Fields with a hint',
		'',
		'| Node | Field | Hint |',
		'| --- | --- | --- |',
		...views.flatMap((v) =>
			dedupeFields(v.fields).map((f) => `| ${cell(v.node.displayName)} | ${cell(f.where)} | ${cell(f.hint)} |`),
		),
		'',
		'## Each node as a search result or node lookup shows it (`formatNodeResult`)',
		'',
		...views.flatMap((v) => [`### ${v.node.displayName}`, '', '```text', v.text, '```', '']),
		"## The code builder's type definitions (`@n8n/workflow-sdk` generate-types)",
		'',
		"Each node's JSDoc (`generateNodeJSDoc`), then one of the action node's files (`planSplitVersionFiles`: one per",
		'resource × operation) as an example: Contact → Grant Offers by Email.',
		'',
		...types.flatMap((t, i) => [`### ${ours[i].displayName}`, '', '```ts', t.jsDoc.trimEnd(), '```', '']),
		'### Content Platform: `resource_contact/operation_grant_offers_by_email.ts`',
		'',
		'```ts',
		types[0].example.trimEnd(),
		'```',
		'',
	];
	return { text: lines.join('\n'), problems: problems(ours, parser, searches), views, searches, asked, types };
}

/** A field shown once when several operations carry the same field with the same hint (Return All on every Get Many). */
function dedupeFields(fields) {
	const seen = new Set();
	return fields.filter((f) => {
		const key = `${f.where}\0${f.hint}`;
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

async function main() {
	const refresh = process.argv.indexOf('--refresh-catalog');
	if (refresh >= 0) return refreshCatalog(process.argv[refresh + 1]);
	const { text: raw, problems: found } = render();
	const prettier = require('prettier');
	const text = await prettier.format(raw, { ...(await prettier.resolveConfig(OUT)), parser: 'markdown' });
	if (process.argv.includes('--check')) {
		const current = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : '';
		if (current !== text)
			found.push('docs/ai-builder.md differs from the built nodes: run node scripts/builder-view.js');
		for (const problem of found) process.stderr.write(`${problem}\n`);
		if (found.length) process.exitCode = 1;
		else
			process.stdout.write(
				`docs/ai-builder.md matches the built nodes; every query finds a package node in the top ${TOP}\n`,
			);
		return;
	}
	fs.writeFileSync(OUT, text);
	process.stdout.write(`wrote ${path.relative(ROOT, OUT)}\n`);
	for (const problem of found) process.stderr.write(`${problem}\n`);
	if (found.length) process.exitCode = 1;
}

module.exports = { QUERIES, TOP, catalog, packageNodes, searchTop, render, problems, instanceAiLookup };

if (require.main === module) {
	main().catch((error) => {
		process.stderr.write(`${error.stack || error}\n`);
		process.exitCode = 1;
	});
}
