import type { INodeProperties } from 'n8n-workflow';

import { type ResourceDescription, resourceProperty } from '../shared/builders/resource';
import { simplifyProperty } from '../shared/builders/simplify';
import { blogPostDescription } from './blogPost';
import { contactDescription } from './contact';
import { contactNoteDescription } from './contactNote';
import { courseDescription } from './course';
import { customerDescription } from './customer';
import { formDescription } from './form';
import { formSubmissionDescription } from './formSubmission';
import { meDescription } from './me';
import { offerDescription } from './offer';
import { orderDescription } from './order';
import { orderItemDescription } from './orderItem';
import { podcastDescription } from './podcast';
import { productDescription } from './product';
import { purchaseDescription } from './purchase';
import { siteDescription } from './site';
import { tagDescription } from './tag';
import { transactionDescription } from './transaction';
import { customFieldDescription } from './customField';
import { landingPageDescription } from './landingPage';
import { websitePageDescription } from './websitePage';
import { payoutDescription } from './payout';
import { hookDescription } from './hook';
import { apiVersionDescription } from './apiVersion';

/** The node's resources, one folder each (`resources/<resource>/`): add a resource with one line here. */
const resources: ResourceDescription[] = [
	contactNoteDescription,
	contactDescription,
	customerDescription,
	courseDescription,
	orderDescription,
	orderItemDescription,
	transactionDescription,
	formDescription,
	formSubmissionDescription,
	podcastDescription,
	blogPostDescription,
	offerDescription,
	purchaseDescription,
	tagDescription,
	siteDescription,
	productDescription,
	meDescription,
	customFieldDescription,
	landingPageDescription,
	websitePageDescription,
	payoutDescription,
	hookDescription,
	apiVersionDescription,
];

/** Every property of the node after "Authentication": the resource, each resource's operations and fields, "Simplify". */
export const nodeProperties: INodeProperties[] = [
	resourceProperty(resources, 'order'),
	...resources.flatMap(({ properties }) => properties),
	simplifyProperty,
];
