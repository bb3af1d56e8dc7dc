/**
 * Fields made from table rows, as the nodes show them: each typed from its row's value type
 * (`valueField`), for a filter row (one field per `filter[<name>]`, in the "Filters" collection of a
 * Get Many and of the polling trigger's events, the required "Site" of lists that need one; a filter
 * whose value is a record's ID is a picker of that resource's records) or an attribute (a write
 * body's `data.attributes.<name>`, in a write's "Add Field" collection). The record pickers of
 * operations are `locators.ts`'.
 */
import type { INodeProperties } from 'n8n-workflow';

import { resourceByValue, ATTRIBUTES } from '../tables/registry';
import { showOnlyFor } from './display';
import type { OperationContext, FilterRow, ResourceType, ValueType } from '../tables/registry';
import { article, byDisplayName, byName, fieldLabel, titleCase, sentence } from './words';
import { requiredId, searchMethodName } from './locators';
import { FIELD_HINTS } from '../tables/builderHints';
import { rowHint } from './builderHint';

/** The expression that writes a filter value to the query string as the API expects it. */
function queryValue(type: FilterRow['type']): string {
	switch (type) {
		case 'boolean':
			return '={{ $value ? "true" : "false" }}';
		case 'date':
			return '={{ (typeof $value === "string" ? $value : $value.toISO()).slice(0, 10) }}';
		default:
			return '={{ String($value) }}';
	}
}

/** The expression that writes a list filter's values: an array, or comma-separated text; trimmed, empty ones dropped. */
const LIST_VALUE =
	'={{ (Array.isArray($value) ? $value : String($value).split(",")).map((v) => String(v).trim()).filter((v) => v !== "") }}';

/**
 * One `filter[<name>]` query parameter as a field (booleans as `true`/`false`, dates as
 * `YYYY-MM-DD`). A filter whose value is a record's ID (`picker`: the site filter, the product
 * ownership filters) is a resource locator (From List of that resource's records, or By ID); a
 * list filter (`array`) is sent as the repeated parameter `filter[<name>][]`.
 */
export function filterField(filter: FilterRow): INodeProperties {
	if (filter.picker) return pickerFilterField(filter);
	if (filter.options) {
		const field: INodeProperties = {
			displayName: fieldLabel(filter.name),
			name: filter.name,
			type: 'options',
			default: '',
			description: filter.description,
			options: filter.options.map((value) => ({ name: titleCase(value), value })).sort(byName),
			routing: { send: { type: 'query', property: `filter[${filter.name}]` } },
		};
		// The first value the API names (a pick list has no empty choice).
		field.default = filter.options[0];
		return field;
	}
	if (filter.type === 'array') {
		return {
			...textFilterField(filter),
			routing: {
				request: { arrayFormat: 'repeat' },
				send: { type: 'query', property: `filter[${filter.name}][]`, value: LIST_VALUE },
			},
		};
	}
	return {
		displayName: fieldLabel(filter.name),
		name: filter.name,
		...valueField(filter.type),
		description: filter.description,
		...rowHint(filter),
		routing: { send: { type: 'query', property: `filter[${filter.name}]`, value: queryValue(filter.type) } },
	};
}

/**
 * A filter as a text field named after it (`filter.name`, an empty default), without routing: the
 * polling trigger's filters, which its poll sends itself (ContentPlatformTrigger.node.ts), and the
 * base of a list filter's field here.
 */
export function textFilterField(filter: FilterRow): INodeProperties {
	return {
		displayName: fieldLabel(filter.name),
		name: filter.name,
		type: 'string',
		default: '',
		description: filter.description,
		...rowHint(filter),
	};
}

/**
 * The "Filters" collection (`filters`): `fields` in the order given, shown where `displayOptions`
 * says. The action node's Get Many (`filtersCollection`) and each polling trigger event use it.
 */
export function filtersField(
	displayOptions: INodeProperties['displayOptions'],
	fields: INodeProperties[],
): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions,
		options: fields,
	};
}

/**
 * A collection of a write's optional fields, "Add Field" (`name`, labelled `displayName`; Contact's
 * Additional Fields and Update Fields, Hook's Additional Fields, Fields for a New Contact, Submission
 * Fields): `options` in the order given, shown for `op` only, with `description` under it when given.
 */
