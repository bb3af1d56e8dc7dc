/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- tests read the OpenAPI document */
/**
 * The platform's OpenAPI document (spec/platform-openapi-v1.1.0.yaml, OpenAPI 3.1.1) as a
 * validator of recorded requests and answers, built from openapi-backend's lower layers
 * (`OpenAPIRouter`, `OpenAPIValidator`, its `$ref` dereferencer) with Ajv's draft 2020-12 class.
 *
 * What openapi-backend 5.21.2 does not do by itself, and what is done here instead (docs/contract.md):
 * - its `OpenAPIBackend.init()` checks the document against the OpenAPI **3.0** meta-schema
 *   (openapi-schema-validator `version: 3`), which rejects 3.1's `type: [string, 'null']`: the
 *   router and validator are built directly on the dereferenced document instead;
 * - it keys validators by `operationId`, which the document has none of: every operation gets
 *   `METHOD /path` as its ID, in memory;
 * - it reads request and response schemas only under `application/json`: the document's
 *   `application/vnd.api+json` schemas are given that key too, in memory, and the media types
 *   themselves are compared here (`Content-Type` of a body against the document's keys);
 * - it creates draft-07 `Ajv` instances: `customizeAjv` hands back an `Ajv2020` (the JSON Schema
 *   dialect of OpenAPI 3.1) with `allErrors` and a `date-time` format (RFC 3339);
 * - it lets an answer with an undocumented status pass: the status is looked up here.
 * Query parameters are passed as an object keyed by their literal names (`filter[site_id]`,
 * `filter[exclude_product_types][]`), never parsed into nested objects; a name the operation
 * does not declare fails its `additionalProperties: false`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { OpenAPIRouter, OpenAPIValidator, type Operation, type ValidationResult } from 'openapi-backend';
import { dereferenceSync } from 'dereference-json-schema';
import { parse } from 'yaml';
import type { OpenAPIV3_1 } from 'openapi-types';

import type { RecordedRequest } from '../sandbox';

/** The document's path, relative to the repository root (as deviation rows cite it). */
export const DOCUMENT = 'spec/platform-openapi-v1.1.0.yaml';
const DOCUMENT_PATH = join(__dirname, '..', '..', DOCUMENT);

/** The document's lines (1-based: `DOCUMENT_LINES[n - 1]` is line n). */
export const DOCUMENT_LINES = readFileSync(DOCUMENT_PATH, 'utf8').split('\n');

/*
 * openapi-backend's `OpenAPIBackend` module (which its validator imports) loads its `$ref` parser,
 * @apidevtools/json-schema-ref-parser 16, an ES module that jest's CommonJS registry cannot load.
 * The contract test does not use it: the document is read with `yaml` and dereferenced with
 * dereference-json-schema (what openapi-backend itself uses in its `quick` mode), so the parser
 * is replaced by a module whose functions refuse to run.
 */
jest.mock('@apidevtools/json-schema-ref-parser', () => {
	const unused = () => {
		throw new Error('The contract test dereferences the document itself (test/contract/openapi.ts)');
	};
	return { __esModule: true, default: { dereference: unused, resolve: unused, parse: unused } };
});

// Ajv 8 with the 2020-12 draft, the copy openapi-backend depends on (the root `ajv` is ESLint's 6.x).
const Ajv2020 = createRequire(require.resolve('openapi-backend'))('ajv/dist/2020').default;

const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;
const JSON_API = 'application/vnd.api+json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** An Ajv error as openapi-backend reports it (Ajv 8). */
type ErrorObject = NonNullable<ValidationResult['errors']>[number];

/** One finding (kinds as in test/contract/deviations.ts): the kind, the operation (`GET /v1/contacts`), and where (`query filter[foo]`, `200 /links/prev`). */
export interface Finding {
	kind: 'request' | 'response' | 'not-sent' | 'document';
	operation: string;
	at: string;
	/** The first message seen for it (for the failure report). */
	message: string;
}

/** The loaded contract: router, validator and what the document declares per operation. */
export interface Contract {
	router: OpenAPIRouter;
	validator: OpenAPIValidator;
	/** Every operation, `METHOD /path` → its query parameter names (duplicates removed). */
	queryParameters: Map<string, Set<string>>;
	/** Query parameter names an operation declares more than once, with how many times. */
	repeated: Map<string, Map<string, number>>;
	/** Include values the document names in an operation's examples (`include=customer,purchases`). */
	includeExamples: Map<string, Set<string>>;
	/** Media types per operation: its request body's and each status's. */
	mediaTypes: Map<string, { request: string[]; responses: Record<string, string[]> }>;
}

