/**
 * Build step after `n8n-node build` (which compiles TypeScript and copies icons): copies each
 * node's codex file (`<Node>.node.json`: categories, aliases, documentation links) next to the
 * compiled node in dist/, where n8n reads it.
 *
 * n8n's nodes panel shows a trigger named like an action node plus "Trigger" (here
 * `contentPlatformTrigger` and `contentPlatform`) as one entry, the action node's, and searches
 * only that node's codex: so the trigger's aliases are added to the action node's codex in dist/
 * (found in n8n 2.41.1's editor by e2e/editor.js: "new order" did not find the polling trigger).
 */
const fs = require('node:fs');
const path = require('node:path');
const { src, dest, series } = require('gulp');

const DIST_NODES = 'dist/nodes';

function copyCodex() {
	return src('nodes/**/*.node.json').pipe(dest(DIST_NODES));
}

/**
 * For each codex in dist/ whose node is `<name>Trigger` while a node `<name>` exists (n8n's rule:
 * the node type with its first "Trigger" removed), appends the trigger's aliases to `<name>`'s,
 * each once, keeping the order.
 */
function mergeTriggerAliases(done) {
	const files = fs
		.readdirSync(DIST_NODES)
		.map((dir) => path.join(DIST_NODES, dir, `${dir}.node.json`))
		.filter((file) => fs.existsSync(file));
	const byNode = new Map(
		files.map((file) => {
			const codex = JSON.parse(fs.readFileSync(file, 'utf8'));
			return [codex.node, { file, codex }];
		}),
	);
	for (const [node, { codex }] of byNode) {
		const merged = byNode.get(node.replace('Trigger', ''));
		if (!node.includes('Trigger') || !merged || merged.codex === codex) continue;
		merged.codex.alias = [...new Set([...(merged.codex.alias || []), ...(codex.alias || [])])];
		fs.writeFileSync(merged.file, `${JSON.stringify(merged.codex, null, '\t')}\n`);
	}
	done();
}

exports['build:codex'] = series(copyCodex, mergeTriggerAliases);
exports.default = exports['build:codex'];
