/**
 * Content Platform: every endpoint of the Content Platform REST API as a declarative n8n node.
 * The resources, operations and query fields are derived from the tables (`shared/tables/`, and
 * each resource's `resources/<resource>/table.ts`): one folder per resource under `resources/`
 * (see docs/development.md for the map of the code and the walk of one request). The node's
 * properties, in order: "Authentication", the "Resource" option, every resource's operations and
 * fields in the order of `RESOURCES` (`shared/tables/registry.ts`), "Simplify", and "Request
 * Settings", which hands every operation's request to the package's request runner
 * (`requestRunnerRouting`, shared/transport/request.ts).
 */
import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes, UnexpectedError } from 'n8n-workflow';

import { type ResourceDescription, resourceDescription, resourceProperty } from './shared/builders/operation';
import { getManyOperation, getOperation } from './shared/builders/read';
import { simplifyProperty } from './shared/jsonapi';
import { RESOURCES, resourceByValue, type ResourceValue } from './shared/tables/registry';
import { apiVersionDescription } from './resources/apiVersion';
import { contactDescription } from './resources/contact';
import { contactNoteDescription } from './resources/contactNote';
import { customerDescription } from './resources/customer';
import { formDescription } from './resources/form';
import { hookDescription } from './resources/hook';
import { meDescription } from './resources/me';
import { offerDescription } from './resources/offer';
import { payoutDescription } from './resources/payout';
import { purchaseDescription } from './resources/purchase';
import { loadOptions } from './listSearch/options';
import { listSearch } from './listSearch/search';
import { customFieldsMapping } from './shared/customFields';
import {
	authenticationProperty,
	credentialsDescription,
	baseUrlExpression,
} from '../../credentials/ContentPlatformApi.credentials';
import { DEFAULT_PARALLEL_PAGES, MAX_PARALLEL_PAGES } from './shared/transport/pages';
import { DEFAULT_TIMEOUT_SECONDS, JSON_API_MEDIA_TYPE, requestRunnerRouting } from './shared/transport/request';
import { nodeBuilderHint } from './shared/builders/builderHint';

/**
 * A resource whose operations are Get Many and Get alone, each its standard builder's
 * (`getManyOperation`, `getOperation`), in its table's row order: such a resource has no `index.ts`
 * (docs/development.md, "The operation-file rule").
 * @param defaultOperation As `resourceDescription`'s: the default it had before it got a list.
 */
function readOnlyResource<Value extends ResourceValue>(
	value: Value,
	defaultOperation?: string,
): ResourceDescription<Value> {
	const resource = resourceByValue(value);
	const operations = resource.endpoints.map((endpoint) => {
		if (endpoint.operation === 'getAll') return getManyOperation({ resource, endpoint });
		if (endpoint.operation === 'get') return getOperation({ resource, endpoint });
		throw new UnexpectedError(
			`Resource "${value}" has the operation "${endpoint.operation}": it needs its own index.ts`,
		);
	});
	return resourceDescription(value, operations, defaultOperation);
}

/**
 * Each resource's operations and fields (`resources/<resource>/index.ts`, or `readOnlyResource`) by
 * its `resource` value, in alphabetical order (the node's order is `RESOURCES`'): TypeScript checks
 * that every resource of `RESOURCES` has its own here and that nothing else is. Blog Post and Course
 * keep Get as their default, as before they got a list (saved workflows keep theirs).
 */
