'use strict';
/**
 * The sandbox's part of the platform's API release 1.1.0 (spec/platform-openapi-v1.1.0.yaml;
 * supplement section 10):
 *
 * - transactions have a to-many `purchases` relationship (the offer purchases one charge covers)
 *   and accept `include=purchases` on their detail; the to-one `offer` is filled for single-offer
 *   transactions and null for bundled ones (`insertBundledTransaction`);
 * - contacts and customers take the four product-ownership filters `has_product_id`,
 *   `has_active_product_id`, `has_no_product_id`, `previously_owned_product_id`;
 * - `filter[is_suppressed]` is gone (index.js answers 400 for it, as for any filter the document
 *   does not list);
 * - deleting a contact whose customer has an active subscription or payment plan answers 422
 *   (relationships-and-lists.js `deleteContact`).
 *
 * No require of index.js or data.js (they require this module): data.js calls `extendTypes` and
 * `seed`, index.js calls `personFilters` and `attach`.
 */

/** A relationship's IDs as stored on a record (`{data}` to-one or to-many). */
function storedIds(record, name) {
	const relationship = record.relationships[name];
	const data = relationship && relationship.data;
	return Array.isArray(data) ? data.map((d) => d.id) : data ? [data.id] : [];
}

/** Adds `purchases` (to-many) to the transactions type (data.js TYPES). */
function extendTypes(TYPES, { many }) {
	TYPES.transactions.relationships.purchases = many('purchases');
	const defaults = TYPES.transactions.defaultRelationships;
	TYPES.transactions.defaultRelationships = () => ({ ...defaults(), purchases: [] });
}

/**
 * After the supplement's seed: each seeded transaction is a single-offer charge of one purchase of
 * its customer (the customer's first paid purchase, else its first): `purchases` names it, `offer`
 * is that purchase's offer, and the purchase's `transactions` names the transaction.
 */
function seed(db) {
	const { store } = db;
	for (const transaction of store.transactions) {
		const customerId = storedIds(transaction, 'customer')[0];
		const own = store.purchases.filter((p) => storedIds(p, 'customer')[0] === customerId);
		const purchase = own.find((p) => p.attributes.amount_in_cents > 0) || own[0];
		if (!purchase) continue;
		transaction.relationships.purchases = { data: [{ id: purchase.id, type: 'purchases' }] };
		transaction.relationships.offer = { data: { id: storedIds(purchase, 'offer')[0], type: 'offers' } };
		purchase.relationships.transactions = {
			data: [...storedIds(purchase, 'transactions'), transaction.id].map((id) => ({ id, type: 'transactions' })),
		};
	}
}

/**
 * The products of a purchase: its own `products`, else its offer's (supplement section 2: an
 * offer grants its products).
 */
function purchaseProducts(purchase, db) {
	const own = storedIds(purchase, 'products');
	if (own.length) return own;
	const offer = db.find('offers', storedIds(purchase, 'offer')[0]);
	return offer ? storedIds(offer, 'products') : [];
}

/**
 * The sandbox's reading of the document's four ownership filters, for one customer (contacts use
 * their customer; a contact without one owns nothing):
 * - `owned` (`has_product_id`; `has_no_product_id` is its complement): the customer's `products`
 *   (offer grants, the seed) and the products of its purchases that are not deactivated;
 * - `active` (`has_active_product_id`, "an active membership"): the products of its purchases that
 *   are not deactivated;
 * - `previous` (`previously_owned_product_id`): the products of its deactivated purchases that it
 *   does not own now.
 */
function ownership(customer, db) {
	const owned = new Set(customer ? storedIds(customer, 'products') : []);
	const active = new Set();
	const lapsed = new Set();
	if (customer) {
		for (const purchase of db.store.purchases || []) {
			if (storedIds(purchase, 'customer')[0] !== customer.id) continue;
			const target = purchase.attributes.deactivated_at === null ? active : lapsed;
			for (const product of purchaseProducts(purchase, db)) target.add(product);
		}
	}
	for (const product of active) owned.add(product);
	const previous = new Set([...lapsed].filter((product) => !owned.has(product)));
	return { owned, active, previous };
}

/**
 * The four filters for index.js's contacts and customers table.
 * @param {(record: object, ctx: object) => object | undefined} customerOf the person's customer record
 */
function personFilters(customerOf) {
	const test = (set, wanted) => (v, p, ctx) => (r) => ownership(customerOf(r, ctx), ctx.db)[set].has(v) === wanted;
	return {
		has_product_id: test('owned', true),
		has_active_product_id: test('active', true),
		has_no_product_id: test('owned', false),
		previously_owned_product_id: test('previous', true),
	};
}

/**
 * Test control `sandbox.insertBundledTransaction({ customerId, offerIds, created_at? })`: one
 * charge covering several offers (an order bump, a cart): a purchase per offer (its products, a
 * subscription when the offer is one), and one transaction with `offer: null`, `purchases` naming
 * them, the summed amount; each purchase's `transactions` names it.
 * @returns {{ transaction: object, purchases: object[] }} the stored records
 */
function insertBundledTransaction(db, { customerId, offerIds, created_at }) {
	const at = created_at || new Date(Date.now()).toISOString();
	const purchases = offerIds.map((offerId) => {
		const offer = db.find('offers', String(offerId));
		if (!offer) throw new Error(`The sandbox has no offer ${offerId}`);
		const a = offer.attributes;
		return db.insert(
			'purchases',
			{
				amount_in_cents: a.price_in_cents,
				payment_type: a.subscription ? 'subscription' : a.free ? 'free' : 'single',
				multipay_payments_made: a.subscription ? 1 : null,
				currency: a.currency,
			},
			{ offer: offer.id, customer: String(customerId), products: storedIds(offer, 'products') },
			{ created_at: at },
		);
	});
	const amount = purchases.reduce((sum, p) => sum + p.attributes.amount_in_cents, 0);
	const transaction = db.insert(
		'transactions',
		{
			action: 'charge',
			state: 'succeeded',
			amount_in_cents: amount,
			formatted_amount: `$${(amount / 100).toFixed(2)}`,
		},
		{ customer: String(customerId), offer: null, purchases: purchases.map((p) => p.id) },
		{ created_at: at },
	);
	for (const purchase of purchases) {
		purchase.relationships.transactions = { data: [{ id: transaction.id, type: 'transactions' }] };
	}
	return { transaction, purchases };
}

/** Test-control members on the sandbox object (see index.d.ts). */
function attach(db, sandbox) {
	sandbox.insertBundledTransaction = (options) => insertBundledTransaction(db, options);
}

module.exports = { extendTypes, seed, personFilters, ownership, attach };
