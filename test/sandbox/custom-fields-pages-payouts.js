'use strict';
/**
 * The sandbox's part of spec/platform-api-supplement.md section 9: the last
 * nine operations of the platform's API description.
 *
 * - 9.1 custom fields (`GET /v1/custom_fields`, `/{id}`): per site, and different per site
 *   (site 1: three fields on `custom_1`..`custom_3`, site 2: one field on `custom_1`, site 3 and
 *   any later site: none); sort `title`, `handle`, `type`, `required`; filters `site_id`,
 *   `title_cont`, `type_eq`, `required_eq` (text `true`/`false`); prose links first/prev/next/last
 *   and `meta {total_pages, total_count, current_page}`.
 * - 9.2 landing pages: sort `title`, `publish_at` (prose), filters `title_cont`, `published`
 *   (`true`/`false`), `site_id` (prose) and the generic `<attr>_<op>` over title, publish_at,
 *   created_at, updated_at; `links {self, current}` only, no meta.
 * - 9.3 website pages: sort `created_at`, filter `site_id` (prose only), `links {self, current}`.
 * - 9.4 payouts (`/v1/kajabi_payments_payouts`): the platform's own format, not the JSON:API lists':
 *   `filter[site_id]` required on list and detail (400 naming the parameter), `page[number]`
 *   only (20 per page; `page[size]` is not a parameter of this endpoint and is ignored),
 *   `filter[status]` (matched case-insensitively against the capitalised stored status),
 *   `filter[start_date]` / `filter[end_date]` (YYYY-MM-DD, inclusive, on `initiated_date`),
 *   answer `{data, links {self, first, prev, next, last}, meta {total, pagination {current, first,
 *   prev, next, last, records}}}` (`records` = records on this page, `total` = all matching); detail
 *   `{data: {id, type, attributes: {…six, transactions: [TX]}}}`, no links, 404 for another site's
 *   payout.
 * - 9.5 `GET /v1/version`: no token needed (answered before the auth check),
 *   `{meta: {title, version}, links: {documentation}, jsonapi: {version, specficiation}}` (the
 *   key's spelling is the description's).
 *
 * Contacts whose email differs only in case: `insertCaseTwins(db)` adds two such contacts on site 1
 * (the create endpoint refuses a second one, as the platform does; legacy data may hold both).
 *
 * Hooks (section 5: list/get/create/delete, six samples) live in hooks.js.
 * No require of index.js or data.js (they require this module). Payouts honour
 * `adversity.ignorePageNumber` (adversity.js) as the JSON:API lists do.
 */

/** Custom fields per site (9.1): site id → [title, handle, field kind, required]. */
const CUSTOM_FIELDS = {
	1: [
		['Company', 'custom_1', 'TextField', false],
		['T-shirt size', 'custom_2', 'SelectBoxField', false],
		['Referral code', 'custom_3', 'TextField', true],
	],
	2: [['Membership number', 'custom_1', 'TextField', false]],
};

/** Payout statuses as the list filter names them (9.4: `in_transit` from the prose). */
const PAYOUT_STATUSES = ['pending', 'paid', 'failed', 'canceled', 'in_transit'];
/** Payouts per page (9.4: UNSTATED; 20 here). */
const PAYOUT_PAGE_SIZE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The version document of 9.5. */
const VERSION = {
	meta: { title: 'Content Platform API', version: '1.1.0' },
	links: { documentation: 'https://developers.content-platform.example/api' },
	jsonapi: { version: '1.0', specficiation: 'https://jsonapi.org/format/1.0/' },
};

/** Adds custom_fields, landing_pages, website_pages and kajabi_payments_payouts to the type table. */
function extendTypes(TYPES, { one }) {
	TYPES.custom_fields = {
		model: 'CustomField',
		attributes: ['title', 'handle', 'type', 'required'],
		relationships: { site: one('sites') },
		sortKeys: ['title', 'handle', 'type', 'required'],
		sitePath: ['site'],
		defaults: (n) => ({ title: `Field ${n}`, handle: 'custom_1', type: 'TextField', required: false }),
		defaultRelationships: () => ({ site: '1' }),
	};
	TYPES.landing_pages = {
		model: 'LandingPage',
		attributes: ['title', 'url', 'publish_at', 'created_at', 'updated_at'],
		relationships: { site: one('sites') },
		sortKeys: ['title', 'publish_at'],
		sitePath: ['site'],
		hasTimestamps: true,
		defaults: (n, createdAt) => ({
			title: `Landing page ${n}`,
			url: `https://site-1.example.com/pages/landing-${n}`,
			publish_at: n % 3 === 0 ? null : createdAt,
		}),
		defaultRelationships: () => ({ site: '1' }),
	};
	TYPES.website_pages = {
		model: 'WebsitePage',
		attributes: ['title', 'url', 'created_at', 'updated_at'],
		relationships: { site: one('sites') },
		sortKeys: ['created_at'],
		sitePath: ['site'],
		hasTimestamps: true,
		defaults: (n) => ({ title: `Page ${n}`, url: n % 4 === 0 ? null : `https://site-1.example.com/page-${n}` }),
		defaultRelationships: () => ({ site: '1' }),
	};
	TYPES.kajabi_payments_payouts = {
		model: 'KajabiPaymentsPayout',
		attributes: [
			'status',
			'amount',
			'currency',
			'initiated_date',
			'estimated_arrival_date',
			'bank_account',
			'transactions',
		],
		relationships: { site: one('sites') },
		sitePath: ['site'],
		defaults: (n, createdAt) => payoutDefaults(n, createdAt),
		defaultRelationships: () => ({ site: '1' }),
	};
}

