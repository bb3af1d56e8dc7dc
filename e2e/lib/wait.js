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

module.exports = { sleep, waitFor };
