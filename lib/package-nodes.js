'use strict';
/**
 * The package's three built nodes as n8n 2.41.1 loads them (dist/, `npm run build` first): each
 * description with the package prefix n8n's loader gives its name and the codex of
 * dist/<Node>/<Node>.node.json (`packageNodes`); for a type definition, the description as n8n
 * holds it after loading (`asLoaded`), and Instance AI's synthesized text of it
 * (`instanceAiLookup`). Used by scripts/builder-view.js (docs/ai-builder.md) and
 * e2e/instance-ai-catalog.js, which finds the very same text in a running n8n 2.41.1. A plain Node
 * helper of lib/: it requires nothing of the repository but the built nodes, and n8n's packages
 * (`n8n-core`, `@n8n/workflow-sdk`, dev dependencies).
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
/** The package's name, n8n's prefix of its node types. */
const PACKAGE = 'n8n-nodes-content-platform';

/** The built nodes of the package, as n8n's loader gives them: prefixed name, codex from the .node.json. */
function packageNodes(dist = path.join(ROOT, 'dist')) {
	const files = [
		['ContentPlatform', 'ContentPlatform'],
		['ContentPlatformTrigger', 'ContentPlatformTrigger'],
		['ContentPlatformWebhookTrigger', 'ContentPlatformWebhookTrigger'],
	];
	return files.map(([dir, cls]) => {
		const file = path.join(dist, 'nodes', dir, `${dir}.node.js`);
		if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first`);
		const description = new (require(file)[cls])().description;
		// The description's size as the node ships it: JSON bytes of the class's description.
		const bytes = Buffer.byteLength(JSON.stringify(description));
		const codexFile = path.join(dist, 'nodes', dir, `${dir}.node.json`);
		const codex = JSON.parse(fs.readFileSync(codexFile, 'utf8'));
		const node = {
			...description,
			name: `${PACKAGE}.${description.name}`,
			codex: {
				categories: codex.categories,
				subcategories: codex.subcategories,
				...(codex.alias ? { alias: codex.alias } : {}),
			},
		};
		sizes.set(node, bytes);
		return node;
	});
}

/** Each package node's description size, by the node `packageNodes` gives. */
const sizes = new WeakMap();

/** The JSON bytes of a package node's description as its class ships it (before n8n's loader adds anything). */
function descriptionBytes(node) {
	return sizes.get(node);
}

/**
 * A package node's description as n8n 2.41.1 holds it after loading (what Instance AI's lookup
 * synthesizes from; e2e/instance-ai-catalog.js reads that lookup in a running n8n): a declarative
 * node (one with `requestDefaults`) gets n8n's Request Options (n8n-core `DirectoryLoader
 * .applyDeclarativeNodeOptionParameters`), and each `resource` and `operation` list ends with n8n's
 * "Custom API Call" (n8n `dist/load-nodes-and-credentials.js` `injectCustomApiCallOptions`: the
 * nodes whose credentials n8n can proxy, here through the OAuth2 credential).
 */
function asLoaded(node) {
	const custom = { name: 'Custom API Call', value: '__CUSTOM_API_CALL__' };
	const loaded = {
		description: {
			...node,
			properties: node.properties.map((p) =>
				['resource', 'operation'].includes(p.name) ? { ...p, options: [...p.options, custom] } : p,
			),
		},
	};
	if (node.requestDefaults) {
		require('n8n-core/dist/nodes-loader/directory-loader.js').DirectoryLoader.applyDeclarativeNodeOptionParameters(
			loaded,
		);
	}
	return loaded.description;
}

/** Instance AI's type definition of a package node (n8n's `synthesizeNodeTypeDef` of the description as loaded). */
function instanceAiLookup(node) {
	const loaded = asLoaded(node);
	return require('@n8n/workflow-sdk').generateNodeTypeFile({
		...loaded,
		properties: loaded.properties.filter((p) => p.type !== 'hidden'),
	});
}

module.exports = { PACKAGE, packageNodes, descriptionBytes, asLoaded, instanceAiLookup };
