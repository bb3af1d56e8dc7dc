'use strict';
/**
 * Content Platform sandbox API server (see README.md).
 * HTTP layer only: routing, auth, JSON:API documents, query handling, faults.
 * The data model and seed live in data.js.
 */
const http = require('node:http');
const crypto = require('node:crypto');
const { TYPES, createDatabase, hashString } = require('./data');
const accounts = require('./accounts');
const { createHooks } = require('./hooks');
const adversity = require('./adversity');
const relationshipsAndLists = require('./relationships-and-lists');
const customFieldsPagesPayouts = require('./custom-fields-pages-payouts');
const purchasesAndOwnership = require('./purchases-and-ownership');

const JSON_API = 'application/vnd.api+json';
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
const MAX_BODY_BYTES = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

const STATUS_TITLES = {
	400: 'Bad Request',
	401: 'Unauthorized',
	404: 'Not Found',
	405: 'Method Not Allowed',
	409: 'Conflict',
	413: 'Payload Too Large',
	415: 'Unsupported Media Type',
	422: 'Unprocessable Entity',
	429: 'Too Many Requests',
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
};

class ApiError extends Error {
	constructor(status, errors, headers = {}) {
		super(errors.map((e) => e.detail).join('; '));
		this.status = status;
		this.errors = errors;
		this.headers = headers;
	}
}

function errorObject(status, detail, source) {
	const error = { status: String(status), title: STATUS_TITLES[status] || 'Error', detail };
	if (source) error.source = source;
	return error;
}

function fail(status, detail, source, headers) {
	return new ApiError(status, [errorObject(status, detail, source)], headers);
}

const badParam = (parameter, detail) => fail(400, detail, { parameter });
const notFound = (type, id) => fail(404, `Couldn't find ${TYPES[type].model} with 'id'=${id}`);
const invalid = (pointer, detail) => errorObject(422, detail, { pointer });

// ---------------------------------------------------------------------------
// Request context helpers: lookups (memoized per request), links
// ---------------------------------------------------------------------------

function createContext(sandboxState, recorded) {
	const indexes = new Map();
	const ctx = {
		state: sandboxState,
		db: sandboxState.db,
		base: sandboxState.url,
		req: recorded,
		query: recorded.query,
		fields: parseFields(recorded.query),
		/** Finds a record by type and id (index built once per request and type). */
		find(type, id) {
			if (!indexes.has(type)) indexes.set(type, new Map((ctx.db.store[type] || []).map((r) => [r.id, r])));
			return indexes.get(type).get(id);
		},
		/** Records of `type` whose to-one relationship `via` points to (targetType, id). */
		inverse(type, via, id) {
			const key = `${type}.${via}`;
			if (!indexes.has(key)) {
				const map = new Map();
				for (const r of ctx.db.store[type] || []) {
					const rel = r.relationships[via];
					const target = rel && rel.data && !Array.isArray(rel.data) ? rel.data.id : undefined;
					if (target === undefined) continue;
					if (!map.has(target)) map.set(target, []);
					map.get(target).push({ id: r.id, type: r.type });
				}
				indexes.set(key, map);
			}
			return indexes.get(key).get(id) || [];
		},
	};
	return ctx;
}

function resourceUrl(ctx, type, id) {
	return `${ctx.base}/v1/${type}/${encodeURIComponent(id)}`;
}

function requestUrl(ctx) {
	return `${ctx.base}${ctx.req.rawPath}${ctx.req.rawQuery ? `?${ctx.req.rawQuery}` : ''}`;
}

function pageUrl(ctx, number) {
	const params = new URLSearchParams(ctx.req.rawQuery);
	params.set('page[number]', String(number));
	return `${ctx.base}${ctx.req.rawPath}?${params.toString().replace(/%5B/gi, '[').replace(/%5D/gi, ']')}`;
}

// ---------------------------------------------------------------------------
// Relationships, serialization, include
// ---------------------------------------------------------------------------

/** Relationship data of a record: stored value, or computed from the inverse side, or empty. */
function relationshipData(record, name, ctx) {
	const stored = record.relationships[name];
	if (stored) return stored.data === undefined ? null : stored.data;
	const def = TYPES[record.type].relationships[name];
	if (def && def.inverse) {
		const found = ctx.inverse(def.type, def.inverse, record.id);
		return def.many ? found : found[0] || null;
	}
	return def && def.many ? [] : null;
}

function relationshipNames(record) {
	const names = Object.keys(TYPES[record.type].relationships);
	for (const name of Object.keys(record.relationships)) if (!names.includes(name)) names.push(name);
	return names;
}

function serializeAttributes(record, ctx) {
	const wanted = ctx.fields[record.type];
	if (record.type in TYPES && ctx.state.adversity)
		return filterFields(adversity.attributes(ctx.state.adversity, record, record.attributes), wanted);
	if (!wanted) return { ...record.attributes };
	const out = {};
	for (const name of Object.keys(record.attributes)) if (wanted.has(name)) out[name] = record.attributes[name];
	return out;
}

/** Resource object of a record. `listItem` marks list entries (offers then carry only links). */
function serialize(record, ctx, { listItem = false } = {}) {
	const relationships = {};
	for (const name of relationshipNames(record)) {
		const data = relationshipData(record, name, ctx);
		if (!Array.isArray(data)) {
			relationships[name] = { data };
			continue;
		}
		const links = { self: `${resourceUrl(ctx, record.type, record.id)}/relationships/${name}` };
		const linksOnly =
			listItem &&
			name === 'offers' &&
			(record.type === 'contacts' || record.type === 'customers') &&
			!(ctx.include && ctx.include.has(name));
		relationships[name] = linksOnly ? { links } : { data, links };
	}
	const resource = { id: record.id, type: record.type, attributes: serializeAttributes(record, ctx), relationships };
	const memberLinks = memberLinksOf(record, ctx);
	if (memberLinks) resource.links = memberLinks;
	return resource;
}

