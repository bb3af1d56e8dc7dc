'use strict';
/**
 * Answers of a misbehaving server for the hardening tests (see README.md, "Test-control API").
 * Each helper returns a `body` function for `failNext({ body })`: the sandbox calls it with the
 * recorded request and answers with what it returns (object → JSON, string → text).
 */

/** The bearer token of a recorded request ('' when none). */
function bearerOf(recorded) {
	return String(recorded.headers.authorization || '').replace(/^Bearer\s+/i, '');
}

/**
 * A body that echoes the request's `Authorization` header and token, as careless servers and
 * proxies do: `jsonapi` (JSON:API `errors[]` with the token in title, detail, meta and
 * source), `json` (a plain JSON object), `text` or `html`.
 */
function echoAuthorization(format = 'jsonapi') {
	return (recorded) => {
		const authorization = String(recorded.headers.authorization || '');
		const token = bearerOf(recorded);
		switch (format) {
			case 'jsonapi':
				return {
					errors: [
						{
							status: '401',
							title: `Token ${token} rejected`,
							detail: `The header "Authorization: ${authorization}" is not valid`,
							source: { parameter: token },
							meta: { authorization, token_url_encoded: encodeURIComponent(token) },
						},
						{ status: '401', detail: `second error quoting ${token}` },
					],
				};
			case 'json':
				return { message: `bad token ${token}`, echo: { headers: { authorization } } };
			case 'text':
				return `Unauthorized: you sent Authorization: ${authorization}`;
			default:
				return `<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><pre>Authorization: ${authorization}</pre></body></html>`;
		}
	};
}

/**
 * An endless, well-formed list: page n holds `size` new orders (IDs `e<n>-<i>`) and a
 * `links.next` to page n+1, whatever n is. A legitimate list that only ends when the client stops.
 */
function endlessOrders(size = 100) {
	return (recorded) => {
		const page = Number(recorded.query['page[number]'] || 1);
		const data = Array.from({ length: size }, (_, i) => ({
			id: `e${page}-${i}`,
			type: 'orders',
			attributes: { order_number: page * 1000 + i },
			relationships: {},
		}));
		const next = `http://127.0.0.1/v1/orders?page[number]=${page + 1}&page[size]=${size}`;
		return { data, links: { self: recorded.rawPath, next } };
	};
}

module.exports = { echoAuthorization, endlessOrders };
