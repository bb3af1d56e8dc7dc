/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads README.md, docs/*.md and the test files (node:fs, node:path, __dirname) */
/**
 * docs/claims.md maps each promise of the guide (README.md's "Errors and retries", "Triggers" and
 * "Limits", and the docs/ pages that state a rule: the 429 rule, the triggers' pages) to the test that
 * fails when the behaviour breaks. Each of its `##` sections names the file it quotes, and after " § "
 * the `##` heading of that file when it quotes one section. This keeps the map true: each quoted text
 * is in that file or section (whitespace and figure markers aside), each named test file exists and
 * holds the named title, and every row names at least one test. A sentence reworded, or a test
 * renamed or removed, fails here until docs/claims.md follows.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const readText = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
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
	file: string;
	heading: string | null;
	says: string;
	tests: Array<{ file: string; title: string }>;
}

/** The rows of docs/claims.md's tables, with the file (and heading) their section names. */
function claims(): Claim[] {
	const doc = readText('docs/claims.md');
	const out: Claim[] = [];
	for (const part of doc.split('\n## ').slice(1)) {
		const [title, ...lines] = part.split('\n');
		const [file, heading = null] = title.split(' § ');
		for (const line of lines) {
			const row = /^\| (.+) \| (.+) \|$/.exec(line);
			if (!row || row[1] === 'Says' || /^-+$/.test(row[1].replace(/[|\s]/g, ''))) continue;
			const tests = [...row[2].matchAll(/`((?:test|e2e)\/[^`]+)` «([^»]+)»/g)].map(([, testFile, testTitle]) => ({
				file: testFile,
				title: testTitle,
			}));
			out.push({ file, heading, says: row[1], tests });
		}
	}
	return out;
}

const CLAIMS = claims();

test("docs/claims.md maps the README's three sections and the rule pages (the check is not vacuous)", () => {
	const sections = new Set(CLAIMS.map((c) => (c.heading ? `${c.file} § ${c.heading}` : c.file)));
	for (const name of ['Errors and retries', 'Triggers', 'Limits']) expect(sections).toContain(`README.md § ${name}`);
	expect(sections).toContain('docs/errors.md § Rate limits (429)');
	expect(sections).toContain('docs/webhook-trigger.md');
	expect(sections).toContain('docs/polling-trigger.md');
	expect(CLAIMS.length).toBeGreaterThanOrEqual(50);
});

test.each(CLAIMS.map((c) => [`${c.file}${c.heading ? ` § ${c.heading}` : ''}: ${c.says}`, c] as const))(
	'%s: said there, with a test that exists',
	(_says, claim) => {
		const text = readText(claim.file);
		expect(flat(claim.heading ? section(text, claim.heading) : text)).toContain(flat(claim.says));
		expect(claim.tests.length).toBeGreaterThan(0);
		for (const { file, title } of claim.tests) {
			expect(fs.existsSync(path.join(ROOT, file))).toBe(true);
			expect({
				file,
				holdsTitle: readText(file)
					.replace(/\\(['"`])/g, '$1')
					.includes(title),
			}).toEqual({ file, holdsTitle: true });
		}
	},
);