function filterFields(attributes, wanted) {
	if (!wanted) return { ...attributes };
	return Object.fromEntries(Object.entries(attributes).filter(([name]) => wanted.has(name)));
}

function memberLinksOf(record, ctx) {
	const link = { customers: ['contact', 'contacts'], contacts: ['customer', 'customers'] }[record.type];
	if (!link) return undefined;
	const data = relationshipData(record, link[0], ctx);
	return data ? { [link[0]]: resourceUrl(ctx, link[1], data.id) } : {};
}

/** Parses `include` into a tree { name: subtree } validated against the type table. */
function parseInclude(type, value) {
	if (value === undefined) return null;
	const tree = new Map();
	for (const path of value
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean)) {
		let node = tree;
		let current = type;
		for (const name of path.split('.')) {
			const rel = TYPES[current].relationships[name];
			if (!rel)
				throw badParam(
					'include',
					`'${path}' is not a valid include for ${type} ('${name}' is not a relationship of ${current})`,
				);
			if (!node.has(name)) node.set(name, new Map());
			node = node.get(name);
			current = rel.type;
		}
	}
	return tree;
}

/** Collects the included resources for the primary records (deduplicated, primaries excluded). */
function collectIncluded(records, tree, ctx) {
	if (!tree || tree.size === 0) return undefined;
	const seen = new Set(records.map((r) => `${r.type}:${r.id}`));
	const included = [];
	const walk = (record, node) => {
		for (const [name, child] of node) {
			const data = relationshipData(record, name, ctx);
			for (const ident of Array.isArray(data) ? data : data ? [data] : []) {
				const related = ctx.find(ident.type, ident.id);
				if (!related) continue;
				const key = `${related.type}:${related.id}`;
				if (!seen.has(key)) {
					seen.add(key);
					included.push(serialize(related, ctx));
				}
				walk(related, child);
			}
		}
	};
	for (const record of records) walk(record, tree);
	return included;
}

// ---------------------------------------------------------------------------
// Query parameters: fields, page, sort
// ---------------------------------------------------------------------------

function parseFields(query) {
	const fields = {};
	for (const [key, value] of Object.entries(query)) {
		const m = /^fields\[([^\]]+)\]$/.exec(key);
		if (m)
			fields[m[1]] = new Set(
				value
					.split(',')
					.map((s) => s.trim())
					.filter(Boolean),
			);
	}
	return fields;
}

function parsePositiveInt(query, name, fallback) {
	const raw = query[name];
	if (raw === undefined || raw === '') return fallback;
	if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) throw badParam(name, `${name} must be a positive integer`);
	return Number(raw);
}

