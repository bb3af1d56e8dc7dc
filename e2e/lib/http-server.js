'use strict';
/**
 * Tiny loopback HTTP server for e2e runs: records every request and answers via
 * a handler `(req, body) => ({ status, headers, json } | { status, body })`.
 */
const http = require('node:http');

function startServer(handler, { port = 0 } = {}) {
	const requests = [];
	const server = http.createServer((req, res) => {
		let raw = '';
		req.setEncoding('utf8');
		req.on('data', (c) => (raw += c));
		req.on('end', async () => {
			const url = new URL(req.url, 'http://127.0.0.1');
			let body = raw;
			if (raw && /json/.test(req.headers['content-type'] || '')) {
				try {
					body = JSON.parse(raw);
				} catch {}
			}
			const rec = {
				method: req.method,
				path: url.pathname,
				query: Object.fromEntries(url.searchParams),
				headers: req.headers,
				body,
			};
			requests.push(rec);
			let out;
			try {
				out = (await handler(rec)) || { status: 404, json: { error: 'not found' } };
			} catch (e) {
				out = { status: 500, json: { error: String(e && e.message) } };
			}
			const headers = { ...(out.headers || {}) };
			let payload = out.body ?? '';
			if (out.json !== undefined) {
				payload = JSON.stringify(out.json);
				headers['content-type'] = headers['content-type'] || 'application/json';
			}
			res.writeHead(out.status || 200, headers);
			res.end(payload);
		});
	});
	return new Promise((resolve, reject) => {
		server.on('error', reject);
		server.listen(port, '127.0.0.1', () => {
			const { port: p } = server.address();
			resolve({
				url: `http://127.0.0.1:${p}`,
				port: p,
				requests,
				close: () => new Promise((r) => server.close(() => r())),
			});
		});
	});
}

module.exports = { startServer };
