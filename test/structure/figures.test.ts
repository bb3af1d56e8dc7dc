/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test: reads the markdown files and runs scripts/figures.js (node:fs, node:path, __dirname, require) */
/**
 * The counted figures of README.md, docs/ and bench/ are the built node's and the packed package's:
 * each `<!--fig:NAME-->` value and `<!-- figures:NAME:start -->` block is what `node scripts/figures.js`
 * generates (the same check as `node scripts/figures.js --check`, which .ci/run runs). Needs dist/.
 * Also shown here: the check of docs/polling-trigger.md's measured trigger counts, which
 * test/trigger/scenarios.test.ts makes after a full run, reports other counts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { measuredTableProblem, type Measured } from '../trigger/measuredTable';

const { figures, rewrite, markdownFiles } = require('../../scripts/figures.js') as {
	figures: () => { inline: Record<string, string>; blocks: Record<string, string> };
	rewrite: (text: string, generated: object, unknown: string[]) => string;
	markdownFiles: () => string[];
};

const ROOT = path.join(__dirname, '..', '..');
const generated = figures();

test('the figures are counted from the build: 7 polling and 6 webhook events, more packed files than modules', () => {
	expect(generated.inline.pollEvents).toBe('7');
	expect(generated.inline.webhookEvents).toBe('6');
	expect(Number(generated.inline.packedFiles)).toBeGreaterThan(Number(generated.inline.packedModules));
});

test.each(markdownFiles())('%s: every marked figure is the generated one', (file) => {
	const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
	const unknown: string[] = [];
	expect(rewrite(text, generated, unknown)).toBe(text);
	expect(unknown).toEqual([]);
});

test('the editor counts are counted from the build: 20 list searches, 2 option lists, 73 contact filters', () => {
	expect(generated.inline.listSearches).toBe('20');
	expect(generated.inline.optionLists).toBe('2');
	expect(generated.inline.contactFilters).toBe('73');
});

test("the polling trigger's limits are read from the build: pages overlap by 10, so ties of up to 9 are safe", () => {
	expect(generated.inline.pageOverlap).toBe('10');
	expect(generated.inline.overlapSafe).toBe('9');
	expect([generated.inline.maxAhead, generated.inline.maxOdd, generated.inline.maxRecentIds]).toEqual([
		'200',
		'200',
		'200',
	]);
	expect([generated.inline.maxWindowIds, generated.inline.maxDoneIds, generated.inline.maxResume]).toEqual([
		'300',
		'4,800',
		'20',
	]);
});

test('README.md, docs/ and docs/publishing.md carry markers (the check is not vacuous)', () => {
	const markers = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8').match(/<!--fig:/g)?.length ?? 0;
	expect(markers('README.md')).toBeGreaterThanOrEqual(5);
	const docs = fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
	expect(docs.reduce((sum, f) => sum + markers(`docs/${f}`), 0)).toBeGreaterThan(40);
	expect(fs.readFileSync(path.join(ROOT, 'docs/publishing.md'), 'utf8')).toContain(
		'<!-- figures:packed-files:start -->',
	);
});

test('the trigger measurements check is not vacuous: other counts are reported, a filtered run is not judged', () => {
	const events = [
		'newOrder',
		'newOrderItem',
		'newContact',
		'newCustomer',
		'newPurchase',
		'newTransaction',
		'newFormSubmission',
	];
	const zero = {
		activation: 0,
		idle: 0,
		burst250: 0,
		burst1000: 0,
		bytesAfter800Tied: 0,
		bytesAfter800TiedNonInteger: 0,
	};
	const other: Measured = Object.fromEntries(events.map((event) => [event, { ...zero }]));
	expect(measuredTableProblem(other)).toContain('| New Order | 0 | 0 | 0 | 0 | 0 |');
	expect(measuredTableProblem({ newOrder: { activation: 0 } })).toBeUndefined();
});
