'use strict';
/**
 * The sandbox's part of spec/platform-api-supplement.md, sections 1-4: contacts create /
 * delete, contact tags (type `contact_tags`), offers and offer grants on contacts and customers,
 * purchases, and the lists the seed spec lacks (courses, forms, blog posts, contact notes, sites,
 * products). `/v1/me` lives in accounts.js, `/v1/hooks*` in hooks.js.
 *
 * No require of index.js or data.js (they require this module): data.js calls `extendTypes` and
 * `seed`, index.js calls `filters`, `routes` and `attach` with its own helpers.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Purchase payment types paid over time through the platform: a subscription, a payment plan
 * (`multipay`). A contact with an active one cannot be deleted; Cancel Subscription ends either.
 */
const PLAN_PAYMENT_TYPES = ['subscription', 'multipay'];

// ---------------------------------------------------------------------------
// Data: types and seed
// ---------------------------------------------------------------------------

/** Purchase attributes of the schema (supplement section 3, "PA"), in schema order. */
const PURCHASE_ATTRIBUTES = [
	'amount_in_cents',
	'payment_type',
	'multipay_payments_made',
	'opt_in',
	'raw_extra_contact_information',
	'currency',
	'effective_start_at',
	'cardholder_name',
	'billing_address_zip',
	'deactivated_at',
	'deactivation_reason',
	'coupon_code',
	'source',
	'referrer',
	'quantity',
	'created_at',
	'updated_at',
];

/** Sort keys of GET /v1/purchases: the prose list (it contains `created_at`, the parameter text's key). */
const PURCHASE_SORT = [
	'multipay_payments_made',
	'opt_in',
	'currency',
	'effective_start_at',
	'cardholder_name',
	'billing_address_zip',
	'deactivated_at',
	'deactivation_reason',
	'coupon_code',
	'source',
	'referrer',
	'quantity',
	'created_at',
	'updated_at',
];

const PRODUCT_TYPES = [
	['Course', 'Courses::Course'],
	['Coaching', 'Coaching::Program'],
	['Cohort course', 'Courses::CohortCourse'],
	['Community', 'Communities::Community'],
];

/**
 * Adds and adjusts the resource types the supplement describes (called by data.js once, before any
 * insert). `contact_tags` itself is defined in data.js (the type string of tags).
 */
function extendTypes(TYPES, { one, many }) {
	TYPES.sites.attributes = ['title', 'subdomain', 'created_at', 'updated_at'];
	TYPES.sites.hasTimestamps = true;
	TYPES.sites.sortKeys = ['title', 'subdomain'];
	const siteDefaults = TYPES.sites.defaults;
	TYPES.sites.defaults = (n) => {
		const { title, subdomain } = siteDefaults(n);
		return { title, subdomain };
	};

	TYPES.contact_tags.sortKeys = ['name', 'email'];
	TYPES.contact_tags.sitePath = ['site'];

	TYPES.offers.relationships = { site: one('sites'), products: many('products') };
	TYPES.offers.sortKeys = ['title', 'price_in_cents'];
	TYPES.offers.sitePath = ['site'];
	const offerRelationships = TYPES.offers.defaultRelationships;
	TYPES.offers.defaultRelationships = (n) => ({ ...offerRelationships(n), products: [] });

	TYPES.courses.attributes = ['title', 'description', 'thumbnail_url', 'created_at'];
	TYPES.courses.createdAtAttribute = true;
	TYPES.courses.sortKeys = ['title'];
	TYPES.courses.sitePath = ['site'];
	TYPES.courses.defaults = (n) => ({
		title: `Course ${n}`,
		description: n % 4 === 0 ? null : `What you learn in course ${n}.`,
		thumbnail_url: n % 4 === 0 ? null : `https://images.example.com/courses/${n}.jpg`,
	});

	TYPES.forms.sortKeys = ['title'];
	TYPES.forms.sitePath = ['site'];

	TYPES.blog_posts.sortKeys = ['title', 'published_at'];

	TYPES.contact_notes.sortKeys = ['created_at', 'updated_at'];
	TYPES.contact_notes.sitePath = ['contact', 'site'];

	TYPES.products.attributes = [
		'created_at',
		'title',
		'description',
		'status',
		'members_aggregate_count',
		'product_type_name',
		'product_type_id',
		'publish_status',
		'thumbnail_url',
		'url',
	];
	TYPES.products.createdAtAttribute = true;
	TYPES.products.sortKeys = ['title', 'description', 'status'];
	TYPES.products.sitePath = ['site'];
	TYPES.products.defaults = (n) => {
		const [typeName] = PRODUCT_TYPES[(n - 1) % PRODUCT_TYPES.length];
		return {
			title: `Product ${n}`,
			description: n % 3 === 0 ? null : `Digital product number ${n}.`,
			status: n % 5 === 0 ? 'draft' : 'ready',
			members_aggregate_count: (n * 17) % 200,
			product_type_name: typeName,
			product_type_id: ((n - 1) % PRODUCT_TYPES.length) + 1,
			publish_status: n % 5 === 0 ? 'draft' : 'published',
			thumbnail_url: `https://images.example.com/products/${n}.jpg`,
			url: `https://site-1.example.com/products/${n}`,
		};
	};

	TYPES.purchases = {
		model: 'Purchase',
		attributes: PURCHASE_ATTRIBUTES,
		relationships: {
			offer: one('offers'),
			customer: one('customers'),
			transactions: many('transactions'),
			products: many('products'),
		},
		sortKeys: PURCHASE_SORT,
		sitePath: ['offer', 'site'],
		hasTimestamps: true,
		defaults: purchaseDefaults,
		defaultRelationships: () => ({ offer: null, customer: null, transactions: [], products: [] }),
	};
}

