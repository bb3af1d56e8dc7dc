'use strict';
/**
 * Data layer of the Content Platform sandbox: the resource-type table (attributes,
 * relationships, sort keys, site lookup, defaults), the in-memory store with
 * insert/insertMany/clear, and the deterministic seed.
 *
 * No HTTP here: index.js serves what this module holds.
 */

/**
 * The seed is written as of one day, SEED_DAY (its literal dates and SEED_REFERENCE_DATE, before
 * which all random seeded timestamps lie). A database created on another day moves every seeded
 * date by the whole days between SEED_DAY and its own day (UTC, the host clock; `seedShiftMs`), so the data lies
 * where it lay on SEED_DAY relative to "now": what the tests and the documented figures measure
 * ("the last 30 days", a trigger's first window) is the same on any day, in any zone.
 */
const SEED_DAY = Date.parse('2026-11-27T00:00:00.000Z');
/** Reference date of the seed, as of SEED_DAY: all random seeded timestamps lie before it. */
const SEED_REFERENCE_DATE = Date.parse('2026-11-01T00:00:00.000Z');

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The shift, in ms (a whole number of days, negative before SEED_DAY), that moves the seed from
 * SEED_DAY to the UTC day of `nowMs`.
 * @param {number} nowMs ms since the epoch
 */
function seedShiftMs(nowMs) {
	return Math.floor(nowMs / DAY_MS) * DAY_MS - SEED_DAY;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

/** `value` with every ISO date (YYYY-MM-DD) or UTC date-time inside it moved by `shiftMs`. */
function shiftDates(value, shiftMs) {
	if (typeof value === 'string') {
		if (ISO_DATE.test(value))
			return new Date(Date.parse(`${value}T00:00:00.000Z`) + shiftMs).toISOString().slice(0, 10);
		if (ISO_DATE_TIME.test(value)) return new Date(Date.parse(value) + shiftMs).toISOString();
		return value;
	}
	if (Array.isArray(value)) return value.map((v) => shiftDates(v, shiftMs));
	if (value && typeof value === 'object') {
		for (const key of Object.keys(value)) value[key] = shiftDates(value[key], shiftMs);
	}
	return value;
}
const relationshipsAndLists = require('./relationships-and-lists');
const customFieldsPagesPayouts = require('./custom-fields-pages-payouts');
const purchasesAndOwnership = require('./purchases-and-ownership');

// ---------------------------------------------------------------------------
// Deterministic helpers
// ---------------------------------------------------------------------------

/** mulberry32: small seeded PRNG, returns floats in [0, 1). */
function createRng(seed) {
	let a = seed >>> 0;
	return function next() {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** FNV-1a 32-bit hash of a string (used for stable "scrambled" orders and defaults). */
function hashString(text) {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193) >>> 0;
	}
	return h >>> 0;
}

const FIRST_NAMES = [
	'Olivia',
	'Liam',
	'Emma',
	'Noah',
	'Amelia',
	'Oliver',
	'Sophia',
	'Elijah',
	'Isabella',
	'Lucas',
	'Mia',
	'Mateo',
	'Charlotte',
	'Levi',
	'Harper',
	'Ethan',
	'Evelyn',
	'James',
	'Aria',
	'Benjamin',
	'Chloé',
	'Jürgen',
	'Priya',
	'Kenji',
	'Fatima',
	'Santiago',
	'Ingrid',
	'Kwame',
	'Zoë',
	'Mateus',
];
const LAST_NAMES = [
	'Smith',
	'Johnson',
	'Williams',
	'Brown',
	'Garcia',
	'Miller',
	'Davis',
	'Rodriguez',
	'Martinez',
	'Hernandez',
	'Lopez',
	'Wilson',
	'Anderson',
	'Thomas',
	'Taylor',
	'Moore',
	'Jackson',
	"O'Brien",
	'Nakamura',
	'Müller',
	'Okafor',
	'Dubois',
	'Rossi',
	'Kowalski',
	'Silva',
	'Nguyen',
	'Patel',
	'Andersson',
	'Cohen',
	'Haddad',
];
const CITIES = [
	['Austin', 'TX', 'US', '78701'],
	['Portland', 'OR', 'US', '97201'],
	['Denver', 'CO', 'US', '80202'],
	['Toronto', 'ON', 'CA', 'M5V 2T6'],
	['London', '', 'GB', 'SW1A 1AA'],
	['Berlin', 'BE', 'DE', '10115'],
	['Sydney', 'NSW', 'AU', '2000'],
	['Chicago', 'IL', 'US', '60601'],
];
const STREETS = ['Maple Ave', 'Oak Street', 'Sunset Blvd', 'High Street', 'Elm Road', 'King Street', 'Lakeview Dr'];

function pick(list, n) {
	return list[Math.abs(n) % list.length];
}

/** Turns a person name into an ASCII e-mail local part ("Zoë O'Brien" → "zoe.obrien"). */
function emailLocal(name) {
	return name
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z ]/g, '')
		.trim()
		.replace(/ +/g, '.');
}