const descriptions: { [Value in ResourceValue]: ResourceDescription<Value> } = {
	apiVersion: apiVersionDescription,
	blogPost: readOnlyResource('blogPost', 'get'),
	contact: contactDescription,
	contactNote: contactNoteDescription,
	course: readOnlyResource('course', 'get'),
	customer: customerDescription,
	customField: readOnlyResource('customField'),
	form: formDescription,
	formSubmission: readOnlyResource('formSubmission'),
	hook: hookDescription,
	landingPage: readOnlyResource('landingPage'),
	me: meDescription,
	offer: offerDescription,
	order: readOnlyResource('order'),
	orderItem: readOnlyResource('orderItem'),
	payout: payoutDescription,
	podcast: readOnlyResource('podcast'),
	product: readOnlyResource('product'),
	purchase: purchaseDescription,
	site: readOnlyResource('site'),
	tag: readOnlyResource('tag'),
	transaction: readOnlyResource('transaction'),
	websitePage: readOnlyResource('websitePage'),
};

/** The node's resources in the node's order: the order of `RESOURCES` (`shared/tables/registry.ts`). */
const resources: ResourceDescription[] = RESOURCES.map(({ value }) => descriptions[value]);

/** Every property of the node after "Authentication": the resource, each resource's operations and fields, "Simplify". */
export const nodeProperties: INodeProperties[] = [
	resourceProperty(resources, 'order'),
	...resources.flatMap(({ properties }) => properties),
	simplifyProperty,
];

/**
 * The node's "Request Settings": the request timeout (seconds) and, for Get Many, how many pages
 * are requested at once ("Parallel Page Requests", see `readPages` in shared/transport/pages.ts).
 * Its routing (`requestRunnerRouting`) makes n8n hand every operation's request to the package's
 * request runner (`runRequest`: one request for Get and the writes, pages for Get Many), which turns
 * timeouts into "did not answer within N s" and keeps the credential's secrets out of every error.
 */
const requestSettingsProperty: INodeProperties = {
	displayName: 'Request Settings',
	name: 'requestSettings',
	type: 'collection',
	placeholder: 'Add Setting',
	default: {},
	options: [
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_TIMEOUT_SECONDS,
			description:
				'How long to wait for the API to answer one request before the node fails with "did not answer within N s"',
		},
		{
			displayName: 'Parallel Page Requests',
			name: 'parallelPages',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_PARALLEL_PAGES },
			default: DEFAULT_PARALLEL_PAGES,
			displayOptions: { show: { '/operation': ['getAll'] } },
			description:
				'How many pages of the list to request at the same time after the first one. Items keep the order of the list. 1 requests one page after the other. When the API answers 429 (rate limited), the node continues one page at a time.',
		},
	],
	routing: requestRunnerRouting,
};

export class ContentPlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Content Platform',
		name: 'contentPlatform',
		icon: { light: 'file:../../icons/contentPlatform.svg', dark: 'file:../../icons/contentPlatform.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Read and write courses, memberships, offers, contacts, customers, tags, orders, purchases, payments, form submissions and more on the Content Platform API',
		defaults: {
			name: 'Content Platform',
		},
		usableAsTool: true,
		builderHint: nodeBuilderHint('action'),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialsDescription,
		requestDefaults: {
			// Normalised here for n8n; every request's preSend applies the full rule (`apiRoot`, credentials/ContentPlatformApi.credentials.ts).
			baseURL: baseUrlExpression('/v1', '$credentials.baseUrl'),
			// Redirects are followed by the package, within the Base URL's origin only (`followRedirects`, shared/transport/answer.ts).
			disableFollowRedirect: true,
			headers: {
				Accept: JSON_API_MEDIA_TYPE,
			},
		},
		hints: [
			{
				message:
					'Accounts with several sites need a Site ID filter on contact and customer lists (the API refuses the list without it). Add Filters → Site ID.',
				type: 'info',
				location: 'outputPane',
				whenToDisplay: 'beforeExecution',
				displayCondition:
					'={{ ["contact", "customer"].includes($parameter["resource"]) && $parameter["operation"] === "getAll" && !$parameter["filters"]?.site_id }}',
			},
		],
		properties: [authenticationProperty, ...nodeProperties, requestSettingsProperty],
	};

	methods = {
		listSearch,
		loadOptions,
		resourceMapping: { customFields: customFieldsMapping },
	};
}