/**
 * The attributes of the n-th seeded purchase (supplement section 3, attributes PA) but its
 * timestamps: a single payment of $49 from the checkout, opted in when n is even.
 */
function purchaseDefaults(n, createdAt) {
	return {
		amount_in_cents: 4900,
		payment_type: 'single',
		multipay_payments_made: null,
		opt_in: n % 2 === 0,
		raw_extra_contact_information: {},
		currency: 'USD',
		effective_start_at: createdAt,
		cardholder_name: null,
		billing_address_zip: null,
		deactivated_at: null,
		deactivation_reason: null,
		coupon_code: null,
		source: 'checkout',
		referrer: null,
		quantity: 1,
	};
}

/** Product type class of a product record (what `filter[exclude_product_types][]` names). */
function productTypeClass(record) {
	const found = PRODUCT_TYPES.find(([name]) => name === record.attributes.product_type_name);
	return found ? found[1] : undefined;
}

/**
 * Seed of the supplement's data, after the seed spec's (data.js `seedDatabase`): one archived tag,
 * the products of each offer, course publish states, and 30 purchases (one per customer with an
 * offer, plus five second purchases), some deactivated. Existing records keep their ids.
 */
function seed(db) {
	const { insert, store } = db;
	insert('contact_tags', { name: 'archived-promo' }, { site: '1' }, { created_at: '2025-04-01T00:00:00.000Z' });
	store.contact_tags[store.contact_tags.length - 1].archived = true;
	for (const course of store.courses) course.publish_status = course.id === '3' ? 'draft' : 'published';
	// Offers 2k-1 and 2k belong to course k; they grant product k (products 1-3).
	for (const offer of store.offers) {
		const product = String(Math.ceil(Number(offer.id) / 2));
		offer.relationships.products = {
			data: store.products.some((p) => p.id === product) ? [{ id: product, type: 'products' }] : [],
		};
	}
	const base = Date.parse('2026-11-01T00:00:00.000Z');
	let n = 0;
	for (const customer of store.customers) {
		const offers = customer.relationships.offers.data;
		if (!offers.length) continue;
		const count = Number(customer.id) % 5 === 0 ? 2 : 1;
		for (let k = 0; k < count; k++) {
			n += 1;
			const offer = store.offers.find(
				(o) => o.id === (k === 0 ? offers[0].id : String(1 + ((Number(offers[0].id) + 2) % store.offers.length))),
			);
			const createdAt = new Date(base - ((n * 37) % 90) * DAY_MS - n * 3_600_000).toISOString();
			const subscription = offer.attributes.subscription;
			const deactivated = n % 7 === 0;
			insert(
				'purchases',
				{
					amount_in_cents: offer.attributes.price_in_cents,
					payment_type: subscription ? 'subscription' : offer.attributes.free ? 'free' : 'single',
					multipay_payments_made: subscription ? 1 + (n % 6) : null,
					currency: offer.attributes.currency,
					cardholder_name: offer.attributes.free ? null : customer.attributes.name,
					billing_address_zip: offer.attributes.free ? null : ['78701', '97201', '10115', 'SW1A 1AA'][n % 4],
					deactivated_at: deactivated ? new Date(Date.parse(createdAt) + 10 * DAY_MS).toISOString() : null,
					deactivation_reason: deactivated ? 'refunded' : null,
					coupon_code: n % 4 === 0 ? 'WELCOME10' : n % 9 === 0 ? 'BLACKFRIDAY' : null,
					source: n % 3 === 0 ? 'api' : 'checkout',
					referrer:
						n % 3 === 1 ? ['https://podcast.example.com/ep12', 'https://newsletter.example.com/issue-9'][n % 2] : null,
					quantity: 1,
				},
				{
					offer: offer.id,
					customer: customer.id,
					products: offer.relationships.products.data.map((p) => p.id),
				},
				{ created_at: createdAt },
			);
		}
	}
}

