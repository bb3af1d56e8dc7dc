'use strict';
/**
 * Concurrency meter of the sandbox (parallel page requests): wraps the server's request
 * listener and notes, for every request the filter counts, when it arrived and when its answer
 * ended, how many counted requests were in flight then, and whether the client closed the
 * connection before the answer was complete (an aborted request). Used by the tests of parallel
 * Return All and by the bench; the sandbox itself is unchanged.
 *
 *   const meter = meterConcurrency(sandbox, (req) => req.url.startsWith('/v1/contacts'));
 *   … run …; meter.max, meter.aborted, meter.events
 */

/**
 * @param {import('./index').Sandbox} sandbox
 * @param {(req: import('node:http').IncomingMessage) => boolean} [counts] which requests to count (default: all)
 */
function meterConcurrency(sandbox, counts = () => true) {
	const server = sandbox.server;
	const listeners = server.listeners('request');
	server.removeAllListeners('request');
	const meter = {
		/** Counted requests in flight now. */
		inFlight: 0,
		/** The most counted requests in flight at once since the last reset. */
		max: 0,
		/** Counted requests whose connection the client closed before the answer was complete. */
		aborted: 0,
		/** `{ at, kind: 'start' | 'end' | 'abort', url, status, inFlight }` in order; `inFlight` after the event. */
		events: [],
		reset() {
			meter.max = meter.inFlight;
			meter.aborted = 0;
			meter.events = [];
		},
	};
	server.on('request', (req, res) => {
		if (counts(req)) {
			meter.inFlight++;
			meter.max = Math.max(meter.max, meter.inFlight);
			meter.events.push({ at: Date.now(), kind: 'start', url: req.url, status: 0, inFlight: meter.inFlight });
			let ended = false;
			const end = (kind) => {
				if (ended) return;
				ended = true;
				meter.inFlight--;
				if (kind === 'abort') meter.aborted++;
				meter.events.push({ at: Date.now(), kind, url: req.url, status: res.statusCode, inFlight: meter.inFlight });
			};
			res.on('finish', () => end('end'));
			res.on('close', () => end(res.writableFinished ? 'end' : 'abort'));
		}
		for (const listener of listeners) listener.call(server, req, res);
	});
	return meter;
}

module.exports = { meterConcurrency };
