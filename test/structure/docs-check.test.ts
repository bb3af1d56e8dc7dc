/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads .ci/run and scripts/ (node:fs, node:path, __dirname) */
/**
 * scripts/docs-check.js is the one docs check: .ci/run runs it and no other script's `--check`, and
 * each of its parts' scripts exists, takes `--check` and names the page it guards. A generated page
 * checked apart from it fails here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the script's own table
const { PARTS } = require('../../scripts/docs-check.js') as {
	PARTS: Array<{ name: string; script: string; guards: string }>;
};

test('.ci/run checks the docs with scripts/docs-check.js alone, whose parts each name the page they guard', () => {
	const ci = fs.readFileSync(path.join(ROOT, '.ci', 'run'), 'utf8');
	expect(ci).toMatch(/^node scripts\/docs-check\.js$/m);
	expect([...ci.matchAll(/^node scripts\/([\w-]+\.js) --check$/gm)].map(([, script]) => script)).toEqual([]);
	expect(PARTS.length).toBeGreaterThanOrEqual(5);
	for (const part of PARTS) {
		expect(fs.readFileSync(path.join(ROOT, 'scripts', part.script), 'utf8')).toContain('--check');
		expect(part.guards).toMatch(/\.md/);
	}
});
