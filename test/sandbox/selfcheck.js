'use strict';
/* Quick self-check of the sandbox: `node test/sandbox/selfcheck.js` (exit code 0 = all passed). */
const assert = require('node:assert/strict');
const { createSandbox } = require('./index');

const checks = [];
const check = (name, fn) => checks.push({ name, fn });

let sb;
const AUTH = () => ({ Authorization: `Bearer ${sb.token}` });
async function call(method, path, { headers = AUTH(), body, contentType = 'application/vnd.api+json' } = {}) {
	const init = { method, headers: { ...headers } };
	if (body !== undefined) {
		init.body = typeof body === 'string' ? body : JSON.stringify(body);
		init.headers['Content-Type'] = contentType;
	}
	const res = await fetch(sb.url + path, init);
	const text = await res.text();
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		json = text;
	}
	return { status: res.status, headers: res.headers, body: json, text };
}
const get = (path, opts) => call('GET', path, opts);

check('auth: missing / wrong token → 401 without echoing the token', async () => {
	const r1 = await get('/v1/contacts', { headers: {} });
	assert.equal(r1.status, 401);
	assert.deepEqual(r1.body, {
		errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid or expired access token' }],
	});
	const r2 = await get('/v1/contacts', { headers: { Authorization: 'Bearer secret-wrong-token' } });
	assert.equal(r2.status, 401);
	assert.ok(!r2.text.includes('secret-wrong-token'));
	assert.equal(r2.headers.get('content-type'), 'application/vnd.api+json');
});

check('oauth: body and Basic credentials, errors, expiry', async () => {
	const form = (s) => ({ body: s, contentType: 'application/x-www-form-urlencoded', headers: {} });
	const ok = await call(
		'POST',
		'/v1/oauth/token',
		form('grant_type=client_credentials&client_id=client-id&client_secret=client-secret'),
	);
	assert.equal(ok.status, 200);
	assert.equal(ok.body.token_type, 'Bearer');
	assert.equal(ok.body.expires_in, 3600);
	assert.ok(ok.body.access_token && ok.body.refresh_token);
	const basic = await call('POST', '/v1/oauth/token', {
		body: 'grant_type=client_credentials',
		contentType: 'application/x-www-form-urlencoded',
		headers: { Authorization: `Basic ${Buffer.from('client-id:client-secret').toString('base64')}` },
	});
	assert.equal(basic.status, 200);
	const bad = await call(
		'POST',
		'/v1/oauth/token',
		form('grant_type=client_credentials&client_id=client-id&client_secret=nope'),
	);
	assert.equal(bad.status, 401);
	assert.equal(bad.body.error, 'invalid_client');
	const grant = await call(
		'POST',
		'/v1/oauth/token',
		form('grant_type=password&client_id=client-id&client_secret=client-secret'),
	);
	assert.equal(grant.status, 400);
	assert.equal(grant.body.error, 'unsupported_grant_type');
	const token = ok.body.access_token;
	assert.deepEqual(sb.issuedTokens, [token, basic.body.access_token]);
	assert.equal((await get('/v1/podcasts', { headers: { Authorization: `Bearer ${token}` } })).status, 200);
	sb.expireTokens();
	assert.equal((await get('/v1/podcasts', { headers: { Authorization: `Bearer ${token}` } })).status, 401);
	assert.equal((await get('/v1/podcasts')).status, 200, 'static token still valid');
	const refreshed = await call(
		'POST',
		'/v1/oauth/token',
		form(
			`grant_type=refresh_token&refresh_token=${ok.body.refresh_token}&client_id=client-id&client_secret=client-secret`,
		),
	);
	assert.equal(refreshed.status, 200);
	assert.equal(
		(await get('/v1/podcasts', { headers: { Authorization: `Bearer ${refreshed.body.access_token}` } })).status,
		200,
	);
});

check('routes: all 20 endpoints answer, unknown route 404, wrong method 405', async () => {
	const paths = [
		'/v1/contacts',
		'/v1/contacts/1',
		'/v1/customers',
		'/v1/customers/1',
		'/v1/courses/1',
		'/v1/orders',
		'/v1/orders/1',
		'/v1/order_items',
		'/v1/order_items/1',
		'/v1/transactions',
		'/v1/transactions/1',
		'/v1/forms/1',
		'/v1/form_submissions',
		'/v1/form_submissions/1',
		'/v1/podcasts',
		'/v1/podcasts/1',
		'/v1/blog_posts/1',
	];
	for (const p of paths) assert.equal((await get(p)).status, 200, p);
	for (const p of ['/v1/lessons', '/v1/modules', '/v1/media', '/v1/nope', '/v1/contacts/1/extra']) {
		const r = await get(p);
		assert.equal(r.status, 404, p);
		assert.equal(r.body.errors[0].status, '404');
	}
	assert.equal((await call('PUT', '/v1/contacts/1')).status, 405);
});

