/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads the repository's files (node:fs, node:path, __dirname) */
/**
 * The shape of the markdown tables: every table in README.md, docs/*.md and bench/*.md has a header,
 * a delimiter row and rows with the header's number of cells (GitHub's rule: an unescaped `|` splits a
 * cell, also inside code), so no stray row of another table can merge into one unnoticed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const lines = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/\n$/, '').split('\n');

/** Files under `dir` (relative to the root) whose name ends with one of `exts`. */
function filesUnder(dir: string, exts: string[]): string[] {
	const out: string[] = [];
	for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
		const rel = `${dir}/${entry.name}`;
		if (entry.isDirectory()) out.push(...filesUnder(rel, exts));
		else if (exts.some((ext) => entry.name.endsWith(ext))) out.push(rel);
	}
	return out.sort();
}

/** The cells of a table row: split on `|` not escaped by a backslash, outer pipes dropped. */
export function cells(row: string): string[] {
	const parts = row.trim().split(/(?<!\\)\|/);
	if (parts[0].trim() === '') parts.shift();
	if (parts.length && parts[parts.length - 1].trim() === '') parts.pop();
	return parts;
}

/** Problems of the tables of a markdown text: `line N: …`. */
export function tableProblems(text: string[]): string[] {
	const problems: string[] = [];
	let fenced = false;
	for (let i = 0; i < text.length; i++) {
		if (/^\s*(```|~~~)/.test(text[i])) fenced = !fenced;
		if (fenced || !/^\|/.test(text[i]) || (i > 0 && /^\|/.test(text[i - 1]))) continue;
		const width = cells(text[i]).length;
		if (!/^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(text[i + 1] ?? '') || cells(text[i + 1]).length !== width)
			problems.push(`line ${i + 2}: no delimiter row of ${width} cells under the header`);
		for (let j = i + 2; j < text.length && /^\|/.test(text[j]); j++)
			if (cells(text[j]).length !== width)
				problems.push(`line ${j + 1}: ${cells(text[j]).length} cells, the header has ${width}`);
	}
	return problems;
}

test('the table check finds a merged row, a missing delimiter and a short row', () => {
	expect(tableProblems(['| a | b |', '|---|---|', '| 1 | 2 |', '| `x \\| y` | 3 |'])).toEqual([]);
	expect(tableProblems(['| a | b |', '|---|---|', '| 1 | 2 | 3 | 4 |'])).toEqual(['line 3: 4 cells, the header has 2']);
	expect(tableProblems(['| a | b |', '| 1 | 2 |'])).toEqual(['line 2: no delimiter row of 2 cells under the header']);
});

test.each(['README.md', ...filesUnder('docs', ['.md']), ...filesUnder('bench', ['.md'])])(
	'%s: every table is well-formed',
	(file) => {
		expect(tableProblems(lines(file))).toEqual([]);
	},
);
