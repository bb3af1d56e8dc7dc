import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	ATTRIBUTES,
	RESOURCES,
	type EndpointSpec,
	type FilterSpec,
	type Operation,
	type ResourceSpec,
	type ValueType,
} from './spec';
import { JSON_API_MEDIA_TYPE, cleanId, paginate, prepareRequest, requireId, toItems } from './transport';

/**
 * The node's properties, derived from the spec tables in `spec.ts`: one `operation` property per
 * resource, one option per endpoint, and for each endpoint the fields of its path ID, body and
 * query parameters. Nothing here lists a resource, attribute, sort key, include or filter itself.
 */

/** `address_line_1` → `Address Line 1`; `is_hidden` → `Is Hidden`. */
export function titleCase(name: string): string {
	return name
		.split(/[_.]/)
		.filter(Boolean)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');
}

const OPERATION_NAMES: Record<Operation, string> = {
	create: 'Create',
	get: 'Get',
	getAll: 'Get Many',
	update: 'Update',
	submit: 'Submit',
};

function show(resource: ResourceSpec, operations?: Operation[]): INodeProperties['displayOptions'] {
	return {
		show: operations ? { resource: [resource.value], operation: operations } : { resource: [resource.value] },
	};
}

function byName<T extends { name: string }>(a: T, b: T): number {
	return a.name.localeCompare(b.name);
}

/** An n8n field for a value type; `date` is a date picker sent as `YYYY-MM-DD`. */
function fieldType(type: ValueType): Pick<INodeProperties, 'type' | 'default'> {
	switch (type) {
		case 'boolean':
			return { type: 'boolean', default: false };
		case 'number':
			return { type: 'number', default: 0 };
		case 'date':
			return { type: 'dateTime', default: '' };
		default:
			return { type: 'string', default: '' };
	}
}

/** The expression that writes a filter value to the query string as the API expects it. */
function queryValue(type: FilterSpec['type']): string {
	switch (type) {
		case 'boolean':
			return '={{ $value ? "true" : "false" }}';
		case 'date':
			return '={{ (typeof $value === "string" ? $value : $value.toISO()).slice(0, 10) }}';
		default:
			return '={{ String($value) }}';
	}
}

function filterOption(filter: FilterSpec): INodeProperties {
	return {
		displayName: titleCase(filter.name),
		name: filter.name,
		...fieldType(filter.type),
		description: filter.description,
		routing: { send: { type: 'query', property: `filter[${filter.name}]`, value: queryValue(filter.type) } },
	};
}

/** Name of the list search method of a resource, for example `searchOrders`. */
export function searchMethodName(resource: ResourceSpec): string {
	return `search${resource.displayName.replace(/ /g, '')}s`;
}

/**
 * The ID of a resource locator as an expression: trimmed; an ID extracted from a URL ("By URL"
 * mode: the extracted value differs from the raw parameter) is still percent-encoded, so it is
 * decoded. `encodedId` is the same ID URL-encoded as one path segment (encoded exactly once).
 */
function idValue(parameter: string): string {
	return `(String($rawParameter["${parameter}"]) !== String($value) ? decodeURIComponent(String($value).trim()) : String($value).trim())`;
}

function encodedId(parameter: string): string {
	return `{{ encodeURIComponent(${idValue(parameter)}) }}`;
}

/** "a" or "an" before a resource name. */
function article(word: string): string {
	return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

function idProperty(resource: ResourceSpec, endpoint: EndpointSpec, operations: Operation[]): INodeProperties {
	const [before, after] = endpoint.path.split('{id}');
	return {
		displayName: resource.displayName,
		name: `${resource.value}Id`,
		type: 'resourceLocator',
		default: { mode: resource.search ? 'list' : 'id', value: '' },
		required: true,
		description: `The ${resource.displayName.toLowerCase()} to use`,
		displayOptions: show(resource, operations),
		modes: [
			...(resource.search
				? [
						{
							displayName: 'From List',
							name: 'list',
							type: 'list' as const,
							placeholder: `Select ${article(resource.displayName)} ${resource.displayName.toLowerCase()}...`,
							typeOptions: {
								searchListMethod: searchMethodName(resource),
								searchable: resource.search.filter !== undefined,
							},
						},
					]
				: []),
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 12345',
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: `e.g. https://api.example.com/v1/${resource.type}/12345`,
				extractValue: { type: 'regex', regex: `/v1/${resource.type}/([^/?#]+)` },
				validation: [
					{
						type: 'regex',
						properties: {
							regex: `.*/v1/${resource.type}/[^/?#]+.*`,
							errorMessage: `Not ${article(resource.displayName)} ${resource.displayName} URL: expected …/v1/${resource.type}/<ID>`,
						},
					},
				],
			},
		],
		routing: {
			request: { url: `=${before}${encodedId(`${resource.value}Id`)}${after}` },
			send: { preSend: [requireId(`${resource.value}Id`, resource.displayName)] },
		},
	};
}

