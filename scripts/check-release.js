#!/usr/bin/env node
'use strict';
/**
 * Release checks (docs/publishing.md), one command per step:
 *
 *   node scripts/check-release.js changelog <version>
 *     `npm run release` (release-it, .release-it.json, after the version bump): CHANGELOG.md must
 *     have a section for <version>; a section headed "Unreleased" (or "<version> (unreleased)") is
 *     renamed "<version> (YYYY-MM-DD)" so that the curated text is what gets released. Nothing else
 *     in the file changes. Fails when there is neither.
 *   node scripts/check-release.js notes <version>
 *     prints that section's text (release-it's GitHub release notes).
 *   node scripts/check-release.js tag <tag>
 *     the publish workflow, before publishing: the tag equals package.json's version (a leading "v"
 *     allowed); CHANGELOG.md has the version's section; when $GITHUB_REPOSITORY is set (GitHub
 *     Actions), package.json's repository.url names that repository (npm's provenance refuses a
 *     package whose repository.url differs from the repository that publishes it) and so do
 *     `homepage`, `bugs.url` and the documentation links of the codex files (nodes/**\/*.node.json).
 *
 * Exits 1 with one line per problem; prints what it checked otherwise.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const CHANGELOG = path.join(ROOT, 'CHANGELOG.md');

/** The `## ` headings of CHANGELOG.md: [{ line, title }] (line: index in lines). */
function headings(lines) {
	return lines.map((text, line) => ({ line, title: text.slice(3).trim() })).filter((h, i) => /^## /.test(lines[i]));
}

/** The heading of <version>'s section, or undefined: "## 1.2.3", "## 1.2.3 (2026-11-25)", "## [1.2.3]…". */
function versionHeading(lines, version) {
	const v = version.replace(/^v/, '').replace(/[.+]/g, (c) => `\\${c}`);
	return headings(lines).find((h) => new RegExp(`^\\[?v?${v}\\]?(\\s|$)`).test(h.title));
}

/** The text of a section (heading excluded), trimmed. */
function sectionText(lines, heading) {
	const next = headings(lines).find((h) => h.line > heading.line);
	return lines
		.slice(heading.line + 1, next ? next.line : lines.length)
		.join('\n')
		.trim();
}

/** `changelog`: the version's section, made from "Unreleased" if need be. Returns problems. */
function changelog(version, today = new Date().toISOString().slice(0, 10)) {
	const lines = fs.readFileSync(CHANGELOG, 'utf8').split('\n');
	const own = versionHeading(lines, version);
	if (own && !/unreleased/i.test(own.title)) return [];
	const unreleased = own || headings(lines).find((h) => /^unreleased$/i.test(h.title));
	if (!unreleased)
		return [`CHANGELOG.md has no "## ${version}" or "## Unreleased" section: write what this release changes first`];
	if (!sectionText(lines, unreleased)) return [`CHANGELOG.md's "## ${unreleased.title}" section is empty`];
	lines[unreleased.line] = `## ${version} (${today})`;
	fs.writeFileSync(CHANGELOG, lines.join('\n'));
	process.stdout.write(`CHANGELOG.md: "## ${unreleased.title}" is now "## ${version} (${today})"\n`);
	return [];
}

/** GitHub's "owner/name" of a repository URL (git+https://github.com/o/n.git, https://github.com/o/n#readme), lower case. */
function githubRepo(url) {
	const m = /github\.com[/:]([^/]+)\/([^/#?]+?)(\.git)?([/#?].*)?$/i.exec(String(url || ''));
	return m ? `${m[1]}/${m[2]}`.toLowerCase() : '';
}

/** `tag`: what the publish workflow checks before `npm publish`. Returns problems. */
function tag(tagName, env = process.env) {
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const problems = [];
	const version = String(tagName || '')
		.replace(/^refs\/tags\//, '')
		.replace(/^v/, '');
	if (version !== pkg.version)
		problems.push(`tag "${tagName}" does not match package.json's version ${pkg.version}: tag ${pkg.version} instead`);
	const lines = fs.readFileSync(CHANGELOG, 'utf8').split('\n');
	const heading = versionHeading(lines, pkg.version);
	if (!heading || /unreleased/i.test(heading.title))
		problems.push(`CHANGELOG.md has no released "## ${pkg.version}" section (npm run release writes it)`);
	if (env.GITHUB_REPOSITORY) {
		const here = env.GITHUB_REPOSITORY.toLowerCase();
		const links = [
			['package.json repository.url', pkg.repository && pkg.repository.url],
			['package.json homepage', pkg.homepage],
			['package.json bugs.url', pkg.bugs && pkg.bugs.url],
		];
		for (const file of codexFiles(path.join(ROOT, 'nodes'))) {
			const codex = JSON.parse(fs.readFileSync(file, 'utf8'));
			for (const [kind, docs] of Object.entries(codex.resources || {}))
				for (const doc of docs) links.push([`${path.relative(ROOT, file)} ${kind}`, doc.url]);
		}
		for (const [where, url] of links)
			if (githubRepo(url) !== here)
				problems.push(
					`${where} is ${url || '(missing)'}, not this repository (${env.GITHUB_REPOSITORY}): npm's provenance ` +
						`needs repository.url to name the repository that publishes; set all of them (docs/publishing.md)`,
				);
	}
	return problems;
}

/** The codex files under a folder: every *.node.json. */
function codexFiles(dir) {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const p = path.join(dir, e.name);
		return e.isDirectory() ? codexFiles(p) : e.name.endsWith('.node.json') ? [p] : [];
	});
}

module.exports = { changelog, tag, githubRepo, versionHeading, sectionText };

if (require.main === module) {
	const [command, arg] = process.argv.slice(2);
	let problems;
	if (command === 'changelog' && arg) problems = changelog(arg);
	else if (command === 'tag' && arg) {
		problems = tag(arg);
		if (!problems.length) process.stdout.write(`tag ${arg}: matches package.json, CHANGELOG.md and the repository\n`);
	} else if (command === 'notes' && arg) {
		const lines = fs.readFileSync(CHANGELOG, 'utf8').split('\n');
		const heading = versionHeading(lines, arg);
		problems = heading ? [] : [`CHANGELOG.md has no "## ${arg}" section`];
		if (heading) process.stdout.write(`${sectionText(lines, heading)}\n`);
	} else problems = ['usage: node scripts/check-release.js changelog|notes <version> | tag <tag>'];
	for (const p of problems) process.stderr.write(`${p}\n`);
	process.exitCode = problems.length ? 1 : 0;
}
