/**
 * The Simplify option (`simple`) on every Get and Get Many (writes: test/writes.test.ts), through n8n's real
 * engine against the sandbox.
 *
 * Simplified item (documented in api/simplify.ts `simplifyResource` and the README):
 *   `{ id, type, <rel>_id (to-one), <rel>_ids (to-many), <rel> (resolved from included), ...attributes, links? }`
 * Raw item: the resource object exactly as the API sent it, plus `included` when the document had it.
 *
 * The expected simplified item is computed here from the raw document the sandbox serves (fetched
 * directly, outside the node) by the documented rule, so the node is compared with an independent
 * reading of the rule, and a few concrete values are checked by hand.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from './sandbox';
import { runWith, useSandbox, rl } from './helpers/fixtures';

let sandbox: Sandbox;
useSandbox((started) => {
	sandbox = started;
});

interface Resource {
	id: string;
	type: string;
	attributes?: IDataObject;
	relationships?: Record<string, { data?: unknown; links?: IDataObject }>;
	links?: IDataObject;
}
interface Document {
	data: Resource | Resource[];
	included?: Resource[];
}

/** The document the API serves for `path` (fetched directly, not through the node). */
async function fetchDocument(path: string): Promise<Document> {
	const response = await fetch(`${sandbox.url}/v1${path}`, { headers: { Authorization: `Bearer ${sandbox.token}` } });
	expect(response.status).toBe(200);
	return (await response.json()) as Document;
}

/** The documented Simplify rule, written independently of the node's code. */
function expectedSimple(resource: Resource, included: Resource[] = [], seen: string[] = []): IDataObject {
	const out: IDataObject = { id: resource.id, type: resource.type };
	const here = [...seen, `${resource.type}/${resource.id}`];
	const find = (identifier: { id: string; type: string }) => {
		const key = `${identifier.type}/${identifier.id}`;
		const found = included.find((r) => `${r.type}/${r.id}` === key);
		return found && !here.includes(key) ? expectedSimple(found, included, here) : undefined;
	};
	for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
		if (!('data' in relationship)) continue;
		const data = relationship.data as { id: string; type: string } | Array<{ id: string; type: string }> | null;
		if (Array.isArray(data)) {
			out[`${name}_ids`] = data.map((d) => d.id);
			const resolved = data.map(find).filter((r) => r !== undefined);
			if (resolved.length) out[name] = resolved as IDataObject[];
		} else if (data === null) {
			out[`${name}_id`] = null;
		} else {
			out[`${name}_id`] = data.id;
			const resolved = find(data);
			if (resolved) out[name] = resolved;
		}
	}
	Object.assign(out, resource.attributes ?? {});
	if (resource.links !== undefined) out.links = resource.links;
	return out;
}

