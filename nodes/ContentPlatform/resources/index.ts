/**
 * The node's properties after "Authentication": the `resource` property, then every resource's
 * operations and fields in the order of `RESOURCES` (`shared/tables/registry.ts`), then "Simplify".
 */
import type { INodeProperties } from 'n8n-workflow';

import { type ResourceDescription, resourceProperty } from '../shared/builders/resource';
import { simplifyProperty } from '../shared/builders/simplify';
import { RESOURCES, type ResourceValue } from '../shared/tables/registry';
import { apiVersionDescription } from './apiVersion';
import { blogPostDescription } from './blogPost';
import { contactDescription } from './contact';
import { contactNoteDescription } from './contactNote';
import { courseDescription } from './course';
import { customerDescription } from './customer';
import { customFieldDescription } from './customField';
import { formDescription } from './form';
import { formSubmissionDescription } from './formSubmission';
import { hookDescription } from './hook';
import { landingPageDescription } from './landingPage';
import { meDescription } from './me';
import { offerDescription } from './offer';
import { orderDescription } from './order';
import { orderItemDescription } from './orderItem';
import { payoutDescription } from './payout';
import { podcastDescription } from './podcast';
import { productDescription } from './product';
import { purchaseDescription } from './purchase';
import { siteDescription } from './site';
import { tagDescription } from './tag';
import { transactionDescription } from './transaction';
import { websitePageDescription } from './websitePage';

/**
 * Each resource's operations and fields (`resources/<resource>/index.ts`) by its `resource` value,
 * in alphabetical order (the node's order is `RESOURCES`'): TypeScript checks that every resource
 * of `RESOURCES` has its own here and that nothing else is.
 */
const descriptions: { [Value in ResourceValue]: ResourceDescription<Value> } = {
	apiVersion: apiVersionDescription,
	blogPost: blogPostDescription,
	contact: contactDescription,
	contactNote: contactNoteDescription,
	course: courseDescription,
	customer: customerDescription,
	customField: customFieldDescription,
	form: formDescription,
	formSubmission: formSubmissionDescription,
	hook: hookDescription,
	landingPage: landingPageDescription,
	me: meDescription,
	offer: offerDescription,
	order: orderDescription,
	orderItem: orderItemDescription,
	payout: payoutDescription,
	podcast: podcastDescription,
	product: productDescription,
	purchase: purchaseDescription,
	site: siteDescription,
	tag: tagDescription,
	transaction: transactionDescription,
	websitePage: websitePageDescription,
};

/** The node's resources in the node's order: the order of `RESOURCES` (`shared/tables/registry.ts`). */
const resources: ResourceDescription[] = RESOURCES.map(({ value }) => descriptions[value]);

/** Every property of the node after "Authentication": the resource, each resource's operations and fields, "Simplify". */
export const nodeProperties: INodeProperties[] = [
	resourceProperty(resources, 'order'),
	...resources.flatMap(({ properties }) => properties),
	simplifyProperty,
];
