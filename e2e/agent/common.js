'use strict';
/**
 * Helpers of the AI-tool checks (e2e/agent.js, e2e/agent/mcp.js): the records in a tool result,
 * Simplify's shape, the seeded facts a conversation is built from, a JSON POST, the checks' own
 * access token, and the short form of a sandbox request for the transcript.
 */
const assert = require('node:assert/strict');

/** The records a tool returned, from a tool result as the model or the MCP client got it. */
function recordsOf(value) {
	if (typeof value === 'string') {
		try {
			return recordsOf(JSON.parse(value));
		} catch {
			return undefined;
		}
	}
	if (Array.isArray(value)) return value.length === 1 && Array.isArray(value[0]) ? value[0] : value;
	if (value && typeof value === 'object' && 'response' in value) return recordsOf(value.response);
	return value === undefined ? undefined : [value];
}

/** Simplify's shape: flat attributes, no JSON:API `attributes`/`relationships` members. */
function assertSimplified(record) {
	assert.equal(typeof record.id, 'string');
	assert.ok(!('attributes' in record) && !('relationships' in record), `not simplified: ${JSON.stringify(record)}`);
}

/** The seeded facts a conversation is built from: a contact whose customer has purchases, and an offer it lacks. */
function pickCustomer(sandbox) {
	const idOf = (record, name) => ((record.relationships[name] || {}).data || {}).id;
	const purchasesOf = (customerId) =>
		sandbox.store.purchases.filter((p) => idOf(p, 'customer') === customerId).map((p) => p.id);
	// A customer with purchases and a contact whose email finds only that contact (earlier e2e
	// checks may have changed the store).
	const customer = sandbox.store.customers.find((c) => {
		const contact = idOf(c, 'contact') && sandbox.find('contacts', idOf(c, 'contact'));
		return (
			contact &&
			purchasesOf(c.id).length > 0 &&
			sandbox.store.contacts.filter((o) => String(o.attributes.email).includes(contact.attributes.email)).length === 1
		);
	});
	const contact = sandbox.find('contacts', idOf(customer, 'contact'));
	const has = new Set(((contact.relationships.offers || {}).data || []).map((o) => o.id));
	const offer = sandbox.store.offers.find((o) => !has.has(o.id));
	return { contact, customerId: customer.id, offerId: offer.id, purchases: purchasesOf(customer.id) };
}

async function postJson(url, body) {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	const text = await response.text();
	let json;
	try {
		json = JSON.parse(text);
	} catch {}
	if (response.status === 404) throw new Error(`POST ${url} -> 404: ${text.slice(0, 200)}`);
	return { status: response.status, json, text };
}

/**
 * An access token of the AI checks' own (from the sandbox's token endpoint, client credentials of
 * `sandbox.oauth`; valid for the sandbox's token lifetime, an hour by default), for the credential
 * their tool nodes use: every request those tools send carries it, so the sandbox's requests of the
 * AI checks are told apart from those of any other workflow still active in the n8n (a trigger's
 * poll uses the stack's token). `sandbox.expireTokens()` would end it.
 * @returns {Promise<string>} the token
 */
async function ownAccessToken(sandbox) {
	const response = await fetch(`${sandbox.url}/v1/oauth/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({
			grant_type: 'client_credentials',
			client_id: sandbox.oauth.clientId,
			client_secret: sandbox.oauth.clientSecret,
		}).toString(),
	});
	const body = await response.json().catch(() => ({}));
	if (response.status !== 200 || !body.access_token)
		throw new Error(`no access token from the sandbox: ${response.status} ${JSON.stringify(body)}`);
	return body.access_token;
}

/** Short form of a sandbox request for the transcript: method, path?query, body. */
const brief = (r) => ({
	request: `${r.method} ${r.rawPath}${r.rawQuery ? `?${r.rawQuery}` : ''}`,
	status: r.status,
	body: r.body || undefined,
});

module.exports = { recordsOf, assertSimplified, pickCustomer, postJson, brief, ownAccessToken };
