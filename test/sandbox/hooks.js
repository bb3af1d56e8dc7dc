'use strict';
/**
 * Webhooks of the sandbox (supplement section 5): `/v1/hooks` (list with paging and
 * `filter[event_eq]`, create 201 / 422, show 404, delete 204 / 404), the six
 * `/v1/hooks/<event>_sample` endpoints (bare JSON arrays, ids "0"), and the test-control
 * `deliver(event, payload?, options?)`, which POSTs `{id, event, payload}` to every target URL
 * registered for the event and returns the HTTP status the receiver answered.
 * Purchases and contact tags, which the seed lacks, are built here from the supplement's shapes
 * (`GET /v1/purchases/{id}` and `GET /v1/contact_tags/{id}` answer for the records built here).
 */
const http = require('node:http');

const { purchaseDefaults } = require('./relationships-and-lists');

const EVENTS = {
	purchase: ['purchases', 'offers', 'customers'],
	payment_succeeded: ['transactions', 'customers'],
	order_created: ['transactions', 'customers', 'orders', 'order_items'],
	form_submission: ['form_submissions', 'forms'],
	tag_added: ['contacts', 'contact_tags'],
	tag_removed: ['contacts', 'contact_tags'],
};

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

const SAMPLE_TIME = '2026-11-01T12:00:00.000Z';
const ref = (type, id = '0') => ({ data: { type, id } });

/** The sample payloads (ids "0"), shaped like the document's examples (purchase: to-one `offer`). */
function samples() {
	const purchase = purchaseObject('0', '0', '0', SAMPLE_TIME);
	const offer = {
		id: '0',
		type: 'offers',
		attributes: { title: 'Sample offer', price_in_cents: 4900, currency: 'USD' },
		relationships: { site: ref('sites') },
	};
	const customer = {
		id: '0',
		type: 'customers',
		attributes: {
			name: 'Sample Customer',
			email: 'customer@example.com',
			net_revenue: '49.00',
			created_at: SAMPLE_TIME,
		},
		relationships: { contact: ref('contacts'), site: ref('sites') },
	};
	const transaction = {
		id: '0',
		type: 'transactions',
		attributes: {
			action: 'charge',
			state: 'succeeded',
			amount_in_cents: 4900,
			currency: 'USD',
			formatted_amount: '$49.00',
			created_at: SAMPLE_TIME,
		},
		relationships: { customer: ref('customers'), offer: ref('offers') },
	};
	const order = {
		id: '0',
		type: 'orders',
		attributes: {
			order_number: 1000,
			total_price_in_cents: 4900,
			formatted_total_price: '$49.00',
			created_at: SAMPLE_TIME,
		},
		relationships: {
			site: ref('sites'),
			customer: ref('customers'),
			order_items: { data: [{ type: 'order_items', id: '0' }] },
		},
	};
	const orderItem = {
		id: '0',
		type: 'order_items',
		attributes: { title: 'Sample offer', quantity: 1, total_price_in_cents: 4900, created_at: SAMPLE_TIME },
		relationships: { order: ref('orders') },
	};
	const submission = {
		id: '0',
		type: 'form_submissions',
		attributes: { name: 'Sample Person', email: 'person@example.com', mobile_phone_number: '+15555550100' },
		relationships: { site: ref('sites'), form: ref('forms') },
	};
	const form = {
		id: '0',
		type: 'forms',
		attributes: { title: 'Sample form', created_at: SAMPLE_TIME },
		relationships: { site: ref('sites') },
	};
	const contact = {
		id: '0',
		type: 'contacts',
		attributes: {
			name: 'Sample Contact',
			email: 'contact@example.com',
			subscribed: true,
			created_at: SAMPLE_TIME,
			updated_at: SAMPLE_TIME,
		},
		relationships: { site: ref('sites') },
	};
	const tag = { id: '0', type: 'contact_tags', attributes: { name: 'Sample tag' } };
	return {
		purchase: [purchase, offer, customer],
		payment_succeeded: [transaction, customer],
		order_created: [transaction, customer, order, orderItem],
		form_submission: [submission, form],
		tag_added: [contact, tag],
		tag_removed: [contact, tag],
	};
}

