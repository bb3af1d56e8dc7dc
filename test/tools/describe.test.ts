/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test: runs the CLI (child process) on the committed snapshot */
/**
 * scripts/describe.js (`npm run describe -- <resource> <operation>`): one operation as n8n sees it,
 * read from the committed rendered snapshot test/snapshots/ContentPlatform.node.json. Order → Get
 * Many: the operation option's routing, its filters, sort, fields and their routing, by value or by
 * display name alike; an unknown resource or operation exits 2 with the valid ones listed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

import { describeOperation, SNAPSHOT, UsageError } from '../../scripts/describe';

const SCRIPT = path.join(__dirname, '..', '..', 'scripts', 'describe.js');
const snapshot = JSON.parse(readFileSync(SNAPSHOT, 'utf8'));
const runScript = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });

describe('describe: one operation from the rendered snapshot', () => {
	const lines: string[] = describeOperation(snapshot, 'order', 'getAll');

	it('Order → Get Many: the operation option routing first (GET /orders, its hooks by name, pagination)', () => {
		expect(lines[0]).toBe('Order → Get Many  (resource order, operation getAll)');
		const start = lines.indexOf('routing of the operation option:');
		expect(lines.slice(start + 1, start + 5)).toEqual([
			'  request: GET /orders',
			'  preSend: prepareRequest',
			'  paginate: true',
			'  pagination: runRequest',
		]);
		expect(start).toBeLessThan(lines.findIndex((line) => line.startsWith('fields')));
	});

	it('Order → Get Many: Limit with its condition, the filters, sort and fields with their query routing, nested one level', () => {
		const text = lines.join('\n');
		expect(text).toContain(
			[
				'  limit  number  = 50  [Limit]',
				'      shown when: returnAll = false',
				'      typeOptions: minValue 1',
				'      output.maxResults: ={{ $value }}',
			].join('\n'),
		);
		expect(text).toContain(
			[
				'  filters  collection  = {}  [Filters]',
				'    customer_id  string  = ""  [Customer ID]',
				'        send: query filter[customer_id] = ={{ String($value) }}',
			].join('\n'),
		);
		expect(text).toContain('        send: query filter[fulfilled_at_null] = ={{ $value ? "true" : "false" }}');
		expect(text).toContain(
			[
				'    site_id  resourceLocator  = {"mode":"list","value":""}  [Site ID]',
				'        modes: list (searchSites), id',
				'        send: query filter[site_id] = ={{ String($value).trim() }}',
			].join('\n'),
		);
		expect(text).toContain(
			[
				'    sort  options  = "created_at"  [Sort By]',
				'        options: created_at | fulfilled_at | order_number',
				'        send: query sort = ={{ ($parameter.options.sortDirection === "descending" ? "-" : "") + $value }}',
			].join('\n'),
		);
		expect(text).toContain('    fields  multiOptions  = []  [Fields]');
		expect(text).toContain('        send: query fields[orders] = ={{ $value.length ? $value.join(",") : undefined }}');
		// Only Get Many's fields: Get's locator and Include Related are not shown.
		expect(text).not.toContain('orderId');
		expect(text).not.toContain('[Include Related]');
		// A nested field hidden by a /operation rule is shown for Get Many, left out for Get.
		expect(text).toContain('    parallelPages  number  = 4  [Parallel Page Requests]');
		expect(describeOperation(snapshot, 'order', 'get').join('\n')).not.toContain('parallelPages');
	});

	it('by value or display name, any case: the same view', () => {
		expect(describeOperation(snapshot, 'Order', 'Get Many')).toEqual(lines);
		expect(describeOperation(snapshot, 'ORDER', 'getall')).toEqual(lines);
	});

	it('an unknown operation or resource is refused with the valid ones listed', () => {
		expect(() => describeOperation(snapshot, 'order', 'create')).toThrow(UsageError);
		expect(() => describeOperation(snapshot, 'invoice', 'get')).toThrow(/unknown resource "invoice"/);
	});
});

describe('describe: the CLI (npm run describe -- <resource> <operation>)', () => {
	it('exit 0 and the view for Order "Get Many"', () => {
		const result = runScript('Order', 'Get Many');
		expect(result.status).toBe(0);
		expect(result.stdout.split('\n')).toEqual([...describeOperation(snapshot, 'order', 'getAll'), '']);
	});

	it('an unknown operation: exit 2, the resource operations listed', () => {
		const result = runScript('order', 'create');
		expect(result.status).toBe(2);
		expect(result.stdout).toBe('');
		expect(result.stderr).toBe(
			'describe: unknown operation "create" of Order; its operations:\n  get  (Get)\n  getAll  (Get Many)\n',
		);
	});

	it('an unknown resource: exit 2, every resource listed; wrong arguments: exit 2 with the usage', () => {
		const result = runScript('invoice', 'get');
		expect(result.status).toBe(2);
		const resources = snapshot.description.properties.find((p: { name: string }) => p.name === 'resource').options;
		for (const { name, value } of resources) expect(result.stderr).toContain(`\n  ${value}  (${name})`);
		const usage = runScript('order');
		expect(usage.status).toBe(2);
		expect(usage.stderr).toContain('usage: npm run describe -- <resource> <operation>');
	});
});
