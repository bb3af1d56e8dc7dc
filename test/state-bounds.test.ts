/**
 * The stores the package keeps for the process stay within their limits (docs/development.md, "State that
 * outlives one call"): the polling trigger's log of fallbacks to n8n's clock remembers at most
 * `MAX_FALLBACK_LOGGED` triggers, forgetting the one that logged longest ago.
 */
import { firstFallback, MAX_FALLBACK_LOGGED } from '../nodes/ContentPlatformTrigger/apiClock';

describe("the fallback log of the API's clock", () => {
	it('logs once per trigger, and forgets the oldest past its limit', () => {
		const who = (n: number) => `state-bounds-workflow/${n}`;
		expect(firstFallback(who(0))).toBe(true);
		expect(firstFallback(who(0))).toBe(false);
		for (let n = 1; n < MAX_FALLBACK_LOGGED; n++) expect(firstFallback(who(n))).toBe(true);
		// Full: trigger 0 is still remembered until one more comes.
		expect(firstFallback(who(0))).toBe(false);
		expect(firstFallback(who(MAX_FALLBACK_LOGGED))).toBe(true);
		expect(firstFallback(who(0))).toBe(true);
		expect(firstFallback(who(MAX_FALLBACK_LOGGED))).toBe(false);
	});
});