/** One payout transaction (9.4 "TX"); `n` numbers it, `kind` is Sale, Refund or Adjustment. */
function payoutTransaction(n, kind, createdAt) {
	const sale = kind !== 'Adjustment';
	const amount = kind === 'Refund' ? -49 : kind === 'Adjustment' ? -2.5 : 49 + (n % 3) * 50;
	const fee = sale ? Math.round(Math.abs(amount) * 0.029 * 100 + 30) / 100 : 0;
	return {
		id: 5000 + n,
		transaction_type: kind,
		pricing_type: n % 3 === 0 ? 'subscription' : n % 3 === 1 ? 'one-time' : 'payment plan',
		sales_tax: 0,
		amount,
		fee,
		net: Math.round((amount - fee) * 100) / 100,
		presented_amount: amount,
		exchange_rate: 1,
		currency: 'USD',
		presented_currency: 'USD',
		customer_id: sale ? 1 + (n % 25) : null,
		customer_name: sale ? `Customer ${1 + (n % 25)}` : null,
		customer_email: sale ? `customer${1 + (n % 25)}@example.com` : null,
		provider: 'kajabi_payments',
		payment_method: sale ? ['Visa', 'Mastercard', 'Amex'][n % 3] : null,
		coupon_used: sale && n % 4 === 0 ? 'WELCOME10' : null,
		order_number: sale ? String(1000 + n) : null,
		quantity: sale ? 1 : 0,
		offer_ids: sale ? [1 + (n % 6)] : [],
		offer_titles: sale ? [`Offer ${1 + (n % 6)}`] : [],
		created_at: createdAt,
	};
}

/** Attributes of the n-th payout: capitalised status, decimal amount, three transactions (none when failed). */
function payoutDefaults(n, createdAt) {
	const status = ['Paid', 'Paid', 'Pending', 'In transit', 'Paid', 'Failed', 'Canceled'][n % 7];
	const initiated = new Date(createdAt);
	const transactions =
		status === 'Failed'
			? []
			: [
					payoutTransaction(n * 3, 'Sale', createdAt),
					payoutTransaction(n * 3 + 1, n % 5 === 0 ? 'Refund' : 'Sale', createdAt),
					payoutTransaction(n * 3 + 2, n % 4 === 0 ? 'Adjustment' : 'Sale', createdAt),
				];
	const amount = transactions.reduce((sum, tx) => sum + tx.net, 0);
	return {
		status,
		amount: amount.toFixed(2),
		currency: 'USD',
		initiated_date: initiated.toISOString(),
		estimated_arrival_date: new Date(initiated.getTime() + 2 * DAY_MS).toISOString(),
		bank_account: `First Example Bank - ${String(1000 + ((n * 37) % 9000)).slice(-4)}`,
		transactions,
	};
}

/**
 * Seed of section 9: the custom fields of sites 1 and 2, 7 landing pages and 5 website pages on
 * site 1 (one landing page on site 2), 45 payouts on site 1 (3 pages) and 2 on site 2, one every
 * two days back from 2026-11-01, ids `payout_<n>` (not numeric, as the description's example).
 */
