/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- tests read the spec document */
/**
 * Every endpoint of the supplement is reachable: reads spec/platform-api-supplement.md itself,
 * sections 1-4 (the endpoint headings, their query tables and "Query" bullets, and the section-4
 * table) and section 9 (its `####` endpoint headings, query tables and query lines), and walks the
 * node's description. Fails if one of its 45 endpoints has no operation whose request uses that
 * method and path, or a query parameter it lists has no field that sends it.
 *
 * The operation of an endpoint is found by its request (method, and the URL of the operation or
 * of its record locator), not by description texts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodePropertyOptions } from 'n8n-workflow';

import { runRequest } from '../nodes/ContentPlatform/routing/request';
import { NODE_PROPERTIES, propertiesOf, fieldsOf } from './helpers/fixtures';

const TEXT = readFileSync(join(__dirname, '..', 'spec', 'platform-api-supplement.md'), 'utf8');
const SECTIONS = TEXT.slice(TEXT.indexOf('## 1. '), TEXT.indexOf('## 5. '));
const SECTION_9 = TEXT.slice(TEXT.indexOf('## 9. '));

interface SupplementEndpoint {
	method: string;
	/** Path relative to /v1 with every path parameter written `{id}`. */
	path: string;
	params: Set<string>;
	sortKeys: string[];
}

const normalize = (path: string) => path.replace(/^\/v1/, '').replace(/\{[a-z_]+\}/g, '{id}');
const ticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
const QUERY_PARAM = /^(include|sort|fields\[[a-z_]+\]|page\[(?:number|size)\]|filter\[[a-z_]+\](?:\[\])?)$/;

/** Endpoints of sections 1-3: `### METHOD[ | METHOD] /v1/path[ | /suffix]` headings, grant tables, query tables and bullets. */
function headedEndpoints(): SupplementEndpoint[] {
	const endpoints: SupplementEndpoint[] = [];
	const blocks = SECTIONS.split(/\n### /).slice(1);
	let previousMethods: string[] = [];
	for (const block of blocks) {
		const heading = block.split('\n')[0];
		const body = block.slice(heading.length);
		const path = /(\/v1\/[^\s|]+)/.exec(heading)?.[1];
		if (!path) continue;
		let methods = [...heading.matchAll(/\b(GET|POST|PATCH|DELETE)\b/g)].map((m) => m[1]);
		if (methods.length === 0) methods = [...body.matchAll(/^\| (GET|POST|PATCH|DELETE) \|/gm)].map((m) => m[1]);
		// "Same four on customers": the methods of the section before.
		if (methods.length === 0 && heading.startsWith('Same four')) methods = previousMethods;
		previousMethods = methods;
		const suffixes = [...heading.matchAll(/\| (\/[a-z_]+)/g)].map((m) => m[1]);
		const paths = [path, ...suffixes.map((suffix) => path.replace(/\/[a-z_]+$/, suffix))];
		const queryLines = body.split('\n').filter((line) => /^\| `/.test(line) || /Query/.test(line));
		const params = new Set(
			queryLines
				.flatMap((line) =>
					ticked(
						line
							.split(/ \| /)
							.slice(0, 2)
							.join(' ')
							.replace(/\(string;[^)]*\)/g, ''),
					),
				)
				.filter((p) => QUERY_PARAM.test(p)),
		);
		const sortLine = queryLines.find((line) => line.startsWith('| `sort`')) ?? '';
		const sortKeys = sortLine.includes('prose list:')
			? sortLine
					.split('prose list:')[1]
					.split('|')[0]
					.split(',')
					.map((key) => key.trim())
			: ticked(sortLine.split(' | ').slice(2).join(' '));
		for (const method of methods) {
			for (const p of paths)
				endpoints.push({ method, path: normalize(p), params: method === 'GET' ? params : new Set(), sortKeys });
		}
	}
	return endpoints;
}

/** Endpoints of section 4's table: `| METHOD /v1/path | params | sort keys | ...`. */
function tableEndpoints(): SupplementEndpoint[] {
	return [...SECTIONS.matchAll(/^\| (GET|POST|PATCH|DELETE) (\/v1\/[^ ]+) \| ([^|]*) \| ([^|]*) \|/gm)].map((m) => {
		const params = new Set(
			m[3]
				.replace(/\([^)]*\)/g, '')
				.split(',')
				.map((p) => p.replace(/`/g, '').trim())
				.filter((p) => QUERY_PARAM.test(p)),
		);
		return { method: m[1], path: normalize(m[2]), params, sortKeys: ticked(m[4]).filter((key) => !key.includes(' ')) };
	});
}