/** Reads and prepares the document (validators compile per operation on first use). */
export function loadContract(): Contract {
	const definition = dereferenceSync(parse(DOCUMENT_LINES.join('\n')) as never) as unknown as OpenAPIV3_1.Document;
	const queryParameters = new Map<string, Set<string>>();
	const repeated = new Map<string, Map<string, number>>();
	const includeExamples = new Map<string, Set<string>>();
	const mediaTypes = new Map<string, { request: string[]; responses: Record<string, string[]> }>();
	for (const [path, item] of Object.entries(definition.paths ?? {})) {
		for (const method of METHODS) {
			const op = item?.[method] as OpenAPIV3_1.OperationObject | undefined;
			if (!op) continue;
			const id = `${method.toUpperCase()} ${path}`;
			op.operationId = id;
			const parameters = (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
			const names = parameters.filter((p) => p.in === 'query').map((p) => p.name);
			queryParameters.set(id, new Set(names));
			const counts = new Map<string, number>();
			for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
			repeated.set(id, new Map([...counts].filter(([, n]) => n > 1)));
			const prose = [op.description ?? '', ...parameters.map((p) => p.description ?? '')].join('\n');
			includeExamples.set(
				id,
				new Set([...prose.matchAll(/[?&]include=([a-z_.,]+)/g)].flatMap((m) => m[1].split(',')).filter(Boolean)),
			);
			const body = op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
			const responses = (op.responses ?? {}) as Record<string, OpenAPIV3_1.ResponseObject>;
			mediaTypes.set(id, {
				request: Object.keys(body?.content ?? {}),
				responses: Object.fromEntries(Object.entries(responses).map(([s, r]) => [s, Object.keys(r.content ?? {})])),
			});
			for (const content of [body?.content, ...Object.values(responses).map((r) => r.content)]) {
				if (content?.[JSON_API] && !content['application/json']) content['application/json'] = content[JSON_API];
			}
		}
	}
	const router = new OpenAPIRouter({ definition: definition as never, apiRoot: '/' });
	const validator = new OpenAPIValidator({
		definition: definition as never,
		router,
		lazyCompileValidators: true,
		customizeAjv: (_draft07: unknown, options: object) => {
			const ajv = new Ajv2020({ ...options, allErrors: true, strict: false, logger: false });
			ajv.addFormat('date-time', { type: 'string', validate: (s: string) => RFC3339.test(s) && !isNaN(Date.parse(s)) });
			return ajv;
		},
	});
	return { router, validator, queryParameters, repeated, includeExamples, mediaTypes };
}

/**
 * The query as sent, keyed by the literal parameter names (`filter[site_id]`), decoded; a name
 * sent more than once (`filter[exclude_product_types][]`) maps to the list of its values.
 */
export function literalQuery(rawQuery: string): Record<string, string | string[]> {
	const query: Record<string, string | string[]> = {};
	for (const piece of rawQuery === '' ? [] : rawQuery.split('&')) {
		const [key, value = ''] = piece.split('=').map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
		const before = query[key];
		query[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
	}
	return query;
}

/** An Ajv error's JSON pointer with array indexes as `*`, plus the missing or extra member it names. */
function pointer(error: ErrorObject): string {
	const member =
		(error.params as { missingProperty?: string }).missingProperty ??
		(error.params as { additionalProperty?: string }).additionalProperty;
	const path = error.instancePath.replace(/\/\d+(?=\/|$)/g, '/*');
	return member === undefined ? path : `${path}/${member}`;
}

/** Where a request validation error is: `query <name>`, `path <name>`, `header <name>` or `body <pointer>`. */
function requestPlace(error: ErrorObject): string {
	const path = pointer(error);
	const [, part, ...rest] = path.split('/');
	if (part === 'query' || part === 'params' || part === 'headers') {
		const name = rest[0]?.replace(/~1/g, '/').replace(/~0/g, '~');
		return `${part === 'params' ? 'path' : part === 'headers' ? 'header' : 'query'} ${name ?? ''}`.trim();
	}
	if (part === 'requestBody') return `body /${rest.join('/')}`.replace(/\/$/, '');
	return `request ${path}`;
}

/** The document's operation for a recorded request (`METHOD /path`), or undefined. */
export function operationOf(contract: Contract, request: RecordedRequest): Operation | undefined {
	return contract.router.matchOperation({ method: request.method.toLowerCase(), path: request.path, headers: {} }) as
		| Operation
		| undefined;
}

/** Checks one recorded request against its operation: query names and values, path, headers, body and media type. */
export function checkRequest(contract: Contract, request: RecordedRequest): Finding[] {
	const op = operationOf(contract, request);
	if (!op) {
		return [{ kind: 'request', operation: `${request.method} ${request.path}`, at: 'path', message: 'no operation' }];
	}
	const operation = op.operationId!;
	const findings: Finding[] = [];
	const headers = Object.fromEntries(
		Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]),
	);
	const result = contract.validator.validateRequest(
		{
			method: request.method.toLowerCase(),
			path: request.path,
			query: literalQuery(request.rawQuery),
			headers,
			body: request.body as never,
		},
		op,
	);
	for (const error of result.errors ?? []) {
		findings.push({ kind: 'request', operation, at: requestPlace(error), message: error.message ?? error.keyword });
	}
	const declared = contract.mediaTypes.get(operation)!.request;
	if (request.body !== undefined) {
		const type = String(headers['content-type'] ?? '')
			.split(';')[0]
			.trim();
		if (declared.length === 0) findings.push({ kind: 'request', operation, at: 'body', message: 'no request body' });
		else if (!declared.includes(type))
			findings.push({ kind: 'request', operation, at: 'header content-type', message: `${type} not declared` });
	}
	return findings;
}

