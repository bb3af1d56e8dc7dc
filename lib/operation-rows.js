'use strict';
/**
 * Every resource × operation the built Content Platform node offers, as rows: read from its rendered
 * description (the `resource` options and each resource's `operation` options, in the resource
 * picker's order) and its tables (nodes/api/tables/registry.ts
 * RESOURCES[].endpoints: the request each operation sends). Run `npm run build` first: the rows are
 * the built node's (dist/), not the sources'.
 *
 * Used by scripts/operations-table.js (README.md's operations table), scripts/figures.js (the counted
 * figures) and e2e/examples.js (the examples use only operations the node offers). A plain Node
 * helper of lib/, the floor both scripts/ and e2e/ import: it requires nothing of the repository
 * but the built node in dist/.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/**
 * Rows `{ resource, operation, resourceValue, operationValue, method, path, what, destructive }` of
 * the built node, in the resource picker's order: `resource` and `operation` as the editor shows
 * them, `resourceValue` and `operationValue` as saved in workflows; `method` and `path` (`/v1/…`) the
 * request of the operation's endpoint row ('' when no single endpoint stands behind it); `what` the
 * endpoint's purpose, else the operation's description; `destructive` true when the endpoint's
 * change cannot be undone.
 * @returns {Array<{ resource: string, operation: string, resourceValue: string, operationValue: string,
 *   method: string, path: string, what: string, destructive: boolean }>}
 * @throws {Error} 'dist/nodes/ContentPlatform/ContentPlatform.node.js is missing: run `npm run build` first' when the built node is not there
 */
function operationRows() {
	const dist = path.join(ROOT, 'dist', 'nodes', 'ContentPlatform');
	if (!fs.existsSync(path.join(dist, 'ContentPlatform.node.js')))
		throw new Error('dist/nodes/ContentPlatform/ContentPlatform.node.js is missing: run `npm run build` first');
	const { ContentPlatform } = require(path.join(dist, 'ContentPlatform.node.js'));
	const { RESOURCES } = require(path.join(dist, '..', 'api', 'tables', 'registry'));
	const description = new ContentPlatform().description;
	const resources = description.properties.find((p) => p.name === 'resource').options;
	const operationProps = description.properties.filter((p) => p.name === 'operation');
	const rows = [];
	for (const resource of resources) {
		const prop = operationProps.find((p) => p.displayOptions.show.resource.includes(resource.value));
		const spec = RESOURCES.find((r) => r.value === resource.value);
		for (const op of prop ? prop.options : []) {
			const endpoint = spec && spec.endpoints.find((e) => e.operation === op.value);
			rows.push({
				resource: resource.name,
				operation: op.name,
				resourceValue: resource.value,
				operationValue: op.value,
				method: endpoint ? endpoint.method : '',
				path: endpoint ? `/v1${endpoint.path}` : '',
				what: (endpoint && endpoint.purpose) || op.description || '',
				destructive: !!(endpoint && endpoint.destructive),
			});
		}
	}
	return rows;
}

module.exports = { operationRows };