/**
 * Endpoints of section 9: `#### GET /v1/path (L123)` headings (and `### 9.5 API version: GET /v1/version`); parameters from the first column of
 * the query tables and from the lines that name a query ("Query: …", "query `…`"), not from prose-only lines.
 */
function section9Endpoints(): SupplementEndpoint[] {
	return SECTION_9.split(/\n#{3,4} /)
		.slice(1)
		.filter((block) => /\b(GET|POST|PATCH|DELETE) \/v1\//.test(block.split('\n')[0]))
		.map((block) => {
			const [heading, ...lines] = block.split('\n');
			const [, method, path] = /\b(GET|POST|PATCH|DELETE) (\/v1\/\S+)/.exec(heading)!;
			const end = lines.findIndex((line) => line.startsWith('#'));
			const body = end < 0 ? lines : lines.slice(0, end);
			const tableCells = body.filter((line) => /^\| `/.test(line)).map((line) => line.split(' | ')[0]);
			const queryLines = body.filter((line) => /\bquery\b/i.test(line) && !/^- Prose/.test(line));
			const params = new Set(
				[...tableCells, ...queryLines.map((line) => line.replace(/\(string; key[^)]*\)/g, ''))]
					.flatMap(ticked)
					.filter((p) => QUERY_PARAM.test(p)),
			);
			const sortLine = [...body.filter((line) => line.startsWith('| `sort`')), ...queryLines].join(' ');
			const declared =
				/`sort`[^|]*\| [^|]*\| [^|]*\| ([^|]*)\|/.exec(sortLine)?.[1] ?? /key `([a-z_]+)`/.exec(sortLine)?.[0] ?? '';
			const prose = [...sortLine.matchAll(/prose example `-?([a-z_]+)`/g)].map((m) => m[1]);
			const sortKeys = [...ticked(declared).filter((key) => /^[a-z_]+$/.test(key) && key !== 'sort'), ...prose];
			return { method, path: normalize(path), params, sortKeys };
		});
}

const ENDPOINTS = [...headedEndpoints(), ...tableEndpoints(), ...section9Endpoints()];

/**
 * Sort keys the node leaves out on purpose (README "Where the supplement is silent or
 * contradicts itself"): tags have no email, the prose's `email` sort key is a slip.
 */
const OMITTED_SORT_KEYS: Record<string, string[]> = { '/contact_tags': ['email'] };

/** The request path of an operation: its own URL, or its record locator's URL with the ID written `{id}`. */
function requestPath(resource: string, operation: string, option: INodePropertyOptions): string | undefined {
	const url = option.routing?.request?.url;
	if (typeof url === 'string') return url;
	const locator = propertiesOf(resource, operation).find(
		(p) => p.type === 'resourceLocator' && p.routing?.request?.url,
	);
	return String(locator?.routing?.request?.url ?? '')
		.replace(/^=/, '')
		.replace(/\{\{.*?\}\}/g, '{id}');
}

/**
 * Operations made of several requests (the contact found by email, docs/operations.md): their
 * request is decided per item, so they are not the operation of an endpoint.
 */
const FIND_OR_CREATE = ['upsert', 'grantOffersByEmail', 'revokeOffersByEmail'];

/** Every operation of the node with its method and path. */
const OPERATIONS = NODE_PROPERTIES.filter((p) => p.name === 'operation')
	.flatMap((property) => {
		const resource = (property.displayOptions!.show!.resource as string[])[0];
		return (property.options as INodePropertyOptions[]).map((option) => ({
			resource,
			operation: String(option.value),
			option,
			method: String(option.routing?.request?.method ?? ''),
			path: requestPath(resource, String(option.value), option),
		}));
	})
	.filter((o) => !FIND_OR_CREATE.includes(o.operation));

function supplementQueryOf(resource: string, operation: string, option: INodePropertyOptions): Set<string> {
	const sent = new Set(
		fieldsOf(resource, operation)
			.filter((f) => f.routing?.send?.type === 'query')
			.map((f) => f.routing?.send?.property)
			.filter((p): p is string => typeof p === 'string'),
	);
	if (option.routing?.send?.paginate === true && option.routing?.operations?.pagination === runRequest) {
		sent.add('page[number]');
		sent.add('page[size]');
	}
	return sent;
}

test('sections 1-4 and 9 of the supplement list 45 endpoints (8 + 11 + 5 + 12 + 9), each once', () => {
	expect(ENDPOINTS).toHaveLength(45);
	expect(new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`)).size).toBe(45);
});

test('section 9 is read: its nine endpoints and their query parameters', () => {
	const nine = section9Endpoints();
	expect(nine.map((e) => `${e.method} ${e.path} ${[...e.params].sort().join(',')} ${e.sortKeys.join(',')}`)).toEqual([
		'GET /custom_fields fields[custom_fields],filter[required_eq],filter[site_id],filter[title_cont],filter[type_eq],page[number],page[size],sort title,handle,type,required',
		'GET /custom_fields/{id} fields[custom_fields] ',
		'GET /landing_pages fields[landing_pages],filter[published],filter[title_cont],page[number],page[size],sort title,publish_at',
		'GET /landing_pages/{id} fields[landing_pages] ',
		'GET /website_pages fields[website_pages],page[number],page[size],sort created_at',
		'GET /website_pages/{id} fields[website_pages] ',
		'GET /kajabi_payments_payouts filter[end_date],filter[site_id],filter[start_date],filter[status],page[number] ',
		'GET /kajabi_payments_payouts/{id} filter[site_id] ',
		'GET /version  ',
	]);
});

describe.each(ENDPOINTS.map((e) => [`${e.method} /v1${e.path}`, e] as const))('%s', (_name, endpoint) => {
	const found = OPERATIONS.filter((o) => o.method === endpoint.method && o.path === endpoint.path);

	test('has exactly one operation with this method and path', () => {
		expect(found.map((o) => `${o.resource}.${o.operation}`)).toHaveLength(1);
	});

	test('has a field for every query parameter and every sort key', () => {
		const { resource, operation, option } = found[0];
		const sent = supplementQueryOf(resource, operation, option);
		expect([...endpoint.params].filter((param) => !sent.has(param))).toEqual([]);
		if (endpoint.params.has('sort')) {
			const sort = fieldsOf(resource, operation).find((f) => f.name === 'sort');
			const offered = ((sort?.options ?? []) as INodePropertyOptions[]).map((o) => String(o.value));
			const wanted = endpoint.sortKeys.filter((key) => !(OMITTED_SORT_KEYS[endpoint.path] ?? []).includes(key));
			expect(wanted.filter((key) => !offered.includes(key))).toEqual([]);
		}
	});
});

test('every query parameter of the supplement is covered (counts)', () => {
	const listed = ENDPOINTS.flatMap((e) => [...e.params].map((p) => `${e.method} ${e.path} ${p}`));
	const covered = ENDPOINTS.flatMap((e) => {
		const o = OPERATIONS.find((op) => op.method === e.method && op.path === e.path);
		if (!o) return [];
		const sent = supplementQueryOf(o.resource, o.operation, o.option);
		return [...e.params].filter((p) => sent.has(p)).map((p) => `${e.method} ${e.path} ${p}`);
	});
	expect(covered).toEqual(listed);
	expect(listed).toHaveLength(SUPPLEMENT_PARAMETER_COUNT);
});

/**
 * Query parameters the supplement lists per endpoint: tags 6 + offers 7 + offer 2 + purchases 10
 * + purchase 1 + courses 8 + forms 6 + blog posts 5 + notes 5 + note 2 + sites 6 + site 1
 * + products 9 + product 1 (sections 1-4: 69), custom fields 8 + 1, landing pages 6 + 1, website
 * pages 4 + 1, payouts 5 + 1, version 0 (section 9: 27).
 */
const SUPPLEMENT_PARAMETER_COUNT = 96;
