/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads .ci/run and scripts/ (node:fs, node:path, __dirname) */
/**
 * scripts/docs-check.js is the one docs check: each `node scripts/<x>.js --check` that .ci/run runs is
 * one of its parts, and each part's script exists and takes `--check`. A new generated page checked in
 * .ci/run without a part fails here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the script's own table
const { PARTS } = require('../../scripts/docs-check.js') as {
	PARTS: Array<{ name: string; script: string; guards: string }>;
};

test('every `--check` of .ci/run is a part of scripts/docs-check.js, each naming the page it guards', () => {
	const ci = fs.readFileSync(path.join(ROOT, '.ci', 'run'), 'utf8');
	const checked = [...ci.matchAll(/^node scripts\/([\w-]+\.js) --check$/gm)].map(([, script]) => script);
	expect(checked.length).toBeGreaterThanOrEqual(5);
	expect(checked.filter((script) => !PARTS.some((p) => p.script === script))).toEqual([]);
	for (const part of PARTS) {
		expect(fs.readFileSync(path.join(ROOT, 'scripts', part.script), 'utf8')).toContain('--check');
		expect(part.guards).toMatch(/\.md/);
	}
});