/**
 * The "Simplify" option (`simple`, n8n's standard name), one for every operation: each of them
 * answers with resource objects (see `toItems` and jsonapi.ts `simplifyResource`).
 */
const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simple',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

function fieldsOption(endpoint: EndpointSpec): INodeProperties[] {
	const type = endpoint.query.fields;
	if (!type) return [];
	return [
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			default: [],
			description: `Sparse fieldset: return only these attributes (fields[${type}])`,
			options: Object.keys(ATTRIBUTES[type])
				.map((name) => ({ name: titleCase(name), value: name }))
				.sort(byName),
			routing: {
				send: { type: 'query', property: `fields[${type}]`, value: '={{ $value.length ? $value.join(",") : undefined }}' },
			},
		},
	];
}

function sortOptions(endpoint: EndpointSpec): INodeProperties[] {
	const keys = endpoint.query.sort;
	if (!keys) return [];
	const defaultKey = keys.includes('created_at') ? 'created_at' : keys[0];
	return [
		{
			displayName: 'Sort By',
			name: 'sort',
			type: 'options',
			default: defaultKey,
			description: 'The field to sort by',
			options: keys.map((key) => ({ name: titleCase(key), value: key })).sort(byName),
			routing: {
				send: {
					type: 'query',
					property: 'sort',
					value: '={{ ($parameter.options.sortDirection === "descending" ? "-" : "") + $value }}',
				},
			},
		},
		{
			displayName: 'Sort Direction',
			name: 'sortDirection',
			type: 'options',
			default: 'ascending',
			description: 'Applies to "Sort By"',
			options: [
				{ name: 'Ascending', value: 'ascending' },
				{ name: 'Descending', value: 'descending' },
			],
		},
	];
}

/** The "Options" collection of an operation (none when it has no options). */
function optionsCollection(resource: ResourceSpec, operations: Operation[], options: INodeProperties[]): INodeProperties[] {
	if (!options.length) return [];
	return [
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: show(resource, operations),
			options: options.sort(byName),
		},
	];
}

function getAllProperties(resource: ResourceSpec, endpoint: EndpointSpec): INodeProperties[] {
	const operations: Operation[] = ['getAll'];
	const properties: INodeProperties[] = [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			displayOptions: show(resource, operations),
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			displayOptions: { show: { resource: [resource.value], operation: operations, returnAll: [false] } },
			description: 'Max number of results to return',
			routing: { output: { maxResults: '={{ $value }}' } },
		},
	];
	const filters = endpoint.query.filters ?? [];
	if (filters.length) {
		properties.push({
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			displayOptions: show(resource, operations),
			options: filters.map(filterOption).sort(byName),
		});
	}
	properties.push(...optionsCollection(resource, operations, [...sortOptions(endpoint), ...fieldsOption(endpoint)]));
	return properties;
}

