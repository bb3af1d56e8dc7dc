/**
 * The account's custom fields where users type contact data (supplement section 9.1).
 * A custom field's `handle` is the attribute it stands for (`custom_1`..`custom_3` on contacts
 * and form submissions); its `title` is what the account calls it; both differ per site.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeProperties,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { isResourceObject, type ResourceObject } from '../api/jsonapi';
import { apiList, apiRequest } from '../api/transport/apiRequest';
import { cleanId } from '../api/ids';
import type { RequestContext } from '../api/transport/credentials';

/** The attributes custom fields are stored in on contacts and form submissions (section 9.1). */
export const CUSTOM_ATTRIBUTES = ['custom_1', 'custom_2', 'custom_3'] as const;

/** Most pages of custom fields read for one site. */
const MAX_PAGES = 10;

/** A custom field as the node uses it: title, handle (`custom_N`), whether the site requires it. */
export interface CustomField {
	title: string;
	handle: string;
	required: boolean;
}

/**
 * The custom fields of a site (`GET /v1/custom_fields?filter[site_id]=…`, every page), those
 * stored in `custom_1`..`custom_3` only, in the API's order.
 */
export async function siteCustomFields(
	context: RequestContext | IExecuteSingleFunctions,
	siteId: string,
): Promise<CustomField[]> {
	const { records } = await apiList(context, '/custom_fields', { 'filter[site_id]': siteId }, MAX_PAGES, {
		context: `custom fields of site ${siteId}`,
	});
	return records
		.map((record) => ({
			title: String(record.attributes?.title ?? record.attributes?.handle ?? ''),
			handle: String(record.attributes?.handle ?? ''),
			required: record.attributes?.required === true,
		}))
		.filter((field) => (CUSTOM_ATTRIBUTES as readonly string[]).includes(field.handle));
}

/** The site a record belongs to (its `site` relationship), or undefined. */
function siteOf(record: ResourceObject | undefined): string | undefined {
	const data = record?.relationships?.site?.data;
	return data && !Array.isArray(data) ? String(data.id) : undefined;
}

/** A locator's value in the editor (`{mode, value}` or a plain string); '' when not set or an expression. */
function locatorValue(context: ILoadOptionsFunctions, name: string): string {
	try {
		const value = context.getNodeParameter(name, '', { extractValue: true }) as unknown;
		const id = cleanId(value);
		return id.startsWith('=') ? '' : id;
	} catch {
		return '';
	}
}

/**
 * The site whose custom fields a mapper shows: the "Site" field (Create, Create or Update), the
 * contact's site (Update), the form's site (Form → Submit); undefined when it cannot be known in
 * the editor (an expression, no record picked yet).
 */
async function editorSite(context: ILoadOptionsFunctions): Promise<string | undefined> {
	const resource = context.getNodeParameter('resource', '') as string;
	const operation = context.getNodeParameter('operation', '') as string;
	const lookup = async (path: string, id: string) => {
		if (id === '') return undefined;
		const document = await apiRequest(context, 'GET', `${path}/${encodeURIComponent(id)}`);
		return siteOf(isResourceObject(document.data) ? document.data : undefined);
	};
	if (resource === 'form') return await lookup('/forms', locatorValue(context, 'formId'));
	if (operation === 'update') return await lookup('/contacts', locatorValue(context, 'contactId'));
	return locatorValue(context, 'siteId') || undefined;
}

/** The plain attributes, for a site without custom fields (or an unknown site). */
const PLAIN_FIELDS: ResourceMapperField[] = CUSTOM_ATTRIBUTES.map((handle, index) => ({
	id: handle,
	displayName: `Custom ${index + 1}`,
	required: false,
	defaultMatch: false,
	canBeUsedToMatch: false,
	display: true,
	type: 'string',
}));

/**
 * The resource mapper method `customFields` (Contact → Create, Update, Create or Update; Form →
 * Submit): the custom fields of the record's site by their titles, each mapped to the attribute it
 * stands for; required as the site says (never on Update). The plain `custom_1`..`custom_3` when
 * the site has none or is not known yet.
 */