// ---------------------------------------------------------------------------
// HTTP: filters
// ---------------------------------------------------------------------------

/** The generic `filter[<attr>_<op>]` operators of the purchases and blog posts prose. */
const OPERATORS = {
	eq: (a, v, cmp) => cmp(a, v) === 0,
	not_eq: (a, v, cmp) => cmp(a, v) !== 0,
	cont: (a, v) => lower(a).includes(lower(v)),
	not_cont: (a, v) => !lower(a).includes(lower(v)),
	gt: (a, v, cmp) => a !== null && a !== undefined && cmp(a, v) > 0,
	gte: (a, v, cmp) => a !== null && a !== undefined && cmp(a, v) >= 0,
	lt: (a, v, cmp) => a !== null && a !== undefined && cmp(a, v) < 0,
	lte: (a, v, cmp) => a !== null && a !== undefined && cmp(a, v) <= 0,
	start: (a, v) => lower(a).startsWith(lower(v)),
	end: (a, v) => lower(a).endsWith(lower(v)),
};

const lower = (v) => (v === null || v === undefined ? '' : String(v).toLowerCase());

/** Compares an attribute value with a query string value: numbers, dates (`*_at`), booleans, text. */
function compareQuery(name) {
	return (a, v) => {
		if (a === null || a === undefined) return v === 'null' || v === '' ? 0 : -1;
		if (typeof a === 'number') return a - Number(v);
		if (typeof a === 'boolean') return Number(a) - Number(v === 'true' || v === '1');
		if (name.endsWith('_at') && !Number.isNaN(Date.parse(v))) return Date.parse(a) - Date.parse(v);
		return String(a).localeCompare(v, 'en');
	};
}

function genericFilters(attributes, operators) {
	const table = {};
	for (const name of attributes) {
		for (const op of operators) {
			const test = OPERATORS[op];
			const cmp = compareQuery(name);
			table[`${name}_${op}`] = (v) => (r) => test(r.attributes[name], v, cmp);
		}
	}
	return table;
}

/**
 * `filter[...]` tables of the supplement's lists (merged into index.js LIST_FILTERS).
 * @param {object} h index.js helpers: SITE_FILTER, contains, relId, parseBoolean
 */