function parsePage(query) {
	const number = parsePositiveInt(query, 'page[number]', 1);
	const size = Math.min(parsePositiveInt(query, 'page[size]', DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
	return { number, size };
}

function compareIds(a, b) {
	const na = Number(a);
	const nb = Number(b);
	if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
	return a < b ? -1 : a > b ? 1 : 0;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Compares two attribute values; null/undefined sort after everything (ascending). */
function compareValues(a, b, key) {
	const aNull = a === null || a === undefined || a === '';
	const bNull = b === null || b === undefined || b === '';
	if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
	if (key.endsWith('_at') && !Number.isNaN(Date.parse(a)) && !Number.isNaN(Date.parse(b)))
		return Date.parse(a) - Date.parse(b);
	if (typeof a === 'number' && typeof b === 'number') return a - b;
	if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
	if (typeof a === 'string' && typeof b === 'string') {
		if (NUMERIC.test(a) && NUMERIC.test(b)) return Number(a) - Number(b);
		return a.localeCompare(b, 'en');
	}
	const sa = JSON.stringify(a);
	const sb = JSON.stringify(b);
	return sa < sb ? -1 : sa > sb ? 1 : 0;
}

function sortValue(record, key) {
	if (key === 'created_at' && record.attributes.created_at === undefined) return record.created_at;
	return record.attributes[key];
}

function allowedSortKeys(def) {
	return def.sortKeys === 'attributes' ? def.attributes : def.sortKeys;
}

/** Parses `sort` ("a,-b") against the type's allowed keys. */
function parseSort(type, value) {
	if (value === undefined) return null;
	const allowed = allowedSortKeys(TYPES[type]);
	if (!allowed) throw badParam('sort', `Sorting is not supported for ${type}`);
	const keys = value
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean)
		.map((raw) => ({ key: raw.replace(/^-/, ''), desc: raw.startsWith('-') }));
	if (keys.length === 0) throw badParam('sort', 'sort must name a field');
	for (const { key } of keys) {
		if (!allowed.includes(key))
			throw badParam('sort', `'${key}' is not a valid sort field for ${type} (allowed: ${allowed.join(', ')})`);
	}
	return keys;
}

function sortRecords(type, records, sortKeys) {
	if (!sortKeys) {
		if (TYPES[type].sortKeys === null) {
			// No sort parameter exists (transactions): deterministic but scrambled order.
			return records.sort(
				(a, b) => hashString(`${type}:${a.id}`) - hashString(`${type}:${b.id}`) || compareIds(a.id, b.id),
			);
		}
		return records.sort((a, b) => compareIds(a.id, b.id));
	}
	const tieDirection = sortKeys[0].desc ? -1 : 1;
	return records.sort((a, b) => {
		for (const { key, desc } of sortKeys) {
			const c = compareValues(sortValue(a, key), sortValue(b, key), key);
			if (c !== 0) return desc ? -c : c;
		}
		return tieDirection * compareIds(a.id, b.id);
	});
}

// ---------------------------------------------------------------------------
// Filters (one table per list endpoint)
// ---------------------------------------------------------------------------

function parseBoolean(value, parameter) {
	if (value === 'true' || value === '1') return true;
	if (value === 'false' || value === '0') return false;
	throw badParam(parameter, `${parameter} must be true or false`);
}

function parseDays(value, parameter) {
	if (!/^\d+$/.test(String(value).trim())) throw badParam(parameter, `${parameter} must be a whole number of days`);
	return Number(value);
}

function parseDate(value, parameter) {
	const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
	const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
	if (!date || date.toISOString().slice(0, 10) !== value)
		throw badParam(parameter, `${parameter} must be a date YYYY-MM-DD`);
	return value;
}

const idList = (value) =>
	String(value)
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
const lower = (v) => (v === null || v === undefined ? '' : String(v).toLowerCase());
const contains = (haystack, needle) => lower(haystack).includes(lower(needle));
const relId = (record, name, ctx) => {
	const data = relationshipData(record, name, ctx);
	return data && !Array.isArray(data) ? data.id : null;
};
const relIds = (record, name, ctx) => {
	const data = relationshipData(record, name, ctx);
	return Array.isArray(data) ? data.map((d) => d.id) : data ? [data.id] : [];
};

/** Follows a relationship path (e.g. ['order', 'site']) to an id. */
function pathId(record, path, ctx) {
	let current = record;
	for (let i = 0; i < path.length; i++) {
		const id = relId(current, path[i], ctx);
		if (id === null || i === path.length - 1) return id;
		current = ctx.find(TYPES[current.type].relationships[path[i]].type, id);
		if (!current) return null;
	}
	return null;
}

/** For contacts and customers: the contact and customer records of the same person. */
function person(record, ctx) {
	if (record.type === 'contacts') {
		const customerId = relId(record, 'customer', ctx);
		return { contact: record, customer: customerId ? ctx.find('customers', customerId) : undefined };
	}
	const contactId = relId(record, 'contact', ctx);
	return { customer: record, contact: contactId ? ctx.find('contacts', contactId) : undefined };
}

function personAttribute(record, name, ctx) {
	if (record.attributes[name] !== undefined) return record.attributes[name];
	const p = person(record, ctx);
	const other = record.type === 'contacts' ? p.customer : p.contact;
	return other ? other.attributes[name] : undefined;
}

function personRelIds(record, name, ctx) {
	if (record.type === 'contacts' || name === 'offers') return relIds(record, name, ctx);
	const { contact } = person(record, ctx);
	return contact ? relIds(contact, name, ctx) : [];
}

const createdMs = (record) => Date.parse(record.attributes.created_at || record.created_at);

const SITE_FILTER = {
	site_id: (v, p, ctx) => (r) => pathId(r, TYPES[r.type].sitePath, ctx) === v,
};

const netRevenue = (r, ctx) => Number(personAttribute(r, 'net_revenue', ctx) || 0);

/** Filters applied on contacts and customers (the spec's shared filter table). */
const PERSON_FILTERS = {
	...SITE_FILTER,
	search: (v, p, ctx) => (r) =>
		contains(personAttribute(r, 'name', ctx), v) || contains(personAttribute(r, 'email', ctx), v),
	created_in_last: (v, p) => {
		const since = Date.now() - parseDays(v, p) * DAY_MS;
		return (r) => createdMs(r) >= since;
	},
	not_created_in_last: (v, p) => {
		const since = Date.now() - parseDays(v, p) * DAY_MS;
		return (r) => createdMs(r) < since;
	},
	subscribed: (v, p, ctx) => {
		const wanted = parseBoolean(v, p);
		return (r) => Boolean(personAttribute(r, 'subscribed', ctx)) === wanted;
	},
	has_tag_id: (v, p, ctx) => (r) => idList(v).some((id) => personRelIds(r, 'tags', ctx).includes(id)),
	has_all_tag_id: (v, p, ctx) => (r) => idList(v).every((id) => personRelIds(r, 'tags', ctx).includes(id)),
	has_no_tag_id: (v, p, ctx) => (r) => !idList(v).some((id) => personRelIds(r, 'tags', ctx).includes(id)),
	has_offer_id: (v, p, ctx) => (r) => idList(v).some((id) => personRelIds(r, 'offers', ctx).includes(id)),
	has_no_offer_id: (v, p, ctx) => (r) => !idList(v).some((id) => personRelIds(r, 'offers', ctx).includes(id)),
	net_revenue_equal_to: (v, p, ctx) => (r) => netRevenue(r, ctx) === Number(v),
	net_revenue_greater_than: (v, p, ctx) => (r) => netRevenue(r, ctx) > Number(v),
	net_revenue_less_than: (v, p, ctx) => (r) => netRevenue(r, ctx) < Number(v),
	// Release 1.1.0: product ownership, read from the person's customer (purchases-and-ownership.js).
	...purchasesAndOwnership.personFilters((r, ctx) => person(r, ctx).customer),
};
for (const attr of [
	'name',
	'email',
	'phone_number',
	'address_line_1',
	'address_line_2',
	'address_city',
	'address_state',
	'address_country',
	'address_zip',
]) {
	PERSON_FILTERS[`${attr}_contains`] = (v, p, ctx) => (r) => contains(personAttribute(r, attr, ctx), v);
}
/**
 * Shared filters of the spec that are accepted but have no effect on sandbox data
 * (`is_suppressed` is not among them: release 1.1.0 removed it, so it is refused as unknown).
 */
const IGNORED_PERSON_FILTERS = `joined_in_last active_in_last inactive_in_last is_hidden mobile_phone_number_contains
	subscribed_in_last unsubscribed_in_last never_subscribed manually_unsubscribed_in_last opted_out_in_last used_coupon_code
	submitted_form_id no_submitted_form_id registered_event_id not_registered_event_id completed_assessment_id
	passed_assessment_id failed_assessment_id sent_email_broadcast_id no_sent_email_broadcast_id no_sent_email_broadcast_ids
	no_delivered_email_broadcast_id opened_email_broadcast_id no_opened_email_broadcast_id clicked_email_broadcast_id
	no_clicked_email_broadcast_id bounced_email_broadcast_id no_bounced_email_broadcast_id dropped_email_broadcast_id
	no_dropped_email_broadcast_id opened_email_in_last not_opened_email_in_last delivered_email_in_last
	not_delivered_email_in_last clicked_email_in_last not_clicked_email_in_last is_hard_bouncing bounced_in_last
	complained_in_last healthy_contacts_with_open_data passive_contacts_with_open_data unengaged_contacts_with_open_data
	inactive_contacts_with_open_data subscribed_newsletter_id unsubscribed_newsletter_id
	subscribed_email_sequence_id not_subscribed_email_sequence_id`.split(/\s+/);
for (const name of IGNORED_PERSON_FILTERS) PERSON_FILTERS[name] = () => null;

const fulfilledAtNull = (v, p) => {
	const wanted = parseBoolean(v, p);
	return (r) =>
		(r.attributes.fulfilled_at === null ||
			r.attributes.fulfilled_at === undefined ||
			r.attributes.fulfilled_at === '') === wanted;
};
const utcDay = (r) => new Date(createdMs(r)).toISOString().slice(0, 10);

const LIST_FILTERS = {
	contacts: PERSON_FILTERS,
	customers: PERSON_FILTERS,
	orders: {
		...SITE_FILTER,
		customer_id: (v, p, ctx) => (r) => relId(r, 'customer', ctx) === v,
		order_number_eq: (v) => (r) => String(r.attributes.order_number) === v,
		fulfilled_at_null: fulfilledAtNull,
	},
	order_items: {
		...SITE_FILTER,
		item_type_eq: (v) => (r) => String(r.attributes.item_type) === v,
		item_id_eq: (v) => (r) => String(r.attributes.item_id) === v,
		fulfilled_at_null: fulfilledAtNull,
	},
	transactions: {
		...SITE_FILTER,
		customer_id: (v, p, ctx) => (r) => relId(r, 'customer', ctx) === v,
		name_or_email: (v, p, ctx) => (r) => {
			const id = relId(r, 'customer', ctx);
			const c = id ? ctx.find('customers', id) : undefined;
			return Boolean(c) && (contains(c.attributes.name, v) || contains(c.attributes.email, v));
		},
		start_date: (v, p) => {
			const day = parseDate(v, p);
			return (r) => utcDay(r) >= day;
		},
		end_date: (v, p) => {
			const day = parseDate(v, p);
			return (r) => utcDay(r) <= day;
		},
	},
	form_submissions: {
		...SITE_FILTER,
		form_id: (v, p, ctx) => (r) => relId(r, 'form', ctx) === v,
	},
	podcasts: {
		...SITE_FILTER,
		title_eq: (v) => (r) => r.attributes.title === v,
		title_cont: (v) => (r) => contains(r.attributes.title, v),
		status_eq: (v) => (r) => r.attributes.status === v,
		show_type_eq: (v) => (r) => r.attributes.show_type === v,
	},
};

Object.assign(LIST_FILTERS, relationshipsAndLists.filters({ SITE_FILTER, contains, relId, parseBoolean }));
Object.assign(LIST_FILTERS, customFieldsPagesPayouts.filters({ SITE_FILTER, contains, parseBoolean }));

/** Builds the predicates of all `filter[...]` parameters; unknown names → 400. */
function buildFilters(type, ctx) {
	const table = LIST_FILTERS[type] || SITE_FILTER;
	const predicates = [];
	for (const [key, value] of Object.entries(ctx.query)) {
		const m = /^filter\[([^\]]+)\]$/.exec(key);
		if (!m) continue;
		const make = table[m[1]];
		if (!make) throw badParam(key, `'${m[1]}' is not a valid filter for ${type}`);
		const predicate = make(value, key, ctx);
		if (predicate) predicates.push(predicate);
	}
	return predicates;
}

// ---------------------------------------------------------------------------
// Read handlers
// ---------------------------------------------------------------------------

function listHandler(type, { paged = false } = {}) {
	return (ctx) => {
		const page = adversity.page(ctx.state.adversity, parsePage(ctx.query));
		const sortKeys = parseSort(type, ctx.query.sort);
		const include = parseInclude(type, ctx.query.include);
		ctx.include = include;
		const predicates = buildFilters(type, ctx);
		const matching = (ctx.db.store[type] || []).filter((r) => predicates.every((p) => p(r)));
		const same =
			sortKeys &&
			((a, b) => sortKeys.every(({ key }) => compareValues(sortValue(a, key), sortValue(b, key), key) === 0));
		const sorted = adversity.afterSort(
			ctx.state.adversity,
			ctx.db.store[type] || [],
			sortRecords(type, matching, sortKeys),
			{ start: (page.number - 1) * page.size },
			same,
		);
		const slice = sorted.slice((page.number - 1) * page.size, page.number * page.size);
		const doc = { data: slice.map((r) => serialize(r, ctx, { listItem: true })) };
		const included = collectIncluded(slice, include, ctx);
		if (included) doc.included = included;
		doc.links = { self: requestUrl(ctx), current: pageUrl(ctx, page.number) };
		if (paged) {
			const totalPages = Math.max(1, Math.ceil(sorted.length / page.size));
			Object.assign(doc.links, {
				first: pageUrl(ctx, 1),
				prev: page.number > 1 ? pageUrl(ctx, Math.min(page.number - 1, totalPages)) : null,
				next: page.number < totalPages ? pageUrl(ctx, page.number + 1) : null,
				last: pageUrl(ctx, totalPages),
			});
			doc.meta = { total_pages: totalPages, total_count: sorted.length, current_page: page.number };
		}
		return { status: 200, body: doc };
	};
}

/**
 * @param {string} type
 * @param {{ links?: boolean, fieldsNeedInclude?: boolean }} [opts]
 *   links: false for endpoints whose documents have no `links` member;
 *   fieldsNeedInclude: `fields[type]` ignored without `include` (customers, per spec).
 */
function showHandler(type, { links = true, fieldsNeedInclude = false } = {}) {
	return (ctx, params) => {
		const record = ctx.find(type, params.id);
		if (!record) throw notFound(type, params.id);
		const include = parseInclude(type, ctx.query.include);
		ctx.include = include;
		if (fieldsNeedInclude && !include) delete ctx.fields[type];
		return { status: 200, body: singleDocument(record, ctx, include, links) };
	};
}

function singleDocument(record, ctx, include, withLinks = true) {
	const doc = { data: serialize(record, ctx) };
	const included = collectIncluded([record], include, ctx);
	if (included) doc.included = included;
	if (withLinks) {
		doc.links = {
			self: resourceUrl(ctx, record.type, record.id),
			current: ctx.req.method === 'GET' ? requestUrl(ctx) : resourceUrl(ctx, record.type, record.id),
		};
	}
	return doc;
}

// ---------------------------------------------------------------------------
// Write handlers
// ---------------------------------------------------------------------------

function requireJsonApiBody(ctx) {
	const contentType = String(ctx.req.headers['content-type'] || '')
		.split(';')[0]
		.trim()
		.toLowerCase();
	if (contentType !== JSON_API) throw fail(415, `Content-Type must be ${JSON_API}`);
	if (ctx.bodyError) throw fail(400, `Request body is not valid JSON: ${ctx.bodyError}`);
	const body = ctx.req.body;
	if (!body || typeof body !== 'object' || Array.isArray(body)) throw fail(400, 'Request body must be a JSON object');
	return body;
}

function throwIfInvalid(errors) {
	if (errors.length === 0) return;
	const status = errors.every((e) => e.status === '409') ? 409 : 422;
	throw new ApiError(status, errors);
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Validates attributes against a list of writable names; strings (or null) except `booleans`. */
function validateAttributes(attributes, writable, booleans = []) {
	const errors = [];
	if (attributes === undefined) return errors;
	if (!isObject(attributes)) return [invalid('/data/attributes', 'must be an object')];
	for (const [name, value] of Object.entries(attributes)) {
		const pointer = `/data/attributes/${name}`;
		if (!writable.includes(name)) errors.push(invalid(pointer, `'${name}' is not a permitted attribute`));
		else if (booleans.includes(name) ? typeof value !== 'boolean' : value !== null && typeof value !== 'string') {
			errors.push(invalid(pointer, `must be a ${booleans.includes(name) ? 'boolean' : 'string'}`));
		} else if (name === 'email' && value !== null && !EMAIL.test(value))
			errors.push(invalid(pointer, 'is not a valid email address'));
	}
	return errors;
}

function validateType(data, expected) {
	if (data.type === undefined) return [invalid('/data/type', "can't be blank")];
	if (data.type !== expected) return [errorObject(409, `type must be '${expected}'`, { pointer: '/data/type' })];
	return [];
}

function createContactNote(ctx) {
	const body = requireJsonApiBody(ctx);
	const data = body.data;
	if (!isObject(data)) throw new ApiError(422, [invalid('/data', "can't be blank")]);
	const errors = validateType(data, 'contact_notes');
	const attributes = isObject(data.attributes) ? data.attributes : {};
	errors.push(
		...validateAttributes(data.attributes, ['body']).filter((e) => e.source.pointer !== '/data/attributes/body'),
	);
	if (typeof attributes.body !== 'string' || attributes.body.trim() === '')
		errors.push(invalid('/data/attributes/body', "can't be blank"));
	const contactRel =
		isObject(data.relationships) && isObject(data.relationships.contact) ? data.relationships.contact.data : undefined;
	if (!isObject(contactRel) || contactRel.id === undefined || contactRel.id === null) {
		errors.push(invalid('/data/relationships/contact', 'must exist'));
	} else if (contactRel.type !== undefined && contactRel.type !== 'contacts') {
		errors.push(invalid('/data/relationships/contact/data/type', "must be 'contacts'"));
	} else if (!ctx.find('contacts', String(contactRel.id))) {
		errors.push(invalid('/data/relationships/contact/data/id', `Couldn't find Contact with 'id'=${contactRel.id}`));
	}
	throwIfInvalid(errors);
	const note = ctx.db.insert('contact_notes', { body: attributes.body }, { contact: String(contactRel.id) });
	return created(ctx, note);
}

function created(ctx, record) {
	return {
		status: 201,
		headers: { Location: resourceUrl(ctx, record.type, record.id) },
		body: singleDocument(record, ctx, null),
	};
}

function updateContact(ctx, params) {
	const body = requireJsonApiBody(ctx);
	const contact = ctx.find('contacts', params.id);
	if (!contact) throw notFound('contacts', params.id);
	const data = body.data;
	if (!isObject(data)) throw new ApiError(422, [invalid('/data', "can't be blank")]);
	const errors = validateType(data, 'contacts');
	if (data.id === undefined || data.id === null) errors.push(invalid('/data/id', "can't be blank"));
	else if (String(data.id) !== contact.id)
		errors.push(errorObject(409, `data.id '${data.id}' does not match the id in the URL`, { pointer: '/data/id' }));
	errors.push(...validateAttributes(data.attributes, TYPES.contacts.writableAttributes, ['subscribed']));
	const relationships = body.relationships !== undefined ? body.relationships : data.relationships;
	const base = body.relationships !== undefined ? '/relationships' : '/data/relationships';
	const tagIds = validateTags(relationships, base, ctx, errors);
	throwIfInvalid(errors);
	Object.assign(contact.attributes, data.attributes || {});
	if (tagIds) contact.relationships.tags = { data: tagIds.map((id) => ({ id, type: 'contact_tags' })) };
	contact.attributes.updated_at = new Date(Date.now()).toISOString();
	return { status: 200, body: singleDocument(contact, ctx, null) };
}

/** Validates `relationships.tags.data`; returns the tag ids, or undefined when absent. */
function validateTags(relationships, base, ctx, errors) {
	if (relationships === undefined) return undefined;
	if (!isObject(relationships)) {
		errors.push(invalid(base, 'must be an object'));
		return undefined;
	}
	for (const name of Object.keys(relationships))
		if (name !== 'tags') errors.push(invalid(`${base}/${name}`, `'${name}' is not a permitted relationship`));
	if (relationships.tags === undefined) return undefined;
	const list = isObject(relationships.tags) ? relationships.tags.data : undefined;
	if (!Array.isArray(list)) {
		errors.push(invalid(`${base}/tags/data`, 'must be an array of resource identifiers'));
		return undefined;
	}
	const ids = [];
	list.forEach((ident, i) => {
		const pointer = `${base}/tags/data/${i}`;
		if (!isObject(ident) || ident.id === undefined) errors.push(invalid(pointer, 'must be a resource identifier'));
		// Tag identifiers are typed `contact_tags` (the platform's API description, supplement section 0).
		else if (ident.type !== undefined && ident.type !== 'contact_tags')
			errors.push(invalid(`${pointer}/type`, "must be 'contact_tags'"));
		else if (!ctx.find('contact_tags', String(ident.id)))
			errors.push(invalid(`${pointer}/id`, `Couldn't find Tag with 'id'=${ident.id}`));
		else ids.push(String(ident.id));
	});
	return ids;
}

function submitForm(ctx, params) {
	const body = requireJsonApiBody(ctx);
	const form = ctx.find('forms', params.id);
	if (!form) throw notFound('forms', params.id);
	const data = body.data;
	if (!isObject(data)) throw new ApiError(422, [invalid('/data', "can't be blank")]);
	const errors = [];
	if (data.type !== undefined && typeof data.type !== 'string') errors.push(invalid('/data/type', 'must be a string'));
	errors.push(...validateAttributes(data.attributes, TYPES.form_submissions.writableAttributes));
	const attributes = isObject(data.attributes) ? data.attributes : {};
	if (attributes.email === undefined || attributes.email === null || attributes.email === '')
		errors.push(invalid('/data/attributes/email', "can't be blank"));
	throwIfInvalid(errors);
	const blank = Object.fromEntries(TYPES.form_submissions.attributes.map((n) => [n, '']));
	const submission = ctx.db.insert(
		'form_submissions',
		{ ...blank, ...attributes },
		{ site: relId(form, 'site', ctx), form: form.id },
	);
	return created(ctx, submission);
}

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

const ROUTES = [
	['POST', 'contact_notes', createContactNote],
	['GET', 'contacts', listHandler('contacts')],
	['GET', 'contacts/:id', showHandler('contacts')],
	['PATCH', 'contacts/:id', updateContact],
	['GET', 'customers', listHandler('customers')],
	['GET', 'customers/:id', showHandler('customers', { fieldsNeedInclude: true })],
	['GET', 'courses/:id', showHandler('courses')],
	['GET', 'orders', listHandler('orders')],
	['GET', 'orders/:id', showHandler('orders')],
	['GET', 'order_items', listHandler('order_items')],
	['GET', 'order_items/:id', showHandler('order_items')],
	['GET', 'transactions', listHandler('transactions')],
	['GET', 'transactions/:id', showHandler('transactions')],
	['GET', 'forms/:id', showHandler('forms', { links: false })],
	['POST', 'forms/:id/submit', submitForm],
	['GET', 'form_submissions', listHandler('form_submissions')],
	['GET', 'form_submissions/:id', showHandler('form_submissions', { links: false })],
	['GET', 'podcasts', listHandler('podcasts', { paged: true })],
	['GET', 'podcasts/:id', showHandler('podcasts', { links: false })],
	['GET', 'blog_posts/:id', showHandler('blog_posts')],
	...relationshipsAndLists.routes({
		ApiError,
		STATUS_TITLES,
		TYPES,
		isObject,
		invalid,
		requireJsonApiBody,
		validateAttributes,
		created,
		singleDocument,
		resourceUrl,
		relId,
		listHandler,
		showHandler,
	}),
	...customFieldsPagesPayouts.routes({ ApiError, STATUS_TITLES, relId, listHandler, showHandler }),
].map(([method, pattern, handler]) => ({ method, segments: ['v1', ...pattern.split('/')], handler }));

function decodeSegment(segment) {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/** Matches the raw (still encoded) path segment by segment; ids are decoded afterwards. */
function matchPath(route, rawSegments) {
	if (route.segments.length !== rawSegments.length) return null;
	const params = {};
	for (let i = 0; i < route.segments.length; i++) {
		const expected = route.segments[i];
		if (expected.startsWith(':')) {
			if (rawSegments[i] === '') return null;
			params[expected.slice(1)] = decodeSegment(rawSegments[i]);
		} else if (expected !== rawSegments[i]) return null;
	}
	return params;
}

function dispatch(ctx) {
	const rawSegments = ctx.req.rawPath.split('/').slice(1);
	const candidates = ROUTES.map((route) => ({ route, params: matchPath(route, rawSegments) })).filter((c) => c.params);
	const hit = candidates.find((c) => c.route.method === ctx.req.method);
	if (hit) return hit.route.handler(ctx, hit.params);
	if (candidates.length > 0) {
		const allow = candidates.map((c) => c.route.method).join(', ');
		throw fail(405, `Method ${ctx.req.method} is not allowed on ${ctx.req.rawPath}`, undefined, { Allow: allow });
	}
	throw fail(404, `No route matches ${ctx.req.method} ${ctx.req.rawPath}`);
}

// ---------------------------------------------------------------------------
// Auth and OAuth token endpoint
// ---------------------------------------------------------------------------

const UNAUTHORIZED = {
	status: 401,
	headers: { 'WWW-Authenticate': 'Bearer realm="content-platform", error="invalid_token"' },
	body: { errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid or expired access token' }] },
};

function isAuthorized(state, headers) {
	const m = /^Bearer\s+(\S+)\s*$/i.exec(String(headers.authorization || ''));
	if (!m) return false;
	if (m[1] === state.token) return true;
	const issued = state.accessTokens.get(m[1]);
	return Boolean(issued) && issued.expiresAt > Date.now();
}

function oauthBodyParams(recorded) {
	if (isObject(recorded.body)) return Object.fromEntries(Object.entries(recorded.body).map(([k, v]) => [k, String(v)]));
	return Object.fromEntries(new URLSearchParams(typeof recorded.body === 'string' ? recorded.body : ''));
}

function basicCredentials(headers) {
	const m = /^Basic\s+(\S+)\s*$/i.exec(String(headers.authorization || ''));
	if (!m) return {};
	const decoded = Buffer.from(m[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon < 0) return {};
	const dec = (s) => decodeSegment(s.replace(/\+/g, ' '));
	return { client_id: dec(decoded.slice(0, colon)), client_secret: dec(decoded.slice(colon + 1)) };
}

function oauthError(status, error, description, headers = {}) {
	return {
		status,
		contentType: 'application/json',
		headers: { 'Cache-Control': 'no-store', ...headers },
		body: { error, error_description: description },
	};
}

function issueToken(state) {
	const accessToken = `at_${crypto.randomBytes(18).toString('hex')}`;
	const refreshToken = `rt_${crypto.randomBytes(18).toString('hex')}`;
	state.accessTokens.set(accessToken, { expiresAt: Date.now() + state.oauth.tokenLifetimeSeconds * 1000 });
	state.refreshTokens.add(refreshToken);
	state.issuedTokens.push(accessToken);
	return {
		status: 200,
		contentType: 'application/json',
		headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
		body: {
			access_token: accessToken,
			token_type: 'Bearer',
			expires_in: state.oauth.tokenLifetimeSeconds,
			refresh_token: refreshToken,
		},
	};
}

/** POST /v1/oauth/token: client_credentials (and refresh_token) grants. */
function tokenEndpoint(state, recorded) {
	if (recorded.method !== 'POST') return oauthError(405, 'invalid_request', 'Use POST', { Allow: 'POST' });
	const params = { ...basicCredentials(recorded.headers), ...stripEmpty(oauthBodyParams(recorded)) };
	if (params.client_id !== state.oauth.clientId || params.client_secret !== state.oauth.clientSecret) {
		return oauthError(401, 'invalid_client', 'Client authentication failed: unknown client or wrong secret', {
			'WWW-Authenticate': 'Basic realm="content-platform"',
		});
	}
	if (params.grant_type === 'client_credentials') return issueToken(state);
	if (params.grant_type === 'refresh_token') {
		if (!state.refreshTokens.delete(params.refresh_token))
			return oauthError(400, 'invalid_grant', 'The refresh token is invalid');
		return issueToken(state);
	}
	if (!params.grant_type) return oauthError(400, 'invalid_request', 'grant_type is required');
	return { ...oauthError(400, 'unsupported_grant_type', 'Only client_credentials and refresh_token are supported') };
}

function stripEmpty(obj) {
	return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined && v !== ''));
}

// ---------------------------------------------------------------------------
// HTTP plumbing: body, recording, faults, responses
// ---------------------------------------------------------------------------

function readBody(req) {
	return new Promise((resolve, reject) => {
		const chunks = [];
		let size = 0;
		req.on('data', (chunk) => {
			size += chunk.length;
			if (size <= MAX_BODY_BYTES) chunks.push(chunk);
		});
		req.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: size > MAX_BODY_BYTES }));
		req.on('error', reject);
	});
}

