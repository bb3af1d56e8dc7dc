/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- tests read the spec document */
/**
 * Shared helpers of the tests: the sandbox's jest lifecycle (`useSandbox`), the access-token
 * credential for it, a sandbox-bound `run` through n8n's engine, resource locator values, and the
 * API spec document (spec/content-platform-api.md) parsed into its
 * endpoints and query parameters, so tests compare the node with the document itself rather than
 * with the node's own tables (nodes/api/tables/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
	INodeParameterResourceLocator,
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { ContentPlatform } from '../../nodes/ContentPlatform/ContentPlatform.node';
import { RESOURCES } from '../../nodes/api/tables/registry';
import {
	createSandbox,
	type RecordedRequest,
	type ResourceRecord,
	type Sandbox,
	type SandboxOptions,
} from '../sandbox';
import { runNode, type NodeRunResult, type RunOptions } from './harness';

/** The JSON:API media type every request must accept and every body must be sent as. */
export const JSON_API = 'application/vnd.api+json';

/** A resource locator value, `{ __rl: true, mode, value }` (mode default `id`). */
export function rl(value: string, mode: string = 'id'): INodeParameterResourceLocator {
	return { __rl: true, mode, value };
}

/**
 * The IDs a sandbox record's to-many relationship `name` points to, in the stored order (`[]` when
 * the record has no such relationship or it is empty). Throws when the relationship is to-one.
 */
export function relatedIds(record: ResourceRecord, name: string): string[] {
	const data = record.relationships[name]?.data ?? [];
	if (!Array.isArray(data)) throw new Error(`${record.type} ${record.id}: ${name} is a to-one relationship`);
	return data.map((identifier) => identifier.id);
}

/** Options of {@link useSandbox}: the sandbox's own options plus when it starts and what is reset. */
export interface UseSandboxOptions extends SandboxOptions {
	/** A fresh sandbox for every test (beforeEach/afterEach) instead of one for the file (beforeAll/afterAll). */
	perTest?: boolean;
	/** Before every test, drop pending faults (`clearFaults`) and the request log (`clearRequests`). */
	clearBeforeEach?: boolean;
}

/**
 * Registers the jest hooks of a test file's sandbox (call it at the top level of the file):
 *
 * - `beforeAll` (`beforeEach` with `perTest`): starts a sandbox with `options` (its
 *   {@link SandboxOptions}: token, seed, ...) and calls `onStart` with it; the file keeps the
 *   sandbox in its own variable and does any extra setup (inserting records, ...) there;
 * - `afterAll` (`afterEach` with `perTest`): closes that sandbox;
 * - with `clearBeforeEach`, a `beforeEach` that calls `clearFaults()` and `clearRequests()`, so
 *   no test sees a fault or request of an earlier one.
 *
 * @example
 * let sandbox: Sandbox;
 * useSandbox((started) => { sandbox = started; }, { token: CANARY, clearBeforeEach: true });
 */
export function useSandbox(onStart: (sandbox: Sandbox) => void | Promise<void>, options: UseSandboxOptions = {}): void {
	const { perTest = false, clearBeforeEach = false, ...sandboxOptions } = options;
	let sandbox: Sandbox | undefined;
	(perTest ? beforeEach : beforeAll)(async () => {
		sandbox = await createSandbox(sandboxOptions);
		await onStart(sandbox);
	});
	(perTest ? afterEach : afterAll)(async () => {
		await sandbox?.close();
		sandbox = undefined;
	});
	if (clearBeforeEach) {
		beforeEach(() => {
			sandbox?.clearFaults();
			sandbox?.clearRequests();
		});
	}
}

/**
 * The node's credentials for a run against the sandbox with the access-token credential:
 * `{ contentPlatformApi: { baseUrl: sandbox.url, accessToken: token } }` (a credential store for
 * `runNode`, `callListSearch` or `TestCredentialsHelper`). `token` defaults to the sandbox's valid
 * token; pass another one to send a wrong token.
 */
export function accessTokenCredentials(
	sandbox: Sandbox,
	token: string = sandbox.token,
): { contentPlatformApi: ICredentialDataDecryptedObject & { baseUrl: string; accessToken: string } } {
	return { contentPlatformApi: { baseUrl: sandbox.url, accessToken: token } };
}

/**
 * Node parameters for one page at a time (Request Settings → Parallel Page Requests = 1), for the
 * tests of the sequential paging rules (exact pages requested, a 429 failing the read); parallel
 * page requests are tested in test/parallel-pages.test.ts.
 */
export const ONE_PAGE_AT_A_TIME = { requestSettings: { parallelPages: 1 } };