function filters(h) {
	const cont = (name) => (v) => (r) => h.contains(r.attributes[name], v);
	return {
		contact_tags: { ...h.SITE_FILTER, name_cont: cont('name') },
		offers: { ...h.SITE_FILTER, title_cont: cont('title'), description_cont: cont('description') },
		courses: {
			...h.SITE_FILTER,
			title_cont: cont('title'),
			description_cont: cont('description'),
			publish_status_eq: (v) => (r) => (r.publish_status || 'published') === v,
		},
		forms: { ...h.SITE_FILTER, title_cont: cont('title') },
		blog_posts: {
			...h.SITE_FILTER,
			...genericFilters(
				[
					'title',
					'content',
					'slug',
					'page_title',
					'page_description',
					'published_at',
					'created_at',
					'updated_at',
					'image_url',
					'image_alt_text',
					'tags',
				],
				['eq', 'cont', 'not_eq', 'not_cont', 'start', 'end'],
			),
		},
		contact_notes: { ...h.SITE_FILTER, contact_id: (v, p, ctx) => (r) => h.relId(r, 'contact', ctx) === v },
		sites: { title_cont: cont('title'), subdomain_cont: cont('subdomain') },
		products: {
			...h.SITE_FILTER,
			title_cont: cont('title'),
			description_cont: cont('description'),
			status_eq: (v) => (r) => r.attributes.status === v,
		},
		purchases: {
			...genericFilters([...PURCHASE_SORT, 'amount_in_cents', 'payment_type'], Object.keys(OPERATORS)),
			...h.SITE_FILTER,
			active: (v, p) => {
				const wanted = h.parseBoolean(v, p);
				return (r) => (r.attributes.deactivated_at === null) === wanted;
			},
			deactivated: (v, p) => {
				const wanted = h.parseBoolean(v, p);
				return (r) => (r.attributes.deactivated_at !== null) === wanted;
			},
			referrer: (v) => (r) => r.attributes.referrer === v,
			coupon_code_eq: (v) => (r) => r.attributes.coupon_code === v,
			customer_id: (v, p, ctx) => (r) => h.relId(r, 'customer', ctx) === v,
		},
	};
}

// ---------------------------------------------------------------------------
// HTTP: handlers
// ---------------------------------------------------------------------------

/**
 * The supplement's routes as `[method, pattern, handler]` rows (appended to index.js ROUTES).
 * @param {object} h index.js helpers (see the hook in index.js)
 */
