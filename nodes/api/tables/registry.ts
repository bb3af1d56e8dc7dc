/**
 * The registry of the API's resources: `RESOURCES`, the one list of the resource tables in the
 * node's order (`ContentPlatform.node.ts` takes its order from here), and what is looked up or
 * derived from it: a resource by its value (`resourceByValue`), an operation's rows (`operationOf`)
 * and the one running (`runningOperationOf`), a list's date bounds (`dateRangeModesOf`), the page
 * size (`MAX_PAGE_SIZE`), and the types derived from the list (`ResourceValue`, `ResourceType`,
 * `ATTRIBUTES`). The tables beside it are plain data, each fact of the API's documents written once
 * (docs/development.md, "Folders": `nodes/api/tables/`); the node's properties are derived from
 * them, and the coverage tests compare them with the documents themselves.
 */
import type { IExecutePaginationFunctions, IExecuteSingleFunctions } from 'n8n-workflow';

import { blogPostTable } from './resources/blogPost';
import { contactTable } from './resources/contact';
import { contactNoteTable } from './resources/contactNote';
import { courseTable } from './resources/course';
import { customerTable } from './resources/customer';
import { formTable } from './resources/form';
import { formSubmissionTable } from './resources/formSubmission';
import { meTable } from './resources/me';
import { offerTable } from './resources/offer';
import { orderTable } from './resources/order';
import { orderItemTable } from './resources/orderItem';
import { podcastTable } from './resources/podcast';
import { productTable } from './resources/product';
import { purchaseTable } from './resources/purchase';
import { siteTable } from './resources/site';
import { tagTable } from './resources/tag';
import { transactionTable } from './resources/transaction';
import { apiVersionTable } from './resources/apiVersion';
import { customFieldTable } from './resources/customField';
import { hookTable } from './resources/hook';
import { landingPageTable } from './resources/landingPage';
import { payoutTable } from './resources/payout';
import { websitePageTable } from './resources/websitePage';
import type { AttributeTable, EndpointRow, Operation, ResourceTable } from './types';

export type {
	AttributeTable,
	EndpointQuery,
	EndpointRow,
	FilterRow,
	Operation,
	RelationshipBody,
	ResourceTable,
	ValueType,
} from './types';

/**
 * Every resource of the node, in the node's order (the order of their properties): the seed
 * document's 11 (with the supplement's further endpoints in each resource's table), then the
 * supplement's 6 new ones, then section 9's 5 and the hooks. Adding a resource: its table
 * (`resources/<resource>.ts` in this folder) here, its description in `ContentPlatform.node.ts`'s
 * map (TypeScript asks for it), and a folder under the node's `resources/` when it has operations
 * of its own.
 */
export const RESOURCES = [
	contactNoteTable,
	contactTable,
	customerTable,
	courseTable,
	orderTable,
	orderItemTable,
	transactionTable,
	formTable,
	formSubmissionTable,
	podcastTable,
	blogPostTable,
	offerTable,
	purchaseTable,
	tagTable,
	siteTable,
	productTable,
	meTable,
	customFieldTable,
	landingPageTable,
	websitePageTable,
	payoutTable,
	hookTable,
	apiVersionTable,
] as const satisfies readonly ResourceTable[];

/** The n8n `resource` value of every resource of the node (`RESOURCES`' values). */
export type ResourceValue = (typeof RESOURCES)[number]['value'];

/** A JSON:API resource type named in the spec: the type of a resource of the node (`RESOURCES`' types). */
export type ResourceType = (typeof RESOURCES)[number]['type'];

/** A table of `RESOURCES`: its `type` one of `ResourceType` (what `resourceByValue` and `operationOf` give). */
export type NodeResourceTable = ResourceTable<string, ResourceType>;

/**
 * The attributes of every resource type, by type (each resource's `attributes`, from its table;
 * spec "Resources and fields" and the supplement's attribute sets): what `fields[<type>]` and the
 * write fields are built from.
 */
