/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test: writes fixture documents and runs the CLI (child process) */
/**
 * scripts/api-diff.js, the drift watch's comparison (.github/workflows/api-drift.yml): on fixtures
 * made here from the vendored document (spec/platform-openapi-v1.1.0.yaml) — the same document, an
 * added parameter, a removed operation, a changed schema — the structured diff, the summary's lines
 * and the CLI's exit codes (0 equal, 1 different, 2 unreadable input).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

import { diffDocuments, formatDiff, loadDocument, resolve, schemaDiff, VENDORED } from '../../scripts/api-diff';

const SCRIPT = path.join(__dirname, '..', '..', 'scripts', 'api-diff.js');
const vendored = loadDocument(VENDORED);
/** A fresh copy of the vendored document to change. */
const copy = () => JSON.parse(JSON.stringify(vendored));

let dir: string;
beforeAll(() => {
	dir = mkdtempSync(path.join(tmpdir(), 'api-diff-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a fixture (JSON, which the script reads as YAML) and runs the CLI on it. */
function cli(name: string, content: unknown) {
	const file = path.join(dir, name);
	writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
	const run = spawnSync(process.execPath, [SCRIPT, file], { encoding: 'utf8' });
	return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The fixture: GET /v1/orders gains an optional `filter[status]` query parameter. */
function withAddedParameter() {
	const doc = copy();
	doc.paths['/v1/orders'].get.parameters.push({
		name: 'filter[status]',
		in: 'query',
		required: false,
		schema: { type: 'string' },
	});
	return doc;
}

/** The fixture: DELETE /v1/contact_notes/{id} (whose `id` is a path-level parameter) is gone. */
function withRemovedOperation() {
	const doc = copy();
	delete doc.paths['/v1/contact_notes/{id}'].delete;
	return doc;
}

/** The fixture: an order's total_price_in_cents becomes a string (the shared orders_attributes schema). */
function withChangedSchema() {
	const doc = copy();
	doc.components.schemas.orders_attributes.properties.total_price_in_cents.type = 'string';
	return doc;
}

describe('api-diff: the structured diff and its summary', () => {
	it('the vendored document against itself: equal, 77 operations, a one-line verdict', () => {
		const diff = diffDocuments(vendored, copy());
		expect(diff).toEqual({
			equal: true,
			base: { title: 'Kajabi API V1', version: '1.1.0', operations: 77 },
			head: { title: 'Kajabi API V1', version: '1.1.0', operations: 77 },
			added: [],
			removed: [],
			changed: [],
		});
		expect(formatDiff(diff, { base: 'vendored', head: 'live' }).split('\n')).toEqual([
			'API drift: vendored (Kajabi API V1 1.1.0, 77 operations) → live (Kajabi API V1 1.1.0, 77 operations)',
			'No drift: same operations, parameters, request bodies and response schemas.',
		]);
	});

	it('an added parameter: that operation changed, the parameter named with where it goes, required and type', () => {
		const diff = diffDocuments(vendored, withAddedParameter());
		expect(diff.equal).toBe(false);
		expect(diff.added).toEqual([]);
		expect(diff.removed).toEqual([]);
		expect(diff.changed).toEqual([
			{
				key: 'GET /v1/orders',
				method: 'GET',
				path: '/v1/orders',
				parameters: {
					added: [{ in: 'query', name: 'filter[status]', required: false, type: 'string' }],
					removed: [],
					changed: [],
				},
				requestBody: [],
				responses: [],
			},
		]);
		const lines = formatDiff(diff).split('\n');
		expect(lines).toContain('Operations changed (1):');
		expect(lines).toContain('  GET /v1/orders');
		expect(lines).toContain('    parameter added: query filter[status] (optional, string)');
		expect(lines[lines.length - 1]).toBe('Drift: 0 operations added, 0 removed, 1 changed.');
	});

	it('a removed operation: listed as removed by method and path, nothing else', () => {
		const diff = diffDocuments(vendored, withRemovedOperation());
		expect(diff.removed).toEqual([
			{ key: 'DELETE /v1/contact_notes/{id}', method: 'DELETE', path: '/v1/contact_notes/{id}' },
		]);
		expect(diff.added).toEqual([]);
		expect(diff.changed).toEqual([]);
		expect(diff.head.operations).toBe(76);
		const lines = formatDiff(diff).split('\n');
		expect(lines).toContain('Operations removed (1):');
		expect(lines).toContain('  - DELETE /v1/contact_notes/{id}');
		expect(lines[lines.length - 1]).toBe('Drift: 0 operations added, 1 removed, 0 changed.');
	});

	it('a changed schema behind a $ref: every operation whose response uses it, with the JSON path that differs', () => {
		const diff = diffDocuments(vendored, withChangedSchema());
		expect(diff.changed.map((op: { key: string }) => op.key)).toEqual([
			'GET /v1/hooks/order_created_sample',
			'GET /v1/orders',
			'GET /v1/orders/{id}',
		]);
		const list = diff.changed.find((op: { key: string }) => op.key === 'GET /v1/orders')!;
		expect(list.parameters).toEqual({ added: [], removed: [], changed: [] });
		expect(list.requestBody).toEqual([]);
		expect(list.responses).toEqual([
			{
				status: '200',
				mediaType: 'application/vnd.api+json',
				change: 'changed',
				schema: [
					{
						path: '$.properties.data.items.properties.attributes.properties.total_price_in_cents.type',
						change: 'changed',
						before: 'integer',
						after: 'string',
					},
				],
			},
		]);
		const lines = formatDiff(diff).split('\n');
		expect(lines).toContain('  GET /v1/orders/{id}');
		expect(lines).toContain('    response 200 application/vnd.api+json schema changed:');
		expect(lines).toContain(
			'      $.properties.data.properties.attributes.properties.total_price_in_cents.type: "integer" → "string"',
		);
	});

	it('a parameter made required with a narrower schema, a request body field made required: changed, not added/removed', () => {
		const doc = copy();
		const size = doc.paths['/v1/orders'].get.parameters.find((p: { name: string }) => p.name === 'page[size]');
		size.required = true;
		size.schema.maximum = 50;
		// POST /v1/oauth/revoke's form body: required ["token"] → ["token", "client_id"]
		doc.paths['/v1/oauth/revoke'].post.requestBody.content['application/x-www-form-urlencoded'].schema.required.push(
			'client_id',
		);
		const diff = diffDocuments(vendored, doc);
		expect(diff.changed.map((op: { key: string }) => op.key)).toEqual(['POST /v1/oauth/revoke', 'GET /v1/orders']);
		const orders = diff.changed.find((op: { key: string }) => op.key === 'GET /v1/orders')!;
		expect(orders.parameters.changed).toEqual([
			{
				in: 'query',
				name: 'page[size]',
				required: { before: false, after: true },
				schema: [{ path: '$.maximum', change: 'added', after: 50 }],
			},
		]);
		const revoke = diff.changed.find((op: { key: string }) => op.key === 'POST /v1/oauth/revoke')!;
		expect(revoke.requestBody).toEqual([
			{
				mediaType: 'application/x-www-form-urlencoded',
				change: 'changed',
				schema: [{ path: '$.required', change: 'items', added: ['client_id'], removed: [] }],
			},
		]);
		const lines = formatDiff(diff).split('\n');
		expect(lines).toContain('    parameter changed: query page[size]');
		expect(lines).toContain('      required: false → true');
		expect(lines).toContain('      schema $.maximum: added 50');
		expect(lines).toContain('    request body application/x-www-form-urlencoded schema changed:');
		expect(lines).toContain('      $.required: + "client_id"');
	});

	it('descriptions and examples are not the contract: changing them is no drift', () => {
		const doc = copy();
		doc.paths['/v1/orders'].get.description = 'reworded';
		doc.components.schemas.orders_attributes.properties.created_at.description = 'reworded';
		doc.components.schemas.orders_attributes.properties.order_number.example = 42;
		expect(diffDocuments(vendored, doc).equal).toBe(true);
	});

	it('schemaDiff: plain-value arrays as sets, schema arrays by position, a recursive $ref compared as its text', () => {
		expect(schemaDiff({ enum: ['a', 'b'] }, { enum: ['b', 'c'] })).toEqual([
			{ path: '$.enum', change: 'items', added: ['c'], removed: ['a'] },
		]);
		expect(schemaDiff({ oneOf: [{ type: 'string' }] }, { oneOf: [{ type: 'integer' }, { type: 'null' }] })).toEqual([
			{ path: '$.oneOf[0].type', change: 'changed', before: 'string', after: 'integer' },
			{ path: '$.oneOf[1]', change: 'added', after: { type: 'null' } },
		]);
		expect(schemaDiff({ properties: { 'a b': 1 } }, { properties: {} })).toEqual([
			{ path: '$.properties["a b"]', change: 'removed', before: 1 },
		]);
		const tree = {
			components: {
				schemas: { node: { type: 'object', properties: { child: { $ref: '#/components/schemas/node' } } } },
			},
		};
		expect(resolve(tree, { $ref: '#/components/schemas/node' })).toEqual({
			type: 'object',
			properties: { child: { $ref: '#/components/schemas/node' } },
		});
	});
});

describe('api-diff: the CLI (npm run api:diff -- <file>)', () => {
	it('exit 0 and the verdict when the file is the vendored document', () => {
		const run = cli('same.json', copy());
		expect(run.status).toBe(0);
		expect(run.stdout).toContain('No drift');
	});

	it('exit 1 with the summary for each fixture', () => {
		const added = cli('added.json', withAddedParameter());
		expect(added.status).toBe(1);
		expect(added.stdout).toContain('    parameter added: query filter[status] (optional, string)\n');
		const removed = cli('removed.json', withRemovedOperation());
		expect(removed.status).toBe(1);
		expect(removed.stdout).toContain('  - DELETE /v1/contact_notes/{id}\n');
		const changed = cli('changed.json', withChangedSchema());
		expect(changed.status).toBe(1);
		expect(changed.stdout).toContain('Drift: 0 operations added, 0 removed, 3 changed.');
	});

	it('exit 2 with the reason on unreadable input: missing file, not YAML, no paths', () => {
		const missing = spawnSync(process.execPath, [SCRIPT, path.join(dir, 'nope.yaml')], { encoding: 'utf8' });
		expect(missing.status).toBe(2);
		expect(missing.stderr).toContain('cannot read (ENOENT)');
		const broken = cli('broken.yaml', 'paths: [\n');
		expect(broken.status).toBe(2);
		expect(broken.stderr).toContain('not YAML or JSON');
		const notOpenapi = cli('other.yaml', 'title: something else\n');
		expect(notOpenapi.status).toBe(2);
		expect(notOpenapi.stderr).toContain('no "paths" object');
		const usage = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
		expect(usage.status).toBe(2);
		expect(usage.stderr).toContain('usage: npm run api:diff');
	});
});
