'use strict';
/**
 * Adversity switches of the sandbox: the sandbox behaving like real APIs and databases
 * do, so the trigger can be tested against them. All off by default; set them on
 * `sandbox.adversity` at any time (see README.md):
 *
 * - `shuffleTies`: records that share every sort key come in a new random order on every request
 *   (a database paging with LIMIT/OFFSET and no unique tie-break, e.g. PostgreSQL's top-N sort);
 * - `ignorePageNumber`: `page[number]` is ignored, every list answer is the first page;
 * - `ignorePageSize`: `page[size]` is ignored, every list answer holds up to 100 records (with
 *   `ignorePageNumber`: the same first 100 records to every request, a server that ignores paging);
 * - `delayMs`: every `/v1` answer (not the token endpoint) waits this long (a slow API);
 * - `createdAt`: `{ [id]: value }` served as the record's `created_at` attribute instead of the
 *   stored one (`undefined` leaves the attribute out): missing, null, numeric or non-date values.
 *   The record keeps its stored time for sorting and date filters;
 * - `deleteBetweenPages`: before answering a list request for a later page (one that does not
 *   start at the top), delete this many random records among those before the page (already
 *   read by the client), so the list shifts back; their IDs are appended to `deleted`.
 *
 * - `clockOffsetMs`: the API's clock runs this many ms ahead of the host's (negative: behind).
 *   Records created without a `created_at` are dated by it, and every answer's `Date` header
 *   shows it (`apiNow`), as a server whose clock is off would do;
 * - `omitDate`: answers carry no `Date` header (a server or proxy that leaves it out).
 * - `acceptDuplicateEmails`: `POST /v1/contacts` accepts a contact whose email (any case) a contact
 *   of the same site already has (an API without the uniqueness check; off: 422 "has already been
 *   taken" at `/data/attributes/email`, as the platform's document says emails are unique per site).
 *
 * Future-dated records need no switch: insert them with a future `created_at`.
 */
const { createRng } = require('./data');

/** The switches, all off. */
function createAdversity(seed = 12) {
	return {
		shuffleTies: false,
		ignorePageNumber: false,
		ignorePageSize: false,
		delayMs: 0,
		createdAt: {},
		deleteBetweenPages: 0,
		clockOffsetMs: 0,
		omitDate: false,
		acceptDuplicateEmails: false,
		/** IDs deleted by `deleteBetweenPages`, in order. */
		deleted: [],
		random: createRng(seed),
	};
}

/** The API's clock (ms since the epoch): the host's `Date.now()` moved by `clockOffsetMs`. */
function apiNow(adversity) {
	return Date.now() + ((adversity && adversity.clockOffsetMs) || 0);
}

/** Hook: the page to serve (`ignorePageNumber` → always the first; `ignorePageSize` → always 100 records). */
function page(adversity, requested) {
	return {
		number: adversity.ignorePageNumber ? 1 : requested.number,
		size: adversity.ignorePageSize ? 100 : requested.size,
	};
}

/**
 * Hook after sorting a list: deletes records before the requested page (`deleteBetweenPages`), then
 * shuffles the records of each run of equal sort keys (`shuffleTies`). `same(a, b)` tells whether
 * two records share every sort key. Mutates and returns `sorted`.
 */
function afterSort(adversity, store, sorted, requested, same) {
	if (adversity.deleteBetweenPages > 0 && requested.start > 0) {
		for (let i = 0; i < adversity.deleteBetweenPages && requested.start - i > 0; i++) {
			const index = Math.floor(adversity.random() * Math.min(requested.start, sorted.length));
			const [victim] = sorted.splice(index, 1);
			if (!victim) break;
			const at = store.indexOf(victim);
			if (at >= 0) store.splice(at, 1);
			adversity.deleted.push(victim.id);
		}
	}
	if (adversity.shuffleTies && same) {
		for (let start = 0; start < sorted.length; ) {
			let end = start + 1;
			while (end < sorted.length && same(sorted[start], sorted[end])) end++;
			for (let i = end - 1; i > start; i--) {
				const j = start + Math.floor(adversity.random() * (i - start + 1));
				[sorted[i], sorted[j]] = [sorted[j], sorted[i]];
			}
			start = end;
		}
	}
	return sorted;
}

/** Hook: the attributes to serve for a record (`createdAt` overrides). */
function attributes(adversity, record, attrs) {
	if (!Object.prototype.hasOwnProperty.call(adversity.createdAt, record.id)) return attrs;
	const value = adversity.createdAt[record.id];
	const out = { ...attrs };
	if (value === undefined) delete out.created_at;
	else out.created_at = value;
	return out;
}

/** Hook: how long to wait before answering this request (ms). */
function delayFor(adversity, recorded) {
	return adversity.delayMs > 0 && recorded.rawPath.startsWith('/v1/') && recorded.rawPath !== '/v1/oauth/token'
		? adversity.delayMs
		: 0;
}

module.exports = { createAdversity, apiNow, page, afterSort, attributes, delayFor };
