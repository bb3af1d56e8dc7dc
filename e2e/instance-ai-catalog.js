'use strict';
/**
 * The package in n8n 2.x's node catalog, asked inside a running n8n 2.41.1 with the package
 * installed: the catalog that Instance AI and n8n's MCP server give a model. n8n 1.x has no such
 * catalog and ignores `builderHint` (its e2e run loads the package unchanged): e2e/run.js calls this
 * module on 2.x only.
 *
 * - Instance AI's `nodes` tool (`@n8n/instance-ai` dist/tools/nodes.tool.js): `search` runs n8n's
 *   `NodeSearchEngine` over the node types n8n serves a logged-in user as `types/nodes.json` (n8n's
 *   instance-ai.adapter.service.js `listSearchable`: name, display name, description, codex
 *   aliases, `builderHint.searchHint`); `type-definition` asks `NodeCatalogService`
 *   (n8n dist/node-catalog/node-catalog.service.js). Checked: `/types/nodes.json` of the running n8n
 *   holds the three nodes with the aliases the build derived and their `searchHint`.
 * - `NodeCatalogService` itself, through n8n's MCP server (`/mcp-server/http`, Streamable HTTP,
 *   with the owner's MCP API key; MCP access switched on with `PATCH /rest/mcp/settings`), whose
 *   builder tools are that service's methods (dist/modules/mcp/tools/workflow-builder):
 *   `search_nodes` (`searchNodes`, n8n's search with 5 results per ask) for three everyday asks finds
 *   the node meant with its `@builderHint` (the node's `searchHint`); `get_node_types`
 *   (`getNodeTypes`) returns the Content Platform node's type definition (`synthesizeNodeTypeDef`,
 *   with every resource and the fields' `@builderHint`), the very text lib/package-nodes.js
 *   gives docs/ai-builder.md (scripts/builder-view.js).
 *
 * Instance AI's own agent is not started: it needs no licence (no `@Licensed` in n8n's
 * dist/modules/instance-ai/instance-ai.controller.js) but a model, by default
 * `anthropic/claude-opus-4-8` over the network (`@n8n/config` dist/configs/instance-ai.config.js,
 * line 18; `N8N_INSTANCE_AI_MODEL`, `_MODEL_URL`, `_MODEL_API_KEY`), and it is enabled only with one
 * (`instance-ai.service.js` line 549, `isEnabled`). Its tool reaches the same catalog checked here.
 *
 * What n8n answered is written to e2e/.work/node-catalog.md (the search text, the type definition).
 * Alone: `npm run build && node e2e/instance-ai-catalog.js` (n8n 2.x).
 */
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const { PACKAGE, packageNodes, instanceAiLookup } = require('../lib/package-nodes');
const { WORK_DIR } = require('./lib/n8n');

const { runStandalone } = require('./lib/standalone');

const ROOT = path.resolve(__dirname, '..');

/** Three everyday asks, in a creator's words, and the package node each means. */
const ASKS = [
	{ ask: 'cancel subscription', node: `${PACKAGE}.contentPlatform` },
	{ ask: 'grant access to a course', node: `${PACKAGE}.contentPlatform` },
	{ ask: 'new purchase', node: `${PACKAGE}.contentPlatformTrigger` },
];

/** The built node's description (dist/), for the hints n8n must hand on. */
function built(dir) {
	return new (require(path.join(ROOT, 'dist', 'nodes', dir, `${dir}.node.js`))[dir])().description;
}

/** An MCP client session with the running n8n's MCP server, as the owner (MCP access switched on). */
async function mcpSession(n8n) {
	await n8n.rest('PATCH', '/rest/mcp/settings', { mcpAccessEnabled: true });
	const { apiKey } = await n8n.rest('GET', '/rest/mcp/api-key');
	assert.ok(apiKey, 'the owner has an MCP API key');
	const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
	const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
	const client = new Client({ name: 'e2e-node-catalog', version: '1.0.0' });
	await client.connect(
		new StreamableHTTPClientTransport(new URL(`${n8n.baseUrl}/mcp-server/http`), {
			requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
		}),
	);
	return client;
}

/** The text of an MCP tool result (its text parts joined). */
const textOf = (result) =>
	result.content
		.filter((c) => c.type === 'text')
		.map((c) => c.text)
		.join('\n');

/** One ask's section of `search_nodes`' text (`## "<ask>"` up to the next section). */
function section(text, ask) {
	const start = text.indexOf(`## "${ask}"`);
	assert.ok(start >= 0, `no section for "${ask}" in:\n${text.slice(0, 500)}`);
	const end = text.indexOf('\n---\n', start);
	return text.slice(start, end < 0 ? undefined : end);
}