function parseBody(text) {
	if (text === '') return { body: undefined };
	try {
		return { body: JSON.parse(text) };
	} catch (error) {
		return { body: text, error: error.message };
	}
}

function recordRequest(req, bodyText) {
	const url = req.url || '/';
	const q = url.indexOf('?');
	const rawPath = q < 0 ? url : url.slice(0, q);
	const rawQuery = q < 0 ? '' : url.slice(q + 1);
	const parsed = parseBody(bodyText);
	const recorded = {
		method: req.method,
		rawPath,
		path: decodeSegment(rawPath),
		rawQuery,
		query: Object.fromEntries(new URLSearchParams(rawQuery)),
		headers: { ...req.headers },
		body: parsed.body,
		status: 0,
	};
	return { recorded, bodyError: parsed.error };
}

function send(res, recorded, { status, body, headers = {}, contentType = JSON_API }) {
	recorded.status = status;
	const payload = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
	const type = typeof body === 'string' ? 'text/plain; charset=utf-8' : contentType;
	recorded.answer = { contentType: type, text: payload };
	res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(payload), ...headers });
	res.end(payload);
}

function takeFault(state, recorded) {
	const index = state.faults.findIndex((f) => !f.match || f.match(recorded));
	if (index < 0) return null;
	const fault = state.faults[index];
	fault.remaining -= 1;
	if (fault.remaining <= 0) state.faults.splice(index, 1);
	return fault;
}