function getProperties(resource: ResourceSpec, endpoint: EndpointSpec): INodeProperties[] {
	const operations: Operation[] = ['get'];
	const properties: INodeProperties[] = [idProperty(resource, endpoint, operations)];
	const { include, includeFilters } = endpoint.query;
	if (include) {
		properties.push({
			displayName: 'Include Related',
			name: 'include',
			type: 'multiOptions',
			default: [],
			displayOptions: show(resource, operations),
			description: 'Related resources to load with the record (JSON:API include); with Simplify they are resolved into the item',
			options: include.map((name) => ({ name: titleCase(name), value: name })).sort(byName),
			routing: {
				send: { type: 'query', property: 'include', value: '={{ $value.length ? $value.join(",") : undefined }}' },
			},
		});
	}
	if (includeFilters?.length) {
		properties.push({
			displayName: 'Included Records Paging',
			name: 'includeFilters',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: {
				show: { resource: [resource.value], operation: operations, include: [{ _cnd: { exists: true } }] },
			},
			description: 'Paging of the included records; the API ignores these without Include Related',
			options: includeFilters.map(filterOption).sort(byName),
		});
	}
	properties.push(...optionsCollection(resource, operations, fieldsOption(endpoint)));
	return properties;
}

/** Attribute fields of a write body, each sent as `data.attributes.<name>`. */
function attributeOptions(type: keyof typeof ATTRIBUTES, exclude: ValueType[] = ['timestamp']): INodeProperties[] {
	return Object.entries(ATTRIBUTES[type] as Record<string, ValueType>)
		.filter(([, valueType]) => !exclude.includes(valueType))
		.map(([name, valueType]) => ({
			displayName: titleCase(name),
			name,
			...fieldType(valueType),
			...(name === 'email' ? { placeholder: 'name@email.com' } : {}),
			routing: { send: { type: 'body' as const, property: `data.attributes.${name}` } },
		}))
		.sort(byName);
}

/** Tag IDs typed as a comma-separated list or given as an array by an expression. */
function parseIdList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value : String(value ?? '').split(',');
	return parts.map(cleanId).filter((id) => id !== '');
}

/**
 * preSend of Contact → Update: writes tag IDs as the top-level `relationships.tags.data` member
 * (a sibling of `data`, as the spec's PATCH /v1/contacts/{id} says) and refuses an update that
 * changes nothing.
 */
async function contactUpdateBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const updateFields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const body = (requestOptions.body ?? {}) as IDataObject;
	const data = (body.data ?? {}) as IDataObject;
	const { tagIds, ...attributes } = updateFields;
	data.attributes = attributes;
	if (tagIds !== undefined) {
		const ids = parseIdList(tagIds);
		body.relationships = { tags: { data: ids.map((id) => ({ id, type: 'tags' })) } };
	}
	if (Object.keys(attributes).length === 0 && tagIds === undefined) {
		throw new NodeOperationError(this.getNode(), 'Nothing to update: add at least one field under "Update Fields"', {
			itemIndex: this.getItemIndex(),
		});
	}
	body.data = data;
	requestOptions.body = body;
	return requestOptions;
}

/** preSend of Contact Note → Create: refuses an empty note body before any request. */
async function requireNoteBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body = String(this.getNodeParameter('body', '') ?? '');
	if (body.trim() === '') {
		throw new NodeOperationError(this.getNode(), '"Body" is empty: enter the text of the note', {
			itemIndex: this.getItemIndex(),
		});
	}
	return requestOptions;
}

