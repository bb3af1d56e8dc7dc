import type { Fault } from '../sandbox';

/**
 * Mulberry32: a small seeded PRNG, so the randomized trigger runs are reproducible.
 * @returns A function giving the next number in [0, 1).
 */
export function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/**
 * The faults the randomized runs inject into a list request (sandbox `failNext`): a 500 and a 429
 * with JSON:API errors, a reset connection, and a 200 whose JSON:API body is cut off.
 */
export const RANDOM_FAULTS: Fault[] = [
	{ status: 500, body: { errors: [{ status: '500', detail: 'boom' }] } },
	// Retry-After beyond the 60 s a read is waited for (the 429 rule, transport/throttle.ts): the poll fails, it is not sent again
	{ status: 429, headers: { 'Retry-After': '120' }, body: { errors: [{ status: '429', detail: 'slow down' }] } },
	{ destroy: true },
	{ status: 200, headers: { 'Content-Type': 'application/vnd.api+json' }, body: '{"data": [' },
];