function sleep(state, ms) {
	return new Promise((resolve) => {
		const timer = setTimeout(() => {
			state.timers.delete(timer);
			resolve();
		}, ms);
		state.timers.add(timer);
	});
}

/**
 * Waits while the request is held by `sandbox.hold` (see there): the held requests of one hold
 * go on together, in arrival order, once `count` of them have arrived.
 */
function holdBack(state, recorded) {
	const hold = state.holds.find((h) => h.match(recorded));
	if (!hold) return undefined;
	return new Promise((resolve) => {
		hold.waiting.push(resolve);
		if (hold.waiting.length < hold.count) return;
		state.holds.splice(state.holds.indexOf(hold), 1);
		for (const release of hold.waiting) release();
	});
}

/** Applies a fault; returns true when the request was answered (or destroyed). */
async function applyFault(state, fault, req, res, recorded) {
	if (fault.delayMs) await sleep(state, fault.delayMs);
	if (state.closed) return true;
	if (fault.destroy) {
		recorded.status = 0;
		if (typeof req.socket.resetAndDestroy === 'function') req.socket.resetAndDestroy();
		else req.socket.destroy();
		return true;
	}
	if (fault.status === undefined && fault.body === undefined && fault.headers === undefined) return false;
	const status = fault.status || 500;
	const body =
		typeof fault.body === 'function'
			? fault.body(recorded)
			: fault.body !== undefined
				? fault.body
				: { errors: [errorObject(status, 'Injected fault')] };
	send(res, recorded, { status, body, headers: fault.headers });
	return true;
}

