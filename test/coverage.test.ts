/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test reads the spec document */
/**
 * Coverage of the API spec (issue 2): reads spec/content-platform-api.md itself (the endpoint
 * summary table, each endpoint's query parameters and the shared filter table) and fails if an
 * endpoint has no operation in the node, or a listed query parameter, sort key or include name
 * has no field in the node's description.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { ContentPlatform } from '../nodes/ContentPlatform/ContentPlatform.node';

const spec = readFileSync(join(__dirname, '..', 'spec', 'content-platform-api.md'), 'utf8');
const properties = new ContentPlatform().description.properties;

interface SpecEndpoint {
	method: string;
	path: string;
	/** Query parameter names as sent (`include`, `sort`, `fields[orders]`, `filter[site_id]`, ...). */
	params: Set<string>;
	sortKeys: string[];
	includes: string[];
}

function section(title: string): string {
	const start = spec.indexOf(title);
	const end = spec.indexOf('\n### ', start + title.length);
	return spec.slice(start, end === -1 ? undefined : end);
}

const sharedFilters = [...section('### Shared filters').matchAll(/^\| ([a-z_0-9, ]+) \|/gm)]
	.flatMap((m) => m[1].split(','))
	.map((name) => name.trim())
	.filter((name) => name && name !== 'Names');

const summary = [...section('Summary:').matchAll(/^\| (GET|POST|PATCH) \| (\/v1\/[^ ]+) \|/gm)].map((m) => ({ method: m[1], path: m[2] }));

function listAfter(text: string, marker: RegExp): string[] {
	const match = marker.exec(text);
	if (!match) return [];
	return match[1]
		.replace(/^(allowed|may hold|for example):?\s*/, '')
		.split(/,\s*/)
		.map((w) => w.trim())
		.filter((w) => /^[a-z_.]+$/.test(w) && !['string', 'integer', 'number'].includes(w));
}

const endpoints: SpecEndpoint[] = summary.map(({ method, path }) => {
	const text = section(`### ${method} ${path}\n`);
	const queryText = text
		.split('\n')
		.filter((line) => /^(- )?Query/.test(line))
		.join('\n');
	const params = new Set([...queryText.matchAll(/`((?:include|sort|fields\[[a-z_]+\]|page\[(?:number|size)\]|filter\[[a-z_]+\]))`/g)].map((m) => m[1]));
	if (/shared filter table|same filters as contacts/.test(queryText)) for (const name of sharedFilters) params.add(`filter[${name}]`);
	return {
		method,
		path,
		params,
		sortKeys: params.has('sort') ? listAfter(queryText, /`sort` \(([^)]*)\)/) : [],
		includes: params.has('include') ? listAfter(queryText, /`include` \(([^)]*)\)/) : [],
	};
});

/** The node properties shown for one resource/operation, collections' options included. */
function fieldsOf(resource: string, operation: string): INodeProperties[] {
	const shown = properties.filter((p) => {
		const show = p.displayOptions?.show;
		if (!show) return false;
		return (show.resource as string[] | undefined)?.includes(resource) && (show.operation as string[] | undefined)?.includes(operation);
	});
	return shown.flatMap((p) => [p, ...((p.options ?? []) as INodeProperties[]).filter((o) => 'displayName' in o && 'type' in o)]);
}

function operationFor(method: string, path: string): { resource: string; option: INodePropertyOptions } | undefined {
	for (const property of properties.filter((p) => p.name === 'operation')) {
		const option = (property.options as INodePropertyOptions[]).find((o) => o.description?.endsWith(`(${method} ${path})`));
		if (option) return { resource: (property.displayOptions!.show!.resource as string[])[0], option };
	}
	return undefined;
}

test('the spec lists 20 endpoints and 70 shared filters', () => {
	expect(summary).toHaveLength(20);
	expect(sharedFilters).toHaveLength(70);
});

describe.each(endpoints)('$method $path', ({ method, path, params, sortKeys, includes }) => {
	test('has an operation, and a node field for every query parameter, sort key and include the spec lists', () => {
		const found = operationFor(method, path);
		expect(found).toBeDefined();
		const { resource, option } = found!;
		const fields = fieldsOf(resource, String(option.value));
		const sent = new Set(fields.map((f) => f.routing?.send?.property).filter((p): p is string => typeof p === 'string'));
		if (option.routing?.send?.paginate) {
			sent.add('page[number]');
			sent.add('page[size]');
		}
		const missing = [...params].filter((param) => !sent.has(param));
		expect(missing).toEqual([]);
		const options = (name: string) =>
			(fields.find((f) => f.name === name)?.options as INodePropertyOptions[] | undefined)?.map((o) => o.value) ?? [];
		expect(options('sort')).toEqual(expect.arrayContaining(sortKeys));
		expect(options('include')).toEqual(expect.arrayContaining(includes));
	});
});

test('every query parameter of the spec is covered (count)', () => {
	const pairs = endpoints.flatMap((e) => [...e.params].map((p) => `${e.method} ${e.path} ${p}`));
	const distinct = new Set(endpoints.flatMap((e) => [...e.params]));
	// Per endpoint as the spec lists them: 74 for each of the two person lists (70 shared filters,
	// sort, fields, page[number], page[size]), 57 for the other 18 endpoints.
	expect(pairs.length).toBe(205);
	// 70 shared filters, 17 other filters, 8 sparse fieldsets, include, sort, page[number], page[size].
	expect(distinct.size).toBe(99);
});
