/**
 * The Content Platform API specification as data.
 *
 * Every fact the node needs from `spec/content-platform-api.md` and its supplement
 * `spec/platform-api-supplement.md` (resources and their attributes, relationships, endpoints,
 * sort keys, includes, sparse fieldsets and filters) is written exactly once, as typed tables:
 * - `types.ts`: the shapes of the tables;
 * - `attributes.ts`: the attributes of every resource type;
 * - `filters.ts`: the filter rows several resources share;
 * - `resources/<resource>/spec.ts` (next to the resource's operations): the resource, its
 *   relationships, its endpoints with their query parameters (the seed spec's rows first, then
 *   the supplement's);
 * - this file: the list of resources in the node's order, and look-ups.
 * The node's properties are derived from these tables (see `resources/` and `builders/`), and the
 * coverage tests compare them with the spec documents themselves.
 */
import { blogPostSpec } from '../../resources/blogPost/spec';
import { contactSpec } from '../../resources/contact/spec';
import { contactNoteSpec } from '../../resources/contactNote/spec';
import { courseSpec } from '../../resources/course/spec';
import { customerSpec } from '../../resources/customer/spec';
import { formSpec } from '../../resources/form/spec';
import { formSubmissionSpec } from '../../resources/formSubmission/spec';
import { meSpec } from '../../resources/me/spec';
import { offerSpec } from '../../resources/offer/spec';
import { orderSpec } from '../../resources/order/spec';
import { orderItemSpec } from '../../resources/orderItem/spec';
import { podcastSpec } from '../../resources/podcast/spec';
import { productSpec } from '../../resources/product/spec';
import { purchaseSpec } from '../../resources/purchase/spec';
import { siteSpec } from '../../resources/site/spec';
import { tagSpec } from '../../resources/tag/spec';
import { transactionSpec } from '../../resources/transaction/spec';
import { apiVersionSpec } from '../../resources/apiVersion/spec';
import { customFieldSpec } from '../../resources/customField/spec';
import { hookSpec } from '../../resources/hook/spec';
import { landingPageSpec } from '../../resources/landingPage/spec';
import { payoutSpec } from '../../resources/payout/spec';
import { websitePageSpec } from '../../resources/websitePage/spec';
import type { ResourceSpec } from './types';

export { ATTRIBUTES } from './attributes';
export { PERSON_FILTERS } from './filters';
export type {
	AttributeTable,
	EndpointQuery,
	EndpointSpec,
	FilterSpec,
	Operation,
	RelationshipBody,
	ResourceSpec,
	ResourceType,
	ValueType,
} from './types';

/**
 * Every resource of the node: the seed spec's 11 (with the supplement's further endpoints in each
 * resource's table), then the supplement's 6 new ones, then section 9's 5 and the hooks (issue 24).
 */
export const RESOURCES: readonly ResourceSpec[] = [
	contactNoteSpec,
	contactSpec,
	customerSpec,
	courseSpec,
	orderSpec,
	orderItemSpec,
	transactionSpec,
	formSpec,
	formSubmissionSpec,
	podcastSpec,
	blogPostSpec,
	offerSpec,
	purchaseSpec,
	tagSpec,
	siteSpec,
	productSpec,
	meSpec,
	customFieldSpec,
	landingPageSpec,
	websitePageSpec,
	payoutSpec,
	hookSpec,
	apiVersionSpec,
];

/**
 * Page size used when following pages. The spec does not state a maximum page size
 * ("Limits": not shown); 100 is a common JSON:API maximum and is what the README documents.
 */
export const MAX_PAGE_SIZE = 100;

/** Finds a resource by its n8n `resource` value; throws on an unknown value (programming error). */
export function resourceByValue(value: string): ResourceSpec {
	const resource = RESOURCES.find((r) => r.value === value);
	if (!resource) throw new Error(`Unknown resource "${value}"`);
	return resource;
}