check('documents: shapes, links, member links, offers links-only on list items', async () => {
	const list = await get('/v1/customers');
	assert.equal(list.headers.get('content-type'), 'application/vnd.api+json');
	assert.equal(list.body.data.length, 20);
	assert.ok(list.body.links.self && list.body.links.current);
	const item = list.body.data[0];
	assert.equal(typeof item.id, 'string');
	assert.deepEqual(Object.keys(item.relationships.offers), ['links']);
	assert.equal(item.links.contact, `${sb.url}/v1/contacts/1`);
	const one = await get('/v1/customers/1');
	assert.ok(Array.isArray(one.body.data.relationships.offers.data));
	assert.deepEqual(one.body.data.relationships.contact, { data: { id: '1', type: 'contacts' } });
	assert.equal(typeof one.body.data.attributes.sign_in_count, 'number');
	const contact = await get('/v1/contacts/1');
	assert.equal(contact.body.data.links.customer, `${sb.url}/v1/customers/1`);
	assert.equal(typeof contact.body.data.attributes.subscribed, 'boolean');
	for (const p of ['/v1/forms/1', '/v1/form_submissions/1', '/v1/podcasts/1'])
		assert.equal((await get(p)).body.links, undefined, p);
	const fs = await get('/v1/form_submissions/1');
	assert.equal(fs.body.data.attributes.created_at, undefined);
	assert.equal(Object.keys(fs.body.data.attributes).length, 13);
	const order = await get('/v1/orders/1');
	assert.ok(Number.isInteger(order.body.data.attributes.total_price_in_cents));
	assert.ok(order.body.data.relationships.order_items.data.length >= 1);
});

check('404 for unknown ids; encoded path segments never traverse', async () => {
	const r = await get('/v1/contacts/999999');
	assert.deepEqual(r.body, {
		errors: [{ status: '404', title: 'Not Found', detail: "Couldn't find Contact with 'id'=999999" }],
	});
	const t = await get('/v1/contacts/1%2F..%2F..%2Fpodcasts');
	assert.equal(t.status, 404);
	assert.equal(t.body.errors[0].detail, "Couldn't find Contact with 'id'=1/../../podcasts");
	assert.equal(sb.requests.at(-1).rawPath, '/v1/contacts/1%2F..%2F..%2Fpodcasts');
	assert.equal(sb.requests.at(-1).path, '/v1/contacts/1/../../podcasts');
});

check('pagination: defaults, cap at 100, podcasts links and meta', async () => {
	sb.insertMany('contacts', 120);
	const big = await get('/v1/contacts?page[size]=500');
	assert.equal(big.body.data.length, 100);
	const p2 = await get('/v1/contacts?page[number]=2&page[size]=10');
	assert.deepEqual(
		p2.body.data.map((d) => d.id),
		['11', '12', '13', '14', '15', '16', '17', '18', '19', '20'],
	);
	assert.equal((await get('/v1/contacts?page[size]=abc')).body.errors[0].source.parameter, 'page[size]');
	const pod = await get('/v1/podcasts?page[size]=4');
	assert.deepEqual(pod.body.meta, { total_pages: 2, total_count: 6, current_page: 1 });
	assert.ok(pod.body.links.first && pod.body.links.last && pod.body.links.next);
	assert.equal(pod.body.links.prev, null);
	const pod2 = await get(pod.body.links.next.slice(sb.url.length));
	assert.equal(pod2.body.data.length, 2);
	assert.equal(pod2.body.links.next, null);
	sb.store.contacts.splice(30);
});

