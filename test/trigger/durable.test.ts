/**
 * The trigger on n8n's durable poll path (staged copies of its static data, durableHarness.ts):
 * records created between the activation poll (whose copy n8n drops) and the first scheduled poll
 * are emitted, each once; two polls starting from one position (after a restart) emit once; a
 * copy read before the previous poll's commit emits nothing twice; an abandoned poll loses
 * nothing; a position saved on n8n's default path carries over.
 */
import { PollContext } from 'n8n-core';

import { accessTokenCredentials, useSandbox } from '../helpers/fixtures';
import type { Sandbox } from '../sandbox';
import { DurableTrigger, type DurablePollResult } from './durableHarness';
import { TriggerRunner, HandClock } from './pollHarness';

let sandbox: Sandbox;
useSandbox(
	(started) => {
		sandbox = started;
	},
	{ perTest: true },
);

const clock = new HandClock();
let infos: string[] = [];
beforeEach(() => {
	clock.nowMs = Date.parse(sandbox.seedDate('2026-11-05T08:00:00.000Z'));
	infos = [];
	jest.spyOn(Date, 'now').mockImplementation(() => clock.nowMs);
	const logger = {
		warn: () => undefined,
		info: (message: string) => infos.push(message),
		debug: () => undefined,
		error: () => undefined,
	};
	jest.spyOn(PollContext.prototype, 'logger', 'get').mockReturnValue(logger as unknown as PollContext['logger']);
});
afterEach(() => jest.restoreAllMocks());

const durable = (event: string) => new DurableTrigger({ event }, accessTokenCredentials(sandbox));
/** The IDs a durable-path poll emitted, after checking it did not fail. */
const emittedOnDurablePath = (result: DurablePollResult) => {
	expect(result.error).toBeUndefined();
	return result.ids ?? [];
};

const SKIPPED = /another poll of this trigger is running or has just emitted from the same saved position/;

/** Each ID of `expected` once in `emitted`, nothing else. */
function expectExactlyOnce(emitted: string[], expected: string[]): void {
	expect([...emitted].sort()).toEqual([...expected].sort());
}

describe.each([
	['newOrder', 'orders'],
	['newFormSubmission', 'form_submissions'],
	['newTransaction', 'transactions'],
])('%s on the durable poll path', (event, type) => {
	test('records created right after the activation poll are emitted by the first scheduled poll, each once', async () => {
		clock.insertTicked(sandbox, type, 3); // history: never emitted
		const trigger = durable(event);
		expect(emittedOnDurablePath(await trigger.activate())).toEqual([]);
		expect(trigger.row).toEqual({}); // n8n did not commit the activation poll's copy
		const created = clock.insertTicked(sandbox, type, 40);
		clock.tick(20);
		expectExactlyOnce(emittedOnDurablePath(await trigger.scheduledPoll()), created);
		clock.tick(20);
		expect(emittedOnDurablePath(await trigger.scheduledPoll())).toEqual([]);
		const later = clock.insertTicked(sandbox, type, 5);
		clock.tick(20);
		expectExactlyOnce(emittedOnDurablePath(await trigger.scheduledPoll()), later);
		expectExactlyOnce(trigger.emitted, [...created, ...later]);
	});

	test('two polls starting at once from one position (a restart): the records are emitted once', async () => {
		const trigger = durable(event);
		await trigger.activate();
		const before = clock.insertTicked(sandbox, type, 30);
		clock.tick(20);
		const both = await Promise.all([trigger.scheduledPoll(), trigger.scheduledPoll()]);
		expect(both.map((r) => r.error)).toEqual([undefined, undefined]);
		expect(infos.join('\n')).toMatch(SKIPPED);
		const after = clock.insertTicked(sandbox, type, 4);
		clock.tick(20);
		await trigger.scheduledPoll();
		expectExactlyOnce(trigger.emitted, [...before, ...after]);
	});

	test('a poll whose copy was read before the previous poll committed emits nothing twice', async () => {
		const trigger = durable(event);
		await trigger.activate();
		clock.tick(20);
		await trigger.scheduledPoll();
		const created = clock.insertTicked(sandbox, type, 12);
		clock.tick(20);
		const stale = trigger.readRow();
		expectExactlyOnce(emittedOnDurablePath(await trigger.scheduledPoll()), created);
		clock.tick(1);
		expect(emittedOnDurablePath(await trigger.scheduledPoll({ row: stale }))).toEqual([]);
		expect(infos.join('\n')).toMatch(SKIPPED);
		const later = clock.insertTicked(sandbox, type, 3);
		clock.tick(20);
		expectExactlyOnce(emittedOnDurablePath(await trigger.scheduledPoll()), later);
		expectExactlyOnce(trigger.emitted, [...created, ...later]);
	});

	test('a poll n8n abandons past its timeout commits nothing; a later poll emits its records once', async () => {
		const trigger = durable(event);
		await trigger.activate();
		clock.tick(20);
		await trigger.scheduledPoll();
		const created = clock.insertTicked(sandbox, type, 8);
		clock.tick(20);
		expect(emittedOnDurablePath(await trigger.scheduledPoll({ abandon: true }))).toHaveLength(8);
		expect(trigger.executions).toEqual([]);
		// A poll time within STALE_MS is skipped (the abandoned poll may still be committing for
		// all the trigger knows); the next one emits.
		clock.tick(10);
		expect(emittedOnDurablePath(await trigger.scheduledPoll())).toEqual([]);
		clock.tick(20);
		expectExactlyOnce(emittedOnDurablePath(await trigger.scheduledPoll()), created);
		clock.tick(20);
		expect(emittedOnDurablePath(await trigger.scheduledPoll())).toEqual([]);
		expectExactlyOnce(trigger.emitted, created);
	});
});

