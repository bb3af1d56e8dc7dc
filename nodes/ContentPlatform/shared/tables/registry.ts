/**
 * The node's tables: the Content Platform API's documents as data, and the one list of the
 * node's resources.
 *
 * Every fact the node needs from the API's documents (`spec/platform-openapi-v1.1.0.yaml`,
 * `spec/content-platform-api.md` and its supplement `spec/platform-api-supplement.md`: resources
 * and their attributes, relationships, endpoints, sort keys, includes, sparse fieldsets and
 * filters) is written exactly once, as typed tables:
 * - `types.ts`: the shapes of the tables;
 * - `attributes.ts`: the attributes of every resource type;
 * - `filters.ts`: the filter rows several resources share;
 * - `offerGrants.ts`: the offer-grant endpoints contacts and customers share;
 * - `resources/<resource>/table.ts` (next to the resource's operations): the resource, its
 *   relationships, its endpoints with their query parameters (the seed document's rows first,
 *   then the supplement's);
 * - this file: `RESOURCES`, the node's resources in the node's order (the only list of them:
 *   `resources/index.ts` takes its order from here), and look-ups.
 * The node's properties are derived from these tables (see `resources/` and `builders/`), and the
 * coverage tests compare them with the documents themselves.
 */
import { blogPostTable } from '../../resources/blogPost/table';
import { contactTable } from '../../resources/contact/table';
import { contactNoteTable } from '../../resources/contactNote/table';
import { courseTable } from '../../resources/course/table';
import { customerTable } from '../../resources/customer/table';
import { formTable } from '../../resources/form/table';
import { formSubmissionTable } from '../../resources/formSubmission/table';
import { meTable } from '../../resources/me/table';
import { offerTable } from '../../resources/offer/table';
import { orderTable } from '../../resources/order/table';
import { orderItemTable } from '../../resources/orderItem/table';
import { podcastTable } from '../../resources/podcast/table';
import { productTable } from '../../resources/product/table';
import { purchaseTable } from '../../resources/purchase/table';
import { siteTable } from '../../resources/site/table';
import { tagTable } from '../../resources/tag/table';
import { transactionTable } from '../../resources/transaction/table';
import { apiVersionTable } from '../../resources/apiVersion/table';
import { customFieldTable } from '../../resources/customField/table';
import { hookTable } from '../../resources/hook/table';
import { landingPageTable } from '../../resources/landingPage/table';
import { payoutTable } from '../../resources/payout/table';
import { websitePageTable } from '../../resources/websitePage/table';
import type { ResourceTable } from './types';

export { ATTRIBUTES } from './attributes';
export { PERSON_FILTERS } from './filters';
export type {
	AttributeTable,
	EndpointQuery,
	EndpointRow,
	FilterRow,
	Operation,
	RelationshipBody,
	ResourceTable,
	ResourceType,
	ValueType,
} from './types';

/**
 * Every resource of the node, in the node's order (the order of their properties): the seed
 * document's 11 (with the supplement's further endpoints in each resource's table), then the
 * supplement's 6 new ones, then section 9's 5 and the hooks. Adding a resource: its folder, its
 * table here, its description in `resources/index.ts` (TypeScript asks for it).
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

/**
 * Page size used when following pages. The spec does not state a maximum page size
 * ("Limits": not shown); 100 is a common JSON:API maximum and is what the README documents.
 */
export const MAX_PAGE_SIZE = 100;

/** Finds a resource by its n8n `resource` value; throws on an unknown value (programming error). */
export function resourceByValue(value: string): ResourceTable {
	const resource = RESOURCES.find((r) => r.value === value);
	if (!resource) throw new Error(`Unknown resource "${value}"`);
	return resource;
}
