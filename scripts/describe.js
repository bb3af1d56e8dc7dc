#!/usr/bin/env node
'use strict';
/**
 * One operation of the Content Platform node as n8n sees it, in one screen: read from the committed
 * rendered snapshot (test/snapshots/ContentPlatform.node.json, the description as n8n renders it:
 * `npm run snapshot:update` rewrites it), not from the sources, so it shows what the builders under
 * nodes/ContentPlatform/builders and nodes/api/properties produced.
 *
 *   npm run describe -- <resource> <operation>
 *   npm run describe -- order getAll
 *   npm run describe -- Order "Get Many"
 *
 * Resource and operation are matched by value or display name, case-insensitive (spaces and
 * punctuation ignored). Printed: the operation option's own routing (method, URL, preSend,
 * postReceive, pagination, as the snapshot names them), then every field n8n shows for that
 * resource and operation, in the editor's order: name, type, default, label, required, display
 * conditions other than resource/operation, its options' values, its routing (send: type, property,
 * value); a collection's or fixed collection's fields one level further in.
 *
 * Exit codes: 0 printed; 2 unknown resource or operation (the valid ones are listed), bad arguments
 * or no snapshot.
 */
const fs = require('node:fs');
const path = require('node:path');

/** The committed rendered description of the action node (test/snapshot.test.ts writes it). */
const SNAPSHOT = path.join(__dirname, '..', 'test', 'snapshots', 'ContentPlatform.node.json');

/** How long a printed default may be before it is cut (routing values are printed whole). */
const MAX_DEFAULT = 120;

/** A user-typed name or value, compared without case, spaces or punctuation. */
const norm = (text) =>
	String(text)
		.toLowerCase()
		.replace(/[^a-z0-9]/g, '');

/** The option of a list whose value or name matches what the user typed, or undefined. */
const pick = (options, typed) => options.find((o) => norm(o.value) === norm(typed) || norm(o.name) === norm(typed));

/**
 * A hook as the snapshot renders it (`[function hook_toItems]`) by its name (`toItems`); an
 * anonymous function (`[function hook]`, e.g. a closure a builder made) as `(unnamed hook)`.
 */
function hookName(value) {
	const match = typeof value === 'string' ? /^\[function hook(?:_(.+))?\]$/.exec(value) : null;
	if (!match) return short(value);
	return match[1] ?? '(unnamed hook)';
}

