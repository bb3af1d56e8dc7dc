/**
 * Renders a node's or credential's runtime description as literal TypeScript (for
 * structure/rendered-lint.test.ts; snapshot.test.ts uses its `plainClass`): plain objects, arrays,
 * strings, numbers and booleans as literals; a function (a routing hook, a webhook method) as an
 * empty function of the same name in place, so the rendered file parses and lint rules see where
 * the hooks are.
 */
import type { ICredentialType, INodeType } from 'n8n-workflow';

/** Code written as is (for example `NodeConnectionTypes.Main`). */
class Code {
	constructor(readonly code: string) {}
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function quote(value: string): string {
	return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** How a function (a routing hook, a list search, a webhook method) is named where it is rendered: `hook_<its name>`. */
export function hookName(fn: { name: string }): string {
	return IDENTIFIER.test(fn.name) ? `hook_${fn.name}` : 'hook';
}

/**
 * A value as plain JSON data, the same data `renderValue` writes: a function becomes the string
 * `[function hook_<name>]` (its name, see `hookName`), `undefined` members are left out.
 */
export function plainValue(value: unknown): unknown {
	if (value === null || value === undefined) return value;
	if (value instanceof Code) return value.code;
	if (typeof value === 'function') return `[function ${hookName(value)}]`;
	if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : plainValue(v)));
	if (typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value as Record<string, unknown>)
				.filter(([, v]) => v !== undefined)
				.map(([k, v]) => [k, plainValue(v)]),
		);
	}
	return value;
}

/**
 * What users see of a node or credential class as plain JSON data (for the committed snapshots of
 * test/snapshot.test.ts): a node's `description`, its other fields (`methods`, `webhookMethods`,
 * functions named as in `plainValue`) and the names of its methods (`poll`, `webhook`, ...); a
 * credential's fields.
 */
export function plainClass(instance: object): Record<string, unknown> {
	const fields = plainValue({ ...instance }) as Record<string, unknown>;
	const methods = classMethodNames(instance);
	return methods.length ? { ...fields, classMethods: methods } : fields;
}

/** The names of the methods a class defines (`poll`, `webhook`, ...), in the order it writes them. */
function classMethodNames(instance: object): string[] {
	return Object.getOwnPropertyNames(Object.getPrototypeOf(instance)).filter(
		(name) => name !== 'constructor' && typeof (instance as Record<string, unknown>)[name] === 'function',
	);
}

/** A value as a TypeScript literal, indented with tabs from `depth`. */
export function renderValue(value: unknown, depth: number): string {
	const pad = '\t'.repeat(depth + 1);
	const end = '\t'.repeat(depth);
	if (value === null) return 'null';
	if (value === undefined) return 'undefined';
	if (value instanceof Code) return value.code;
	if (typeof value === 'string') return quote(value);
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (typeof value === 'function') {
		// A function in place, as the source writes it (lint rules check that hooks are functions).
		return `async function ${hookName(value)}(): Promise<null> {\n${pad}return null;\n${end}}`;
	}
	if (Array.isArray(value)) {
		if (!value.length) return '[]';
		return `[\n${value.map((v) => `${pad}${renderValue(v, depth + 1)},\n`).join('')}${end}]`;
	}
	const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
	if (!entries.length) return '{}';
	return `{\n${entries
		.map(([k, v]) => `${pad}${IDENTIFIER.test(k) ? k : quote(k)}: ${renderValue(v, depth + 1)},\n`)
		.join('')}${end}}`;
}

/**
 * A node class with its `description` written out literally, its other fields (`methods`,
 * `webhookMethods`) with their functions as hook references, and its methods (`poll`, `webhook`,
 * ...) as empty stubs: their code is linted in place; the rules only need to see that they exist.
 */
export function renderNodeClass(className: string, node: INodeType): string {
	// Connection types as the source writes them (the rules want NodeConnectionTypes, not 'main').
	const connection = (types: unknown) =>
		Array.isArray(types) ? types.map((type) => (type === 'main' ? new Code('NodeConnectionTypes.Main') : type)) : types;
	const { inputs, outputs } = node.description;
	const description = renderValue({ ...node.description, inputs: connection(inputs), outputs: connection(outputs) }, 1);
	const fields = Object.entries(node as unknown as Record<string, unknown>)
		.filter(([key, value]) => key !== 'description' && value !== undefined)
		.map(([key, value]) => `\t${key} = ${renderValue(value, 1)};\n`);
	const methods = classMethodNames(node).map((name) => `\tasync ${name}(): Promise<null> {\n\t\treturn null;\n\t}\n`);
	return [
		"import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';",
		'',
		`export class ${className} implements INodeType {`,
		`\tdescription: INodeTypeDescription = ${description};`,
		...fields,
		...methods,
		'}',
		'',
	].join('\n');
}

/** A credential class with each of its fields written out literally. */
export function renderCredentialClass(className: string, credential: ICredentialType): string {
	const fields = Object.entries(credential as unknown as Record<string, unknown>)
		.filter(([, v]) => v !== undefined)
		.map(([key, v]) => `\t${key} = ${renderValue(v, 1)};\n`)
		.join('\n');
	return [
		"import type { ICredentialType } from 'n8n-workflow';",
		'',
		`export class ${className} implements ICredentialType {`,
		fields,
		'}',
		'',
	].join('\n');
}
