/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test: reads package.json and the codex files */
/**
 * scripts/check-release.js, the publish workflow's first step (docs/publishing.md): the tag must be
 * package.json's version, CHANGELOG.md must have the version's section, and every repository link
 * (repository.url, homepage, bugs, the codex files' documentation) must name the repository that
 * publishes, as npm's provenance requires.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { githubRepo, sectionText, tag, versionHeading } from '../../scripts/check-release';

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));

describe('check-release', () => {
	it('reads owner/name from every form of GitHub URL package.json and the codex files use', () => {
		expect(githubRepo('git+https://github.com/Owner/Repo.git')).toBe('owner/repo');
		expect(githubRepo('https://github.com/owner/repo#readme')).toBe('owner/repo');
		expect(githubRepo('https://github.com/owner/repo/issues')).toBe('owner/repo');
		expect(githubRepo('https://example.com/owner/repo')).toBe('');
	});

	it("a tag that is not package.json's version is refused, with the version to tag", () => {
		expect(tag('9.9.9', {})).toContain(
			`tag "9.9.9" does not match package.json's version ${pkg.version}: tag ${pkg.version} instead`,
		);
		expect(tag(`v${pkg.version}`, {}).filter((p: string) => p.startsWith('tag '))).toEqual([]);
	});

	it('in another repository than package.json names, every link is listed (repository, homepage, bugs, 3 codex files × 2)', () => {
		const problems = tag(pkg.version, { GITHUB_REPOSITORY: 'someone/fork' }).filter((p: string) =>
			p.includes('not this repository (someone/fork)'),
		);
		expect(problems.map((p: string) => p.split(' is ')[0]).sort()).toEqual(
			[
				'nodes/ContentPlatform/ContentPlatform.node.json credentialDocumentation',
				'nodes/ContentPlatform/ContentPlatform.node.json primaryDocumentation',
				'nodes/ContentPlatformTrigger/ContentPlatformTrigger.node.json credentialDocumentation',
				'nodes/ContentPlatformTrigger/ContentPlatformTrigger.node.json primaryDocumentation',
				'nodes/ContentPlatformWebhookTrigger/ContentPlatformWebhookTrigger.node.json credentialDocumentation',
				'nodes/ContentPlatformWebhookTrigger/ContentPlatformWebhookTrigger.node.json primaryDocumentation',
				'package.json bugs.url',
				'package.json homepage',
				'package.json repository.url',
			].sort(),
		);
		// in the repository they name: no link problem
		const own = githubRepo(pkg.repository.url);
		expect(
			tag(pkg.version, { GITHUB_REPOSITORY: own }).filter((p: string) => p.includes('not this repository')),
		).toEqual([]);
	});

	it('finds a version section by its heading and returns its text', () => {
		const lines = ['# Changelog', '', '## Unreleased', '', '- a', '', '## 0.1.0 (2026-11-01)', '', '- b'];
		expect(versionHeading(lines, '0.1.0')).toEqual({ line: 6, title: '0.1.0 (2026-11-01)' });
		expect(versionHeading(lines, '0.1')).toBeUndefined();
		expect(sectionText(lines, versionHeading(lines, '0.1.0'))).toBe('- b');
	});
});