export async function customFieldsMapping(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const siteId = await editorSite(this).catch(() => undefined);
	if (siteId === undefined) return { fields: PLAIN_FIELDS };
	const fields = await siteCustomFields(this, siteId);
	if (fields.length === 0) return { fields: PLAIN_FIELDS };
	const isUpdate = this.getNodeParameter('operation', '') === 'update';
	return {
		fields: fields.map((field) => ({
			id: field.handle,
			displayName: field.title,
			required: field.required && !isUpdate,
			defaultMatch: false,
			canBeUsedToMatch: false,
			display: true,
			type: 'string',
		})),
	};
}

/**
 * preSend of "Custom Fields": writes the mapped values as `data.attributes.custom_N` (values left
 * empty are not sent; only `custom_1`..`custom_3` are).
 */
export async function customFieldValues(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const mapper = (this.getNodeParameter('customFields', {}) ?? {}) as { value?: IDataObject | null };
	const values = Object.entries(mapper.value ?? {}).filter(
		([handle, value]) =>
			(CUSTOM_ATTRIBUTES as readonly string[]).includes(handle) &&
			value !== undefined &&
			value !== null &&
			String(value) !== '',
	);
	if (values.length === 0) return requestOptions;
	const body = (requestOptions.body ?? {}) as IDataObject;
	const data = (body.data ?? {}) as IDataObject;
	data.attributes = {
		...((data.attributes ?? {}) as IDataObject),
		...Object.fromEntries(values.map(([k, v]) => [k, String(v)])),
	};
	body.data = data;
	requestOptions.body = body;
	return requestOptions;
}

/** Whether "Custom Fields" holds a value to send (Form → Submit counts it as a field). */
export function hasCustomFieldValues(context: IExecuteSingleFunctions): boolean {
	const mapper = (context.getNodeParameter('customFields', {}) ?? {}) as { value?: IDataObject | null };
	return Object.values(mapper.value ?? {}).some(
		(value) => value !== undefined && value !== null && String(value) !== '',
	);
}

/**
 * The "Custom Fields" resource mapper of a contact or form-submission write.
 * @param displayOptions Where it is shown; `dependsOn` the fields whose change reloads it.
 */
export function customFieldsProperty(
	displayOptions: INodeProperties['displayOptions'],
	dependsOn: string[],
): INodeProperties {
	return {
		displayName: 'Custom Fields',
		name: 'customFields',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		displayOptions,
		description: "The account's custom fields of the site, by their titles",
		typeOptions: {
			loadOptionsDependsOn: dependsOn,
			resourceMapper: {
				resourceMapperMethod: 'customFields',
				mode: 'add',
				fieldWords: { singular: 'custom field', plural: 'custom fields' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: false,
			},
		},
		routing: { send: { preSend: [customFieldValues] } },
	};
}

/**
 * The items of a contact read with Options → "Custom Fields by Title" (Simplify on; the postReceive
 * of Contact → Get, and the last step of Contact → Get Many's run, routing/runners.ts): each item
 * gets `custom_fields`, the custom fields of its site by title with their values (null when
 * empty); one custom-fields request per site of the answer.
 */
export async function withCustomFieldTitles(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (!(this.getNodeParameter('simple', true) as boolean)) return items;
	if (!(this.getNodeParameter('options.customFieldTitles', false) as boolean)) return items;
	const bySite = new Map<string, Promise<CustomField[]>>();
	const out: INodeExecutionData[] = [];
	for (const item of items) {
		const site = item.json.site_id;
		if (typeof site !== 'string' || site === '') {
			out.push(item);
			continue;
		}
		if (!bySite.has(site)) bySite.set(site, siteCustomFields(this, site));
		const fields = await bySite.get(site)!;
		const custom = Object.fromEntries(
			fields.map((f) => [f.title, (item.json[f.handle] as string | null | undefined) ?? null]),
		);
		out.push({ ...item, json: { ...item.json, custom_fields: custom } });
	}
	return out;
}