/** Options of {@link runWith}. */
export interface RunWithOptions {
	input?: IDataObject[];
	continueOnFail?: boolean;
	/** Access token to send (default: the sandbox's valid token). */
	token?: string;
	/** The node's settings (see `RunOptions.settings`). */
	settings?: RunOptions['settings'];
	/** The execution's ID (see `RunOptions.executionId`). */
	executionId?: string;
	/** Node type name without the package prefix (see `RunOptions.type`). */
	type?: string;
	/** Leave the sandbox's request log as it is (runs started together share it). */
	keepRequests?: boolean;
	/** Given the execution once it started (see `RunOptions.onExecution`: to cancel it). */
	onExecution?: RunOptions['onExecution'];
}

/**
 * Runs the Content Platform node once through WorkflowExecute against the sandbox, with the
 * access-token credential. Clears the sandbox's request log first, so `sandbox.requests` holds
 * the requests of this run only.
 */
export async function runWith(
	sandbox: Sandbox,
	parameters: INodeParameters,
	options: RunWithOptions = {},
): Promise<NodeRunResult> {
	if (!options.keepRequests) sandbox.clearRequests();
	return await runNode({
		parameters,
		credentials: accessTokenCredentials(sandbox, options.token),
		input: options.input,
		continueOnFail: options.continueOnFail,
		settings: options.settings,
		executionId: options.executionId,
		type: options.type,
		onExecution: options.onExecution,
	});
}

/** What a file's {@link nodeRunner} runs with besides each run's own: parameters under the run's, and {@link runWith}'s options. */
export interface RunnerDefaults {
	parameters?: INodeParameters;
	options?: RunWithOptions;
}

/**
 * A test file's way to run the node: {@link runWith} against the sandbox `sandbox()` gives at each
 * run (the one `useSandbox` started), with the file's defaults under each run's parameters and
 * options (for example {@link ONE_PAGE_AT_A_TIME}, or `keepRequests` for a file that reads the
 * requests of several runs). A second argument that is an array is the run's input items.
 */
export function nodeRunner(sandbox: () => Sandbox, defaults: RunnerDefaults = {}) {
	return async (
		parameters: INodeParameters | IDataObject,
		options: RunWithOptions | IDataObject[] = {},
	): Promise<NodeRunResult> => {
		const own = Array.isArray(options) ? { input: options } : options;
		return await runWith(
			sandbox(),
			{ ...defaults.parameters, ...(parameters as INodeParameters) },
			{ ...defaults.options, ...own },
		);
	};
}

/**
 * Runs the node with {@link runWith} and expects success: every request carried the JSON:API media
 * type as Accept and the token (the sandbox's, or the one the options give). Returns the requests (a copy) and the items' JSON.
 */
export async function runExpectingSuccess(
	sandbox: Sandbox,
	parameters: INodeParameters,
	input?: IDataObject[] | RunWithOptions,
) {
	const options = Array.isArray(input) ? { input } : (input ?? {});
	const result = await runWith(sandbox, parameters, options);
	expect(result.error).toBeUndefined();
	for (const request of sandbox.requests) {
		expect(request.headers.accept).toBe(JSON_API);
		expect(request.headers.authorization).toBe(`Bearer ${options.token ?? sandbox.token}`);
	}
	return { requests: [...sandbox.requests], items: result.items.map((item) => item.json) };
}

/** Runs the node with {@link runWith} and expects a failure: returns its message, description and the requests sent (a copy). */
export async function runExpectingFailure(sandbox: Sandbox, parameters: INodeParameters, options?: RunWithOptions) {
	const result = await runWith(sandbox, parameters, options);
	expect(result.error).toBeDefined();
	return {
		message: String(result.error?.message),
		description: String(result.error?.description ?? ''),
		requests: [...sandbox.requests],
	};
}

/** A request as `METHOD /raw/path`, for comparing which requests were sent. */
export function wire(request: RecordedRequest): string {
	return `${request.method} ${request.rawPath}`;
}

/** The sandbox's requests to the API (paths under `/v1/`), not its other routes. */
export function apiRequestsOf(sandbox: Sandbox): RecordedRequest[] {
	return sandbox.requests.filter((r) => r.rawPath.startsWith('/v1/'));
}

/** The query string pieces `key=value` as sent, sorted (the order of parameters carries no meaning). */
export function queryPieces(request: RecordedRequest): string[] {
	return request.rawQuery === '' ? [] : request.rawQuery.split('&').sort();
}

/**
 * The expected encoded query string pieces of a decoded query, sorted: `encodeURIComponent` of
 * key and value (brackets as `%5B`/`%5D`, commas as `%2C`), the encoding n8n's HTTP helper uses.
 */
