/**
 * A webhook delivery turned into the item the trigger emits (supplement section 5, "Delivery to
 * target_url": an HTTP POST with the JSON body `{id: string, event: string, payload: [resource
 * objects]}`): `parseDelivery` checks the body and picks the record that triggered the event,
 * `deliveryItem` makes the item of it. Recognising a repeated delivery is repeats.ts'.
 */
import type { IDataObject } from 'n8n-workflow';

import { indexIncluded, isResourceObject, type ResourceObject } from '../api/jsonapi';
import { simplifyResource } from '../api/simplify';
import type { HookEvent } from './hookEvents';

/** A delivery body that passed {@link parseDelivery}. */
export interface Delivery {
	/** The delivery's `id` (the spec: the ID of the resource that triggered the event). */
	id: string;
	event: string;
	/** The record that triggered the event (type `event.primaryType`). */
	primary: ResourceObject;
	/** The other resource objects of `payload`, in payload order. */
	others: ResourceObject[];
}

/**
 * Checks a delivery body against the node's event.
 * @returns the delivery, or a message saying why the body is refused (then the webhook answers 400
 *   and emits nothing): not an object, `id` not a non-empty string or number, `event` not the
 *   node's event, `payload` not a non-empty array of resource objects, or no record of the event's
 *   type in it.
 */
export function parseDelivery(body: unknown, event: HookEvent): Delivery | string {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		return 'The body is not a JSON object {id, event, payload}';
	}
	const { id, event: name, payload } = body as IDataObject;
	if (!((typeof id === 'string' && id.trim() !== '') || typeof id === 'number')) {
		return '"id" is missing or not a string';
	}
	if (name !== event.value) {
		return `"event" is ${JSON.stringify(name ?? null)}, this webhook receives "${event.value}"`;
	}
	if (!Array.isArray(payload) || payload.length === 0) return '"payload" is not a non-empty array';
	if (!payload.every(isResourceObject)) return '"payload" holds something that is not a resource object {id, type}';
	const resources = (payload as ResourceObject[]).map((resource) => ({ ...resource, id: String(resource.id) }));
	const candidates = resources.filter((resource) => resource.type === event.primaryType);
	if (candidates.length === 0) return `"payload" holds no "${event.primaryType}" record`;
	const primary = candidates.find((resource) => resource.id === String(id)) ?? candidates[0];
	return { id: String(id), event: event.value, primary, others: resources.filter((resource) => resource !== primary) };
}

/**
 * One delivery as item JSON, shaped like the action node's output for the triggering record:
 *
 * - Simplify on: `simplifyResource(primary)` with the other payload records resolved through its
 *   relationships the way the action node resolves `included` (a purchase's `offer` and
 *   `customer`, an order's `customer` and `order_items`); payload records that no relationship
 *   names (a tag event's `contact_tags`, an order event's `transactions`) are added under their
 *   type, simplified, as a list.
 * - Simplify off: the raw resource object with the other payload records as `included`.
 *
 * Both add `event` and `delivery_id`.
 */
export function deliveryItem(delivery: Delivery, simplify: boolean): IDataObject {
	const meta = { event: delivery.event, delivery_id: delivery.id };
	if (!simplify) {
		return {
			...(delivery.primary as unknown as IDataObject),
			included: delivery.others as unknown as IDataObject[],
			...meta,
		};
	}
	const index = indexIncluded(delivery.others);
	const item = simplifyResource(delivery.primary, index);
	const named = new Set<string>();
	for (const relationship of Object.values(delivery.primary.relationships ?? {})) {
		const data = relationship?.data;
		for (const identifier of Array.isArray(data) ? data : data ? [data] : []) {
			named.add(`${identifier.type}/${identifier.id}`);
		}
	}
	const unnamed: Record<string, IDataObject[]> = {};
	for (const other of delivery.others) {
		if (named.has(`${other.type}/${other.id}`) || other.type in item) continue;
		(unnamed[other.type] ??= []).push(simplifyResource(other, index));
	}
	return { ...item, ...unnamed, ...meta };
}