test("a position saved on n8n's default path carries over to the durable path (upgrade): no new baseline", async () => {
	// Default path: the trigger's cursor in the workflow's static data.
	const runner = new TriggerRunner({ event: 'newOrder' }, accessTokenCredentials(sandbox));
	await runner.poll();
	const first = clock.insertTicked(sandbox, 'orders', 2);
	clock.tick(20);
	expect((await runner.poll()).items?.map((i) => String(i.id))).toEqual(first);
	const whileSwitching = clock.insertTicked(sandbox, 'orders', 6);
	// n8n restarted with durable cursors: the row is created from the node's static data.
	const trigger = durable('newOrder');
	trigger.savedStaticData = JSON.parse(JSON.stringify(runner.workflow.staticData)) as typeof trigger.savedStaticData;
	(trigger.node as { name: string }).name = runner.node.name;
	clock.tick(20);
	expectExactlyOnce(emittedOnDurablePath(await trigger.activate()), whileSwitching);
	clock.tick(20);
	expect(emittedOnDurablePath(await trigger.scheduledPoll())).toEqual([]);
	const later = clock.insertTicked(sandbox, 'orders', 2);
	clock.tick(20);
	expectExactlyOnce(emittedOnDurablePath(await trigger.scheduledPoll()), later);
});

test('the event changed and changed back: a fresh start as on the default path, the old activation baseline is not used', async () => {
	const trigger = durable('newOrder');
	await trigger.activate();
	clock.tick(20);
	await trigger.scheduledPoll();
	// Published again with another event (same Poll Times: n8n runs no activation poll).
	trigger.node.parameters = { event: 'newContact' };
	clock.tick(20);
	expect(emittedOnDurablePath(await trigger.scheduledPoll())).toEqual([]);
	clock.insertTicked(sandbox, 'orders', 5);
	trigger.node.parameters = { event: 'newOrder' };
	clock.tick(20);
	expect(emittedOnDurablePath(await trigger.scheduledPoll())).toEqual([]);
	const later = clock.insertTicked(sandbox, 'orders', 2);
	clock.tick(20);
	expectExactlyOnce(emittedOnDurablePath(await trigger.scheduledPoll()), later);
	expectExactlyOnce(trigger.emitted, later);
});