function routes(h) {
	const { ApiError, isObject } = h;

	/** An ERR document (supplement section 0): `source` is `{pointer}` or null. */
	function apiError(status, detail, pointer) {
		return new ApiError(status, [
			{
				status: String(status),
				source: pointer ? { pointer } : null,
				title: h.STATUS_TITLES[status] || 'Error',
				detail,
			},
		]);
	}
	const notFound = (type, id) => apiError(404, `Couldn't find ${h.TYPES[type].model} with 'id'=${id}`);

	function record(ctx, type, id) {
		const found = ctx.find(type, id);
		if (!found) throw notFound(type, id);
		return found;
	}

	/** Reads the JSON:API body (415 / 400 as the seed's writes do). */
	function body(ctx) {
		return h.requireJsonApiBody(ctx);
	}

	const identifiers = (list) => list.map((x) => ({ id: x.id, type: x.type }));
	const relDoc = (ctx, owner, name, data) => ({
		status: 200,
		body: {
			data: identifiers(data),
			links: { self: `${h.resourceUrl(ctx, owner.type, owner.id)}/relationships/${name}` },
		},
	});
	const toMany = (record, name) => {
		const rel = record.relationships[name];
		return rel && Array.isArray(rel.data) ? rel.data : [];
	};

	/**
	 * Validates a relationship body `{data: [{type, id}]}` (400 on shape, 404 on unknown ids);
	 * returns the ids in order, deduplicated.
	 */
	function identifierList(ctx, expectedType, { allowMeta = false } = {}) {
		const doc = body(ctx);
		if (!Array.isArray(doc.data)) throw apiError(400, 'data must be an array of resource identifiers', '/data');
		for (const key of Object.keys(doc)) {
			if (key !== 'data' && !(key === 'meta' && allowMeta))
				throw apiError(400, `'${key}' is not a permitted member`, `/${key}`);
		}
		const ids = [];
		doc.data.forEach((ident, i) => {
			if (!isObject(ident) || typeof ident.id !== 'string' || ident.id === '')
				throw apiError(400, 'must be a resource identifier with a string id', `/data/${i}`);
			if (ident.type !== expectedType) throw apiError(400, `type must be '${expectedType}'`, `/data/${i}/type`);
			if (!ctx.find(expectedType, ident.id)) throw notFound(expectedType, ident.id);
			if (!ids.includes(ident.id)) ids.push(ident.id);
		});
		return { ids, meta: doc.meta };
	}

	// --- contact tags -------------------------------------------------------

	function contactTags(method) {
		return (ctx, params) => {
			const contact = record(ctx, 'contacts', params.id);
			const current = toMany(contact, 'tags').map((t) => t.id);
			if (method === 'GET')
				return relDoc(
					ctx,
					contact,
					'tags',
					current.map((id) => ({ id, type: 'contact_tags' })),
				);
			const { ids } = identifierList(ctx, 'contact_tags');
			let next;
			if (method === 'POST') next = [...current, ...ids.filter((id) => !current.includes(id))];
			else if (method === 'DELETE') next = current.filter((id) => !ids.includes(id));
			else next = ids;
			contact.relationships.tags = { data: next.map((id) => ({ id, type: 'contact_tags' })) };
			contact.attributes.updated_at = new Date(Date.now()).toISOString();
			return relDoc(ctx, contact, 'tags', contact.relationships.tags.data);
		};
	}

	const listTags = (ctx) => {
		// "tags (not archived) of a site"
		const archived = new Set(ctx.db.store.contact_tags.filter((t) => t.archived).map((t) => t.id));
		const response = h.listHandler('contact_tags')(withHidden(ctx, 'contact_tags', archived));
		return response;
	};

	/** A context whose store hides some records of one type from a list. */
	function withHidden(ctx, type, hiddenIds) {
		if (hiddenIds.size === 0) return ctx;
		const store = { ...ctx.db.store, [type]: ctx.db.store[type].filter((r) => !hiddenIds.has(r.id)) };
		return Object.assign(Object.create(ctx), { db: { ...ctx.db, store } });
	}

	// --- offers and grants --------------------------------------------------

	/** The customer of a contact: linked, else found by email (relinked), else created. */
	function customerOf(ctx, contact) {
		const linked = h.relId(contact, 'customer', ctx);
		if (linked) return ctx.find('customers', linked);
		const email = String(contact.attributes.email || '').toLowerCase();
		const byEmail = ctx.db.store.customers.find(
			(c) => email !== '' && String(c.attributes.email || '').toLowerCase() === email,
		);
		if (byEmail) {
			byEmail.relationships.contact = { data: { id: contact.id, type: 'contacts' } };
			return byEmail;
		}
		return ctx.db.insert(
			'customers',
			{ name: contact.attributes.name, email: contact.attributes.email, net_revenue: '0.00', sign_in_count: 0 },
			{
				contact: contact.id,
				site: h.relId(contact, 'site', ctx),
				offers: [],
				products: [],
			},
		);
	}

	function setOffers(ctx, contact, customer, ids) {
		const data = ids.map((id) => ({ id, type: 'offers' }));
		if (contact) contact.relationships.offers = { data: data.map((d) => ({ ...d })) };
		if (customer) {
			customer.relationships.offers = { data: data.map((d) => ({ ...d })) };
			const products = [];
			for (const id of ids)
				for (const p of toMany(ctx.find('offers', id), 'products')) if (!products.includes(p.id)) products.push(p.id);
			customer.relationships.products = { data: products.map((id) => ({ id, type: 'products' })) };
		}
	}

	/**
	 * GET / POST (grant) / DELETE (revoke) / PATCH (replace) of
	 * /v1/{contacts|customers}/{id}/relationships/offers. Grants on a contact create or reuse its
	 * customer and send the welcome email unless `meta.send_customer_welcome_email` is false;
	 * the customer version takes no `meta` (400).
	 */
	function offerGrants(ownerType, method) {
		return (ctx, params) => {
			const owner = record(ctx, ownerType, params.id);
			const current = toMany(owner, 'offers').map((o) => o.id);
			if (method === 'GET')
				return relDoc(
					ctx,
					owner,
					'offers',
					current.map((id) => ({ id, type: 'offers' })),
				);
			const { ids, meta } = identifierList(ctx, 'offers', { allowMeta: ownerType === 'contacts' && method === 'POST' });
			let welcome = true;
			if (meta !== undefined) {
				if (!isObject(meta)) throw apiError(400, 'meta must be an object', '/meta');
				const flag = meta.send_customer_welcome_email;
				if (flag !== undefined && typeof flag !== 'boolean')
					throw apiError(400, 'must be a boolean', '/meta/send_customer_welcome_email');
				welcome = flag !== false;
			}
			let contact = ownerType === 'contacts' ? owner : undefined;
			let customer = ownerType === 'customers' ? owner : undefined;
			if (contact && method !== 'DELETE') customer = customerOf(ctx, contact);
			else if (contact)
				customer = h.relId(contact, 'customer', ctx)
					? ctx.find('customers', h.relId(contact, 'customer', ctx))
					: undefined;
			if (customer && !contact) {
				const contactId = h.relId(customer, 'contact', ctx);
				contact = contactId ? ctx.find('contacts', contactId) : undefined;
			}
			let next;
			if (method === 'POST') next = [...current, ...ids.filter((id) => !current.includes(id))];
			else if (method === 'DELETE') next = current.filter((id) => !ids.includes(id));
			else next = ids;
			const added = next.filter((id) => !current.includes(id));
			setOffers(ctx, contact, customer, next);
			// The welcome email belongs to the grant (POST) on a contact (section 2); a replace grants silently.
			const sendsWelcome = ownerType === 'contacts' && method === 'POST' && welcome;
			for (const id of added) {
				ctx.state.supplement.grants.push({
					offer: id,
					customer: customer.id,
					contact: contact ? contact.id : null,
					welcomeEmail: sendsWelcome,
				});
				if (sendsWelcome)
					ctx.state.supplement.emails.push({ kind: 'welcome', to: customer.attributes.email, offer: id });
			}
			if (method !== 'POST') {
				for (const id of current.filter((o) => !next.includes(o)))
					ctx.state.supplement.revocations.push({ offer: id, customer: customer ? customer.id : null });
			}
			return relDoc(ctx, owner, 'offers', owner.relationships.offers.data);
		};
	}

	const offerProducts = (ctx, params) => {
		const offer = record(ctx, 'offers', params.id);
		return relDoc(ctx, offer, 'products', toMany(offer, 'products'));
	};

	// --- contacts create / delete ------------------------------------------

	const CREATE_ATTRIBUTES = h.TYPES.contacts.writableAttributes.filter((n) => n !== 'external_user_id');

	function createContact(ctx) {
		const doc = body(ctx);
		const data = doc.data;
		if (!isObject(data)) throw apiError(400, 'data is required', '/data');
		const site =
			isObject(data.relationships) && isObject(data.relationships.site) ? data.relationships.site.data : undefined;
		if (!isObject(site) || typeof site.id !== 'string' || site.id === '')
			throw apiError(400, 'A site relationship must be present', '/data/relationships/site');
		const errors = [];
		if (data.type !== 'contacts') errors.push(h.invalid('/data/type', "must be 'contacts'"));
		if (site.type !== 'sites') errors.push(h.invalid('/data/relationships/site/data/type', "must be 'sites'"));
		else if (!ctx.find('sites', site.id))
			errors.push(h.invalid('/data/relationships/site/data/id', `Couldn't find Site with 'id'=${site.id}`));
		if (isObject(data.attributes) && data.attributes.external_user_id !== undefined) {
			errors.push(h.invalid('/data/attributes/external_user_id', 'is not accepted on create'));
		}
		const attributes = isObject(data.attributes) ? data.attributes : {};
		errors.push(
			...h
				.validateAttributes(data.attributes, [...CREATE_ATTRIBUTES, 'external_user_id'], ['subscribed'])
				.filter((e) => !e.source.pointer.endsWith('/external_user_id')),
		);
		if (typeof attributes.email !== 'string' || attributes.email === '')
			errors.push(h.invalid('/data/attributes/email', "can't be blank"));
		else if (
			!ctx.state.adversity.acceptDuplicateEmails &&
			ctx.db.store.contacts.some(
				(c) =>
					h.relId(c, 'site', ctx) === site.id &&
					String(c.attributes.email).toLowerCase() === attributes.email.toLowerCase(),
			)
		) {
			errors.push(h.invalid('/data/attributes/email', 'has already been taken'));
		}
		if (errors.length) throw new ApiError(422, errors);
		const blank = Object.fromEntries(
			h.TYPES.contacts.writableAttributes.map((n) => [n, n === 'subscribed' ? false : null]),
		);
		const contact = ctx.db.insert(
			'contacts',
			{ ...blank, name: '', ...attributes },
			{ site: site.id, offers: [], tags: [] },
		);
		return h.created(ctx, contact);
	}

	function deleteContact(ctx, params) {
		const contact = record(ctx, 'contacts', params.id);
		const customerId = h.relId(contact, 'customer', ctx);
		const active = ctx.db.store.purchases.filter(
			(p) =>
				customerId &&
				h.relId(p, 'customer', ctx) === customerId &&
				PLAN_PAYMENT_TYPES.includes(p.attributes.payment_type) &&
				p.attributes.deactivated_at === null &&
				!p.subscriptionCanceled,
		);
		// Release 1.1.0 (DELETE /v1/contacts/{id}, 422): "contact has active Kajabi Payments subscriptions".
		if (active.length)
			throw apiError(
				422,
				`Contact has active Kajabi Payments subscriptions or payment plans (${active.length}): cancel them first`,
			);
		const list = ctx.db.store.contacts;
		list.splice(list.indexOf(contact), 1);
		return { status: 200, body: { data: {} } };
	}

	// --- purchases ----------------------------------------------------------

	/** Purchase lists answer prose-style `links` first/prev/next/last and `meta {count, total_count, total_pages}`. */
	function listPurchases(ctx) {
		const response = h.listHandler('purchases', { paged: true })(ctx);
		const { total_pages, total_count } = response.body.meta;
		response.body.meta = { count: response.body.data.length, total_count, total_pages };
		return response;
	}

	function purchaseAction(action) {
		return (ctx, params) => {
			const purchase = record(ctx, 'purchases', params.id);
			const a = purchase.attributes;
			const now = new Date(Date.now()).toISOString();
			if (action === 'deactivate') {
				if (a.deactivated_at !== null) throw apiError(422, 'Purchase is already deactivated');
				a.deactivated_at = now;
				a.deactivation_reason = 'deactivated through the API';
			} else if (action === 'reactivate') {
				if (a.deactivated_at === null) throw apiError(422, 'Purchase is active');
				a.deactivated_at = null;
				a.deactivation_reason = null;
			} else {
				if (!PLAN_PAYMENT_TYPES.includes(a.payment_type)) throw apiError(422, 'Purchase has no subscription to cancel');
				if (purchase.subscriptionCanceled) throw apiError(422, 'Subscription is already canceled');
				purchase.subscriptionCanceled = true;
				if (a.deactivated_at === null) {
					a.deactivated_at = now;
					a.deactivation_reason = 'subscription canceled';
				}
			}
			a.updated_at = now;
			return { status: 200, body: h.singleDocument(purchase, ctx, null) };
		};
	}

	// --- lists and details --------------------------------------------------

	function listForms(ctx) {
		const response = h.listHandler('forms')(ctx);
		delete response.body.links;
		return response;
	}

	/** Contact notes: newest first by default, page size default 20, at most 100. */
	function listNotes(ctx) {
		if (ctx.query.sort !== undefined) return h.listHandler('contact_notes')(ctx);
		return h.listHandler('contact_notes')(
			Object.assign(Object.create(ctx), { query: { ...ctx.query, sort: '-created_at' } }),
		);
	}

	function updateNote(ctx, params) {
		const note = record(ctx, 'contact_notes', params.id);
		const doc = body(ctx);
		const data = doc.data;
		if (!isObject(data)) throw apiError(422, "can't be blank", '/data');
		const errors = [];
		if (data.id === undefined || String(data.id) !== note.id)
			errors.push(h.invalid('/data/id', `must be '${note.id}'`));
		if (data.type !== 'contact_notes') errors.push(h.invalid('/data/type', "must be 'contact_notes'"));
		if (data.relationships !== undefined)
			errors.push(h.invalid('/data/relationships', 'the contact of a note cannot be changed'));
		const attributes = isObject(data.attributes) ? data.attributes : undefined;
		if (!attributes || typeof attributes.body !== 'string' || attributes.body.trim() === '')
			errors.push(h.invalid('/data/attributes/body', "can't be blank"));
		else
			for (const name of Object.keys(attributes))
				if (name !== 'body')
					errors.push(h.invalid(`/data/attributes/${name}`, `'${name}' is not a permitted attribute`));
		if (errors.length) throw new ApiError(422, errors);
		note.attributes.body = attributes.body;
		note.attributes.updated_at = new Date(Date.now()).toISOString();
		return { status: 200, body: h.singleDocument(note, ctx, null) };
	}

	function deleteNote(ctx, params) {
		const note = record(ctx, 'contact_notes', params.id);
		const list = ctx.db.store.contact_notes;
		list.splice(list.indexOf(note), 1);
		return { status: 200, body: undefined };
	}

	/** Products: `filter[exclude_product_types][]` may repeat (read from the raw query). */
	function listProducts(ctx) {
		const key = 'filter[exclude_product_types][]';
		const excluded = new URLSearchParams(ctx.req.rawQuery).getAll(key);
		const query = { ...ctx.query };
		delete query[key];
		const hidden = new Set(
			ctx.db.store.products.filter((p) => excluded.includes(productTypeClass(p))).map((p) => p.id),
		);
		const narrowed = Object.assign(Object.create(withHidden(ctx, 'products', hidden)), { query });
		return h.listHandler('products')(narrowed);
	}

	return [
		['POST', 'contacts', createContact],
		['DELETE', 'contacts/:id', deleteContact],
		['GET', 'contacts/:id/relationships/tags', contactTags('GET')],
		['POST', 'contacts/:id/relationships/tags', contactTags('POST')],
		['DELETE', 'contacts/:id/relationships/tags', contactTags('DELETE')],
		['PATCH', 'contacts/:id/relationships/tags', contactTags('PATCH')],
		['GET', 'contact_tags', listTags],
		['GET', 'contact_tags/:id', h.showHandler('contact_tags')],
		['GET', 'offers', h.listHandler('offers')],
		['GET', 'offers/:id', h.showHandler('offers')],
		['GET', 'offers/:id/relationships/products', offerProducts],
		...['GET', 'POST', 'DELETE', 'PATCH'].flatMap((method) => [
			[method, 'contacts/:id/relationships/offers', offerGrants('contacts', method)],
			[method, 'customers/:id/relationships/offers', offerGrants('customers', method)],
		]),
		['GET', 'purchases', listPurchases],
		['GET', 'purchases/:id', h.showHandler('purchases')],
		['POST', 'purchases/:id/deactivate', purchaseAction('deactivate')],
		['POST', 'purchases/:id/reactivate', purchaseAction('reactivate')],
		['POST', 'purchases/:id/cancel_subscription', purchaseAction('cancel_subscription')],
		['GET', 'courses', h.listHandler('courses')],
		['GET', 'forms', listForms],
		['GET', 'blog_posts', h.listHandler('blog_posts')],
		['GET', 'contact_notes', listNotes],
		['GET', 'contact_notes/:id', h.showHandler('contact_notes')],
		['PATCH', 'contact_notes/:id', updateNote],
		['DELETE', 'contact_notes/:id', deleteNote],
		['GET', 'sites', h.listHandler('sites')],
		['GET', 'sites/:id', h.showHandler('sites')],
		['GET', 'products', listProducts],
		['GET', 'products/:id', h.showHandler('products')],
	];
}

/** Test-control members of the supplement on the sandbox object (see index.d.ts). */
function attach(state, sandbox) {
	state.supplement = { emails: [], grants: [], revocations: [] };
	sandbox.supplement = state.supplement;
}

module.exports = { extendTypes, seed, filters, routes, attach, purchaseDefaults, PURCHASE_SORT };
