/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads docs/polling-trigger.md (node:fs, node:path, __dirname) */
/**
 * The polling trigger's request counts and position sizes in docs/polling-trigger.md ("Measured",
 * between `<!-- trigger-measured:start -->` and `<!-- trigger-measured:end -->`) are the ones
 * test/trigger/scenarios.test.ts measures: this renders that block from the measurements and
 * compares it with the page, so a change of the trigger's costs fails `npm test` until the page
 * says it. The scenarios' sandbox and clock are seeded, so the counts are the same on every run.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Measurements by event (`newOrder`, …) and name (`activation`, `idle`, `burst250`, …): requests or bytes. */
export type Measured = Record<string, Record<string, number>>;

const DOC = path.join(__dirname, '..', '..', 'docs', 'polling-trigger.md');
const START = '<!-- trigger-measured:start -->';
const END = '<!-- trigger-measured:end -->';

/** The table's rows: event key and its name in the editor, in the page's order. */
const EVENTS: Array<[string, string]> = [
	['newOrder', 'New Order'],
	['newOrderItem', 'New Order Item'],
	['newContact', 'New Contact'],
	['newCustomer', 'New Customer'],
	['newPurchase', 'New Purchase'],
	['newTransaction', 'New Transaction'],
	['newFormSubmission', 'New Form Submission'],
];

/** The measurements every full run of the scenarios makes (a run filtered with `-t` makes fewer). */
const REQUIRED: Array<[string, string]> = [
	...EVENTS.flatMap(
		([event]): Array<[string, string]> => [
			[event, 'activation'],
			[event, 'idle'],
			[event, 'burst250'],
		],
	),
	...['newOrder', 'newTransaction', 'newFormSubmission', 'newPurchase'].map((e): [string, string] => [e, 'burst1000']),
	['newOrder', 'bytesAfter800Tied'],
	['newOrder', 'bytesAfter800TiedNonInteger'],
];

const number = (n: number) => n.toLocaleString('en-US');
const cell = (value: number | undefined, unit = '') => (value === undefined ? '–' : `${number(value)}${unit}`);

/** The page's block as the measurements give it (markdown, without the markers). */
export function measuredBlock(measured: Measured): string {
	const rows = EVENTS.map(([event, name]) => {
		const m = measured[event] ?? {};
		return `| ${name} | ${cell(m.activation)} | ${cell(m.idle)} | ${cell(m.idle === undefined ? undefined : m.idle * 1440)} | ${cell(m.burst250)} | ${cell(m.burst1000)} | ${cell(m.idleAfter151Tied)} | ${cell(m.bytesAfterBurst1000, ' B')} |`;
	});
	const order = measured.newOrder ?? {};
	return [
		'| Event | activation | idle poll | idle, a day (every minute) | 250 new | 1,000 new in one poll | idle poll after 151 new in one instant | position after 1,000 new |',
		'|---|---|---|---|---|---|---|---|',
		...rows,
		'',
		`New Order with 800 records in one instant: position ${cell(order.bytesAfter800Tied, ' B')} with consecutive integer IDs,`,
		`${cell(order.bytesAfter800TiedNonInteger, ' B')} with other IDs.`,
	].join('\n');
}

/**
 * What is wrong with the page's block, or undefined when it holds the measured figures or when the
 * run did not measure them all (a filtered run).
 */
export function measuredTableProblem(measured: Measured): string | undefined {
	if (REQUIRED.some(([event, name]) => measured[event]?.[name] === undefined)) return undefined;
	const text = fs.readFileSync(DOC, 'utf8');
	const start = text.indexOf(START);
	const end = text.indexOf(END);
	if (start < 0 || end < start) return `docs/polling-trigger.md has no ${START} … ${END} block`;
	const stated = text.slice(start + START.length, end).trim();
	const expected = measuredBlock(measured);
	if (stated === expected) return undefined;
	return `docs/polling-trigger.md states other trigger measurements than this run made; put this between its markers:\n${expected}`;
}
