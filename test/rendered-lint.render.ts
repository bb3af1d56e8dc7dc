/**
 * Renders a node's or credential's runtime description as literal TypeScript (for
 * rendered-lint.test.ts): plain objects, arrays, strings, numbers and booleans as literals; a
 * function (a routing hook) as a reference to a declared no-op of the same name, so the rendered
 * file parses and lint rules see where hooks are.
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

/** A value as a TypeScript literal, indented with tabs from `depth`. */
export function renderValue(value: unknown, depth: number, hooks: Set<string>): string {
	const pad = '\t'.repeat(depth + 1);
	const end = '\t'.repeat(depth);
	if (value === null) return 'null';
	if (value === undefined) return 'undefined';
	if (value instanceof Code) return value.code;
	if (typeof value === 'string') return quote(value);
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (typeof value === 'function') {
		const name = IDENTIFIER.test(value.name) ? `hook_${value.name}` : 'hook_anonymous';
		hooks.add(name);
		return name;
	}
	if (Array.isArray(value)) {
		if (!value.length) return '[]';
		return `[\n${value.map((v) => `${pad}${renderValue(v, depth + 1, hooks)},\n`).join('')}${end}]`;
	}
	const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
	if (!entries.length) return '{}';
	return `{\n${entries
		.map(([k, v]) => `${pad}${IDENTIFIER.test(k) ? k : quote(k)}: ${renderValue(v, depth + 1, hooks)},\n`)
		.join('')}${end}}`;
}

function hookDeclarations(hooks: Set<string>): string {
	return [...hooks].map((name) => `async function ${name}(): Promise<void> {}\n`).join('');
}

/** A node class with its `description` written out literally (methods omitted: they are code, linted in place). */
export function renderNodeClass(className: string, node: INodeType): string {
	const hooks = new Set<string>();
	// Connection types as the source writes them (the rules want NodeConnectionTypes, not 'main').
	const connection = (types: unknown) =>
		Array.isArray(types) ? types.map((type) => (type === 'main' ? new Code('NodeConnectionTypes.Main') : type)) : types;
	const { inputs, outputs } = node.description;
	const description = renderValue({ ...node.description, inputs: connection(inputs), outputs: connection(outputs) }, 1, hooks);
	return [
		"import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';",
		'',
		hookDeclarations(hooks),
		`export class ${className} implements INodeType {`,
		`\tdescription: INodeTypeDescription = ${description};`,
		'}',
		'',
	].join('\n');
}

/** A credential class with each of its fields written out literally. */
export function renderCredentialClass(className: string, credential: ICredentialType): string {
	const hooks = new Set<string>();
	const fields = Object.entries(credential as unknown as Record<string, unknown>)
		.filter(([, v]) => v !== undefined)
		.map(([key, v]) => `\t${key} = ${renderValue(v, 1, hooks)};\n`)
		.join('\n');
	return [
		"import type { ICredentialType } from 'n8n-workflow';",
		'',
		hookDeclarations(hooks),
		`export class ${className} implements ICredentialType {`,
		fields,
		'}',
		'',
	].join('\n');
}
