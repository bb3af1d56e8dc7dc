import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { loadOptions } from './listSearch/options';
import { listSearch } from './listSearch/search';
import { nodeProperties } from './resources';
import { authenticationProperty, credentialsDescription } from './shared/authentication';
import { baseUrlExpression } from './shared/baseUrl';
import { requestSettingsProperty } from './shared/requestOptions';
import { JSON_API_MEDIA_TYPE } from './shared/transport';

/**
 * Content Platform: every endpoint of the Content Platform REST API as a declarative n8n node.
 * The resources, operations and query fields are derived from the spec tables in `shared/spec.ts`:
 * one folder per resource under `resources/`, one file per operation.
 */
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
			// Redirects are followed by the package, within the Base URL's origin only (transport/redirects.ts).
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
	};
}
