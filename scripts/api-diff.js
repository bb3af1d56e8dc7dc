#!/usr/bin/env node
'use strict';
/**
 * API drift: compares two copies of the platform's OpenAPI document operation by operation
 * (method + path) and says what changed in terms a maintainer acts on:
 *
 * - operations added and removed;
 * - per operation: parameters (name + in) added, removed, or changed (`required`, resolved
 *   `schema`); the request body per media type (added, removed, `required`, schema changed); the
 *   responses per status and media type (added, removed, schema changed).
 *
 * Schemas are compared with their local `$ref`s resolved (a recursive reference is compared as its
 * `$ref` text), and a schema change is reported as the compact JSON paths that differ
 * (`$.properties.data.items.properties.type.enum: + "refund"`), never as a dump. Annotations that do
 * not change the contract (`description`, `example`, `examples`, `$comment`, `externalDocs`, `x-…`)
 * are not compared.
 *
 *   node scripts/api-diff.js <file>                 compare <file> with the vendored document
 *   node scripts/api-diff.js <file> --base <file>   compare <file> with another base
 *   node scripts/api-diff.js <file> --json          print the structured diff as JSON
 *
 * Exit codes: 0 the documents are the same in these terms, 1 they differ (the summary is printed),
 * 2 an input cannot be read (missing file, not YAML/JSON, no `paths` object) or bad arguments.
 * The vendored document (the contract): spec/platform-openapi-v1.1.0.yaml. The weekly workflow
 * .github/workflows/api-drift.yml runs this on the live document.
 */
const fs = require('node:fs');
const path = require('node:path');
const yaml = require('yaml');

/** The vendored document, the default base of the comparison. */
const VENDORED = path.join(__dirname, '..', 'spec', 'platform-openapi-v1.1.0.yaml');

/** The path item keys that are operations (OpenAPI 3.1 section 4.8.9). */
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Schema and parameter keys that annotate without constraining: not compared. */
const ANNOTATIONS = new Set(['description', 'example', 'examples', '$comment', 'externalDocs']);

/** How many schema differences the summary shows per schema before "… and N more". */
const SHOWN_PER_SCHEMA = 8;

/** An input that cannot be read as an OpenAPI document (the CLI's exit 2). */
class InputError extends Error {}

/**
 * Reads and parses one document (YAML or JSON, both through the yaml package, as the contract test).
 * Throws InputError when the file is missing, does not parse, or has no `paths` object.
 */
function loadDocument(file) {
	let text;
	try {
		text = fs.readFileSync(file, 'utf8');
	} catch (error) {
		throw new InputError(`${file}: cannot read (${error.code ?? error.message})`);
	}
	let doc;
	try {
		doc = yaml.parse(text);
	} catch (error) {
		throw new InputError(`${file}: not YAML or JSON (${error.message.split('\n')[0]})`);
	}
	if (doc === null || typeof doc !== 'object' || doc.paths === null || typeof doc.paths !== 'object')
		throw new InputError(`${file}: no "paths" object, not an OpenAPI document`);
	return doc;
}

/** The value a local JSON pointer (`#/components/schemas/x`) names in doc, or undefined. */
function pointer(doc, ref) {
	if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
	let node = doc;
	for (const raw of ref.slice(1).split('/').slice(1)) {
		const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
		if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
		node = node[key];
	}
	return node;
}

/**
 * A copy of node with every local `$ref` replaced by what it names (sibling keys kept, as OpenAPI
 * 3.1 allows), annotation keys dropped. A reference met again inside its own expansion stays
 * `{ $ref }` (recursive schemas); an external or dangling one stays as written.
 */