export const ATTRIBUTES = Object.fromEntries(
	RESOURCES.map((resource) => [resource.type, resource.attributes]),
) as Readonly<Record<ResourceType, AttributeTable>>;

/**
 * Page size used when following pages. The spec does not state a maximum page size
 * ("Limits": not shown); 100 is a common JSON:API maximum and is what the README documents.
 */
export const MAX_PAGE_SIZE = 100;

/** Finds a resource by its n8n `resource` value; throws on an unknown value (programming error). */
export function resourceByValue(value: string): NodeResourceTable {
	const resource = RESOURCES.find((r) => r.value === value);
	if (!resource) throw new Error(`Unknown resource "${value}"`);
	return resource;
}

/** One resource × operation of the node: the table rows its fields are built from and its request follows. */
export interface OperationContext {
	resource: NodeResourceTable;
	endpoint: EndpointRow<ResourceType>;
}

/**
 * The table rows of one operation: the resource of `RESOURCES` with this n8n `resource` value and
 * its endpoint for `operation`. Throws for an operation the table does not have (a
 * programming error, seen when the node loads).
 */
export function operationOf(resourceValue: string, operation: Operation): OperationContext {
	const resource = resourceByValue(resourceValue);
	const endpoint = resource.endpoints.find((e) => e.operation === operation);
	if (!endpoint) throw new Error(`The table of resource "${resourceValue}" has no "${operation}" endpoint`);
	return { resource, endpoint };
}

/**
 * The operation the action node is running, for a hook or the page reader: `operationOf` the
 * item's `resource` and `operation` parameters (n8n's own; the one place the package derives them
 * at run time). Throws as `operationOf` does (the node offers only the tables' operations).
 */
export function runningOperationOf(context: IExecuteSingleFunctions | IExecutePaginationFunctions): OperationContext {
	return operationOf(
		context.getNodeParameter('resource') as string,
		context.getNodeParameter('operation') as Operation,
	);
}

/**
 * How a list's records can be bounded by a date attribute:
 * - `filter`: the API filters it by day (`filter[start_date]`/`filter[end_date]`, YYYY-MM-DD,
 *   both days included); the node sends the days around the bound and trims to the instant;
 * - `sorted`: no API filter, but the list sorts by `-<attribute>` (newest first): the node sorts
 *   that way itself and stops at the first record past the bound;
 * - `unsorted`: neither: every page is read and the records outside the bound dropped.
 */
export type DateRangeMode = 'filter' | 'sorted' | 'unsorted';

/** The date bounds a Get Many offers: by `created_at` and by `updated_at`, each when its records carry it. */
export interface DateRangeModes {
	created?: DateRangeMode;
	updated?: DateRangeMode;
}

/**
 * The date bounds of a list (a `getAll` row), derived from the table: the type's attributes
 * (`created_at`, `updated_at` in the resource's `attributes`), the row's sort keys and its
 * `start_date`/`end_date` filters (OpenAPI document: transactions and payouts; payouts carry no
 * `created_at`, so none).
 * Undefined when the records carry neither date (form submissions: the API sorts them by a
 * creation time it does not return).
 */
export function dateRangeModesOf(resource: ResourceTable, endpoint: EndpointRow): DateRangeModes | undefined {
	if (endpoint.operation !== 'getAll') return undefined;
	const { attributes } = resource;
	const names = new Set((endpoint.query.filters ?? []).map((f) => f.name));
	const sort: readonly string[] = endpoint.query.sort ?? [];
	const modeOf = (attribute: string, filtered: boolean): DateRangeMode | undefined => {
		if (!(attribute in attributes)) return undefined;
		if (filtered) return 'filter';
		return sort.includes(attribute) ? 'sorted' : 'unsorted';
	};
	const created = modeOf('created_at', names.has('start_date') && names.has('end_date'));
	const updated = modeOf('updated_at', false);
	if (!created && !updated) return undefined;
	return { ...(created ? { created } : {}), ...(updated ? { updated } : {}) };
}
