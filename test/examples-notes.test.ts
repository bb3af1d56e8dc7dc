/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads examples/*.json (node:fs, node:path, __dirname) */
/**
 * Every example workflow in examples/ carries a sticky note that says what it does and what to
 * change before it runs: a heading (what it does), a "**Change" list naming the credential, and each
 * node that holds a literal ID (a parameter named `…Id` or `…Ids` whose value is digits, not an
 * expression) by its name with that ID. An example without a note, or a hard-coded ID its note does
 * not name, fails here (the README tells users to change "the IDs its sticky note names").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const DIR = path.join(__dirname, '..', 'examples');

interface WorkflowNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
}

/** The literal IDs of a node's parameters: [parameter name, value], resource locators' values included. */
function literalIds(value: unknown, key = '', out: Array<[string, string]> = []): Array<[string, string]> {
	if (Array.isArray(value)) for (const v of value) literalIds(v, key, out);
	else if (value && typeof value === 'object') {
		const record = value as Record<string, unknown>;
		if (record.__rl) literalIds(record.value, key, out);
		else for (const [k, v] of Object.entries(record)) literalIds(v, k, out);
	} else if (
		/ids?$/i.test(key) &&
		(typeof value === 'string' || typeof value === 'number') &&
		/^\d+(\s*,\s*\d+)*$/.test(String(value))
	)
		out.push([key, String(value)]);
	return out;
}

const EXAMPLES = fs.readdirSync(DIR).filter((f) => f.endsWith('.json'));

test('examples/ holds the workflows (the check is not vacuous)', () => {
	expect(EXAMPLES.length).toBeGreaterThanOrEqual(10);
});

describe.each(EXAMPLES)('%s', (file) => {
	const workflow = JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as { nodes: WorkflowNode[] };
	const notes = workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.stickyNote');
	const content = notes.map((n) => String(n.parameters.content ?? '')).join('\n');

	test('has a sticky note: a heading saying what it does, and what to change, the credential included', () => {
		expect(notes.length).toBeGreaterThan(0);
		expect(content).toMatch(/^## \S.{10,}/m);
		expect(content).toMatch(/\*\*Change/);
		expect(content).toMatch(/credential/i);
	});

	const withIds = workflow.nodes
		.filter((n) => n.type !== 'n8n-nodes-base.stickyNote')
		.map((n) => [n.name, literalIds(n.parameters)] as const)
		.filter(([, ids]) => ids.length > 0);
	if (withIds.length)
		test.each(withIds)('the note names node "%s" and its hard-coded IDs', (name, ids) => {
			expect(content).toContain(`*${name}*`);
			for (const [, id] of ids) expect(content).toContain(`\`${id}\``);
		});
});