function resolve(doc, node, stack = []) {
	if (Array.isArray(node)) return node.map((item) => resolve(doc, item, stack));
	if (node === null || typeof node !== 'object') return node;
	const out = {};
	if (typeof node.$ref === 'string') {
		const target = stack.includes(node.$ref) ? undefined : pointer(doc, node.$ref);
		if (target === undefined) out.$ref = node.$ref;
		else Object.assign(out, resolve(doc, target, [...stack, node.$ref]));
	}
	for (const [key, value] of Object.entries(node)) {
		if (key === '$ref' || ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
		out[key] = resolve(doc, value, stack);
	}
	return out;
}

/** One path segment of a compact JSON path: `.name`, or `["page[size]"]` when name is not plain. */
function segment(key) {
	if (typeof key === 'number') return `[${key}]`;
	return /^[A-Za-z_$][\w$-]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

const isScalar = (value) => value === null || typeof value !== 'object';

/**
 * The differences between two resolved schemas, as a list of
 * `{ path, change: 'added'|'removed'|'changed', before?, after? }` (a key or value that differs) and
 * `{ path, change: 'items', added: [...], removed: [...] }` (an array of plain values, such as
 * `required`, `enum` or a `type` list, compared as a set). Arrays of schemas (`allOf`, `oneOf`, …)
 * are compared position by position. Equal schemas give [].
 */
function schemaDiff(before, after, at = '$') {
	if (isScalar(before) || isScalar(after) || Array.isArray(before) !== Array.isArray(after)) {
		return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path: at, change: 'changed', before, after }];
	}
	if (Array.isArray(before)) {
		if (before.every(isScalar) && after.every(isScalar)) {
			const b = new Set(before.map((v) => JSON.stringify(v)));
			const a = new Set(after.map((v) => JSON.stringify(v)));
			const added = [...a].filter((v) => !b.has(v)).map((v) => JSON.parse(v));
			const removed = [...b].filter((v) => !a.has(v)).map((v) => JSON.parse(v));
			return added.length || removed.length ? [{ path: at, change: 'items', added, removed }] : [];
		}
		const out = [];
		for (let i = 0; i < Math.max(before.length, after.length); i++) {
			const p = at + segment(i);
			if (i >= after.length) out.push({ path: p, change: 'removed', before: before[i] });
			else if (i >= before.length) out.push({ path: p, change: 'added', after: after[i] });
			else out.push(...schemaDiff(before[i], after[i], p));
		}
		return out;
	}
	const out = [];
	const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
	for (const key of keys) {
		const p = at + segment(key);
		if (!(key in after)) out.push({ path: p, change: 'removed', before: before[key] });
		else if (!(key in before)) out.push({ path: p, change: 'added', after: after[key] });
		else out.push(...schemaDiff(before[key], after[key], p));
	}
	return out;
}

/**
 * The operations of a document, keyed `"GET /v1/orders"`: `{ method, path, parameters, requestBody,
 * responses }` with everything resolved. `parameters` is a Map keyed `"query sort"` (the path
 * item's parameters, overridden by the operation's own, as OpenAPI says); `requestBody` is null or
 * `{ required, content: { mediaType: schema } }`; `responses` is `{ status: { mediaType: schema } }`
 * (a response without content has `{}`).
 */
function operations(doc) {
	const out = new Map();
	for (const [route, rawItem] of Object.entries(doc.paths)) {
		const item = resolve(doc, rawItem ?? {});
		for (const method of METHODS) {
			const op = item[method];
			if (op === undefined || op === null) continue;
			const parameters = new Map();
			for (const param of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
				parameters.set(`${param.in} ${param.name}`, param);
			}
			const content = (holder) =>
				Object.fromEntries(Object.entries(holder?.content ?? {}).map(([type, media]) => [type, media?.schema ?? null]));
			out.set(`${method.toUpperCase()} ${route}`, {
				method: method.toUpperCase(),
				path: route,
				parameters,
				requestBody: op.requestBody
					? { required: op.requestBody.required === true, content: content(op.requestBody) }
					: null,
				responses: Object.fromEntries(
					Object.entries(op.responses ?? {}).map(([status, response]) => [status, content(response)]),
				),
			});
		}
	}
	return out;
}

/** A parameter as the summary names it: `{ in, name, required, type }`. */
function paramInfo(param) {
	return {
		in: param.in,
		name: param.name,
		required: param.required === true,
		type: param.schema?.type ?? (param.content ? 'content' : undefined),
	};
}

/** The differences of two media-type maps `{ mediaType: schema }`, as `{ mediaType, change, schema? }`. */
function contentDiff(before, after) {
	const out = [];
	for (const type of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
		if (!(type in after)) out.push({ mediaType: type, change: 'removed' });
		else if (!(type in before)) out.push({ mediaType: type, change: 'added' });
		else {
			const schema = schemaDiff(before[type], after[type]);
			if (schema.length) out.push({ mediaType: type, change: 'changed', schema });
		}
	}
	return out;
}