function answer(state, recorded, bodyError) {
	if (recorded.rawPath === '/v1/oauth/token') return tokenEndpoint(state, recorded);
	if (recorded.rawPath !== '/v1' && !recorded.rawPath.startsWith('/v1/')) {
		return {
			status: 404,
			body: { errors: [errorObject(404, `No route matches ${recorded.method} ${recorded.rawPath}`)] },
		};
	}
	const open = customFieldsPagesPayouts.unauthenticated(recorded);
	if (open) return open;
	if (!isAuthorized(state, recorded.headers)) return UNAUTHORIZED;
	const accountAnswer = accounts.answer(state.account, recorded);
	if (accountAnswer) return accountAnswer;
	const ctx = createContext(state, recorded);
	ctx.bodyError = bodyError;
	const hooked = state.hooks.route(recorded);
	if (hooked) return hooked;
	try {
		return dispatch(ctx);
	} catch (error) {
		if (error instanceof ApiError)
			return { status: error.status, headers: error.headers, body: { errors: error.errors } };
		throw error;
	}
}

async function handleRequest(state, req, res) {
	const { text, tooLarge } = await readBody(req);
	const { recorded, bodyError } = recordRequest(req, text);
	state.requests.push(recorded);
	const delay = adversity.delayFor(state.adversity, recorded);
	if (delay) await sleep(state, delay);
	await holdBack(state, recorded);
	if (state.closed) return;
	// The `Date` header from the API's clock (HTTP-date, whole seconds), on every answer.
	if (state.adversity.omitDate) res.sendDate = false;
	else res.setHeader('Date', new Date(adversity.apiNow(state.adversity)).toUTCString());
	const fault = takeFault(state, recorded);
	if (fault && (await applyFault(state, fault, req, res, recorded))) return;
	if (tooLarge)
		return send(res, recorded, {
			status: 413,
			body: { errors: [errorObject(413, `Body larger than ${MAX_BODY_BYTES} bytes`)] },
		});
	let result;
	try {
		result = answer(state, recorded, bodyError);
	} catch (error) {
		result = { status: 500, body: { errors: [errorObject(500, `Sandbox error: ${error.message}`)] } };
	}
	send(res, recorded, result);
}

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