/** The documented response of a status: exact, `NXX`, then `default`. */
function documentedStatus(statuses: string[], status: number): string | undefined {
	return [String(status), `${String(status)[0]}XX`, 'default'].find((s) => statuses.includes(s));
}

/** Checks one answer against its operation's response for its status: documented status, media type, schema. */
export function checkAnswer(contract: Contract, request: RecordedRequest): Finding[] {
	const op = operationOf(contract, request);
	if (!op || !request.answer) return [];
	const operation = op.operationId!;
	const responses = contract.mediaTypes.get(operation)!.responses;
	const status = documentedStatus(Object.keys(responses), request.status);
	const at = (where: string) => `${request.status} ${where}`.trim();
	if (status === undefined) {
		return [{ kind: 'response', operation, at: at('status'), message: `status ${request.status} not documented` }];
	}
	const findings: Finding[] = [];
	const type = request.answer.contentType.split(';')[0].trim();
	const text = request.answer.text;
	if (text !== '' && responses[status].length > 0 && !responses[status].includes(type)) {
		findings.push({ kind: 'response', operation, at: at('content-type'), message: `${type} not declared` });
	}
	if (text === '' && responses[status].length > 0) {
		findings.push({ kind: 'response', operation, at: at('body'), message: 'empty body, the document shows one' });
		return findings;
	}
	if (text === '') return findings;
	const body = JSON.parse(text) as unknown;
	const result = contract.validator.validateResponse(body, op, request.status);
	for (const error of result.errors ?? []) {
		findings.push({ kind: 'response', operation, at: at(pointer(error)), message: error.message ?? error.keyword });
	}
	return findings;
}

/** A finding's key, as a deviation row is matched: `kind operation at`. */
export const findingKey = (f: { kind: string; operation: string; at: string }) => `${f.kind} ${f.operation} ${f.at}`;

/** What the contract check found in a set of recorded requests (`evaluate`). */
export interface Evaluation {
	/** Every finding once, by `findingKey`. */
	findings: Map<string, Finding>;
	/** Documented query parameters (operation and name, duplicates counted once). */
	documented: number;
	/** Of those, how many at least one request sent. */
	reachable: number;
	/** Answers checked against their operation's response. */
	answersChecked: number;
	/** Of those, how many had no finding. */
	answersConforming: number;
}

/**
 * Checks every recorded request and its answer, then what the document declares that no request
 * sent (query parameters, include values of its examples) and where it repeats a parameter.
 */
export function evaluate(contract: Contract, requests: RecordedRequest[]): Evaluation {
	const findings = new Map<string, Finding>();
	const add = (list: Finding[]) => list.forEach((f) => findings.has(findingKey(f)) || findings.set(findingKey(f), f));
	const sent = new Map<string, Set<string>>();
	let answersChecked = 0;
	let answersConforming = 0;
	for (const request of requests) {
		add(checkRequest(contract, request));
		const op = operationOf(contract, request);
		if (op) {
			const names = sent.get(op.operationId!) ?? new Set<string>();
			for (const [name, value] of Object.entries(literalQuery(request.rawQuery))) {
				names.add(name);
				if (name === 'include') for (const v of [value].flat().join(',').split(',')) names.add(`include=${v}`);
			}
			sent.set(op.operationId!, names);
		}
		if (op && request.answer) {
			const answer = checkAnswer(contract, request);
			answersChecked++;
			if (answer.length === 0) answersConforming++;
			add(answer);
		}
	}
	let documented = 0;
	let reachable = 0;
	for (const [operation, names] of contract.queryParameters) {
		const wasSent = sent.get(operation) ?? new Set<string>();
		for (const name of names) {
			documented++;
			if (wasSent.has(name)) reachable++;
			else add([{ kind: 'not-sent', operation, at: name, message: 'declared, never sent' }]);
		}
		for (const value of contract.includeExamples.get(operation) ?? []) {
			if (!wasSent.has(`include=${value}`))
				add([{ kind: 'not-sent', operation, at: `include=${value}`, message: 'in an example, never sent' }]);
		}
		for (const [name, times] of contract.repeated.get(operation) ?? []) {
			add([{ kind: 'document', operation, at: `query ${name} declared ${times} times`, message: 'repeated' }]);
		}
	}
	return { findings, documented, reachable, answersChecked, answersConforming };
}