/** Runs the node; expects success and returns the items' JSON. */
async function simplifiedItems(parameters: INodeParameters) {
	const result = await runWith(sandbox, parameters);
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

/** Every resource with a Get: its n8n value, API path and an ID that exists in the seed. */
const GET_CASES: Array<{ resource: string; path: string; id: string }> = [
	{ resource: 'contact', path: '/contacts', id: '1' },
	{ resource: 'customer', path: '/customers', id: '2' },
	{ resource: 'course', path: '/courses', id: '1' },
	{ resource: 'order', path: '/orders', id: '1' },
	{ resource: 'orderItem', path: '/order_items', id: '3' },
	{ resource: 'transaction', path: '/transactions', id: '4' },
	{ resource: 'form', path: '/forms', id: '1' },
	{ resource: 'formSubmission', path: '/form_submissions', id: '5' },
	{ resource: 'podcast', path: '/podcasts', id: '2' },
	{ resource: 'blogPost', path: '/blog_posts', id: '1' },
];

/** Every resource with a Get Many. */
const LIST_CASES: Array<{ resource: string; path: string }> = [
	{ resource: 'contact', path: '/contacts' },
	{ resource: 'customer', path: '/customers' },
	{ resource: 'order', path: '/orders' },
	{ resource: 'orderItem', path: '/order_items' },
	{ resource: 'transaction', path: '/transactions' },
	{ resource: 'formSubmission', path: '/form_submissions' },
	{ resource: 'podcast', path: '/podcasts' },
];

describe('Get: Simplify on vs off, every resource', () => {
	test.each(GET_CASES)(
		'$resource Get: simplified = flattened resource, raw = resource object',
		async ({ resource, path, id }) => {
			const document = await fetchDocument(`${path}/${id}`);
			const resourceObject = document.data as Resource;
			const parameters = { resource, operation: 'get', [`${resource}Id`]: rl(id) };

			const simple = await simplifiedItems({ ...parameters, simple: true });
			expect(simple).toHaveLength(1);
			expect(simple[0]).toEqual(expectedSimple(resourceObject));
			expect(simple[0]).not.toHaveProperty('attributes');
			expect(simple[0]).not.toHaveProperty('relationships');

			const raw = await simplifiedItems({ ...parameters, simple: false });
			expect(raw).toEqual([resourceObject]);
			expect(raw[0]).not.toHaveProperty('included');
		},
	);

	test('Simplify is on by default (parameter left out)', async () => {
		const [item] = await simplifiedItems({ resource: 'order', operation: 'get', orderId: rl('1') });
		expect(item).toMatchObject({
			id: '1',
			type: 'orders',
			order_number: 1001,
			customer_id: '6',
			order_items_ids: ['1'],
		});
		expect(item).not.toHaveProperty('attributes');
	});

	test('values stay as the API sends them: cents are integers, formatted_* and timestamps untouched', async () => {
		const [item] = await simplifiedItems({ resource: 'order', operation: 'get', orderId: rl('1'), simple: true });
		expect(item).toMatchObject({
			total_price_in_cents: 12852,
			subtotal_in_cents: 11900,
			sales_tax_amount_in_cents: 952,
			discount_amount_in_cents: 0,
			formatted_total_price: '$128.52',
			created_at: sandbox.seedDate('2026-10-17T06:54:56.000Z'),
			site_id: '1',
		});
		expect(Number.isInteger(item.total_price_in_cents)).toBe(true);
	});

	test('a to-one relationship with data null gives <rel>_id null (form without offer)', async () => {
		const [item] = await simplifiedItems({ resource: 'form', operation: 'get', formId: rl('1'), simple: true });
		expect(item).toMatchObject({
			id: '1',
			type: 'forms',
			offer_id: null,
			site_id: '1',
			fields_ids: ['1', '2'],
			contact_tags_ids: ['4'],
		});
		expect(item).not.toHaveProperty('links');
	});

	test('member links are kept (contact → links.customer)', async () => {
		const [item] = await simplifiedItems({ resource: 'contact', operation: 'get', contactId: rl('1'), simple: true });
		expect(item.links).toEqual({ customer: `${sandbox.url}/v1/customers/1` });
		expect(item).toMatchObject({ customer_id: '1', offers_ids: ['2'], tags_ids: ['3'], site_id: '1' });
	});
});

describe('Get Many: Simplify on vs off, every list resource', () => {
	test.each(LIST_CASES)(
		'$resource Get Many (Limit 5): simplified and raw items match the page',
		async ({ resource, path }) => {
			const document = await fetchDocument(`${path}?page[number]=1&page[size]=5`);
			const resources = document.data as Resource[];
			expect(resources).toHaveLength(5);
			const parameters = { resource, operation: 'getAll', returnAll: false, limit: 5 };

			const simple = await simplifiedItems({ ...parameters, simple: true });
			expect(simple).toEqual(resources.map((r) => expectedSimple(r)));

			const raw = await simplifiedItems({ ...parameters, simple: false });
			expect(raw).toEqual(resources);
		},
	);
});

describe('include: related resources resolved (Simplify) or reachable (raw)', () => {
	test('course with offers and lessons.media: offers and lessons resolved, media nested in each lesson', async () => {
		const document = await fetchDocument('/courses/1?include=offers,lessons.media');
		expect(document.included?.length).toBeGreaterThan(0);
		const parameters = {
			resource: 'course',
			operation: 'get',
			courseId: rl('1'),
			include: ['offers', 'lessons.media'],
		};

		const [simple] = await simplifiedItems({ ...parameters, simple: true });
		expect(simple).toEqual(expectedSimple(document.data as Resource, document.included));
		const offers = simple.offers as IDataObject[];
		expect(offers.map((o) => o.id)).toEqual(simple.offers_ids);
		expect(offers[0]).toMatchObject({
			id: '1',
			type: 'offers',
			title: 'Creator Foundations — Full Access',
			price_in_cents: 4400,
		});
		const lessons = simple.lessons as IDataObject[];
		expect(lessons.map((l) => l.id)).toEqual(simple.lessons_ids);
		const lessonWithMedia = lessons.find((l) => Array.isArray(l.media) || typeof l.media === 'object');
		expect(lessonWithMedia).toBeDefined();
		const media = ([] as IDataObject[]).concat(lessonWithMedia!.media as IDataObject);
		expect(media[0]).toMatchObject({ type: 'media' });
		// modules were not included: only their ids
		expect(simple.modules_ids).toEqual(['1', '2']);
		expect(simple).not.toHaveProperty('modules');
		// the course is not re-resolved inside its offers/lessons (cycles stop)
		for (const lesson of lessons) expect(lesson).not.toHaveProperty('course');

		const [raw] = await simplifiedItems({ ...parameters, simple: false });
		expect(raw).toEqual({ ...(document.data as Resource), included: document.included });
	});

	test('order with order_items and customer: both resolved from included', async () => {
		const document = await fetchDocument('/orders/1?include=order_items,customer');
		const parameters = { resource: 'order', operation: 'get', orderId: rl('1'), include: ['order_items', 'customer'] };

		const [simple] = await simplifiedItems({ ...parameters, simple: true });
		expect(simple).toEqual(expectedSimple(document.data as Resource, document.included));
		expect(simple.order_items).toEqual([
			expect.objectContaining({
				id: '1',
				type: 'order_items',
				quantity: 1,
				total_price_in_cents: 12852,
				order_id: '1',
			}),
		]);
		expect(simple.customer).toMatchObject({ id: '6', type: 'customers', name: 'Sophia Moore' });
		expect(simple.customer_id).toBe('6');
		// the order inside its own item is not resolved again
		expect((simple.order_items as IDataObject[])[0]).not.toHaveProperty('order');

		const [raw] = await simplifiedItems({ ...parameters, simple: false });
		expect(raw).toEqual({ ...(document.data as Resource), included: document.included });
		expect((raw.included as Resource[]).map((r) => `${r.type}/${r.id}`).sort()).toEqual([
			'customers/6',
			'order_items/1',
		]);
	});

	test('the include parameter is sent as one comma-separated query value', async () => {
		await simplifiedItems({
			resource: 'order',
			operation: 'get',
			orderId: rl('1'),
			include: ['order_items', 'customer'],
		});
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0].query.include).toBe('order_items,customer');
	});
});
