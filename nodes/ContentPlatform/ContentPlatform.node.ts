/**
 * Content Platform: every endpoint of the Content Platform REST API as a declarative n8n node.
 * The resources, operations and query fields are derived from the tables (`shared/tables/`, and
 * each resource's `resources/<resource>/table.ts`): one folder per resource under `resources/`
 * (see docs/development.md for the map of the code and the walk of one request). "Request
 * Settings", the last property, hands every operation's request to the package's request runner
 * (`requestRunnerRouting`, shared/transport/request.ts).
 */
import { NodeConnectionTypes, type INodeProperties, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { loadOptions } from './listSearch/options';
import { listSearch } from './listSearch/search';
import { customFieldsMapping } from './shared/customFields';
import { nodeProperties } from './resources';
import { authenticationProperty, credentialsDescription } from './shared/authentication';
import { baseUrlExpression } from './shared/baseUrl';
import {
	DEFAULT_PARALLEL_PAGES,
	DEFAULT_TIMEOUT_SECONDS,
	JSON_API_MEDIA_TYPE,
	MAX_PARALLEL_PAGES,
	requestRunnerRouting,
} from './shared/transport';

/**
 * The node's "Request Settings": the request timeout (seconds) and, for Get Many, how many pages
 * are requested at once ("Parallel Page Requests", see `readPages` in shared/transport/pages.ts).
 * Its routing (`requestRunnerRouting`) makes n8n hand every operation's request to the package's
 * request runner (`paginate`: one request for Get and the writes, pages for Get Many), which turns
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
			'Read and write contacts, customers, orders, transactions, forms, podcasts and more on the Content Platform API',
		defaults: {
			name: 'Content Platform',
		},
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialsDescription,
		requestDefaults: {
			// Normalised here for n8n; every request's preSend applies the full rule (shared/baseUrl.ts).
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