function personName(n) {
	return `${pick(FIRST_NAMES, n)} ${pick(LAST_NAMES, n * 7 + 3)}`;
}

function personEmail(n) {
	const domain = pick(['example.com', 'example.org', 'example.net'], n);
	return `${emailLocal(personName(n))}${n > FIRST_NAMES.length ? n : ''}@${domain}`;
}

function money(cents) {
	return `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

function idNumber(id) {
	const n = Number(id);
	return Number.isFinite(n) ? n : hashString(String(id)) % 1000;
}

// ---------------------------------------------------------------------------
// Resource-type table
// ---------------------------------------------------------------------------

const STRING_CONTACT_ATTRIBUTES = [
	'name',
	'email',
	'phone_number',
	'business_number',
	'address_line_1',
	'address_line_2',
	'address_city',
	'address_state',
	'address_country',
	'address_zip',
	'external_user_id',
	'custom_1',
	'custom_2',
	'custom_3',
];

const FORM_SUBMISSION_ATTRIBUTES = [
	'name',
	'email',
	'phone_number',
	'business_number',
	'address_line_1',
	'address_line_2',
	'address_city',
	'address_state',
	'address_country',
	'address_zip',
	'custom_1',
	'custom_2',
	'custom_3',
];

const MONEY_ATTRIBUTES = [
	'total_price_in_cents',
	'subtotal_in_cents',
	'sales_tax_amount_in_cents',
	'discount_amount_in_cents',
	'formatted_total_price',
	'formatted_subtotal',
];

const one = (type) => ({ type, many: false });
const many = (type) => ({ type, many: true });
/** Relationship computed from the other side when not stored on the record. */
const inverseOne = (type, via) => ({ type, many: false, inverse: via });
const inverseMany = (type, via) => ({ type, many: true, inverse: via });

function addressDefaults(n) {
	const [city, state, country, zip] = pick(CITIES, n);
	return {
		address_line_1: `${100 + ((n * 37) % 900)} ${pick(STREETS, n)}`,
		address_line_2: n % 4 === 0 ? `Suite ${n * 3}` : '',
		address_city: city,
		address_state: state,
		address_country: country,
		address_zip: zip,
	};
}

function priceDefaults(cents, taxRate = 0) {
	const tax = Math.round(cents * taxRate);
	return {
		currency_code: 'USD',
		currency_symbol: '$',
		total_price_in_cents: cents + tax,
		subtotal_in_cents: cents,
		sales_tax_amount_in_cents: tax,
		discount_amount_in_cents: 0,
		formatted_total_price: money(cents + tax),
		formatted_subtotal: money(cents),
	};
}

/**
 * One entry per JSON:API type.
 * - model: name used in 404 details ("Couldn't find <model> with 'id'=...")
 * - attributes: the attribute names returned (in this order)
 * - relationships: name → { type, many, inverse? }
 * - sortKeys: allowed `sort` keys of the list endpoint (null = endpoint takes no sort; 'attributes' = any attribute)
 * - sitePath: relationship path leading to the site (for filter[site_id])
 * - hasTimestamps: created_at/updated_at attributes are kept in sync with the record timestamp
 * - defaults(n, createdAt): realistic attributes for record number n
 * - defaultRelationships(n): relationships stored when none are given
 */
const TYPES = {
	sites: {
		model: 'Site',
		attributes: ['title', 'subdomain', 'url'],
		relationships: {},
		defaults: (n) => ({
			title: pick(['Creator Academy', 'Mindful Money School', 'Studio North'], n - 1),
			subdomain: `site-${n}`,
			url: `https://site-${n}.example.com`,
		}),
	},
	contact_tags: {
		model: 'ContactTag',
		attributes: ['name'],
		relationships: { site: one('sites') },
		defaults: (n) => ({ name: pick(['lead', 'customer', 'vip', 'newsletter', 'webinar', 'churn-risk'], n - 1) }),
		defaultRelationships: () => ({ site: '1' }),
	},
	products: {
		model: 'Product',
		attributes: ['title', 'description'],
		relationships: { site: one('sites') },
		defaults: (n) => ({ title: `Product ${n}`, description: `Digital product number ${n}.` }),
		defaultRelationships: () => ({ site: '1' }),
	},
	blogs: {
		model: 'Blog',
		attributes: ['title'],
		relationships: { site: one('sites') },
		defaults: () => ({ title: 'The Creator Blog' }),
		defaultRelationships: () => ({ site: '1' }),
	},
	contacts: {
		model: 'Contact',
		attributes: [
			...STRING_CONTACT_ATTRIBUTES.slice(0, 4),
			'subscribed',
			...STRING_CONTACT_ATTRIBUTES.slice(4),
			'created_at',
			'updated_at',
		],
		writableAttributes: [...STRING_CONTACT_ATTRIBUTES, 'subscribed'],
		relationships: {
			customer: inverseOne('customers', 'contact'),
			offers: many('offers'),
			site: one('sites'),
			tags: many('contact_tags'),
		},
		sortKeys: ['name', 'email', 'created_at'],
		sitePath: ['site'],
		hasTimestamps: true,
		defaults: (n) => ({
			name: personName(n),
			email: personEmail(n),
			phone_number: `+1-555-${String(1000 + ((n * 7919) % 9000)).padStart(4, '0')}`,
			business_number: n % 5 === 0 ? `+1-555-${String(2000 + n).padStart(4, '0')}` : '',
			subscribed: n % 3 !== 0,
			...addressDefaults(n),
			external_user_id: n % 2 === 0 ? `ext-${1000 + n}` : '',
			custom_1: pick(['beginner', 'intermediate', 'advanced'], n),
			custom_2: n % 4 === 0 ? 'referral' : '',
			custom_3: '',
		}),
		defaultRelationships: () => ({ site: '1', offers: [], tags: [] }),
	},
	contact_notes: {
		model: 'ContactNote',
		attributes: ['body', 'created_at', 'updated_at'],
		relationships: { contact: one('contacts') },
		hasTimestamps: true,
		defaults: (n) => ({
			body: pick(['Called, left a voicemail.', 'Interested in the annual plan.', 'Asked about a refund.'], n),
		}),
		defaultRelationships: () => ({ contact: null }),
	},
	customers: {
		model: 'Customer',
		attributes: [
			'name',
			'email',
			'avatar',
			'external_user_id',
			'public_bio',
			'public_location',
			'public_website',
			'socials',
			'net_revenue',
			'sign_in_count',
			'last_request_at',
			'bounced_at',
			'created_at',
			'updated_at',
		],
		relationships: {
			contact: one('contacts'),
			site: one('sites'),
			offers: many('offers'),
			products: many('products'),
		},
		sortKeys: ['name', 'email', 'created_at', 'net_revenue', 'last_request_at'],
		sitePath: ['site'],
		hasTimestamps: true,
		defaults: (n, createdAt) => {
			const handle = emailLocal(personName(n)).replace('.', '');
			return {
				name: personName(n),
				email: personEmail(n),
				avatar: `https://images.example.com/avatars/${n}.png`,
				external_user_id: n % 2 === 0 ? `ext-${1000 + n}` : '',
				public_bio: n % 3 === 0 ? '' : `Learner and maker from ${pick(CITIES, n)[0]}.`,
				public_location: pick(CITIES, n)[0],
				public_website: n % 2 === 0 ? `https://${handle}.example.com` : '',
				socials: { twitter: `@${handle}`, facebook: n % 2 ? '' : handle, instagram: n % 3 ? handle : '' },
				net_revenue: (((n * 4900) % 50000) / 100 + 49).toFixed(2),
				sign_in_count: (n * 13) % 60,
				last_request_at: new Date(Date.parse(createdAt) + ((n * 5) % 20) * DAY_MS).toISOString(),
				bounced_at: n % 11 === 0 ? createdAt : null,
			};
		},
		defaultRelationships: () => ({ contact: null, site: '1', offers: [], products: [] }),
	},
	courses: {
		model: 'Course',
		attributes: ['title'],
		relationships: { site: one('sites'), offers: many('offers'), modules: many('modules'), lessons: many('lessons') },
		defaults: (n) => ({ title: `Course ${n}` }),
		defaultRelationships: () => ({ site: '1', offers: [], modules: [], lessons: [] }),
	},
	offers: {
		model: 'Offer',
		attributes: [
			'title',
			'description',
			'internal_title',
			'currency',
			'payment_type',
			'payment_method',
			'price_description',
			'token',
			'checkout_url',
			'image_url',
			'price_in_cents',
			'recurring_offer',
			'subscription',
			'one_time',
			'single',
			'free',
		],
		relationships: { site: one('sites') },
		defaults: (n) => {
			const recurring = n % 3 === 0;
			const free = n % 5 === 0;
			const cents = free ? 0 : 1900 + ((n * 2500) % 20000);
			const token = `ofr${String(hashString(`offer-${n}`).toString(36)).padStart(7, '0')}`;
			return {
				title: `Offer ${n}`,
				description: `Everything included in offer ${n}.`,
				internal_title: `offer-${n}-internal`,
				currency: 'USD',
				payment_type: free ? 'free' : recurring ? 'subscription' : 'one_time',
				payment_method: free ? 'none' : 'stripe',
				price_description: free ? 'Free' : recurring ? `${money(cents)} / month` : money(cents),
				token,
				checkout_url: `https://checkout.example.com/offers/${token}/checkout`,
				image_url: `https://images.example.com/offers/${n}.jpg`,
				price_in_cents: cents,
				recurring_offer: recurring,
				subscription: recurring,
				one_time: !recurring && !free,
				single: !recurring,
				free,
			};
		},
		defaultRelationships: () => ({ site: '1' }),
	},
	modules: {
		model: 'Module',
		attributes: ['title', 'position'],
		relationships: { course: one('courses'), lessons: many('lessons') },
		defaults: (n) => ({ title: `Module ${n}`, position: n }),
		defaultRelationships: () => ({ course: null, lessons: [] }),
	},
	lessons: {
		model: 'Lesson',
		attributes: ['title', 'position'],
		relationships: { module: one('modules'), media: many('media') },
		defaults: (n) => ({ title: `Lesson ${n}`, position: n }),
		defaultRelationships: () => ({ module: null, media: [] }),
	},
	media: {
		model: 'Media',
		attributes: ['title', 'url', 'content_type', 'duration_seconds'],
		relationships: {},
		defaults: (n) => ({
			title: `Media ${n}`,
			url: `https://media.example.com/files/${n}.${n % 2 ? 'mp4' : 'pdf'}`,
			content_type: n % 2 ? 'video/mp4' : 'application/pdf',
			duration_seconds: n % 2 ? 120 + ((n * 97) % 1800) : null,
		}),
	},
	orders: {
		model: 'Order',
		attributes: [
			'order_number',
			'currency_code',
			'currency_symbol',
			'fulfilled_at',
			'created_at',
			'total_price_in_cents',
			'subtotal_in_cents',
			'sales_tax_amount_in_cents',
			'discount_amount_in_cents',
			'formatted_total_price',
			'formatted_subtotal',
		],
		relationships: { site: one('sites'), customer: one('customers'), order_items: inverseMany('order_items', 'order') },
		sortKeys: ['order_number', 'created_at', 'fulfilled_at'],
		sitePath: ['site'],
		createdAtAttribute: true,
		defaults: (n, createdAt) => ({
			order_number: 1000 + n,
			fulfilled_at: n % 4 === 0 ? null : new Date(Date.parse(createdAt) + 60 * 1000).toISOString(),
			...priceDefaults(4900),
		}),
		defaultRelationships: () => ({ site: '1', customer: null }),
	},
	order_items: {
		model: 'OrderItem',
		attributes: [
			'quantity',
			'currency_code',
			'currency_symbol',
			'item_type',
			'item_id',
			'title',
			'fulfilled_at',
			'created_at',
			...MONEY_ATTRIBUTES,
		],
		relationships: { order: one('orders') },
		sortKeys: ['created_at', 'quantity', 'fulfilled_at'],
		sitePath: ['order', 'site'],
		createdAtAttribute: true,
		defaults: (n, createdAt) => ({
			quantity: 1,
			item_type: 'Offer',
			item_id: 1,
			title: 'Offer 1',
			fulfilled_at: n % 4 === 0 ? null : new Date(Date.parse(createdAt) + 60 * 1000).toISOString(),
			...priceDefaults(4900),
		}),
		defaultRelationships: () => ({ order: null }),
	},
	transactions: {
		model: 'Transaction',
		attributes: [
			'action',
			'state',
			'payment_type',
			'amount_in_cents',
			'sales_tax_in_cents',
			'currency',
			'currency_symbol',
			'formatted_amount',
			'created_at',
		],
		relationships: { customer: one('customers'), offer: one('offers') },
		sortKeys: null,
		sitePath: ['customer', 'site'],
		createdAtAttribute: true,
		defaults: (n) => {
			const amount = 1900 + ((n * 3100) % 30000);
			const tax = n % 3 === 0 ? Math.round(amount * 0.08) : 0;
			return {
				action: pick(['charge', 'charge', 'subscription_charge', 'refund'], n),
				state: pick(['succeeded', 'succeeded', 'succeeded', 'failed', 'pending'], n),
				payment_type: pick(['credit_card', 'credit_card', 'paypal'], n),
				amount_in_cents: amount,
				sales_tax_in_cents: tax,
				currency: 'USD',
				currency_symbol: '$',
				formatted_amount: money(amount),
			};
		},
		defaultRelationships: () => ({ customer: null, offer: null }),
	},
	forms: {
		model: 'Form',
		attributes: ['title', 'default', 'webhook_url', 'url', 'created_at', 'updated_at'],
		relationships: {
			site: one('sites'),
			offer: one('offers'),
			fields: many('form_fields'),
			contact_tags: many('contact_tags'),
		},
		hasTimestamps: true,
		defaults: (n) => ({
			title: pick(['Newsletter signup', 'Free guide download', 'Webinar registration', 'Contact us'], n - 1),
			default: n === 1,
			webhook_url: {},
			url: `https://site-1.example.com/forms/${n}`,
		}),
		defaultRelationships: () => ({ site: '1', offer: null, fields: [], contact_tags: [] }),
	},
	form_fields: {
		model: 'FormField',
		attributes: ['name', 'label', 'field_type', 'required'],
		relationships: {},
		defaults: (n) => {
			const name = pick(['name', 'email', 'phone_number', 'custom_1'], n - 1);
			return {
				name,
				label: name.replace(/_/g, ' '),
				field_type: name === 'email' ? 'email' : 'text',
				required: name === 'email',
			};
		},
	},
	form_submissions: {
		model: 'FormSubmission',
		attributes: FORM_SUBMISSION_ATTRIBUTES,
		writableAttributes: FORM_SUBMISSION_ATTRIBUTES,
		relationships: { site: one('sites'), form: one('forms') },
		sortKeys: ['name', 'email', 'created_at'],
		sitePath: ['site'],
		defaults: (n) => ({
			name: personName(n + 40),
			email: personEmail(n + 40),
			phone_number: n % 2 ? `+1-555-${String(3000 + n).padStart(4, '0')}` : '',
			business_number: '',
			...addressDefaults(n + 40),
			custom_1: pick(['Instagram', 'Podcast', 'Friend', 'Search'], n),
			custom_2: '',
			custom_3: '',
		}),
		defaultRelationships: () => ({ site: '1', form: null }),
	},
	podcasts: {
		model: 'Podcast',
		attributes: [
			'title',
			'description',
			'language',
			'owner_email',
			'author',
			'status',
			'show_type',
			'thumbnail_url',
			'cover_art_url',
			'migrated_to_url',
			'url',
			'categories',
			'directories',
			'migrated',
			'public',
			'ready',
			'distribution_ready',
			'created_at',
			'updated_at',
		],
		relationships: { site: one('sites') },
		sortKeys: 'attributes',
		sitePath: ['site'],
		hasTimestamps: true,
		defaults: (n) => {
			const ready = n % 3 !== 0;
			return {
				title: `Podcast ${n}`,
				description: `Episodes about topic ${n}.`,
				language: pick(['en', 'en', 'de', 'es'], n),
				owner_email: `podcasts+${n}@example.com`,
				author: personName(n + 80),
				status: ready ? 'ready' : 'draft',
				show_type: n % 2 ? 'episodic' : 'serial',
				thumbnail_url: `https://images.example.com/podcasts/${n}/thumb.jpg`,
				cover_art_url: `https://images.example.com/podcasts/${n}/cover.jpg`,
				migrated_to_url: '',
				url: `https://site-1.example.com/podcasts/podcast-${n}`,
				categories: [pick(['Business', 'Education', 'Arts', 'Health & Fitness'], n)],
				directories: ready ? [{ id: `dir-${n}`, url: `https://podcasts.example.com/show/${n}`, config: {} }] : [],
				migrated: false,
				public: ready,
				ready,
				distribution_ready: ready && n % 2 === 1,
			};
		},
		defaultRelationships: () => ({ site: '1' }),
	},
	blog_posts: {
		model: 'BlogPost',
		attributes: [
			'title',
			'url',
			'content',
			'slug',
			'page_title',
			'page_description',
			'published_at',
			'created_at',
			'updated_at',
		],
		relationships: { blog: one('blogs') },
		sitePath: ['blog', 'site'],
		hasTimestamps: true,
		defaults: (n, createdAt) => {
			const title = `Blog post ${n}`;
			const slug = `blog-post-${n}`;
			return {
				title,
				url: `https://site-1.example.com/blog/${slug}`,
				content: `<p>Content of ${title}.</p>`,
				slug,
				page_title: title,
				page_description: `Read ${title}.`,
				published_at: n % 4 === 0 ? null : createdAt,
			};
		},
		defaultRelationships: () => ({ blog: '1' }),
	},
};
relationshipsAndLists.extendTypes(TYPES, { one, many });
customFieldsPagesPayouts.extendTypes(TYPES, { one, many });
purchasesAndOwnership.extendTypes(TYPES, { one, many });

