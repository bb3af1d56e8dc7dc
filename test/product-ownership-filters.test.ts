/**
 * The product-ownership filters of contacts and customers (release 1.1.0 of the API:
 * spec/platform-openapi-v1.1.0.yaml, supplement section 10) through n8n's engine against the
 * sandbox (test/sandbox/purchases-and-ownership.js): product pickers, and each filter's meaning on a
 * person who bought, was granted, lapsed or never owned; the removed `is_suppressed` is not sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { collectionFields, propertiesOf, rl, useSandbox, nodeRunner } from './helpers/fixtures';
import type { Sandbox } from './sandbox';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

const run = nodeRunner(() => sandbox);

const OWNERSHIP = ['has_product_id', 'has_active_product_id', 'has_no_product_id', 'previously_owned_product_id'];
const itemIdsOf = (items: Array<{ json: IDataObject }>) => items.map((item) => String(item.json.id));

describe('contacts and customers: the four product-ownership filters', () => {
	/** A product, its offer, and four people: bought it, granted it, lapsed, never had it. */
	function owners() {
		const product = sandbox.insert('products', { title: 'Ownership test product' }, { site: '1' });
		const offer = sandbox.insert('offers', { title: 'Ownership offer' }, { site: '1', products: [product.id] });
		const person = (name: string, products: string[] = []) => {
			const contact = sandbox.insert('contacts', { name, email: `${name}@example.com` }, { site: '1' });
			const customer = sandbox.insert('customers', { name }, { contact: contact.id, site: '1', products });
			return { contact, customer };
		};
		const buyer = person('buyer');
		const granted = person('granted', [product.id]);
		const lapsed = person('lapsed');
		const never = person('never');
		sandbox.insert('purchases', {}, { offer: offer.id, customer: buyer.customer.id, products: [product.id] });
		sandbox.insert(
			'purchases',
			{ deactivated_at: '2026-10-01T00:00:00.000Z', deactivation_reason: 'refunded' },
			{ offer: offer.id, customer: lapsed.customer.id, products: [product.id] },
		);
		return { product, buyer, granted, lapsed, never };
	}

	test.each(['contact', 'customer'])(
		'%s → Get Many: each filter is a product picker (From List of the products, By ID), sent as filter[<name>]',
		(resource) => {
			const filters = collectionFields(propertiesOf(resource, 'getAll').find((p) => p.name === 'filters'));
			for (const name of OWNERSHIP) {
				const field = filters.find((f) => f.name === name)!;
				expect(field.type).toBe('resourceLocator');
				expect(field.modes?.map((mode) => [mode.name, mode.typeOptions?.searchListMethod])).toEqual([
					['list', 'searchProducts'],
					['id', undefined],
				]);
				expect(field.routing?.send?.property).toBe(`filter[${name}]`);
			}
			expect(filters.map((f) => f.name)).not.toContain('is_suppressed');
		},
	);

	test.each(['contact', 'customer'] as const)(
		'%s → Get Many: owns, active membership, does not own, owned before: the people the API means',
		async (resource) => {
			const { product, buyer, granted, lapsed, never } = owners();
			const who = { buyer, granted, lapsed, never };
			const expected: Record<string, string[]> = {
				has_product_id: ['buyer', 'granted'],
				has_active_product_id: ['buyer'],
				has_no_product_id: ['lapsed', 'never'],
				previously_owned_product_id: ['lapsed'],
			};
			for (const name of OWNERSHIP) {
				const result = await run({
					resource,
					operation: 'getAll',
					returnAll: true,
					filters: { [name]: rl(product.id, name === 'has_product_id' ? 'list' : 'id') },
				});
				expect(result.error).toBeUndefined();
				expect(sandbox.requests.map((r) => r.query[`filter[${name}]`])).toEqual([product.id]);
				const found = new Set(itemIdsOf(result.items));
				const ours = Object.entries(who)
					.filter(([, p]) => found.has(resource === 'contact' ? p.contact.id : p.customer.id))
					.map(([label]) => label);
				expect([name, ours]).toEqual([name, expected[name]]);
			}
		},
	);

	test('a workflow saved with the removed Is Suppressed filter runs without it (nothing sent)', async () => {
		const result = await run({
			resource: 'contact',
			operation: 'getAll',
			limit: 2,
			filters: { is_suppressed: true, search: 'a' },
		});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(1);
		expect(Object.keys(sandbox.requests[0].query).sort()).toEqual(['filter[search]', 'page[number]', 'page[size]']);
	});

	test('the sandbox refuses filter[is_suppressed] as the document no longer lists it (400)', async () => {
		const response = await fetch(`${sandbox.url}/v1/contacts?filter[is_suppressed]=true`, {
			headers: { Authorization: `Bearer ${sandbox.token}` },
		});
		expect(response.status).toBe(400);
	});
});
