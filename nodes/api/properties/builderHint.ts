/**
 * The `builderHint` of the package's nodes and of the fields derived from a table row, built from
 * the words of `api/tables/builderHints.ts` and of the rows: what n8n's AI builders print as
 * `@builderHint` and `@relatedNodes` lines (`docs/ai-builder.md`). No part of a request.
 */
import type { IBuilderHint, IParameterBuilderHint } from 'n8n-workflow';

import { N8N_PAIRINGS, NODE_WORDS, PACKAGE_NODES, type PackageNode } from '../tables/builderHints';

/**
 * The `builderHint` of one of the package's nodes: its `searchHint`, then as `relatedNodes` the
 * other two package nodes (with what they are) and its n8n pairings.
 */
export function nodeBuilderHint(node: PackageNode): IBuilderHint {
	const others = (Object.keys(PACKAGE_NODES) as PackageNode[]).filter((other) => other !== node);
	return {
		searchHint: NODE_WORDS[node].searchHint,
		relatedNodes: [
			...others.map((other) => ({ nodeType: PACKAGE_NODES[other], relationHint: NODE_WORDS[other].asRelated })),
			...N8N_PAIRINGS[node],
		],
	};
}

/**
 * A table row's own hint (a filter row's `hint`) as the `builderHint` of the field derived from it:
 * spread into the field; nothing when the row has none.
 */
export const rowHint = (row: { hint?: string }): { builderHint?: IParameterBuilderHint } =>
	row.hint ? { builderHint: { propertyHint: row.hint } } : {};