/** The checks, in a started n8n 2.x with the package installed. */
async function checks({ n8n, check }) {
	const nodes = {
		[`${PACKAGE}.contentPlatform`]: built('ContentPlatform'),
		[`${PACKAGE}.contentPlatformTrigger`]: built('ContentPlatformTrigger'),
		[`${PACKAGE}.contentPlatformWebhookTrigger`]: built('ContentPlatformWebhookTrigger'),
	};

	await check(
		"Instance AI's search input: n8n's types/nodes.json holds the three nodes with their aliases and searchHint",
		async () => {
			const served = await n8n.rest('GET', '/types/nodes.json');
			assert.ok(Array.isArray(served), 'types/nodes.json is a list');
			for (const [name, description] of Object.entries(nodes)) {
				const node = served.find((n) => n.name === name);
				assert.ok(node, `${name} is served`);
				assert.equal(node.builderHint?.searchHint, description.builderHint.searchHint);
				assert.ok(node.codex?.alias?.length > 10, `${name}: ${node.codex?.alias?.length} aliases`);
			}
			const action = served.find((n) => n.name === `${PACKAGE}.contentPlatform`);
			assert.ok(action.codex.alias.includes('cancel subscription of purchase'), 'an alias the build derived');
		},
	);

	const client = await mcpSession(n8n);
	try {
		const { tools } = await client.listTools();
		await check("n8n's MCP server offers the node catalog's search_nodes and get_node_types", () => {
			const names = tools.map((t) => t.name);
			assert.ok(names.includes('search_nodes') && names.includes('get_node_types'), names.join(', '));
		});

		const searched = textOf(
			await client.callTool({ name: 'search_nodes', arguments: { queries: ASKS.map((a) => a.ask) } }),
		);
		for (const { ask, node } of ASKS) {
			await check(`NodeCatalogService search "${ask}": ${node} in the top 5, with its searchHint`, () => {
				const text = section(searched, ask);
				const entry = text.indexOf(`- ${node}`);
				assert.ok(entry >= 0, `${node} not found:\n${text.slice(0, 800)}`);
				const listed = [...text.matchAll(/^- (\S+)/gm)].map((m) => m[1]);
				assert.ok(listed.indexOf(node) < 5, `${node} is result ${listed.indexOf(node) + 1}: ${listed.join(', ')}`);
				assert.ok(
					text.slice(entry).includes(`@builderHint ${nodes[node].builderHint.searchHint}`),
					'the node is shown with its searchHint',
				);
			});
		}

		const action = nodes[`${PACKAGE}.contentPlatform`];
		const definition = textOf(
			await client.callTool({
				name: 'get_node_types',
				arguments: { nodeIds: [{ nodeId: `${PACKAGE}.contentPlatform` }] },
			}),
		);
		fs.mkdirSync(WORK_DIR, { recursive: true });
		fs.writeFileSync(path.join(WORK_DIR, 'node-catalog.md'), `${searched}\n\n---\n\n${definition}\n`);
		await check(
			`NodeCatalogService type definition of the Content Platform node: every resource, the fields' @builderHint (${definition.length.toLocaleString('en-US')} characters)`,
			() => {
				const resources = action.properties.find((p) => p.name === 'resource').options.map((o) => o.value);
				const missing = resources.filter((r) => !definition.includes(`resource: '${r}'`));
				assert.deepEqual(missing, [], `resources missing from the type definition: ${definition.slice(0, 300)}`);
				assert.ok(definition.includes("operation: 'cancelSubscription'"), 'Purchase → Cancel Subscription');
				const hinted = action.properties.find((p) => p.name === 'email' && p.builderHint);
				assert.ok(definition.includes(`@builderHint ${hinted.builderHint.propertyHint}`), 'a field hint');
				assert.ok((definition.match(/@builderHint /g) ?? []).length > 100, 'the fields carry their hints');
				const expected = instanceAiLookup(packageNodes().find((n) => n.name === `${PACKAGE}.contentPlatform`));
				assert.equal(definition.length, expected.length, "docs/ai-builder.md's Instance AI node lookup size");
				assert.ok(definition === expected, 'the same text as lib/package-nodes.js gives docs/ai-builder.md');
			},
		);
	} finally {
		await client.close();
	}
}

module.exports = { checks, ASKS };

if (require.main === module)
	runStandalone({ name: 'instance-ai-catalog', workflows: () => [], checks, startTimeoutMs: 600000 });