/**
 * Starts a sandbox Content Platform API server on 127.0.0.1.
 *
 * @param {object} [options]
 * @param {number} [options.port=0] Port; 0 picks a free port.
 * @param {string} [options.token='test-token'] Static bearer token always accepted.
 * @param {{clientId?: string, clientSecret?: string, tokenLifetimeSeconds?: number}} [options.oauth]
 *   OAuth client credentials accepted by POST /v1/oauth/token (defaults client-id / client-secret / 3600).
 * @param {boolean} [options.seed=true] Fill the store with deterministic seeded data.
 * @param {{multiSite?: boolean}} [options.account] The account behind the tokens (see accounts.js).
 * @returns {Promise<import('./index').Sandbox>}
 */
async function createSandbox(options = {}) {
	/** @type {ReturnType<typeof adversity.createAdversity>} */
	let switches;
	// Records are dated by the API's clock (adversity.clockOffsetMs).
	const db = createDatabase({ seed: options.seed !== false, now: () => adversity.apiNow(switches) });
	const oauth = {
		clientId: 'client-id',
		clientSecret: 'client-secret',
		tokenLifetimeSeconds: 3600,
		...stripEmpty(options.oauth || {}),
	};
	const state = {
		db,
		url: '',
		token: options.token || 'test-token',
		oauth,
		requests: [],
		faults: [],
		holds: [],
		timers: new Set(),
		accessTokens: new Map(),
		refreshTokens: new Set(),
		issuedTokens: [],
		account: accounts.createAccount(options.account),
		closed: false,
		adversity: (switches = adversity.createAdversity()),
	};

	const server = http.createServer((req, res) => {
		handleRequest(state, req, res).catch((error) => {
			if (!res.headersSent && !res.destroyed) {
				res.writeHead(500, { 'Content-Type': JSON_API });
				res.end(JSON.stringify({ errors: [errorObject(500, `Sandbox error: ${error.message}`)] }));
			}
		});
	});
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port || 0, '127.0.0.1', () => {
			server.off('error', reject);
			resolve();
		});
	});
	state.url = `http://127.0.0.1:${server.address().port}`;
	state.hooks = createHooks(state, (record) =>
		serialize(record, createContext(state, { query: {}, rawPath: '', rawQuery: '' })),
	);

	let closing = null;
	/** @type {import('./index').Sandbox} */
	const sandbox = {
		url: state.url,
		token: state.token,
		oauth: { ...oauth },
		server,
		requests: state.requests,
		store: db.store,
		issuedTokens: state.issuedTokens,
		account: state.account,
		...state.hooks.controls,
		adversity: state.adversity,
		clearRequests() {
			state.requests.length = 0;
		},
		seedDate: db.seedDate,
		insert: db.insert,
		insertMany: db.insertMany,
		clear: db.clear,
		find: db.find,
		failNext(fault = {}) {
			state.faults.push({ ...fault, remaining: fault.times === undefined ? 1 : fault.times });
		},
		clearFaults() {
			state.faults.length = 0;
		},
		hold({ match, count }) {
			state.holds.push({ match, count, waiting: [] });
		},
		expireTokens() {
			for (const entry of state.accessTokens.values()) entry.expiresAt = 0;
		},
		close() {
			if (!closing) {
				state.closed = true;
				state.hooks.close();
				for (const hold of state.holds.splice(0)) for (const release of hold.waiting) release();
				for (const timer of state.timers) clearTimeout(timer);
				state.timers.clear();
				closing = new Promise((resolve) => {
					server.close(() => resolve());
					server.closeAllConnections();
				});
			}
			return closing;
		},
	};
	relationshipsAndLists.attach(state, sandbox);
	purchasesAndOwnership.attach(db, sandbox);
	sandbox.insertCaseTwins = (email) => customFieldsPagesPayouts.insertCaseTwins(db, email);
	return sandbox;
}

module.exports = { createSandbox };