/** A purchase resource object (supplement section 3, attributes PA, relationships offer/customer/...). */
function purchaseObject(id, offerId, customerId, createdAt) {
	return {
		id,
		type: 'purchases',
		attributes: { ...purchaseDefaults(0, createdAt), opt_in: true, created_at: createdAt, updated_at: createdAt },
		relationships: {
			offer: ref('offers', offerId),
			customer: ref('customers', customerId),
			transactions: { data: [] },
			products: { data: [] },
		},
	};
}

function errorDoc(status, title, detail, source) {
	const error = { status: String(status), title, detail };
	if (source) error.source = source;
	return { status, body: { errors: [error] } };
}

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Creates the webhook part of one sandbox.
 * @param {object} state The sandbox state (`db`, `url`).
 * @param {(record: object) => object} serializeRecord The sandbox's resource object of a stored record.
 * @returns {{ route(recorded): object | undefined, controls: object, close(): void }}
 */
function createHooks(state, serializeRecord) {
	const hooks = [];
	const built = { purchases: new Map(), contact_tags: new Map() };
	const deliveries = [];
	const agent = new http.Agent({ keepAlive: false });
	let nextHookId = 1;
	let nextPurchaseId = 1;

	const hookObject = (hook) => ({
		id: hook.id,
		type: 'hooks',
		attributes: {
			event: hook.event,
			target_url: hook.target_url,
			resource_id: hook.resource_id,
			created_at: hook.created_at,
			updated_at: hook.updated_at,
		},
		relationships: { site: ref('sites', hook.site_id) },
	});

	function list(recorded) {
		const { query } = recorded;
		for (const key of Object.keys(query)) {
			if (key.startsWith('filter[') && key !== 'filter[event_eq]')
				return errorDoc(400, 'Bad Request', `Unknown filter ${key}`, { parameter: key });
		}
		const event = query['filter[event_eq]'];
		if (event !== undefined && !EVENTS[event])
			return errorDoc(400, 'Bad Request', `filter[event_eq] must be one of ${Object.keys(EVENTS).join(', ')}`, {
				parameter: 'filter[event_eq]',
			});
		const int = (name, fallback) => {
			const raw = query[name];
			if (raw === undefined || raw === '') return fallback;
			return /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : NaN;
		};
		const number = int('page[number]', 1);
		const size = Math.min(int('page[size]', DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
		if (Number.isNaN(number) || Number.isNaN(size))
			return errorDoc(400, 'Bad Request', 'page[number] and page[size] must be positive integers', {
				parameter: 'page',
			});
		const matching = hooks.filter((hook) => event === undefined || hook.event === event);
		return { status: 200, body: { data: matching.slice((number - 1) * size, number * size).map(hookObject) } };
	}

	function create(recorded) {
		const body = recorded.body;
		const data = isObject(body) ? body.data : undefined;
		const errors = [];
		const invalid = (pointer, detail) =>
			errors.push({ status: '422', title: 'Unprocessable Entity', detail, source: { pointer } });
		if (!isObject(data)) invalid('/data', "can't be blank");
		else {
			if (data.type !== 'hooks') invalid('/data/type', "must be 'hooks'");
			const attributes = isObject(data.attributes) ? data.attributes : {};
			if (!EVENTS[attributes.event])
				invalid('/data/attributes/event', `must be one of ${Object.keys(EVENTS).join(', ')}`);
			if (typeof attributes.target_url !== 'string' || !/^https?:\/\/\S+$/.test(attributes.target_url))
				invalid('/data/attributes/target_url', 'must be an http(s) URL');
			const resourceId = attributes.resource_id;
			if (resourceId !== undefined && resourceId !== null && !/^\d+$/.test(String(resourceId)))
				invalid('/data/attributes/resource_id', 'must be an integer');
			const site =
				isObject(data.relationships) && isObject(data.relationships.site) ? data.relationships.site.data : undefined;
			if (!isObject(site) || site.id === undefined) invalid('/data/relationships/site/data', "can't be blank");
			else if (!state.db.find('sites', String(site.id)))
				invalid('/data/relationships/site/data/id', `Couldn't find Site with 'id'=${site.id}`);
		}
		if (errors.length) return { status: 422, body: { errors } };
		const now = new Date(Date.now()).toISOString();
		const hook = {
			id: String(nextHookId++),
			event: data.attributes.event,
			target_url: data.attributes.target_url,
			resource_id:
				data.attributes.resource_id === undefined || data.attributes.resource_id === null
					? null
					: Number(data.attributes.resource_id),
			site_id: String(data.relationships.site.data.id),
			created_at: now,
			updated_at: now,
		};
		hooks.push(hook);
		return { status: 201, headers: { Location: `${state.url}/v1/hooks/${hook.id}` }, body: { data: hookObject(hook) } };
	}

	/** Answers /v1/hooks* (and built purchases / contact tags); undefined = not ours. */
	function route(recorded) {
		const m = /^\/v1\/hooks(?:\/([^/]+))?$/.exec(recorded.rawPath);
		if (!m) {
			const own = /^\/v1\/(purchases|contact_tags)\/([^/]+)$/.exec(recorded.rawPath);
			const record = own && recorded.method === 'GET' ? built[own[1]].get(decodeURIComponent(own[2])) : undefined;
			return record
				? { status: 200, body: { data: record, links: { self: `${state.url}${recorded.rawPath}` } } }
				: undefined;
		}
		const segment = m[1] === undefined ? undefined : decodeURIComponent(m[1]);
		const notAllowed = (allow) => ({
			...errorDoc(405, 'Method Not Allowed', `Method ${recorded.method} is not allowed on ${recorded.rawPath}`),
			headers: { Allow: allow },
		});
		if (segment === undefined) {
			if (recorded.method === 'GET') return list(recorded);
			if (recorded.method === 'POST') return create(recorded);
			return notAllowed('GET, POST');
		}
		const sample = /^(.+)_sample$/.exec(segment);
		if (sample && EVENTS[sample[1]]) {
			if (recorded.method !== 'GET') return notAllowed('GET');
			return { status: 200, body: samples()[sample[1]] };
		}
		const index = hooks.findIndex((hook) => hook.id === segment);
		if (recorded.method === 'GET')
			return index < 0 ? notFoundHook(segment) : { status: 200, body: { data: hookObject(hooks[index]) } };
		if (recorded.method === 'DELETE') {
			if (index < 0) return notFoundHook(segment);
			hooks.splice(index, 1);
			return { status: 204, body: undefined };
		}
		return notAllowed('GET, DELETE');
	}

	const notFoundHook = (id) => errorDoc(404, 'Not Found', `Couldn't find Hook with 'id'=${id}`);

	/** The newest stored record of a type (by created_at, then id). */
	function newest(type) {
		const records = [...(state.db.store[type] || [])];
		records.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || Number(b.id) - Number(a.id));
		if (!records[0]) throw new Error(`The sandbox has no ${type} to build a payload from`);
		return records[0];
	}
	const rel = (record, name) => {
		const r = serializeRecord(record).relationships[name];
		return r && r.data && !Array.isArray(r.data) ? r.data.id : undefined;
	};
	const byId = (type, id) => {
		const record = state.db.find(type, id);
		if (!record) throw new Error(`The sandbox has no ${type} ${id}`);
		return serializeRecord(record);
	};
	const tagObject = (tagId) => {
		const tag = byId('contact_tags', tagId);
		const object = { id: tag.id, type: 'contact_tags', attributes: { ...tag.attributes } };
		built.contact_tags.set(object.id, object);
		return object;
	};

	/** A payload built from the store, in the sample's order (see EVENTS). */
	function buildPayload(event, options) {
		switch (event) {
			case 'purchase': {
				const customer = options.customerId
					? byId('customers', options.customerId)
					: serializeRecord(newest('customers'));
				const offer = byId('offers', options.offerId || '1');
				const purchase = purchaseObject(
					String(nextPurchaseId++),
					offer.id,
					customer.id,
					new Date(Date.now()).toISOString(),
				);
				built.purchases.set(purchase.id, purchase);
				return [purchase, offer, customer];
			}
			case 'payment_succeeded': {
				const transaction = options.transactionId
					? byId('transactions', options.transactionId)
					: serializeRecord(newest('transactions'));
				return [transaction, byId('customers', transaction.relationships.customer.data.id)];
			}
			case 'order_created': {
				const order = serializeRecord(options.orderId ? state.db.find('orders', options.orderId) : newest('orders'));
				const customerId = order.relationships.customer.data.id;
				const transactions = (state.db.store.transactions || []).filter((t) => rel(t, 'customer') === customerId);
				const transaction = transactions.length
					? serializeRecord(transactions[0])
					: serializeRecord(newest('transactions'));
				const items = order.relationships.order_items.data.map((identifier) => byId('order_items', identifier.id));
				return [transaction, byId('customers', customerId), order, ...items];
			}
			case 'form_submission': {
				const submission = serializeRecord(
					options.formSubmissionId
						? state.db.find('form_submissions', options.formSubmissionId)
						: newest('form_submissions'),
				);
				return [submission, byId('forms', submission.relationships.form.data.id)];
			}
			default: {
				const contact = byId('contacts', options.contactId || '1');
				return [{ ...contact, relationships: { site: contact.relationships.site } }, tagObject(options.tagId || '1')];
			}
		}
	}

	function post(url, text) {
		return new Promise((resolve) => {
			const started = Date.now();
			const req = http.request(
				url,
				{
					method: 'POST',
					agent,
					headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) },
				},
				(res) => {
					res.resume();
					res.on('end', () => resolve({ status: res.statusCode, ms: Date.now() - started }));
				},
			);
			req.on('error', () => resolve({ status: 0, ms: Date.now() - started }));
			req.end(text);
		});
	}

	const controls = {
		/** The registered hooks (live array of `{id, event, target_url, resource_id, site_id, created_at, updated_at}`). */
		hooks,
		/** Every delivery made: `{event, url, body, status, ms, at}` (status 0 = no answer). */
		deliveries,
		/** The sample payload of an event (what `GET /v1/hooks/<event>_sample` answers). */
		hookSample(event) {
			if (!EVENTS[event]) throw new Error(`Unknown event ${event}`);
			return samples()[event];
		},
		/** The payload `deliver` would send for an event (built from the store; purchases are created). */
		hookPayload(event, options = {}) {
			if (!EVENTS[event]) throw new Error(`Unknown event ${event}`);
			return buildPayload(event, options);
		},
		/**
		 * POSTs `{id, event, payload}` to every target URL registered for `event` (one after the
		 * other) and returns the highest HTTP status answered (0 = connection failed or no hook).
		 * `payload` defaults to one built from the store; `options.id` overrides the delivery id
		 * (default: the payload's first record of the event's main type), `options.body` replaces
		 * the whole body (a string is sent as is), `options.url` delivers to that URL only.
		 */
		async deliver(event, payload, options = {}) {
			const records = payload || (options.body === undefined ? buildPayload(event, options) : []);
			const main =
				{
					purchase: 'purchases',
					payment_succeeded: 'transactions',
					order_created: 'orders',
					form_submission: 'form_submissions',
				}[event] || 'contacts';
			const primary = records.find((r) => r && r.type === main) || records[0] || {};
			const body =
				options.body !== undefined
					? options.body
					: { id: options.id !== undefined ? options.id : primary.id, event, payload: records };
			const text = typeof body === 'string' ? body : JSON.stringify(body);
			const targets = options.url
				? [options.url]
				: hooks.filter((hook) => hook.event === event).map((hook) => hook.target_url);
			let status = 0;
			for (const url of targets) {
				const at = Date.now();
				const result = await post(url, text);
				deliveries.push({ event, url, body, status: result.status, ms: result.ms, at });
				status = Math.max(status, result.status);
			}
			return status;
		},
	};

	return { route, controls, close: () => agent.destroy() };
}

module.exports = { createHooks, HOOK_EVENTS: EVENTS };
