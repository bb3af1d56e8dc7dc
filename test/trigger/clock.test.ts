/**
 * The trigger's clock is the API's (issue 22), through n8n-core's real PollContext against the
 * sandbox: with the API's clock 10 minutes ahead of n8n's or behind it (records dated by the
 * API's clock, its `Date` header from it), a burst of 500 new records is emitted once and the
 * idle polls after it emit nothing; without a `Date` header the trigger falls back to n8n's
 * clock and logs that once.
 */
import { PollContext } from 'n8n-core';

import { accessTokenCredentials, useSandbox } from '../helpers/fixtures';
import type { Sandbox } from '../sandbox';
import { TriggerRunner, type PollResult } from './pollHarness';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

let nowMs = Date.parse('2026-11-05T08:00:00.000Z');
let warnings: string[] = [];
beforeEach(() => {
	nowMs = Date.parse('2026-11-05T08:00:00.000Z');
	warnings = [];
	jest.spyOn(Date, 'now').mockImplementation(() => nowMs);
	const logger = {
		warn: (message: string) => warnings.push(message),
		info: () => undefined,
		debug: () => undefined,
		error: () => undefined,
	};
	jest.spyOn(PollContext.prototype, 'logger', 'get').mockReturnValue(logger as unknown as PollContext['logger']);
});
afterEach(() => jest.restoreAllMocks());

const ids = (result: PollResult) => {
	expect(result.error).toBeUndefined();
	return (result.items ?? []).map((item) => String(item.id));
};

describe.each([
	['newOrder', 'orders'],
	['newTransaction', 'transactions'],
	['newFormSubmission', 'form_submissions'],
	['newPurchase', 'purchases'],
])('%s', (event, type) => {
	test.each([
		['10 min ahead of', 600_000],
		['10 min behind', -600_000],
	])("the API's clock %s n8n's: a burst of 500 is emitted once, idle polls emit nothing", async (_label, skew) => {
		sandbox.adversity.clockOffsetMs = skew;
		const trigger = new TriggerRunner({ event }, accessTokenCredentials(sandbox));
		expect(ids(await trigger.poll())).toEqual([]);
		nowMs += 5_000;
		// Dated "now" by the API's clock (the sandbox's default created_at).
		const fresh = sandbox.insertMany(type, 500).map((r) => r.id);
		nowMs += 2_000;
		const emitted = ids(await trigger.poll());
		expect(emitted.sort()).toEqual([...fresh].sort());
		for (let i = 0; i < 3; i++) {
			nowMs += 60_000;
			expect(await trigger.poll()).toEqual({ items: null });
		}
		expect(warnings).toEqual([]);
		// The saved poll time is the API's.
		expect(Math.abs((trigger.staticData.polledAt as number) - (nowMs + skew))).toBeLessThan(1000);
	});
});

test("no Date header: n8n's clock, logged once", async () => {
	sandbox.adversity.omitDate = true;
	const trigger = new TriggerRunner({ event: 'newOrder' }, accessTokenCredentials(sandbox));
	await trigger.poll();
	nowMs += 5_000;
	const fresh = sandbox.insertMany('orders', 3).map((r) => r.id);
	nowMs += 1_000;
	expect(ids(await trigger.poll())).toEqual(fresh);
	expect(await trigger.poll()).toEqual({ items: null });
	expect(warnings.filter((w) => /no readable Date header/.test(w))).toHaveLength(1);
});