// ---------------------------------------------------------------------------
// Store
// ---------------------------------------------------------------------------

function typeDef(type) {
	const def = TYPES[type];
	if (!def) throw new Error(`Unknown sandbox resource type '${type}'`);
	return def;
}

function toIdentifier(value, targetType) {
	if (value === null || value === undefined) return null;
	if (typeof value === 'string' || typeof value === 'number') return { id: String(value), type: targetType };
	if (typeof value === 'object' && value.id !== undefined)
		return { id: String(value.id), type: value.type || targetType };
	throw new Error(`Invalid relationship value ${JSON.stringify(value)}`);
}

/**
 * Normalizes a relationship value: accepts `{data: ...}`, an identifier object, an id
 * (string/number), null, or an array of those.
 */
function normalizeRelationship(def, name, value) {
	const target = def.relationships[name] ? def.relationships[name].type : name;
	const raw = value && typeof value === 'object' && !Array.isArray(value) && 'data' in value ? value.data : value;
	if (Array.isArray(raw)) return { data: raw.map((v) => toIdentifier(v, target)) };
	return { data: toIdentifier(raw, target) };
}

/**
 * Creates the in-memory database.
 * @param {{ seed?: boolean, now?: () => number }} [options] `now`: the clock that dates records created without `created_at` (default `Date.now`).
 * @returns {{ store: Record<string, object[]>, insert: Function, insertMany: Function, clear: Function, find: Function }}
 */
