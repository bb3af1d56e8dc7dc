/**
 * The JSON:API document model as the API answers it: a top-level document, its resource objects,
 * relationships and errors (`JsonApiDocument`, `ResourceObject`, `JsonApiError`), a resource
 * object told apart from anything else (`isResourceObject`) and a document's `included` indexed by
 * type and ID (`indexIncluded`). (Spec "Resources and fields" → "Common document shape".)
 */
import type { IDataObject } from 'n8n-workflow';

/** `{ id, type }`: a resource identifier object. */
export interface ResourceIdentifier {
	id: string;
	type: string;
}

/** A relationship member: `data` is an identifier, an array of them, null, or absent (shown empty). */
export interface Relationship {
	data?: ResourceIdentifier | ResourceIdentifier[] | null;
	links?: IDataObject;
}

/** A JSON:API resource object. */
export interface ResourceObject {
	id: string;
	type: string;
	attributes?: IDataObject;
	relationships?: Record<string, Relationship>;
	links?: IDataObject;
}

/** A JSON:API top-level document as the API answers it. */
export interface JsonApiDocument {
	data?: ResourceObject | ResourceObject[] | null;
	included?: ResourceObject[];
	links?: IDataObject;
	meta?: IDataObject;
	errors?: JsonApiError[];
}

/** One member of a JSON:API `errors[]` array. */
export interface JsonApiError {
	status?: string;
	code?: string;
	title?: string;
	detail?: string;
	source?: { pointer?: string; parameter?: string };
}

/** True when `value` looks like a resource object (has string `id` and `type`). */
export function isResourceObject(value: unknown): value is ResourceObject {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as ResourceObject).type === 'string' &&
		(typeof (value as ResourceObject).id === 'string' || typeof (value as ResourceObject).id === 'number')
	);
}

/** Index of `included` by `type/id`, for resolving relationships. */
export type IncludedIndex = Map<string, ResourceObject>;

/** Builds the `type/id` index of a document's `included` array (empty when absent). */
export function indexIncluded(included: ResourceObject[] | undefined): IncludedIndex {
	const index: IncludedIndex = new Map();
	for (const resource of included ?? []) {
		if (isResourceObject(resource)) index.set(`${resource.type}/${resource.id}`, resource);
	}
	return index;
}
