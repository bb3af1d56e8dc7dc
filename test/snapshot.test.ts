/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads and (on purpose) writes the committed snapshots */
/**
 * What users see, as a visible diff: the full rendered description of every node and
 * credential package.json lists (every property and generated option as built at load time, with
 * routing hooks, list searches and webhook methods named; the same rendering as the rendered lint,
 * `plainClass` in helpers/renderedClass.ts) compared with the pretty JSON committed under
 * test/snapshots/, one file per class. A change to any label, option, default or routing shows up
 * here as a failing line diff. To accept a change on purpose: `npm run snapshot:update`
 * (sets UPDATE_SNAPSHOTS=1), then review `git diff test/snapshots`. The check can always fail: an
 * update run rewrites a snapshot that differs and fails for it ("rewritten: review the diff"), so
 * no run that changes a snapshot passes, and under CI an update run fails at once.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

import { CREDENTIAL_CLASSES, NODE_CLASSES } from './helpers/packageClasses';
import { plainClass } from './helpers/renderedClass';

const SNAPSHOTS = path.join(__dirname, 'snapshots');
const UPDATE = process.env.UPDATE_SNAPSHOTS === '1';

/** Every class of the package with the snapshot file it is compared with (`ContentPlatform.node.json`, ...). */
const CLASSES = [...NODE_CLASSES, ...CREDENTIAL_CLASSES].map(({ filePath, instance }) => ({
	file: path.join(SNAPSHOTS, `${path.basename(filePath, '.ts')}.json`),
	instance: instance as object,
}));

/** The class as pretty JSON (tab-indented, one member per line; .prettierignore leaves the files as written). */
function rendered(instance: object): string {
	return `${JSON.stringify(plainClass(instance), null, '\t')}\n`;
}

describe('rendered descriptions match the committed snapshots (test/snapshots)', () => {
	test('one snapshot per node and credential of package.json', () => {
		expect(CLASSES.map(({ file }) => path.basename(file))).toEqual([
			'ContentPlatform.node.json',
			'ContentPlatformTrigger.node.json',
			'ContentPlatformWebhookTrigger.node.json',
			'ContentPlatformApi.credentials.json',
			'ContentPlatformOAuth2Api.credentials.json',
		]);
	});

	test.each(CLASSES.map(({ file, instance }) => [path.basename(file), file, instance] as const))(
		'%s',
		(_name, file, instance) => {
			const actual = rendered(instance);
			expect({ update: UPDATE, ci: process.env.CI === 'true' }).not.toEqual({ update: true, ci: true });
			if (UPDATE && (!existsSync(file) || readFileSync(file, 'utf8') !== actual)) {
				writeFileSync(file, actual);
				throw new Error(`${path.basename(file)} rewritten: review git diff test/snapshots, then run npm test`);
			}
			expect(existsSync(file)).toBe(true);
			// A string comparison: jest prints the changed lines (with the JSON path around them) as a diff.
			expect(actual).toBe(readFileSync(file, 'utf8'));
			expect(actual.length).toBeGreaterThan(200);
		},
	);
});