check('sort: allowed keys, descending, stable ties, 400 on bad keys, transactions scrambled', async () => {
	const asc = (await get('/v1/orders?sort=created_at&page[size]=100')).body.data;
	for (let i = 1; i < asc.length; i++) {
		const a = asc[i - 1].attributes.created_at;
		const b = asc[i].attributes.created_at;
		assert.ok(a < b || (a === b && Number(asc[i - 1].id) < Number(asc[i].id)), 'ascending with id tie-break');
	}
	const desc = (await get('/v1/orders?sort=-created_at&page[size]=100')).body.data;
	assert.deepEqual(
		desc.map((d) => d.id),
		asc.map((d) => d.id).reverse(),
	);
	const bad = await get('/v1/contacts?sort=phone_number');
	assert.equal(bad.status, 400);
	assert.equal(bad.body.errors[0].source.parameter, 'sort');
	assert.equal((await get('/v1/transactions?sort=created_at')).status, 400);
	assert.equal((await get('/v1/podcasts?sort=-title')).body.data[0].attributes.title, 'The Creator Hour');
	const tx = (await get('/v1/transactions?page[size]=100')).body.data.map((d) => Number(d.id));
	assert.equal(tx.length, 40);
	assert.notDeepEqual(
		tx,
		[...tx].sort((a, b) => a - b),
	);
	assert.deepEqual(
		(await get('/v1/transactions?page[size]=100')).body.data.map((d) => Number(d.id)),
		tx,
		'deterministic',
	);
	const fsSorted = (await get('/v1/form_submissions?sort=created_at&page[size]=100')).body.data;
	assert.equal(fsSorted.length, 25);
});

check('fields and include (nested, dedup, 400 on unknown)', async () => {
	const c = await get('/v1/contacts/1?fields[contacts]=name,email');
	assert.deepEqual(Object.keys(c.body.data.attributes), ['name', 'email']);
	const course = await get('/v1/courses/1?include=offers,lessons.media,modules&fields[offers]=title,price_in_cents');
	const types = course.body.included.map((r) => r.type);
	for (const t of ['offers', 'lessons', 'media', 'modules']) assert.ok(types.includes(t), t);
	const keys = course.body.included.map((r) => `${r.type}:${r.id}`);
	assert.equal(new Set(keys).size, keys.length);
	assert.deepEqual(Object.keys(course.body.included.find((r) => r.type === 'offers').attributes), [
		'title',
		'price_in_cents',
	]);
	const bad = await get('/v1/orders/1?include=nope');
	assert.equal(bad.status, 400);
	assert.equal(bad.body.errors[0].source.parameter, 'include');
	const cust = await get('/v1/customers/1?fields[customers]=name');
	assert.ok(Object.keys(cust.body.data.attributes).length > 1, 'fields[customers] ignored without include');
	const cust2 = await get('/v1/customers/1?fields[customers]=name&include=contact');
	assert.deepEqual(Object.keys(cust2.body.data.attributes), ['name']);
	assert.equal(cust2.body.included[0].type, 'contacts');
});

