/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads README.md, docs/claims.md and the test files (node:fs, node:path, __dirname) */
/**
 * docs/claims.md maps each promise of README.md's "Errors and retries", "Triggers" and "Limits" to the
 * test that fails when the behaviour breaks. This keeps the map true: each quoted text is in that
 * section of README.md (whitespace and figure markers aside), each named file exists and holds the
 * named title, and every row names at least one test. A README sentence reworded, or a test renamed or
 * removed, fails here until docs/claims.md follows.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const flat = (text: string) =>
	text
		.replace(/<!--\/?fig(:[A-Za-z]+)?-->/g, '')
		.replace(/\s+/g, ' ')
		.trim();

/** A `## name` section of a markdown text, its `###` subsections included. */
function section(markdown: string, name: string): string {
	const start = markdown.indexOf(`\n## ${name}\n`);
	if (start < 0) throw new Error(`no section "## ${name}"`);
	const end = markdown.indexOf('\n## ', start + 1);
	return markdown.slice(start, end < 0 ? undefined : end);
}

interface Claim {
	section: string;
	says: string;
	tests: Array<{ file: string; title: string }>;
}

/** The rows of docs/claims.md's tables, by section. */
function claims(): Claim[] {
	const doc = read('docs/claims.md');
	const out: Claim[] = [];
	for (const name of ['Errors and retries', 'Triggers', 'Limits'])
		for (const line of section(doc, name).split('\n')) {
			const row = /^\| (.+) \| (.+) \|$/.exec(line);
			if (!row || row[1] === 'README says' || /^-+$/.test(row[1].replace(/[|\s]/g, ''))) continue;
			const tests = [...row[2].matchAll(/`((?:test|e2e)\/[^`]+)` «([^»]+)»/g)].map(([, file, title]) => ({
				file,
				title,
			}));
			out.push({ section: name, says: row[1], tests });
		}
	return out;
}

const README = read('README.md');
const CLAIMS = claims();

test('docs/claims.md has rows for the three sections', () => {
	for (const name of ['Errors and retries', 'Triggers', 'Limits'])
		expect(CLAIMS.filter((c) => c.section === name).length).toBeGreaterThanOrEqual(8);
});

describe.each(['Errors and retries', 'Triggers', 'Limits'])('README "%s"', (name) => {
	const text = flat(section(README, name));
	test.each(CLAIMS.filter((c) => c.section === name).map((c) => [c.says, c] as const))(
		'%s: said there, with a test that exists',
		(_says, claim) => {
			expect(text).toContain(flat(claim.says));
			expect(claim.tests.length).toBeGreaterThan(0);
			for (const { file, title } of claim.tests) {
				expect(fs.existsSync(path.join(ROOT, file))).toBe(true);
				expect({
					file,
					holdsTitle: read(file)
						.replace(/\\(['"`])/g, '$1')
						.includes(title),
				}).toEqual({ file, holdsTitle: true });
			}
		},
	);
});