export function encodedPieces(query: Record<string, string | number | boolean>): string[] {
	return Object.entries(query)
		.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
		.sort();
}

/** The spec document, read once. */
export const SPEC_TEXT = readFileSync(join(__dirname, '..', '..', 'spec', 'content-platform-api.md'), 'utf8');

/** Spec-declared value type of a query parameter, when the spec states one. */
export type SpecParamType = 'boolean' | 'integer' | 'date' | 'string';

/** One row of the spec's endpoint summary table with what its section lists as query. */
export interface SpecEndpoint {
	method: 'GET' | 'POST' | 'PATCH';
	/** Path as the spec writes it, for example `/v1/orders/{id}`. */
	path: string;
	/** Query parameter names as sent: `include`, `sort`, `fields[orders]`, `page[number]`, `filter[site_id]`, ... */
	params: Set<string>;
	/** Sort keys the spec allows (or names as examples); [] when none are named. */
	sortKeys: string[];
	/** Include names the spec lists (or names as examples); [] when none are named. */
	includes: string[];
	/** Types the spec states for individual parameters (`filter[fulfilled_at_null]` → boolean, ...). */
	types: Record<string, SpecParamType>;
}

function section(title: string): string {
	const start = SPEC_TEXT.indexOf(title);
	if (start === -1) throw new Error(`Spec section not found: ${title}`);
	const end = SPEC_TEXT.indexOf('\n### ', start + title.length);
	return SPEC_TEXT.slice(start, end === -1 ? undefined : end);
}

/** The filter names of the spec's "Shared filters for GET /v1/contacts and GET /v1/customers" table. */
export const SHARED_FILTERS: string[] = [...section('### Shared filters').matchAll(/^\| ([a-z_0-9, ]+) \|/gm)]
	.flatMap((m) => m[1].split(','))
	.map((name) => name.trim())
	.filter((name) => name !== '' && name !== 'Names');

/**
 * Release 1.1.0 of the API (spec/platform-api-supplement.md section 10; the OpenAPI document wins
 * over the seed text): the contacts and customers filters it added (the product-ownership bullet)
 * and removed (the "Removed:" bullet), read from the supplement's own words.
 */
const SECTION_10 = readFileSync(join(__dirname, '..', '..', 'spec', 'platform-api-supplement.md'), 'utf8').split(
	'\n## 10.',
)[1];
function section10Filters(bullet: RegExp): string[] {
	const text = SECTION_10.split('\n- ').find((b) => bullet.test(b));
	if (!text) throw new Error(`Supplement section 10: no bullet ${String(bullet)}`);
	return [...text.matchAll(/`filter\[([a-z_]+)\]`/g)].map((m) => m[1]);
}
export const PERSON_FILTERS_ADDED_1_1_0 = section10Filters(/product-ownership filters/);
export const PERSON_FILTERS_REMOVED_1_1_0 = section10Filters(/^\*\*Removed:/);

/** The contacts and customers filters of release 1.1.0: the seed table's, less the removed, plus the added. */
export const PERSON_FILTERS_1_1_0: string[] = [
	...SHARED_FILTERS.filter((name) => !PERSON_FILTERS_REMOVED_1_1_0.includes(name)),
	...PERSON_FILTERS_ADDED_1_1_0,
];

/** The spec's endpoint summary table: method and path of the 20 endpoints. */
export const SPEC_SUMMARY = [...section('Summary:').matchAll(/^\| (GET|POST|PATCH) \| (\/v1\/[^ ]+) \|/gm)].map(
	(m) => ({
		method: m[1] as SpecEndpoint['method'],
		path: m[2],
	}),
);

/** Names in the parenthesis after a parameter: "(allowed: a, b)", "(may hold a, b)", "(for example a, b)", "(a field name such as title)". */
function namesAfter(text: string, parameter: string): string[] {
	const match = new RegExp(`\`${parameter}\` \\(([^)]*)\\)`).exec(text);
	if (!match) return [];
	const list = match[1].replace(/^.*?(allowed:|may hold|for example|such as)\s*/, '');
	return list
		.split(/,\s*/)
		.map((word) => word.trim())
		.filter((word) => /^[a-z_.]+$/.test(word) && !['string', 'strings', 'integer', 'number'].includes(word));
}