check('filters', async () => {
	const site2 = (await get('/v1/contacts?filter[site_id]=2')).body.data;
	assert.ok(site2.length > 0 && site2.length < 30);
	const search = (await get('/v1/customers?filter[search]=LIAM')).body.data;
	assert.ok(search.length >= 1 && search.every((c) => /liam/i.test(c.attributes.name + c.attributes.email)));
	const subscribed = (await get('/v1/contacts?filter[subscribed]=false&page[size]=100')).body.data;
	assert.ok(subscribed.length > 0 && subscribed.every((c) => c.attributes.subscribed === false));
	assert.equal((await get('/v1/contacts?filter[subscribed]=maybe')).status, 400);
	assert.equal((await get('/v1/contacts?filter[is_hidden]=true&filter[used_coupon_code]=X')).status, 200);
	assert.equal((await get('/v1/contacts?filter[bogus]=1')).status, 400);
	const tagged = (await get('/v1/contacts?filter[has_tag_id]=1&page[size]=100')).body.data;
	assert.ok(tagged.length > 0 && tagged.every((c) => c.relationships.tags.data.some((t) => t.id === '1')));
	const fresh = sb.insert('contacts', { name: 'Fresh Person' });
	const recent = (await get('/v1/contacts?filter[created_in_last]=1')).body.data;
	assert.deepEqual(
		recent.map((c) => c.id),
		[fresh.id],
	);
	sb.store.contacts.pop();
	const unfulfilled = (await get('/v1/orders?filter[fulfilled_at_null]=true&page[size]=100')).body.data;
	assert.ok(unfulfilled.length > 0 && unfulfilled.every((o) => o.attributes.fulfilled_at === null));
	assert.equal((await get('/v1/orders?filter[order_number_eq]=1001')).body.data[0].id, '1');
	const byCustomer = (await get('/v1/orders?filter[customer_id]=3&page[size]=100')).body.data;
	assert.ok(byCustomer.every((o) => o.relationships.customer.data.id === '3'));
	const items = (await get('/v1/order_items?filter[item_id_eq]=1&filter[item_type_eq]=Offer&page[size]=100')).body.data;
	assert.ok(items.length > 0 && items.every((i) => i.attributes.item_id === 1));
	const all = (await get('/v1/transactions?page[size]=100')).body.data;
	const day = all[0].attributes.created_at.slice(0, 10);
	const sameDay = (await get(`/v1/transactions?filter[start_date]=${day}&filter[end_date]=${day}&page[size]=100`)).body
		.data;
	assert.deepEqual(
		sameDay.map((t) => t.id).sort(),
		all
			.filter((t) => t.attributes.created_at.startsWith(day))
			.map((t) => t.id)
			.sort(),
	);
	assert.equal((await get('/v1/transactions?filter[start_date]=2026-02-30')).status, 400);
	assert.ok(
		(await get('/v1/form_submissions?filter[form_id]=2')).body.data.every((s) => s.relationships.form.data.id === '2'),
	);
	const drafts = (await get('/v1/podcasts?filter[status_eq]=draft')).body.data;
	assert.ok(drafts.length > 0 && drafts.every((p) => p.attributes.status === 'draft'));
	assert.equal((await get('/v1/podcasts?filter[title_cont]=money')).body.data.length, 1);
	assert.equal(
		(await get('/v1/customers/1?include=products&filter[products_page]=1&filter[products_per]=5')).status,
		200,
	);
});

check('writes: contact note, patch contact, submit form, validation', async () => {
	const note = await call('POST', '/v1/contact_notes', {
		body: {
			data: {
				type: 'contact_notes',
				attributes: { body: 'Hello' },
				relationships: { contact: { data: { id: '1', type: 'contacts' } } },
			},
		},
	});
	assert.equal(note.status, 201);
	assert.equal(note.body.data.attributes.body, 'Hello');
	assert.ok(note.body.data.attributes.created_at && note.body.links.self);
	const missing = await call('POST', '/v1/contact_notes', {
		body: {
			data: {
				type: 'contact_notes',
				attributes: {},
				relationships: { contact: { data: { id: '99999', type: 'contacts' } } },
			},
		},
	});
	assert.equal(missing.status, 422);
	assert.deepEqual(missing.body.errors.map((e) => e.source.pointer).sort(), [
		'/data/attributes/body',
		'/data/relationships/contact/data/id',
	]);
	assert.equal(
		(await call('POST', '/v1/contact_notes', { body: { data: {} }, contentType: 'application/json' })).status,
		415,
	);
	assert.equal((await call('POST', '/v1/contact_notes', { body: '{oops' })).status, 400);

	const patch = await call('PATCH', '/v1/contacts/2', {
		body: {
			data: { id: '2', type: 'contacts', attributes: { name: 'New Name', subscribed: true } },
			relationships: { tags: { data: [{ id: '2', type: 'contact_tags' }] } },
		},
	});
	assert.equal(patch.status, 200);
	assert.equal(patch.body.data.attributes.name, 'New Name');
	assert.equal(patch.body.data.attributes.email, sb.find('contacts', '2').attributes.email);
	assert.deepEqual(patch.body.data.relationships.tags.data, [{ id: '2', type: 'contact_tags' }]);
	const badPatch = await call('PATCH', '/v1/contacts/2', {
		body: { data: { id: '2', type: 'contacts', attributes: { subscribed: 'yes', favourite: 'x' } } },
	});
	assert.equal(badPatch.status, 422);
	assert.equal(
		(await call('PATCH', '/v1/contacts/2', { body: { data: { id: '3', type: 'contacts', attributes: {} } } })).status,
		409,
	);
	assert.equal(
		(await call('PATCH', '/v1/contacts/424242', { body: { data: { id: '424242', type: 'contacts', attributes: {} } } }))
			.status,
		404,
	);

	const submit = await call('POST', '/v1/forms/2/submit', {
		body: { data: { type: 'form_submissions', attributes: { name: 'Ann', email: 'ann@example.com' } } },
	});
	assert.equal(submit.status, 201);
	assert.deepEqual(submit.body.data.relationships.form.data, { id: '2', type: 'forms' });
	assert.equal(submit.body.data.attributes.email, 'ann@example.com');
	const list = (await get('/v1/form_submissions?sort=-created_at&page[size]=1')).body.data;
	assert.equal(list[0].id, submit.body.data.id);
	const badEmail = await call('POST', '/v1/forms/2/submit', {
		body: { data: { type: 'form_submissions', attributes: { email: 'not-an-email' } } },
	});
	assert.equal(badEmail.status, 422);
	assert.equal(badEmail.body.errors[0].source.pointer, '/data/attributes/email');
	assert.equal(
		(await call('POST', '/v1/forms/99/submit', { body: { data: { attributes: { email: 'a@b.co' } } } })).status,
		404,
	);
});