export function fieldsCollection(
	op: OperationContext,
	displayName: string,
	name: string,
	options: INodeProperties[],
	description?: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showOnlyFor(op),
		...(description === undefined ? {} : { description }),
		options,
	};
}

/** The "Filters" collection of a Get Many: every filter of the endpoint, by label (none when it has none). */
export function filtersCollection(op: OperationContext): INodeProperties[] {
	const filters = op.endpoint.query.filters ?? [];
	if (!filters.length) return [];
	return [filtersField(showOnlyFor(op), filters.map(filterField).sort(byDisplayName))];
}

/**
 * The "Site" of an operation whose endpoint requires `filter[site_id]` (table row `query.site`,
 * payouts): a required resource locator at the top, refused empty before any request.
 */
export function requiredSiteField(op: OperationContext): INodeProperties[] {
	if (op.endpoint.query.site !== 'required') return [];
	const field = pickerFilterField({
		name: 'site_id',
		type: 'string',
		picker: 'site',
		description: `The site whose ${op.resource.displayName.toLowerCase()}s to read (the API requires it)`,
	});
	return [
		{
			...field,
			displayName: 'Site',
			name: 'siteId',
			required: true,
			displayOptions: showOnlyFor(op),
			builderHint: FIELD_HINTS.siteRequired,
			routing: { send: { ...field.routing!.send, preSend: [requiredId(resourceByValue('site'))] } },
		},
	];
}

/**
 * A filter whose value is the ID of a record of `filter.picker` (the site filter
 * `filter[site_id]`, the product ownership filters): a resource locator over that resource's list
 * (searchable when the list has a text filter), or an ID; sent trimmed.
 */
function pickerFilterField(filter: FilterRow): INodeProperties {
	const resource = resourceByValue(filter.picker!);
	const noun = resource.displayName.toLowerCase();
	return {
		displayName: fieldLabel(filter.name),
		name: filter.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description: filter.description,
		...rowHint(filter),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select ${article(noun)} ${noun}...`,
				typeOptions: {
					searchListMethod: searchMethodName(resource),
					searchable: resource.search?.filter !== undefined,
				},
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 12345' },
		],
		routing: { send: { type: 'query', property: `filter[${filter.name}]`, value: '={{ String($value).trim() }}' } },
	};
}

/** A label inside a sentence: "External User ID" → "external user ID". */
function inSentence(label: string): string {
	return label
		.split(' ')
		.map((word) => (/^[A-Z]{2,}s?$/.test(word) ? word : word.toLowerCase()))
		.join(' ');
}

/** The description of a write field: booleans start with "Whether" (n8n's rule for boolean fields). */
function attributeDescription(name: string, valueType: ValueType, owner: string): string {
	const custom = /^custom_(\d+)$/.exec(name);
	if (custom) return `Custom field ${custom[1]} of ${owner}`;
	if (valueType === 'boolean') return `Whether ${owner} is ${inSentence(fieldLabel(name))}`;
	return `${sentence(inSentence(fieldLabel(name)))} of ${owner}`;
}

/**
 * The attributes of a resource type as fields of a write body, each sent as
 * `data.attributes.<name>`; timestamps (set by the API) are left out.
 * @param owner Whose attributes they are, in words, for the descriptions (for example "the contact").
 */
export function attributeFields(
	type: ResourceType,
	owner: string,
	exclude: ValueType[] = ['timestamp'],
): INodeProperties[] {
	return Object.entries(ATTRIBUTES[type] as Record<string, ValueType>)
		.filter(([, valueType]) => !exclude.includes(valueType))
		.map(([name, valueType]) => ({
			displayName: fieldLabel(name),
			name,
			...valueField(valueType),
			description: attributeDescription(name, valueType, owner),
			...(name === 'email' ? { placeholder: 'e.g. nathan@example.com' } : {}),
			routing: { send: { type: 'body' as const, property: `data.attributes.${name}` } },
		}))
		.sort(byDisplayName);
}

/** The n8n field type and default for a table value type; `date` is a date picker. */
export function valueField(type: ValueType): Pick<INodeProperties, 'type' | 'default'> {
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