function typesOf(queryText: string): Record<string, SpecParamType> {
	const types: Record<string, SpecParamType> = {};
	for (const match of queryText.matchAll(/`(filter\[[a-z_]+\])` \((boolean|integer|number)\)/g)) {
		types[match[1]] = match[2] === 'boolean' ? 'boolean' : 'integer';
	}
	if (/dates are given as YYYY-MM-DD/.test(queryText)) {
		for (const match of queryText.matchAll(/`(filter\[[a-z_]*date\])`/g)) types[match[1]] = 'date';
	}
	return types;
}

/**
 * Every endpoint of the summary table with the query parameters its own section lists (the
 * contacts and customers filters as release 1.1.0 has them: `PERSON_FILTERS_1_1_0`).
 */
export const SPEC_ENDPOINTS: SpecEndpoint[] = SPEC_SUMMARY.map(({ method, path }) => {
	const text = section(`### ${method} ${path}\n`);
	const queryText = text
		.split('\n')
		.filter((line) => /^(- )?Query/.test(line))
		.join('\n');
	const params = new Set(
		[...queryText.matchAll(/`(include|sort|fields\[[a-z_]+\]|page\[(?:number|size)\]|filter\[[a-z_]+\])`/g)].map(
			(m) => m[1],
		),
	);
	if (/shared filter table|same filters as contacts/.test(queryText)) {
		for (const name of PERSON_FILTERS_1_1_0) params.add(`filter[${name}]`);
	}
	return {
		method,
		path,
		params,
		sortKeys: params.has('sort') ? namesAfter(queryText, 'sort') : [],
		includes: params.has('include') ? namesAfter(queryText, 'include') : [],
		types: typesOf(queryText),
	};
});

/** The resource type of a spec path: `/v1/order_items/{id}` → `order_items`. */
export function pathType(path: string): string {
	return path.split('/')[2];
}

/**
 * The attribute names the spec's "Resources and fields" tables give a resource type (the first
 * column of its table, comma lists split; `relationships.*` rows left out). Form submissions list
 * their attributes in prose.
 */
export function specAttributes(type: string): string[] {
	if (type === 'form_submissions') {
		const prose = /Attributes, all strings: ([^.]+)\./.exec(section('### form_submissions'))![1];
		return prose.split(/,\s*/).map((name) => name.trim());
	}
	const text = SPEC_TEXT.includes(`### ${type} `) ? section(`### ${type} `) : section(`### ${type}\n`);
	return [...text.matchAll(/^\| ([a-z_0-9, ]+) \|/gm)]
		.flatMap((m) => m[1].split(','))
		.map((name) => name.trim())
		.filter((name) => name !== '' && name !== 'Field');
}

/** The node's description properties (the action node, as n8n loads it). */
export const NODE_PROPERTIES: INodeProperties[] = new ContentPlatform().description.properties;

/**
 * The node operation that serves an endpoint (`path` as the spec writes it, with `/v1`): the spec
 * table's row for that method and path names the resource and operation, and the node must have
 * that option in the resource's `operation` property.
 */
export function nodeOperationFor(
	method: string,
	path: string,
): { resource: string; operation: string; option: INodePropertyOptions } | undefined {
	for (const resource of RESOURCES) {
		const endpoint = resource.endpoints.find((e) => e.method === method && `/v1${e.path}` === path);
		if (!endpoint) continue;
		const property = NODE_PROPERTIES.find(
			(p) =>
				p.name === 'operation' && (p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource.value),
		);
		const option = ((property?.options ?? []) as INodePropertyOptions[]).find((o) => o.value === endpoint.operation);
		if (option) return { resource: resource.value, operation: String(option.value), option };
	}
	return undefined;
}

/** The node properties shown for one resource and operation (top level, collections not opened). */
export function propertiesOf(resource: string, operation: string): INodeProperties[] {
	return NODE_PROPERTIES.filter((p) => {
		const show = p.displayOptions?.show;
		return (
			show !== undefined &&
			(show.resource as string[] | undefined)?.includes(resource) === true &&
			(show.operation as string[] | undefined)?.includes(operation) === true
		);
	});
}

/** The fields inside a collection property (`filters`, `options`, `includeFilters`, ...). */
export function collectionFields(property: INodeProperties | undefined): INodeProperties[] {
	return ((property?.options ?? []) as INodeProperties[]).filter((o) => 'displayName' in o && 'type' in o);
}

/** The properties of an operation with the fields of its collections. */
export function fieldsOf(resource: string, operation: string): INodeProperties[] {
	return propertiesOf(resource, operation).flatMap((p) => [p, ...collectionFields(p)]);
}

/** Everything a sandbox received (headers and bodies of every request), as text, to search for a secret. */
export function everythingReceivedBy(sandbox: Sandbox): string {
	return JSON.stringify(sandbox.requests);
}