function seed(db) {
	const { insert } = db;
	const base = Date.parse('2026-11-01T10:00:00.000Z');
	for (const [siteId, fields] of Object.entries(CUSTOM_FIELDS)) {
		for (const [title, handle, type, required] of fields) {
			insert(
				'custom_fields',
				{ title, handle, type, required },
				{ site: siteId },
				{ created_at: '2025-01-01T00:00:00.000Z' },
			);
		}
	}
	for (let n = 1; n <= 7; n++) {
		insert('landing_pages', {}, { site: '1' }, { created_at: new Date(base - n * 5 * DAY_MS).toISOString() });
	}
	insert(
		'landing_pages',
		{ title: 'Site 2 launch', url: 'https://site-2.example.com/pages/launch' },
		{ site: '2' },
		{ created_at: new Date(base - 3 * DAY_MS).toISOString() },
	);
	for (let n = 1; n <= 5; n++) {
		insert('website_pages', {}, { site: '1' }, { created_at: new Date(base - n * 7 * DAY_MS).toISOString() });
	}
	for (let n = 1; n <= 47; n++) {
		insert(
			'kajabi_payments_payouts',
			{},
			{ site: n > 45 ? '2' : '1' },
			{ id: `payout_${n}`, created_at: new Date(base - n * 2 * DAY_MS).toISOString() },
		);
	}
}

/**
 * Two contacts on site 1 whose emails differ only in case (`Twin@Example.com` created first,
 * `twin@example.com`), as legacy data may hold; returns them, oldest first.
 */
function insertCaseTwins(db, email = 'Twin@Example.com') {
	const first = db.insert(
		'contacts',
		{ name: 'Twin One', email },
		{ site: '1' },
		{ created_at: '2026-01-01T00:00:00.000Z' },
	);
	const second = db.insert(
		'contacts',
		{ name: 'Twin Two', email: email.toLowerCase() },
		{ site: '1' },
		{ created_at: '2026-02-01T00:00:00.000Z' },
	);
	return [first, second];
}

// ---------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------

const lower = (v) => (v === null || v === undefined ? '' : String(v).toLowerCase());

/** The generic `<attr>_<op>` operators of the landing pages prose. */
const OPERATORS = {
	eq: (a, v) => lower(a) === lower(v),
	not_eq: (a, v) => lower(a) !== lower(v),
	cont: (a, v) => lower(a).includes(lower(v)),
	not_cont: (a, v) => !lower(a).includes(lower(v)),
	gt: (a, v) => a !== null && a !== undefined && compare(a, v) > 0,
	gte: (a, v) => a !== null && a !== undefined && compare(a, v) >= 0,
	lt: (a, v) => a !== null && a !== undefined && compare(a, v) < 0,
	lte: (a, v) => a !== null && a !== undefined && compare(a, v) <= 0,
	start: (a, v) => lower(a).startsWith(lower(v)),
	end: (a, v) => lower(a).endsWith(lower(v)),
};

function compare(a, v) {
	const da = Date.parse(a);
	const dv = Date.parse(v);
	if (!Number.isNaN(da) && !Number.isNaN(dv)) return da - dv;
	return String(a).localeCompare(String(v), 'en');
}

/**
 * `filter[...]` tables of section 9's JSON:API lists (merged into index.js LIST_FILTERS).
 * @param {object} h index.js helpers: SITE_FILTER, contains, parseBoolean
 */
function filters(h) {
	const cont = (name) => (v) => (r) => h.contains(r.attributes[name], v);
	const generic = {};
	for (const attr of ['title', 'publish_at', 'created_at', 'updated_at'])
		for (const [op, test] of Object.entries(OPERATORS))
			generic[`${attr}_${op}`] = (v) => (r) => test(r.attributes[attr], v);
	return {
		custom_fields: {
			...h.SITE_FILTER,
			title_cont: cont('title'),
			type_eq: (v) => (r) => r.attributes.type === v,
			required_eq: (v, p) => {
				const wanted = h.parseBoolean(v, p);
				return (r) => r.attributes.required === wanted;
			},
		},
		landing_pages: {
			...h.SITE_FILTER,
			...generic,
			published: (v, p) => {
				const wanted = h.parseBoolean(v, p);
				return (r) =>
					(r.attributes.publish_at !== null && Date.parse(r.attributes.publish_at) <= Date.now()) === wanted;
			},
		},
		website_pages: { ...h.SITE_FILTER },
	};
}

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

/**
 * Section 9's routes as `[method, pattern, handler]` rows (appended to index.js ROUTES).
 * @param {object} h index.js helpers: ApiError, STATUS_TITLES, relId, listHandler, showHandler
 */