check('faults: status/body/headers, times, match, delay, destroy; requests recorded', async () => {
	sb.clearRequests();
	sb.failNext({ status: 429, body: { errors: [{ status: '429' }] }, headers: { 'Retry-After': '1' }, times: 2 });
	assert.equal((await get('/v1/podcasts')).status, 429);
	const second = await get('/v1/podcasts');
	assert.equal(second.status, 429);
	assert.equal(second.headers.get('retry-after'), '1');
	assert.equal((await get('/v1/podcasts')).status, 200);
	sb.failNext({ status: 503, match: (r) => r.path === '/v1/orders' });
	assert.equal((await get('/v1/podcasts')).status, 200);
	assert.equal((await get('/v1/orders')).status, 503);
	sb.failNext({ destroy: true });
	await assert.rejects(get('/v1/podcasts'));
	sb.failNext({ delayMs: 150 });
	const t0 = Date.now();
	assert.equal((await get('/v1/podcasts')).status, 200);
	assert.ok(Date.now() - t0 >= 140);
	assert.deepEqual(
		sb.requests.map((r) => r.status),
		[429, 429, 200, 200, 503, 0, 200],
	);
	await get('/v1/contacts?page%5Bnumber%5D=2&filter[search]=a%20b');
	const rec = sb.requests.at(-1);
	assert.equal(rec.query['page[number]'], '2');
	assert.equal(rec.query['filter[search]'], 'a b');
	assert.equal(rec.rawQuery, 'page%5Bnumber%5D=2&filter[search]=a%20b');
});

check('insert defaults and seed determinism', async () => {
	const rec = sb.insert('orders', { order_number: 9999 }, { customer: '1' }, { created_at: '2026-11-20T10:00:00Z' });
	assert.equal(typeof rec.id, 'string');
	assert.equal(rec.attributes.created_at, '2026-11-20T10:00:00.000Z');
	assert.ok(Number.isInteger(rec.attributes.total_price_in_cents));
	assert.deepEqual(rec.relationships.customer.data, { id: '1', type: 'customers' });
	const other = await createSandbox({ port: 0 });
	try {
		const a = JSON.stringify(
			(
				await (
					await fetch(`${other.url}/v1/transactions?page[size]=100`, {
						headers: { Authorization: 'Bearer test-token' },
					})
				).json()
			).data,
		);
		const fresh = await createSandbox();
		const b = JSON.stringify(
			(
				await (
					await fetch(`${fresh.url}/v1/transactions?page[size]=100`, {
						headers: { Authorization: 'Bearer test-token' },
					})
				).json()
			).data,
		);
		await fresh.close();
		assert.equal(a.replaceAll(other.url, ''), b.replaceAll(fresh.url, ''));
	} finally {
		await other.close();
	}
	const empty = await createSandbox({ seed: false });
	assert.equal(empty.store.contacts.length, 0);
	await empty.close();
	sb.clear('podcasts');
	assert.equal((await get('/v1/podcasts')).body.meta.total_count, 0);
});

(async () => {
	sb = await createSandbox();
	let failed = 0;
	for (const { name, fn } of checks) {
		try {
			await fn();
			console.log(`ok   ${name}`);
		} catch (error) {
			failed++;
			console.log(`FAIL ${name}\n     ${error.stack.split('\n').slice(0, 3).join('\n     ')}`);
		}
	}
	await sb.close();
	console.log(failed ? `${failed} of ${checks.length} checks failed` : `all ${checks.length} checks passed`);
	process.exitCode = failed ? 1 : 0;
})();
