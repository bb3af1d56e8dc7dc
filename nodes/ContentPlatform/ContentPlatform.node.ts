/**
 * Content Platform: every endpoint of the Content Platform REST API as a declarative n8n node.
 * The resources, operations and query fields are derived from the tables (`api/tables/`, each
 * resource's in `api/tables/resources/<resource>.ts`): one folder of descriptions per resource
 * with operations of its own under `resources/`
 * (see docs/development.md for the map of the code and the walk of one request). The node's
 * properties: "Authentication", the "Resource" option, every resource's operations and fields (built
 * in the order of `RESOURCES`, `api/tables/registry.ts`, then each field declared once and laid
 * out by `mergeFieldCopies`, builders/mergeFields.ts: every operation shows its fields in the order
 * built), "Simplify", and "Request Settings", which hands every operation's request to the
 * package's request runner (`requestRunnerRouting`, routing/request.ts).
 */
import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes, UnexpectedError } from 'n8n-workflow';

import { type ResourceDescription, resourceDescription, resourceProperty } from './builders/operation';
import { getManyOperation, getOperation } from './builders/read';
import { mergeFieldCopies } from './builders/mergeFields';
import { simplifyProperty } from '../api/simplify';
import { RESOURCES, resourceByValue, type ResourceValue } from '../api/tables/registry';
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
import { customFieldsMapping } from './customFields';
import { baseUrlExpression } from '../api/transport/baseUrl';
import { authenticationProperty, credentialsDescription } from '../api/properties/authentication';
import { DEFAULT_PARALLEL_PAGES, MAX_PARALLEL_PAGES } from './routing/pageScheduler';
import { DEFAULT_TIMEOUT_SECONDS, JSON_API_MEDIA_TYPE } from '../api/transport/door';
import { requestRunnerRouting } from './routing/request';
import { nodeBuilderHint } from '../api/properties/builderHint';

/**
 * A resource whose operations are Get Many and Get alone, each its standard builder's
 * (`getManyOperation`, `getOperation`), in its table's row order: such a resource has no folder
 * under `resources/` (docs/development.md, "The operation-file rule").
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

/** The node's resources in the node's order: the order of `RESOURCES` (`api/tables/registry.ts`). */
const resources: ResourceDescription[] = RESOURCES.map(({ value }) => descriptions[value]);

/**
 * Every property of the node after "Authentication" as the builders give them, one copy per
 * operation: the resource, each resource's operations and fields, "Simplify". The node declares
 * them with `mergeFieldCopies` (`nodeProperties`); test/fields-declared-once.test.ts holds both to the same
 * fields for every resource × operation.
 */
export const builtProperties: INodeProperties[] = [
	resourceProperty(resources, 'order'),
	...resources.flatMap(({ properties }) => properties),
	simplifyProperty,
];

/** `builtProperties`, each field declared once (`mergeFieldCopies`): what the node describes. */
export const nodeProperties: INodeProperties[] = mergeFieldCopies(builtProperties);

/** "Timeout (Seconds)" of Request Settings: every operation's. */
const timeoutSetting: INodeProperties = {
	displayName: 'Timeout (Seconds)',
	name: 'timeout',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_TIMEOUT_SECONDS,
	description:
		'How long to wait for the API to answer one request before the node fails with "did not answer within N s"',
};

/** "Parallel Page Requests" of Request Settings: Get Many's (see `schedulePages` in routing/pageScheduler.ts). */
const parallelPagesSetting: INodeProperties = {
	displayName: 'Parallel Page Requests',
	name: 'parallelPages',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_PARALLEL_PAGES },
	default: DEFAULT_PARALLEL_PAGES,
	description:
		'How many pages of the list to request at the same time after the first one. Items keep the order of the list. 1 requests one page after the other. When the API answers 429 (rate limited), the node continues one page at a time.',
};

/**
 * The node's "Request Settings" (`requestSettings`): the request timeout (seconds) and, for Get Many,
 * how many pages are requested at once ("Parallel Page Requests"). Two declarations of the one
 * parameter: Get Many's with both settings, every other operation's with the timeout alone (the
 * type definition n8n synthesises for a model lists a collection's every option under each
 * operation, whatever the option's own conditions). Their routing (`requestRunnerRouting`) makes n8n
 * hand every operation's request to the package's request runner (`runRequest`, routing/request.ts:
 * an operation's own run, routing/runners.ts, for Get Many and the by-email operations; one request
 * through n8n's routing for the others), which turns timeouts into "did not answer within N s" and
 * keeps the credential's secrets out of every error.
 */
const requestSettingsProperties: INodeProperties[] = [
	{ displayOptions: { show: { operation: ['getAll'] } }, options: [timeoutSetting, parallelPagesSetting] },
	{ displayOptions: { hide: { operation: ['getAll'] } }, options: [timeoutSetting] },
].map(({ displayOptions, options }) => ({
	displayName: 'Request Settings',
	name: 'requestSettings',
	type: 'collection',
	placeholder: 'Add Setting',
	default: {},
	displayOptions,
	options,
	routing: requestRunnerRouting,
}));

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
			// Normalised here for n8n; every request's preSend applies the full rule (`apiRoot`, api/transport/baseUrl.ts).
			baseURL: baseUrlExpression('/v1'),
			// Redirects are followed by the package, within the Base URL's origin only (`followRedirects`, api/transport/redirects.ts).
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
		properties: [authenticationProperty, ...nodeProperties, ...requestSettingsProperties],
	};

	methods = {
		listSearch,
		loadOptions,
		resourceMapping: { customFields: customFieldsMapping },
	};
}
