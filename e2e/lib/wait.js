'use strict';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `condition()` (sync or async) returns a truthy value, and returns that value; asks
 * again every `everyMs` (default 250 ms). Throws "timed out after N ms waiting for <what>" after
 * `timeoutMs`.
 * @template T
 * @param {() => T | Promise<T>} condition
 * @param {number} timeoutMs
 * @param {string} [what]
 * @param {{ everyMs?: number }} [options]
 * @returns {Promise<T>}
 */
async function waitFor(condition, timeoutMs, what, { everyMs = 250 } = {}) {
	const t0 = Date.now();
	for (;;) {
		const value = await condition();
		if (value) return value;
		if (Date.now() - t0 > timeoutMs)
			throw new Error(`timed out after ${timeoutMs} ms${what ? ` waiting for ${what}` : ''}`);
		await sleep(everyMs);
	}
}

/**
 * Waits until `count()` (e.g. the sandbox's requests of one trigger) stays the same for `quietMs`:
 * whatever was running (a trigger's activation poll) is over. Reads it every `quietMs`; no bound of
 * its own (a count that never stops growing keeps it waiting: use it after the thing started).
 * @param {() => number} count
 * @param {number} quietMs
 * @returns {Promise<void>}
 */
async function waitForQuiet(count, quietMs) {
	for (let seen = -1; seen !== count(); ) {
		seen = count();
		await sleep(quietMs);
	}
}

module.exports = { sleep, waitFor, waitForQuiet };
