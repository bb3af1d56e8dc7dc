/**
 * The contract's deviation table: every place where what the node sends, or what the sandbox
 * answers like the platform, differs from the platform's OpenAPI document
 * (spec/platform-openapi-v1.1.0.yaml), once, with why and the document line that shows it.
 * test/contract.test.ts fails on a deviation that is not in this table and on a row that no
 * longer occurs; it is the test's only allowlist (docs/contract.md).
 *
 * A row's `kind`:
 * - `request`: a request of the field sweep breaks the document (`at`: `query <name>`,
 *   `body <JSON pointer>`, `header <name>`, `path`);
 * - `response`: a sandbox answer breaks the document's response schema for its status (`at`:
 *   `<status> <JSON pointer>` with array indexes as `*`, or `<status> status` when the status is
 *   not documented);
 * - `not-sent`: the document declares a query parameter (`at`: its name) or names an include
 *   value in an example (`at`: `include=<value>`) that no request of the sweep sends;
 * - `document`: the document contradicts itself (`at`: `query <name> declared <n> times`).
 * `operation` is the document's `METHOD /path`; `line` is `spec/platform-openapi-v1.1.0.yaml:<n>`.
 */
export interface Deviation {
	kind: 'request' | 'response' | 'not-sent' | 'document';
	operation: string;
	at: string;
	why: string;
	line: string;
}

const DOC = 'spec/platform-openapi-v1.1.0.yaml';

/** The node sends what the document's parameter lists do not declare (the older texts do). */
const NODE_BEYOND_DOCUMENT: Deviation[] = [
	...(
		[
			['blog_posts', 164, 'the prose shows filter[site_id] (line 164); the parameters (line 185) do not declare it'],
			[
				'landing_pages',
				7101,
				'the prose shows filter[site_id] (line 7101); the parameters (line 7126) do not declare it',
			],
			[
				'website_pages',
				10078,
				'the prose shows filter[site_id] (line 10078); the parameters (line 10085) do not declare it',
			],
		] as const
	).map(
		([list, line, why]): Deviation => ({
			kind: 'request',
			operation: `GET /v1/${list}`,
			at: 'query filter[site_id]',
			why,
			line: `${DOC}:${line}`,
		}),
	),
	{
		kind: 'request',
		operation: 'GET /v1/landing_pages',
		at: 'query filter[created_at_eq]',
		why: 'Conditions send filter[<attribute>_<predicate>], which the prose documents but the parameters do not declare',
		line: `${DOC}:7105`,
	},
	{
		kind: 'request',
		operation: 'GET /v1/purchases',
		at: 'query filter[created_at_eq]',
		why: 'Conditions send filter[<attribute>_<predicate>], which the prose documents but the parameters do not declare',
		line: `${DOC}:8977`,
	},
	{
		kind: 'request',
		operation: 'GET /v1/purchases',
		at: 'query filter[referrer_cont]',
		why: 'a <attribute>_<predicate> filter of the prose (referrer is in its list) that the parameters do not declare',
		line: `${DOC}:8977`,
	},
];

/** The document's schemas are stricter than its own examples (supplement section 10, last paragraph). */
const SCHEMA_STRICTER_THAN_EXAMPLES: Deviation[] = [
	...['prev', 'next'].map(
		(link): Deviation => ({
			kind: 'response',
			operation: 'GET /v1/podcasts',
			at: `200 /links/${link}`,
			why: `links.${link} is null at the ends of a list (example at line 1151) but typed string`,
			line: `${DOC}:${link === 'prev' ? 8384 : 8386}`,
		}),
	),
	...(
		[
			['GET /v1/contacts', '200 /data/*/relationships/customer/data'],
			['POST /v1/contacts', '201 /data/relationships/customer/data'],
			['PATCH /v1/contacts/{id}', '200 /data/relationships/customer/data'],
			['GET /v1/forms', '200 /data/*/relationships/offer/data'],
			['GET /v1/forms/{id}', '200 /data/relationships/offer/data'],
		] as const
	).map(
		([operation, at]): Deviation => ({
			kind: 'response',
			operation,
			at,
			why: 'a to-one relationship without a target is {data: null} (example at line 6336) but data is a resource_identifier object',
			line: `${DOC}:12383`,
		}),
	),
	{
		kind: 'response',
		operation: 'GET /v1/podcasts',
		at: '200 /data/*/attributes/status',
		why: 'status values outside the enum ready/importing/failed (the example shows "active", line 8537)',
		line: `${DOC}:12474`,
	},
	{
		kind: 'response',
		operation: 'GET /v1/forms',
		at: '200 /data/*/attributes/webhook_url',
		why: 'webhook_url is typed object (3.0 nullable: true, ignored by 3.1) but the prose (line 5059) and examples (line 5169) give a string URL',
		line: `${DOC}:10951`,
	},
	...(
		[
			['include', 6, 4298],
			['filter[products_search]', 3, 4355],
			['filter[offers_search]', 3, 4360],
		] as const
	).map(
		([name, times, line]): Deviation => ({
			kind: 'document',
			operation: 'GET /v1/customers/{id}',
			at: `query ${name} declared ${times} times`,
			why: 'the customers detail repeats query parameters (OpenAPI wants them unique by name and location)',
			line: `${DOC}:${line}`,
		}),
	),
];

/** Every deviation the contract test tolerates, in three groups (see each group's docstring). */
export const DEVIATIONS: Deviation[] = [...NODE_BEYOND_DOCUMENT, ...SCHEMA_STRICTER_THAN_EXAMPLES];