function createDatabase(options = {}) {
	/** @type {Record<string, object[]>} */
	const store = {};
	const nextId = {};
	for (const type of Object.keys(TYPES)) {
		store[type] = [];
		nextId[type] = 1;
	}

	function allocateId(type, wanted) {
		if (wanted !== undefined && wanted !== null) {
			const n = Number(wanted);
			if (Number.isInteger(n) && n >= nextId[type]) nextId[type] = n + 1;
			return String(wanted);
		}
		return String(nextId[type]++);
	}

	function insert(type, attributes = {}, relationships = {}, opts = {}) {
		const def = typeDef(type);
		if (!store[type]) store[type] = [];
		const id = allocateId(type, opts.id);
		const n = idNumber(id);
		const createdAt = new Date(
			opts.created_at || attributes.created_at || (options.now ? options.now() : Date.now()),
		).toISOString();
		const attrs = { ...(def.defaults ? def.defaults(n, createdAt) : {}), ...attributes };
		if (def.hasTimestamps || def.createdAtAttribute) attrs.created_at = attributes.created_at || createdAt;
		if (def.hasTimestamps) attrs.updated_at = attributes.updated_at || attrs.created_at;
		const rels = {};
		const given = { ...(def.defaultRelationships ? def.defaultRelationships(n) : {}), ...relationships };
		for (const [name, value] of Object.entries(given)) rels[name] = normalizeRelationship(def, name, value);
		const record = { id, type, attributes: orderAttributes(def, attrs), relationships: rels, created_at: createdAt };
		store[type].push(record);
		return record;
	}

	function insertMany(type, count, make) {
		const out = [];
		for (let i = 0; i < count; i++) {
			const spec = make ? make(i) || {} : {};
			const opts = {
				...(spec.id !== undefined ? { id: spec.id } : {}),
				...(spec.created_at ? { created_at: spec.created_at } : {}),
			};
			out.push(insert(type, spec.attributes, spec.relationships, opts));
		}
		return out;
	}

	function clear(type) {
		if (store[type]) store[type].length = 0;
	}

	function find(type, id) {
		return (store[type] || []).find((r) => r.id === id);
	}

	const seedShift = seedShiftMs(Date.now());
	/**
	 * What a date of the seed's calendar (as of SEED_DAY: "YYYY-MM-DD" or a UTC date-time) is in
	 * this database: the same string form, moved by the shift its seed got. Tests use it for the
	 * dates (and simulated clocks) they pair with seeded data.
	 * @param {string} iso
	 */
	const seedDate = (iso) => shiftDates(iso, seedShift);
	const db = { store, insert, insertMany, clear, find, seedDate };
	if (options.seed !== false) {
		seedDatabase(db);
		relationshipsAndLists.seed(db);
		customFieldsPagesPayouts.seed(db);
		purchasesAndOwnership.seed(db);
		if (seedShift !== 0) {
			for (const records of Object.values(store)) {
				for (const record of records) {
					record.created_at = shiftDates(record.created_at, seedShift);
					shiftDates(record.attributes, seedShift);
				}
			}
		}
	}
	return db;
}