/** A value printed compactly: strings as written (expressions stay readable), others as JSON; cut at max characters. */
function short(value, max = Infinity) {
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

/** A property's display conditions as `returnAll = false`, `not include exists`; resource/operation left out when at the top level. */
function conditions(displayOptions, topLevel) {
	const parts = [];
	for (const [mode, rules] of Object.entries(displayOptions ?? {})) {
		for (const [field, values] of Object.entries(rules)) {
			if (topLevel && (field === 'resource' || field === 'operation')) continue;
			const shown = (Array.isArray(values) ? values : [values]).map((v) =>
				v !== null && typeof v === 'object' && v._cnd
					? Object.entries(v._cnd)
							.map(([op, arg]) => (op === 'exists' ? 'exists' : `${op} ${short(arg)}`))
							.join(' and ')
					: `= ${short(v)}`,
			);
			parts.push(`${mode === 'hide' ? 'not ' : ''}${field} ${shown.join(' or ')}`);
		}
	}
	return parts;
}

/** Whether a display rule on `resource`/`operation` (or `/resource`, `/operation` from a nested field) admits the chosen ones. */
function admits(displayOptions, chosen) {
	for (const [mode, rules] of Object.entries(displayOptions ?? {})) {
		for (const [field, values] of Object.entries(rules)) {
			const key = field.replace(/^\//, '');
			if (!(key in chosen) || !Array.isArray(values)) continue;
			const hit = values.includes(chosen[key]);
			if ((mode === 'show' && !hit) || (mode === 'hide' && hit)) return false;
		}
	}
	return true;
}

/** The lines of one routing block (`request: GET /orders`, `send: query sort = …`, `preSend: prepareRequest`). */
function routingLines(routing) {
	const lines = [];
	const { request = {}, send = {}, output = {}, operations = {} } = routing ?? {};
	if (request.method || request.url) lines.push(`request: ${[request.method, request.url].filter(Boolean).join(' ')}`);
	for (const [key, value] of Object.entries(request)) {
		if (key !== 'method' && key !== 'url') lines.push(`request.${key}: ${short(value)}`);
	}
	if (send.type || send.property || 'value' in send)
		lines.push(
			`send: ${[send.type, send.property].filter(Boolean).join(' ')}${'value' in send ? ` = ${short(send.value)}` : ''}`,
		);
	if (send.preSend) lines.push(`preSend: ${send.preSend.map(hookName).join(', ')}`);
	if (send.paginate !== undefined) lines.push(`paginate: ${short(send.paginate)}`);
	for (const [key, value] of Object.entries(send)) {
		if (!['type', 'property', 'value', 'preSend', 'paginate'].includes(key)) lines.push(`send.${key}: ${short(value)}`);
	}
	if (output.postReceive) lines.push(`postReceive: ${output.postReceive.map(hookName).join(', ')}`);
	for (const [key, value] of Object.entries(output)) {
		if (key !== 'postReceive') lines.push(`output.${key}: ${short(value)}`);
	}
	if (operations.pagination) lines.push(`pagination: ${hookName(operations.pagination)}`);
	return lines;
}

/** The lines of one field and, indented, the fields it holds; nested fields hidden by `/operation` rules are left out. */
function fieldLines(field, chosen, indent, topLevel) {
	const head = [`${field.name}  ${field.type}`];
	if ('default' in field) head.push(`= ${short(JSON.stringify(field.default), MAX_DEFAULT)}`);
	if (field.displayName) head.push(`[${field.displayName}]`);
	if (field.required) head.push('required');
	const lines = [indent + head.join('  ')];
	const more = `${indent}    `;
	const shownWhen = conditions(field.displayOptions, topLevel);
	if (shownWhen.length) lines.push(`${more}shown when: ${shownWhen.join('; ')}`);
	if (field.modes)
		lines.push(
			`${more}modes: ${field.modes
				.map((m) => (m.typeOptions?.searchListMethod ? `${m.name} (${m.typeOptions.searchListMethod})` : m.name))
				.join(', ')}`,
		);
	if ((field.type === 'options' || field.type === 'multiOptions') && Array.isArray(field.options))
		lines.push(`${more}options: ${field.options.map((o) => short(o.value)).join(' | ')}`);
	const typeOptions = field.typeOptions ?? {};
	if (typeOptions.loadOptionsMethod) lines.push(`${more}options loaded by: ${typeOptions.loadOptionsMethod}`);
	if (typeOptions.resourceMapper)
		lines.push(
			`${more}mapped by: ${typeOptions.resourceMapper.resourceMapperMethod}` +
				(typeOptions.loadOptionsDependsOn ? ` (depends on ${typeOptions.loadOptionsDependsOn.join(', ')})` : ''),
		);
	const limits = Object.entries(typeOptions).filter(
		([key]) => !['loadOptionsMethod', 'loadOptionsDependsOn', 'resourceMapper'].includes(key),
	);
	if (limits.length)
		lines.push(`${more}typeOptions: ${limits.map(([key, value]) => `${key} ${short(value)}`).join(', ')}`);
	lines.push(...routingLines(field.routing).map((line) => more + line));
	if (field.type === 'collection' && Array.isArray(field.options)) {
		for (const inner of field.options)
			if (admits(inner.displayOptions, chosen)) lines.push(...fieldLines(inner, chosen, `${indent}  `, false));
	}
	if (field.type === 'fixedCollection' && Array.isArray(field.options)) {
		for (const group of field.options) {
			lines.push(`${indent}  ${group.name}  (group)  [${group.displayName}]`);
			for (const inner of group.values ?? [])
				if (admits(inner.displayOptions, chosen)) lines.push(...fieldLines(inner, chosen, `${indent}    `, false));
		}
	}
	return lines;
}

/** A failure the CLI reports with exit 2 (its message lists what is valid). */
class UsageError extends Error {}

/**
 * The printed view of one operation: `snapshot` is the parsed rendered description
 * ({ description: { properties } }), resource and operation as typed. Returns the lines.
 * Throws UsageError listing the resources (or the resource's operations) when one is unknown.
 */
function describeOperation(snapshot, resourceTyped, operationTyped) {
	const properties = snapshot.description.properties;
	const resources = properties.find((p) => p.name === 'resource').options;
	const list = (options) => options.map((o) => `  ${o.value}  (${o.name})`).join('\n');
	const resource = pick(resources, resourceTyped);
	if (!resource) throw new UsageError(`unknown resource "${resourceTyped}"; the resources:\n${list(resources)}`);
	const operationProp = properties.find(
		(p) => p.name === 'operation' && admits(p.displayOptions, { resource: resource.value }),
	);
	const operation = pick(operationProp.options, operationTyped ?? '');
	if (!operation)
		throw new UsageError(
			`unknown operation "${operationTyped ?? ''}" of ${resource.name}; its operations:\n${list(operationProp.options)}`,
		);
	const chosen = { resource: resource.value, operation: operation.value };
	const lines = [
		`${resource.name} → ${operation.name}  (resource ${resource.value}, operation ${operation.value})`,
		`  ${operation.action ?? ''}${operation.description ? `: ${operation.description}` : ''}`,
		'',
		'routing of the operation option:',
		...routingLines(operation.routing).map((line) => `  ${line}`),
		'',
		'fields, in the order the editor shows them (name  type  = default  [label]):',
	];
	for (const field of properties) {
		if (field.name === 'resource' || field === operationProp || field.name === 'operation') continue;
		if (!admits(field.displayOptions, chosen)) continue;
		lines.push(...fieldLines(field, chosen, '  ', true));
	}
	return lines;
}

/** The CLI: `<resource> <operation>`; returns the exit code (0 printed, 2 unknown or unreadable). */
function main(argv, out = process.stdout, err = process.stderr) {
	if (argv.length !== 2) {
		err.write('usage: npm run describe -- <resource> <operation>   (e.g. order getAll, Order "Get Many")\n');
		return 2;
	}
	let snapshot;
	try {
		snapshot = JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8'));
	} catch (error) {
		err.write(`describe: cannot read ${SNAPSHOT} (${error.message})\n`);
		return 2;
	}
	try {
		out.write(`${describeOperation(snapshot, argv[0], argv[1]).join('\n')}\n`);
		return 0;
	} catch (error) {
		if (!(error instanceof UsageError)) throw error;
		err.write(`describe: ${error.message}\n`);
		return 2;
	}
}

module.exports = { describeOperation, main, SNAPSHOT, UsageError };

if (require.main === module) process.exitCode = main(process.argv.slice(2));