function writeProperties(resource: ResourceSpec, endpoint: EndpointSpec): INodeProperties[] {
	const operations: Operation[] = [endpoint.operation];
	switch (`${resource.value}.${endpoint.operation}`) {
		case 'contactNote.create': {
			const contact = RESOURCES.find((r) => r.type === 'contacts')!;
			return [
				{
					...idProperty(contact, endpoint, operations),
					displayOptions: show(resource, operations),
					description: 'The contact the note belongs to',
					routing: {
						send: {
							type: 'body',
							property: 'data.relationships.contact.data',
							value: `={{ { "id": ${idValue('contactId')}, "type": "contacts" } }}`,
							preSend: [requireId('contactId', 'Contact')],
						},
					},
				},
				{
					displayName: 'Body',
					name: 'body',
					type: 'string',
					typeOptions: { rows: 4 },
					default: '',
					required: true,
					displayOptions: show(resource, operations),
					description: 'The content of the note',
					routing: { send: { type: 'body', property: 'data.attributes.body', preSend: [requireNoteBody] } },
				},
			];
		}
		case 'contact.update':
			return [
				{
					...idProperty(resource, endpoint, operations),
					routing: {
						request: { url: `=/contacts/${encodedId('contactId')}` },
						send: {
							type: 'body',
							property: 'data.id',
							value: `={{ ${idValue('contactId')} }}`,
							preSend: [requireId('contactId', 'Contact')],
						},
					},
				},
				{
					displayName: 'Update Fields',
					name: 'updateFields',
					type: 'collection',
					placeholder: 'Add Field',
					default: {},
					displayOptions: show(resource, operations),
					options: [
						...attributeOptions('contacts').map((field): INodeProperties => ({ ...field, routing: undefined })),
						{
							displayName: 'Tag IDs',
							name: 'tagIds',
							type: 'string' as const,
							default: '',
							description:
								'Comma-separated tag IDs (or an array from an expression); replaces the contact\'s tags (relationships.tags)',
						},
					].sort(byName),
					routing: { send: { preSend: [contactUpdateBody] } },
				},
			];
		case 'form.submit':
			return [
				idProperty(resource, endpoint, operations),
				{
					displayName: 'Submission Fields',
					name: 'submissionFields',
					type: 'collection',
					placeholder: 'Add Field',
					default: {},
					displayOptions: show(resource, operations),
					description: 'The attributes of the form submission',
					options: attributeOptions('form_submissions'),
				},
			];
		default:
			return [];
	}
}

/** Static request parts per operation: body skeletons of writes (spec "Endpoints"). */
function requestOf(resource: ResourceSpec, endpoint: EndpointSpec): DeclarativeRestApiSettings.HttpRequestOptions {
	const request: DeclarativeRestApiSettings.HttpRequestOptions = { method: endpoint.method };
	if (!endpoint.path.includes('{id}')) request.url = endpoint.path;
	if (endpoint.method !== 'GET') {
		request.headers = { 'Content-Type': JSON_API_MEDIA_TYPE };
		request.body = { data: { type: endpoint.operation === 'submit' ? 'form_submissions' : resource.type } };
	}
	return request;
}

function operationOption(resource: ResourceSpec, endpoint: EndpointSpec): INodePropertyOptions {
	const name = OPERATION_NAMES[endpoint.operation];
	const noun = resource.displayName.toLowerCase();
	const action =
		endpoint.operation === 'getAll'
			? `Get many ${noun}s`
			: endpoint.operation === 'submit'
				? `Submit a ${noun}`
				: `${name} a ${noun}`;
	return {
		name,
		value: endpoint.operation,
		action,
		description: `${endpoint.purpose} (${endpoint.method} /v1${endpoint.path})`,
		routing: {
			request: requestOf(resource, endpoint),
			send: {
				preSend: [prepareRequest],
				...(endpoint.operation === 'getAll' ? { paginate: true } : {}),
			},
			output: { postReceive: [toItems] },
			...(endpoint.operation === 'getAll' ? { operations: { pagination: paginate } } : {}),
		},
	};
}

/** The `resource` property: one option per resource of `RESOURCES`. */
export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: RESOURCES.map((resource) => ({ name: resource.displayName, value: resource.value })).sort(byName),
	default: 'order',
};

/**
 * Every property of every resource: its `operation` property and the fields of each endpoint, then
 * the one "Simplify" option of all operations.
 */
export const resourceProperties: INodeProperties[] = [
	...RESOURCES.flatMap(operationProperties),
	simplifyProperty,
];

/** The `operation` property of one resource and the fields of each of its endpoints. */
function operationProperties(resource: ResourceSpec): INodeProperties[] {
	const defaultOperation = resource.endpoints.some((e) => e.operation === 'getAll') ? 'getAll' : resource.endpoints[0].operation;
	const operation: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: show(resource),
		options: resource.endpoints.map((endpoint) => operationOption(resource, endpoint)).sort(byName),
		default: defaultOperation,
	};
	const fields = resource.endpoints.flatMap((endpoint) => {
		switch (endpoint.operation) {
			case 'getAll':
				return getAllProperties(resource, endpoint);
			case 'get':
				return getProperties(resource, endpoint);
			default:
				return writeProperties(resource, endpoint);
		}
	});
	return [operation, ...fields];
}
