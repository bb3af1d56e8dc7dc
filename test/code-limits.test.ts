/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads the TypeScript sources */
/**
 * The size limits of the package's code (docs/development.md, "Limits"): no TypeScript file under
 * nodes/ or credentials/ is longer than 400 lines, and the polling trigger's node file
 * (`nodes/ContentPlatformTrigger/ContentPlatformTrigger.node.ts`, its description and `poll()`)
 * at most 180. A line is what `split('\n')` gives, without the empty one after the last newline
 * (`wc -l` counts the same). A file that grows past its limit fails here: split it by job.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** The most lines any file under nodes/ or credentials/ may have. */
const MAX_LINES = 400;

/** Files with a lower limit of their own, by path from the repository root. */
const OWN_LIMITS: Record<string, number> = {
	'nodes/ContentPlatformTrigger/ContentPlatformTrigger.node.ts': 180,
};

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

describe('the code keeps its size limits', () => {
	const files = [...typeScriptFiles('nodes'), ...typeScriptFiles('credentials')];

	it('finds the files it measures', () => {
		expect(files.length).toBeGreaterThan(50);
		for (const file of Object.keys(OWN_LIMITS)) expect(files).toContain(file);
	});

	it(`no file under nodes/ or credentials/ has more than ${MAX_LINES} lines`, () => {
		const over = files
			.map((file) => ({ file, lines: lineCount(file) }))
			.filter(({ lines }) => lines > MAX_LINES)
			.map(({ file, lines }) => `${file}: ${lines}`);
		expect(over).toEqual([]);
	});

	it.each(Object.entries(OWN_LIMITS))('%s has at most %i lines', (file, limit) => {
		expect(lineCount(file)).toBeLessThanOrEqual(limit);
	});
});