function routes(h) {
	const error = (status, detail, source) =>
		new h.ApiError(status, [{ status: String(status), title: h.STATUS_TITLES[status] || 'Error', detail, source }]);

	/** `filter[site_id]`, required on both payout endpoints (400 naming the parameter otherwise). */
	function requiredSite(ctx) {
		const site = ctx.query['filter[site_id]'];
		if (site === undefined || site.trim() === '')
			throw error(400, 'filter[site_id] is required', { parameter: 'filter[site_id]' });
		return site.trim();
	}

	const payoutObject = (record, withTransactions) => {
		const { transactions, ...six } = record.attributes;
		return {
			id: record.id,
			type: 'kajabi_payments_payouts',
			attributes: withTransactions ? { ...six, transactions } : six,
		};
	};

	function day(value, parameter) {
		if (value === undefined) return undefined;
		if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
			throw error(400, `${parameter} must be an ISO 8601 date (YYYY-MM-DD)`, { parameter });
		return value;
	}

	function listPayouts(ctx) {
		const site = requiredSite(ctx);
		for (const key of Object.keys(ctx.query)) {
			const m = /^filter\[([^\]]+)\]$/.exec(key);
			if (m && !['site_id', 'status', 'start_date', 'end_date'].includes(m[1]))
				throw error(400, `'${m[1]}' is not a valid filter for kajabi_payments_payouts`, { parameter: key });
		}
		const status = ctx.query['filter[status]'];
		const start = day(ctx.query['filter[start_date]'], 'filter[start_date]');
		const end = day(ctx.query['filter[end_date]'], 'filter[end_date]');
		const rawNumber = ctx.query['page[number]'];
		const requested = rawNumber === undefined || rawNumber === '' ? 1 : Number(rawNumber);
		if (!Number.isInteger(requested) || requested < 1)
			throw error(400, 'page[number] must be a positive integer', { parameter: 'page[number]' });
		const number = ctx.state.adversity && ctx.state.adversity.ignorePageNumber ? 1 : requested;
		const matching = ctx.db.store.kajabi_payments_payouts
			.filter((r) => h.relId(r, 'site', ctx) === site)
			.filter((r) => status === undefined || lower(r.attributes.status).replace(/ /g, '_') === lower(status))
			.filter((r) => start === undefined || r.attributes.initiated_date.slice(0, 10) >= start)
			.filter((r) => end === undefined || r.attributes.initiated_date.slice(0, 10) <= end)
			.sort((a, b) => Date.parse(b.attributes.initiated_date) - Date.parse(a.attributes.initiated_date));
		const last = Math.max(1, Math.ceil(matching.length / PAYOUT_PAGE_SIZE));
		const slice = matching.slice((number - 1) * PAYOUT_PAGE_SIZE, number * PAYOUT_PAGE_SIZE);
		const url = (n) => {
			const params = new URLSearchParams(ctx.req.rawQuery);
			params.set('page[number]', String(n));
			return `${ctx.base}${ctx.req.rawPath}?${params.toString().replace(/%5B/gi, '[').replace(/%5D/gi, ']')}`;
		};
		const prev = number > 1 ? Math.min(number - 1, last) : null;
		const next = number < last ? number + 1 : null;
		return {
			status: 200,
			body: {
				data: slice.map((r) => payoutObject(r, false)),
				links: {
					self: url(number),
					first: url(1),
					prev: prev === null ? null : url(prev),
					next: next === null ? null : url(next),
					last: url(last),
				},
				meta: {
					total: matching.length,
					pagination: { current: number, first: 1, prev, next, last, records: slice.length },
				},
			},
		};
	}

	function showPayout(ctx, params) {
		const site = requiredSite(ctx);
		const record = ctx.find('kajabi_payments_payouts', params.id);
		if (!record || h.relId(record, 'site', ctx) !== site)
			throw error(404, `Couldn't find KajabiPaymentsPayout with 'id'=${params.id}`);
		return { status: 200, body: { data: payoutObject(record, true) } };
	}

	return [
		['GET', 'custom_fields', h.listHandler('custom_fields', { paged: true })],
		['GET', 'custom_fields/:id', h.showHandler('custom_fields')],
		['GET', 'landing_pages', h.listHandler('landing_pages')],
		['GET', 'landing_pages/:id', h.showHandler('landing_pages')],
		['GET', 'website_pages', h.listHandler('website_pages')],
		['GET', 'website_pages/:id', h.showHandler('website_pages')],
		['GET', 'kajabi_payments_payouts', listPayouts],
		['GET', 'kajabi_payments_payouts/:id', showPayout],
	];
}

/**
 * The answer to `/v1/version` (9.5), before the auth check: no token needed; undefined for
 * every other path.
 */
function unauthenticated(recorded) {
	if (recorded.rawPath !== '/v1/version') return undefined;
	if (recorded.method !== 'GET')
		return {
			status: 405,
			headers: { Allow: 'GET' },
			body: {
				errors: [{ status: '405', title: 'Method Not Allowed', detail: `Method ${recorded.method} is not allowed` }],
			},
		};
	return { status: 200, body: VERSION };
}

module.exports = {
	extendTypes,
	seed,
	filters,
	routes,
	unauthenticated,
	insertCaseTwins,
	CUSTOM_FIELDS,
	PAYOUT_STATUSES,
	PAYOUT_PAGE_SIZE,
	VERSION,
};