/** The changes of one operation present in both documents; null when there are none. */
function operationDiff(before, after) {
	const parameters = { added: [], removed: [], changed: [] };
	for (const [key, param] of before.parameters) {
		const next = after.parameters.get(key);
		if (next === undefined) {
			parameters.removed.push(paramInfo(param));
			continue;
		}
		const change = { in: param.in, name: param.name };
		if ((param.required === true) !== (next.required === true))
			change.required = { before: param.required === true, after: next.required === true };
		const schema = schemaDiff(param.schema ?? null, next.schema ?? null);
		if (schema.length) change.schema = schema;
		if (change.required || change.schema) parameters.changed.push(change);
	}
	for (const [key, param] of after.parameters) {
		if (!before.parameters.has(key)) parameters.added.push(paramInfo(param));
	}

	const requestBody = [];
	if (before.requestBody && !after.requestBody) requestBody.push({ mediaType: null, change: 'removed' });
	else if (!before.requestBody && after.requestBody) requestBody.push({ mediaType: null, change: 'added' });
	else if (before.requestBody && after.requestBody) {
		if (before.requestBody.required !== after.requestBody.required)
			requestBody.push({
				mediaType: null,
				change: 'required',
				before: before.requestBody.required,
				after: after.requestBody.required,
			});
		requestBody.push(...contentDiff(before.requestBody.content, after.requestBody.content));
	}

	const responses = [];
	for (const status of [...new Set([...Object.keys(before.responses), ...Object.keys(after.responses)])]) {
		if (!(status in after.responses)) responses.push({ status, mediaType: null, change: 'removed' });
		else if (!(status in before.responses)) responses.push({ status, mediaType: null, change: 'added' });
		else
			responses.push(...contentDiff(before.responses[status], after.responses[status]).map((c) => ({ status, ...c })));
	}

	const changed =
		parameters.added.length +
		parameters.removed.length +
		parameters.changed.length +
		requestBody.length +
		responses.length;
	return changed ? { parameters, requestBody, responses } : null;
}

/**
 * The structured diff of two parsed OpenAPI documents (base: the reference, head: the newer copy):
 *
 *   { equal, base: { title, version, operations }, head: { … },
 *     added: [{ key, method, path }], removed: [{ key, method, path }],
 *     changed: [{ key, method, path, parameters: { added, removed, changed }, requestBody: [...],
 *                 responses: [...] }] }
 *
 * `key` is `"GET /v1/orders"`; lists are in the documents' order (base first, then head's new
 * ones). Parameter entries: `{ in, name, required, type }` (added/removed) and
 * `{ in, name, required?: { before, after }, schema?: [schemaDiff] }` (changed). Request body
 * entries: `{ mediaType, change: 'added'|'removed'|'changed'|'required', schema?, before?, after? }`
 * (mediaType null for the body as a whole). Response entries: the same plus `status`.
 */
function diffDocuments(base, head) {
	const before = operations(base);
	const after = operations(head);
	const ref = (key, op) => ({ key, method: op.method, path: op.path });
	const added = [...after].filter(([key]) => !before.has(key)).map(([key, op]) => ref(key, op));
	const removed = [...before].filter(([key]) => !after.has(key)).map(([key, op]) => ref(key, op));
	const changed = [];
	for (const [key, op] of before) {
		if (!after.has(key)) continue;
		const change = operationDiff(op, after.get(key));
		if (change) changed.push({ ...ref(key, op), ...change });
	}
	const info = (doc, ops) => ({ title: doc.info?.title, version: doc.info?.version, operations: ops.size });
	return {
		equal: added.length + removed.length + changed.length === 0,
		base: info(base, before),
		head: info(head, after),
		added,
		removed,
		changed,
	};
}

