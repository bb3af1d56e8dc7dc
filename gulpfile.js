/**
 * Build step after `n8n-node build` (which compiles TypeScript and copies icons): copies each
 * node's codex file (`<Node>.node.json`: categories, aliases, documentation links) next to the
 * compiled node in dist/, where n8n reads it.
 */
const { src, dest } = require('gulp');

function buildCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports['build:codex'] = buildCodex;
exports.default = buildCodex;
