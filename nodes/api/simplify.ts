/**
 * Resource objects as n8n items: the "Simplify" option (`simplifyProperty`), what it does
 * (`simplifyResource`), and a document's resource objects as item JSON, simplified or raw
 * (`documentToItems`). Shared by the action node and the triggers so both emit items of the same
 * shape.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import {
	indexIncluded,
	isResourceObject,
	type IncludedIndex,
	type JsonApiDocument,
	type ResourceIdentifier,
	type ResourceObject,
} from './jsonapi';
import { FIELD_HINTS } from './tables/builderHints';

/**
 * The "Simplify" flattening of one resource object, documented in the README:
 *
 * `{ id, type, ...attributes, <rel>_id (to-one), <rel>_ids (to-many), <rel> (resolved), links }`
 *
 * - Attributes are copied unchanged (timestamps stay ISO strings, `*_in_cents` stay integers).
 * - A to-one relationship with `data` gives `<rel>_id` (string, or null when `data` is null);
 *   a to-many relationship with `data` gives `<rel>_ids` (string[]). Relationships without `data`
 *   (shown empty, or links only) give nothing.
 * - When the related resources were loaded with `include`, they are resolved from `included`
 *   (by type and id) and put under the relationship name, themselves simplified, nested
 *   relationships (such as `lessons.media`) too. A resource already being resolved on the current
 *   path is not resolved again (cycles stop).
 * - `links` is kept when the resource has it. An attribute that has the same name as a generated
 *   key wins over the generated key.
 */
export function simplifyResource(
	resource: ResourceObject,
	included: IncludedIndex = new Map(),
	path: ReadonlySet<string> = new Set(),
): IDataObject {
	const key = `${resource.type}/${resource.id}`;
	const ownPath = new Set(path).add(key);
	const relationshipFields: IDataObject = {};
	for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
		if (!relationship || typeof relationship !== 'object' || !('data' in relationship)) continue;
		const { data } = relationship;
		if (Array.isArray(data)) {
			relationshipFields[`${name}_ids`] = data.map((identifier) => String(identifier.id));
			const resolved = data
				.map((identifier) => resolve(identifier, included, ownPath))
				.filter((value): value is IDataObject => value !== undefined);
			if (resolved.length > 0) relationshipFields[name] = resolved;
		} else if (data === null || data === undefined) {
			relationshipFields[`${name}_id`] = null;
		} else {
			relationshipFields[`${name}_id`] = String(data.id);
			const resolved = resolve(data, included, ownPath);
			if (resolved !== undefined) relationshipFields[name] = resolved;
		}
	}
	const simplified: IDataObject = {
		id: String(resource.id),
		type: resource.type,
		...relationshipFields,
		...(resource.attributes ?? {}),
	};
	if (resource.links !== undefined) simplified.links = resource.links;
	return simplified;
}

function resolve(
	identifier: ResourceIdentifier,
	included: IncludedIndex,
	path: ReadonlySet<string>,
): IDataObject | undefined {
	const key = `${identifier.type}/${identifier.id}`;
	const resource = included.get(key);
	if (!resource || path.has(key)) return undefined;
	return simplifyResource(resource, included, path);
}

/**
 * The resource objects of a document as n8n item JSON, one per resource.
 *
 * @param document The parsed response body.
 * @param simplify true → `simplifyResource` with `included` resolved; false → the raw resource
 *   object, with the document's `included` array attached as `included` when present.
 * @returns `[]` for an empty list; throws a plain Error (wrapped by the caller) when `data` is missing
 *   or not resource objects, so a malformed answer is never taken as "no records".
 */
export function documentToItems(document: JsonApiDocument, simplify: boolean): IDataObject[] {
	const { data } = document;
	const resources = Array.isArray(data) ? data : [data];
	if (data === undefined || data === null || !resources.every(isResourceObject)) {
		throw new TypeError('The response is not a JSON:API document: "data" holds no resource objects');
	}
	if (simplify) {
		const index = indexIncluded(document.included);
		return resources.map((resource) => simplifyResource(resource, index));
	}
	return resources.map((resource) =>
		document.included !== undefined
			? ({ ...resource, included: document.included } as unknown as IDataObject)
			: (resource as unknown as IDataObject),
	);
}

/**
 * The "Simplify" option (`simple`, n8n's standard name), one for every operation of the action
 * node (each answers with resource objects, see `toItems` in transport/request.ts and
 * `simplifyResource` above) and the webhook trigger's (the delivered record).
 */
export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simple',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
	builderHint: FIELD_HINTS.simplify,
};