/** A value in one summary line: compact JSON, cut at 60 characters. */
function short(value) {
	const text = value === undefined ? 'nothing' : JSON.stringify(value);
	return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** One schema difference as a summary fragment (`$.type: "integer" → "string"`). */
function schemaLine(d) {
	if (d.change === 'items')
		return `${d.path}: ${[...d.added.map((v) => `+ ${short(v)}`), ...d.removed.map((v) => `- ${short(v)}`)].join(', ')}`;
	if (d.change === 'added') return `${d.path}: added ${short(d.after)}`;
	if (d.change === 'removed') return `${d.path}: removed (was ${short(d.before)})`;
	return `${d.path}: ${short(d.before)} → ${short(d.after)}`;
}

/** The schema differences as indented lines, at most SHOWN_PER_SCHEMA, then "… and N more". */
function schemaLines(diffs, indent) {
	const lines = diffs.slice(0, SHOWN_PER_SCHEMA).map((d) => indent + schemaLine(d));
	if (diffs.length > SHOWN_PER_SCHEMA) lines.push(`${indent}… and ${diffs.length - SHOWN_PER_SCHEMA} more`);
	return lines;
}

/** A parameter as a summary fragment: `query filter[x] (required, string)`. */
function paramLabel(p) {
	return `${p.in} ${p.name} (${p.required ? 'required' : 'optional'}${p.type ? `, ${p.type}` : ''})`;
}

/**
 * The diff as plain text for a CI log (also shown in the workflow's step summary): a heading with
 * both documents' titles, versions and operation counts, then "Operations added", "Operations
 * removed", "Operations changed" (each operation, its parameters, request body and responses), and
 * a last line counting them. Labels: the names of the two inputs as the caller wants them shown.
 */
function formatDiff(diff, labels = { base: 'base', head: 'head' }) {
	const docLabel = (label, info) =>
		`${label} (${info.title ?? 'untitled'} ${info.version ?? '?'}, ${info.operations} operations)`;
	const lines = [`API drift: ${docLabel(labels.base, diff.base)} → ${docLabel(labels.head, diff.head)}`];
	if (diff.equal) {
		lines.push('No drift: same operations, parameters, request bodies and response schemas.');
		return lines.join('\n');
	}
	if (diff.added.length) {
		lines.push('', `Operations added (${diff.added.length}):`);
		for (const op of diff.added) lines.push(`  + ${op.key}`);
	}
	if (diff.removed.length) {
		lines.push('', `Operations removed (${diff.removed.length}):`);
		for (const op of diff.removed) lines.push(`  - ${op.key}`);
	}
	if (diff.changed.length) {
		lines.push('', `Operations changed (${diff.changed.length}):`);
		for (const op of diff.changed) {
			lines.push(`  ${op.key}`);
			for (const p of op.parameters.added) lines.push(`    parameter added: ${paramLabel(p)}`);
			for (const p of op.parameters.removed) lines.push(`    parameter removed: ${paramLabel(p)}`);
			for (const p of op.parameters.changed) {
				lines.push(`    parameter changed: ${p.in} ${p.name}`);
				if (p.required) lines.push(`      required: ${p.required.before} → ${p.required.after}`);
				if (p.schema) lines.push(...schemaLines(p.schema, '      schema '));
			}
			for (const c of op.requestBody) {
				const what = c.mediaType ? `request body ${c.mediaType}` : 'request body';
				if (c.change === 'required') lines.push(`    ${what} required: ${c.before} → ${c.after}`);
				else if (c.change === 'changed') lines.push(`    ${what} schema changed:`, ...schemaLines(c.schema, '      '));
				else lines.push(`    ${what} ${c.change}`);
			}
			for (const c of op.responses) {
				const what = c.mediaType ? `response ${c.status} ${c.mediaType}` : `response ${c.status}`;
				if (c.change === 'changed') lines.push(`    ${what} schema changed:`, ...schemaLines(c.schema, '      '));
				else lines.push(`    ${what} ${c.change}`);
			}
		}
	}
	lines.push(
		'',
		`Drift: ${diff.added.length} operations added, ${diff.removed.length} removed, ${diff.changed.length} changed.`,
	);
	return lines.join('\n');
}

/** The CLI: arguments as in the header; returns the exit code (0 equal, 1 different, 2 unreadable). */
function main(argv, out = process.stdout, err = process.stderr) {
	const args = [...argv];
	let base = VENDORED;
	let json = false;
	const files = [];
	while (args.length) {
		const arg = args.shift();
		if (arg === '--base') base = args.shift();
		else if (arg === '--json') json = true;
		else files.push(arg);
	}
	if (files.length !== 1 || base === undefined) {
		err.write('usage: npm run api:diff -- <openapi file> [--base <openapi file>] [--json]\n');
		return 2;
	}
	let diff;
	try {
		diff = diffDocuments(loadDocument(base), loadDocument(files[0]));
	} catch (error) {
		if (!(error instanceof InputError)) throw error;
		err.write(`api-diff: ${error.message}\n`);
		return 2;
	}
	const rel = (file) => {
		const relative = path.relative(process.cwd(), path.resolve(file));
		return relative && !relative.startsWith('..') ? relative : file;
	};
	out.write(`${json ? JSON.stringify(diff, null, 2) : formatDiff(diff, { base: rel(base), head: rel(files[0]) })}\n`);
	return diff.equal ? 0 : 1;
}

module.exports = {
	diffDocuments,
	formatDiff,
	schemaDiff,
	loadDocument,
	operations,
	resolve,
	main,
	InputError,
	VENDORED,
};

if (require.main === module) process.exitCode = main(process.argv.slice(2));
