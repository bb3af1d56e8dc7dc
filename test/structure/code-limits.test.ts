/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads the TypeScript sources */
/**
 * The size limit of the package's code (docs/development.md, "Limits"): no TypeScript file under
 * nodes/ or credentials/ is longer than 400 lines. A line is what `split('\n')` gives, without the
 * empty one after the last newline (`wc -l` counts the same). A file that grows past the limit fails
 * here: split it by job, never trim it to fit.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** The most lines any file under nodes/ or credentials/ may have. */
const MAX_LINES = 400;

/** Every .ts file under a folder, relative to the repository root. */
function typeScriptFiles(folder: string): string[] {
	return readdirSync(path.join(ROOT, folder)).flatMap((entry) => {
		const relative = path.posix.join(folder, entry);
		if (statSync(path.join(ROOT, relative)).isDirectory()) return typeScriptFiles(relative);
		return relative.endsWith('.ts') ? [relative] : [];
	});
}

/** The lines of a file, as `wc -l` counts them for a file ending in a newline. */
function lineCount(relative: string): number {
	const text = readFileSync(path.join(ROOT, relative), 'utf8');
	return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('the code keeps its size limit', () => {
	const files = [...typeScriptFiles('nodes'), ...typeScriptFiles('credentials')];

	it('finds the files it measures', () => {
		expect(files.length).toBeGreaterThan(50);
		expect(files).toContain('nodes/ContentPlatform/ContentPlatform.node.ts');
		expect(files).toContain('credentials/ContentPlatformApi.credentials.ts');
	});

	it(`no file under nodes/ or credentials/ has more than ${MAX_LINES} lines`, () => {
		const over = files
			.map((file) => ({ file, lines: lineCount(file) }))
			.filter(({ lines }) => lines > MAX_LINES)
			.map(({ file, lines }) => `${file}: ${lines}`);
		expect(over).toEqual([]);
	});
});
