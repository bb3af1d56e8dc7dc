/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads the codex files, package.json and README.md (node:fs, node:path, __dirname) */
/**
 * The links a user clicks in n8n: every credential's `documentationUrl` (as n8n loads the class)
 * and every codex file's documentation URL (`resources.primaryDocumentation` /
 * `credentialDocumentation`, the source files and the copies the build puts in dist/) name
 * package.json's repository and an anchor README.md has, by GitHub's heading slug rule.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { CREDENTIAL_CLASSES } from '../helpers/packageClasses';

const ROOT = path.join(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

/** `https://github.com/<owner>/<name>` of package.json's `repository.url`. */
const REPOSITORY = String(pkg.repository.url)
	.replace(/^git\+/, '')
	.replace(/\.git$/, '');

/**
 * GitHub's anchors of a markdown file's headings: the heading text without markup, lower-cased,
 * every character but letters, digits, spaces, `-` and `_` removed, spaces turned into `-`; a repeated
 * slug gets `-1`, `-2`, … (github-slugger, which GitHub's renderer follows). Fenced code is skipped.
 */
export function headingAnchors(markdown: string): string[] {
	const seen = new Map<string, number>();
	const anchors: string[] = [];
	let fenced = false;
	for (const line of markdown.split('\n')) {
		if (/^(```|~~~)/.test(line)) fenced = !fenced;
		const match = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (!match) continue;
		const text = match[1]
			.replace(/!\[[^\]]*\]\([^)]*\)/g, '')
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.replace(/[`*_~]/g, (c) => (c === '_' ? '_' : ''));
		const base = text
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.push(count === 0 ? base : `${base}-${count}`);
	}
	return anchors;
}

const README_ANCHORS = headingAnchors(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'));

/** The codex files: the sources under nodes/ and the copies in dist/ (what n8n reads). */
function codexFiles(): string[] {
	const out: string[] = [];
	if (!fs.existsSync(path.join(ROOT, 'dist/nodes')))
		throw new Error('dist/nodes is missing: run `npm run build` first');
	for (const base of ['nodes', 'dist/nodes'])
		for (const dir of fs.readdirSync(path.join(ROOT, base), { withFileTypes: true }))
			if (dir.isDirectory()) {
				const file = path.join(base, dir.name, `${dir.name}.node.json`);
				if (fs.existsSync(path.join(ROOT, file))) out.push(file);
			}
	return out;
}

/** Every link n8n shows, with where it comes from. */
function links(): Array<[string, string]> {
	const found: Array<[string, string]> = [];
	for (const { className, instance } of CREDENTIAL_CLASSES)
		found.push([`${className}.documentationUrl`, String((instance as { documentationUrl?: string }).documentationUrl)]);
	for (const file of codexFiles()) {
		const codex = JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
		for (const [kind, entries] of Object.entries(codex.resources ?? {}))
			for (const entry of entries as Array<{ url: string }>) found.push([`${file} ${kind}`, entry.url]);
	}
	return found;
}

test('the slug rule: GitHub anchors of headings', () => {
	expect(
		headingAnchors(
			"# A b\n## The platform's objects\n### Date Range: the requests per list\n```\n# not a heading\n```\n## A b\n## `code` & more\n",
		),
	).toEqual(['a-b', 'the-platforms-objects', 'date-range-the-requests-per-list', 'a-b-1', 'code--more']);
});

test('package.json names one repository (repository, homepage, bugs)', () => {
	expect(REPOSITORY).toBe('https://github.com/n8n-nodes-content-platform/n8n-nodes-content-platform');
	expect(pkg.homepage).toBe(`${REPOSITORY}#readme`);
	expect(pkg.bugs.url).toBe(`${REPOSITORY}/issues`);
});

test('both credentials and all three codex files (source and dist) are read', () => {
	const sources = links().map(([where]) => where);
	expect(sources.filter((s) => s.endsWith('.documentationUrl'))).toHaveLength(2);
	expect(codexFiles().filter((f) => f.startsWith('nodes/'))).toHaveLength(3);
	expect(codexFiles().filter((f) => f.startsWith('dist/'))).toHaveLength(3);
});

test.each(links())("%s → %s: package.json's repository and an anchor README.md has", (_where, url) => {
	const [base, anchor] = url.split('#');
	expect(base).toBe(REPOSITORY);
	expect(README_ANCHORS).toContain(anchor);
});

test("every heading link README.md makes (its own, or a file's under docs/ and bench/) names a heading that exists", () => {
	const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
	const missing: string[] = [];
	for (const [, target, anchor] of readme.matchAll(/\]\(((?:docs|bench)\/[^)#\s]+\.md)?#([^)\s]+)\)/g)) {
		const anchors = target ? headingAnchors(fs.readFileSync(path.join(ROOT, target), 'utf8')) : README_ANCHORS;
		if (!anchors.includes(anchor)) missing.push(`${target ?? 'README.md'}#${anchor}`);
	}
	expect(missing).toEqual([]);
});
