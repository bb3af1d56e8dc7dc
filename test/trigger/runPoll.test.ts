/**
 * runPoll (nodes/ContentPlatformTrigger/runPoll.ts) without n8n: plain static data, a page reader
 * over an in-memory list sorted newest first, a logger that collects, n8n's clock and the API's
 * `Date` header passed in (the orchestration is testable without n8n).
 */
import type { Cursor } from '../../nodes/ContentPlatformTrigger/cursorStorage';
import { MAX_ODD, type PollRecord } from '../../nodes/ContentPlatformTrigger/cursorParts';
import { TRIGGER_EVENTS } from '../../nodes/ContentPlatformTrigger/events';
import { PollFailure, runPoll, type PollInputs } from '../../nodes/ContentPlatformTrigger/runPoll';

const N8N_NOW = Date.parse('2026-11-05T08:00:00.000Z');
const order = TRIGGER_EVENTS.find((e) => e.value === 'newOrder')!;

function setup(apiOffsetMs: number | undefined) {
	const list: PollRecord[] = [];
	const warnings: string[] = [];
	let now = N8N_NOW;
	const inputs: PollInputs = {
		event: order,
		key: '["newOrder",{}]',
		staticData: {},
		manual: false,
		now: () => now,
		budgetMs: 300_000,
		readPage: async (request) => {
			const sorted = [...list].sort((a, b) => b.time - a.time);
			const records = sorted.slice((request.number - 1) * request.size, request.number * request.size);
			const headers = apiOffsetMs === undefined ? {} : { date: new Date(now + apiOffsetMs).toUTCString() };
			return { records, headers };
		},
		log: { info: () => undefined, warn: (message) => warnings.push(message) },
		who: 'wf/node',
	};
	const add = (n: number) => {
		const ids: string[] = [];
		for (let i = 0; i < n; i++) {
			const id = String(list.length + 1);
			list.push({ id, time: now + (apiOffsetMs ?? 0) });
			ids.push(id);
		}
		return ids;
	};
	return { inputs, warnings, add, tick: (ms: number) => (now += ms) };
}

test.each([600_000, -600_000])('the API clock %i ms off: a burst of 300 once, idle polls nothing', async (offset) => {
	const { inputs, add, tick, warnings } = setup(offset);
	expect(await runPoll(inputs)).toBeNull();
	tick(5_000);
	const ids = add(300);
	tick(1_000);
	expect((await runPoll(inputs))!.map((r) => r.id).sort()).toEqual([...ids].sort());
	for (let i = 0; i < 3; i++) {
		tick(60_000);
		expect(await runPoll(inputs)).toBeNull();
	}
	expect(warnings).toEqual([]);
	expect(inputs.staticData.polledAt).toBe(Math.floor((N8N_NOW + 186_000 + offset) / 1000) * 1000);
});

test("without a Date header: n8n's clock, the fallback logged once per trigger", async () => {
	const { inputs, add, tick, warnings } = setup(undefined);
	await runPoll(inputs);
	tick(1_000);
	const ids = add(2);
	tick(1_000);
	expect((await runPoll(inputs))!.map((r) => r.id).sort()).toEqual(ids);
	expect(await runPoll(inputs)).toBeNull();
	expect(warnings.filter((w) => /no readable Date header/.test(w))).toHaveLength(1);
});

/** A trigger polled once on an empty list (its cursor saved, as JSON), then a second later `count` new records. */
async function afterFirstPoll(count: number) {
	const { inputs, add, tick } = setup(0);
	await runPoll(inputs);
	const saved = JSON.stringify(inputs.staticData);
	tick(1_000);
	add(count);
	return { inputs, saved };
}

test('a server that ignores page[number]: PollFailure, nothing saved', async () => {
	const { inputs, saved } = await afterFirstPoll(250);
	const read = inputs.readPage;
	inputs.readPage = async (request, timeLeftMs) => read({ ...request, number: 1 }, timeLeftMs);
	await expect(runPoll(inputs)).rejects.toBeInstanceOf(PollFailure);
	expect(JSON.stringify(inputs.staticData)).toBe(saved);
});

test("a cursor that would not read back: PollFailure naming the position's size limits, nothing saved", async () => {
	const { inputs, saved } = await afterFirstPoll(2);
	// A scan whose next cursor remembers one undated ID more than MAX_ODD (readCursor refuses it).
	const { strategy } = order;
	inputs.event = {
		...order,
		strategy: {
			kind: strategy.kind,
			start: (cursor, clock) => {
				const scan = strategy.start(cursor, clock);
				const next = scan.cursor.bind(scan);
				const odd = Array.from({ length: MAX_ODD + 1 }, (_, i) => `odd-${i}`);
				scan.cursor = (key) => ({ ...next(key), odd }) as Cursor;
				return scan;
			},
		},
	};
	await expect(runPoll(inputs)).rejects.toThrow(
		new PollFailure(
			"The trigger's position after this poll would exceed its size limits (see the trigger guide). Nothing was emitted and the position did not move.",
		),
	);
	expect(JSON.stringify(inputs.staticData)).toBe(saved);
});
