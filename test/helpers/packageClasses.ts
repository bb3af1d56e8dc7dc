/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- test helper: loads the package's classes by the paths package.json lists (node:path, require) */
/**
 * The node and credential classes the package lists in package.json (`n8n.nodes`,
 * `n8n.credentials`), each as an instance with its source path and class name: what n8n loads.
 * Used by the rendered-description lint (structure/rendered-lint.test.ts) and snapshot (snapshot.test.ts).
 */
import * as path from 'node:path';

import type { ICredentialType, INodeType } from 'n8n-workflow';

import packageJson from '../../package.json';

/** One class of the package: its source file (`nodes/X/X.node.ts`), class name and an instance. */
export interface PackageClass<T> {
	filePath: string;
	className: string;
	instance: T;
}

/**
 * An instance of the class a package.json entry names (`dist/nodes/X/X.node.js` → the class `X` of
 * `nodes/X/X.node.ts`), with the source path and the class name.
 */
function load<T>(distPath: string, suffix: string): PackageClass<T> {
	const filePath = distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts');
	const className = path.basename(filePath, `${suffix}.ts`);
	const module = require(path.join('..', '..', filePath.replace(/\.ts$/, ''))) as Record<string, new () => T>;
	return { filePath, className, instance: new module[className]() };
}

/** The nodes of package.json `n8n.nodes`, in its order. */
export const NODE_CLASSES = packageJson.n8n.nodes.map((entry) => load<INodeType>(entry, '.node'));

/** The credentials of package.json `n8n.credentials`, in its order. */
export const CREDENTIAL_CLASSES = packageJson.n8n.credentials.map((entry) =>
	load<ICredentialType>(entry, '.credentials'),
);