/** Keeps attributes in the table's order, extra (unknown) attributes after them. */
function orderAttributes(def, attrs) {
	const ordered = {};
	for (const name of def.attributes) if (name in attrs) ordered[name] = attrs[name];
	for (const name of Object.keys(attrs)) if (!(name in ordered)) ordered[name] = attrs[name];
	return ordered;
}

// ---------------------------------------------------------------------------
// Seed
// ---------------------------------------------------------------------------

/**
 * Fills the database with deterministic, realistic data. All timestamps lie before
 * SEED_REFERENCE_DATE; every fifth record of a timed type shares the previous one's second.
 */
function seedDatabase(db) {
	const rng = createRng(20261101);
	const int = (min, max) => min + Math.floor(rng() * (max - min + 1));
	let last = null;
	/** A past timestamp (whole seconds) within `days` days before the reference date. */
	const past = (i, days) => {
		if (i % 5 === 4 && last) return last;
		const ms = SEED_REFERENCE_DATE - int(1, days) * DAY_MS + int(0, 86399) * 1000;
		last = new Date(ms - (ms % 1000)).toISOString();
		return last;
	};
	const { insert } = db;

	insert('sites', { title: 'Creator Academy' }, {}, { created_at: '2025-01-10T09:00:00.000Z' });
	insert('sites', { title: 'Mindful Money School' }, {}, { created_at: '2025-03-02T09:00:00.000Z' });
	for (let i = 1; i <= 5; i++)
		insert('contact_tags', {}, { site: i === 5 ? '2' : '1' }, { created_at: '2025-04-01T00:00:00.000Z' });
	for (let i = 1; i <= 3; i++)
		insert(
			'products',
			{ title: pick(['Creator Foundations', 'Money Mindset Masterclass', 'Podcast Launch Lab'], i - 1) },
			{ site: i === 3 ? '2' : '1' },
			{ created_at: '2025-05-01T00:00:00.000Z' },
		);
	insert('blogs', {}, { site: '1' }, { created_at: '2025-05-01T00:00:00.000Z' });

	// Courses with offers, modules, lessons and media.
	const courseTitles = ['Creator Foundations', 'Money Mindset Masterclass', 'Podcast Launch Lab'];
	courseTitles.forEach((title, c) => {
		const site = c === 2 ? '2' : '1';
		const offers = [1, 2].map((k) =>
			insert(
				'offers',
				{ title: `${title} — ${k === 1 ? 'Full Access' : 'Monthly'}` },
				{ site },
				{ created_at: '2025-06-01T00:00:00.000Z' },
			),
		);
		const lessons = [];
		const modules = [1, 2].map((m) => {
			const mod = insert(
				'modules',
				{ title: `${title}: Module ${m}`, position: m },
				{},
				{ created_at: '2025-06-01T00:00:00.000Z' },
			);
			const modLessons = [1, 2].map((l) => {
				const media = insert(
					'media',
					{ title: `${title} M${m}L${l} video` },
					{},
					{ created_at: '2025-06-01T00:00:00.000Z' },
				);
				return insert(
					'lessons',
					{ title: `Lesson ${m}.${l}`, position: l },
					{ module: mod.id, media: [media.id] },
					{ created_at: '2025-06-01T00:00:00.000Z' },
				);
			});
			mod.relationships.lessons = normalizeRelationship(
				TYPES.modules,
				'lessons',
				modLessons.map((l) => l.id),
			);
			lessons.push(...modLessons);
			return mod;
		});
		const course = insert(
			'courses',
			{ title },
			{ site, offers: offers.map((o) => o.id), modules: modules.map((m) => m.id), lessons: lessons.map((l) => l.id) },
			{ created_at: '2025-06-01T00:00:00.000Z' },
		);
		for (const mod of modules) mod.relationships.course = { data: { id: course.id, type: 'courses' } };
	});
	const offerCount = db.store.offers.length;

	// Contacts (30) and customers (25, customer i ↔ contact i).
	for (let i = 0; i < 30; i++) {
		const n = i + 1;
		const tags = [1, 2, 3, 4].filter((t) => (n + t) % 4 === 0 || (t === 4 && n % 6 === 0)).map(String);
		const offers = n <= 25 ? [String(1 + (n % offerCount))] : [];
		insert('contacts', {}, { site: n % 10 === 0 ? '2' : '1', tags, offers }, { created_at: past(i, 120) });
	}
	for (let i = 0; i < 25; i++) {
		const n = i + 1;
		const contact = db.find('contacts', String(n));
		insert(
			'customers',
			{},
			{
				contact: String(n),
				site: contact.relationships.site.data.id,
				offers: contact.relationships.offers.data.map((o) => o.id),
				products: [String(1 + (n % 3))],
			},
			{ created_at: contact.created_at },
		);
	}
	for (let i = 0; i < 3; i++) insert('contact_notes', {}, { contact: String(2 + i * 5) }, { created_at: past(i, 30) });

	// Orders (40) with 1-3 items each.
	for (let i = 0; i < 40; i++) {
		const customer = db.store.customers[int(0, 24)];
		const createdAt = past(i, 60);
		const itemCount = int(1, 3);
		const items = [];
		for (let k = 0; k < itemCount; k++) {
			const offer = db.store.offers[int(0, offerCount - 1)];
			const quantity = int(1, 3);
			items.push({ offer, quantity, cents: offer.attributes.price_in_cents * quantity });
		}
		const subtotal = items.reduce((s, it) => s + it.cents, 0);
		const fulfilled = i % 5 !== 3;
		const fulfilledAt = fulfilled ? new Date(Date.parse(createdAt) + int(1, 600) * 1000).toISOString() : null;
		const order = insert(
			'orders',
			{ fulfilled_at: fulfilledAt, ...priceDefaults(subtotal, i % 3 === 0 ? 0.08 : 0) },
			{
				site: customer.relationships.site.data.id,
				customer: customer.id,
			},
			{ created_at: createdAt },
		);
		for (const it of items) {
			insert(
				'order_items',
				{
					quantity: it.quantity,
					item_type: 'Offer',
					item_id: Number(it.offer.id),
					title: it.offer.attributes.title,
					fulfilled_at: fulfilledAt,
					...priceDefaults(it.cents, i % 3 === 0 ? 0.08 : 0),
				},
				{ order: order.id },
				{ created_at: createdAt },
			);
		}
	}

	// Transactions (40) over the last 14 days, several per day.
	for (let i = 0; i < 40; i++) {
		const customer = db.store.customers[int(0, 24)];
		const offer = db.store.offers[int(0, offerCount - 1)];
		insert('transactions', {}, { customer: customer.id, offer: offer.id }, { created_at: past(i, 14) });
	}

	// Forms (3), form fields, submissions (25).
	for (let f = 1; f <= 4; f++) insert('form_fields', {}, {}, { created_at: '2025-07-01T00:00:00.000Z' });
	insert(
		'forms',
		{ title: 'Newsletter signup', default: true, webhook_url: {} },
		{ site: '1', offer: null, fields: ['1', '2'], contact_tags: ['4'] },
		{ created_at: '2025-07-01T00:00:00.000Z' },
	);
	insert(
		'forms',
		{ title: 'Free guide download', webhook_url: 'https://hooks.example.com/forms/2' },
		{ site: '1', offer: '1', fields: ['1', '2', '3'], contact_tags: ['1'] },
		{ created_at: '2025-07-02T00:00:00.000Z' },
	);
	insert(
		'forms',
		{ title: 'Webinar registration', url: 'https://site-2.example.com/forms/3' },
		{ site: '2', offer: '5', fields: ['1', '2', '4'], contact_tags: ['5'] },
		{ created_at: '2025-07-03T00:00:00.000Z' },
	);
	for (let i = 0; i < 25; i++) {
		const form = db.store.forms[i % 3];
		insert(
			'form_submissions',
			{},
			{ site: form.relationships.site.data.id, form: form.id },
			{ created_at: past(i, 30) },
		);
	}

	// Podcasts (6) and blog posts (5).
	const podcastTitles = [
		'The Creator Hour',
		'Money Minutes',
		'Launch Diaries',
		'Quiet Growth',
		'Studio Sessions',
		'Behind the Course',
	];
	podcastTitles.forEach((title, i) =>
		insert('podcasts', { title }, { site: i === 5 ? '2' : '1' }, { created_at: past(i, 300) }),
	);
	const postTitles = [
		'How to price your first course',
		'Ten podcast launch mistakes',
		'Email lists still matter',
		'Building a creator business',
		'Our favourite tools of the year',
	];
	postTitles.forEach((title, i) => {
		const slug = emailLocal(title).replace(/\./g, '-');
		insert(
			'blog_posts',
			{
				title,
				slug,
				url: `https://site-1.example.com/blog/${slug}`,
				content: `<p>${title}: notes from our team.</p>`,
				page_title: title,
				page_description: `Read "${title}".`,
			},
			{ blog: '1' },
			{ created_at: past(i, 200) },
		);
	});
}

module.exports = {
	TYPES,
	SEED_DAY,
	SEED_REFERENCE_DATE,
	seedShiftMs,
	createDatabase,
	normalizeRelationship,
	hashString,
	createRng,
};
