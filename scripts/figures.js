#!/usr/bin/env node
'use strict';
/**
 * The counted figures of README.md, docs/*.md and bench/*.md, generated from the built node and the
 * packed package (run `npm run build` first), so that none of them drifts: nothing here depends on the
 * date, the time zone or the machine (the build and `npm pack --dry-run` of a clean clone give the same
 * files and bytes everywhere; the packed, gzipped size does not, see below).
 *
 *   node scripts/figures.js           prints every figure
 *   node scripts/figures.js --write   rewrites the marked figures in the markdown files
 *   node scripts/figures.js --check   exits 1 when a marked figure differs, a marker names an unknown
 *                                     figure, or package.json's description states other event counts
 *                                     (CI: .ci/run)
 *
 * Markers: inline `<!--fig:NAME-->value<!--/fig-->` (one value in a sentence), and blocks
 * `<!-- figures:NAME:start -->` … `<!-- figures:NAME:end -->` (generated paragraphs or tables).
 *
 * The packed size (the .tgz's bytes) is not generated: gzip's output depends on the zlib of the
 * Node that packs; docs/publishing.md states it as a measurement with its commit and command.
 */
const fs = require('node:fs');
const path = require('node:path');

const { operationRows } = require('../lib/operation-rows');
const { PACKAGE_DOCS, packList, n8nReads } = require('./package-files.js');

const ROOT = path.resolve(__dirname, '..');

/** The markdown files whose markers are kept: README.md, docs/*.md, bench/*.md. */
function markdownFiles() {
	const inDir = (dir) =>
		fs
			.readdirSync(path.join(ROOT, dir))
			.filter((f) => f.endsWith('.md'))
			.sort()
			.map((f) => `${dir}/${f}`);
	return ['README.md', ...inDir('docs'), ...inDir('bench')];
}

/** A module of the built package (`dist/…`), by its path under dist/nodes. */
const built = (file) => require(path.join(ROOT, 'dist', 'nodes', file));

/** How many options the `event` property of a built trigger offers. */
function eventCount(dir, className) {
	const Class = require(path.join(ROOT, 'dist', 'nodes', dir, `${dir}.node.js`))[className];
	const events = new Class().description.properties.filter((p) => p.name === 'event');
	if (events.length !== 1) throw new Error(`${className}: expected one "event" property, found ${events.length}`);
	return events[0].options.length;
}

const number = (n) => n.toLocaleString('en-US');

/** The webhook trigger's confirming read (`CONFIRM_TIMING`): its re-read waits, reads, budget and `Retry-After`. */
function confirmFigures({ CONFIRM_TIMING, maxConfirmReads }) {
	const waits = CONFIRM_TIMING.rereadWaitsMs.map((ms) => `${ms / 1000} s`);
	return {
		confirmWaits: `${waits.slice(0, -1).join(', ')} and ${waits[waits.length - 1]}`,
		confirmWaitTotal: String(CONFIRM_TIMING.rereadWaitsMs.reduce((a, b) => a + b, 0) / 1000),
		confirmReads: String(maxConfirmReads()),
		confirmBudget: String(CONFIRM_TIMING.budgetMs / 1000),
		confirmRetryAfter: String(CONFIRM_TIMING.retryAfterSeconds),
	};
}

/** Every figure by name: inline ones as strings, blocks as markdown. */
function figures() {
	const rows = operationRows();
	const pack = packList();
	const reads = n8nReads();
	const credentials = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).n8n.credentials.length;
	const { ContentPlatform } = built('ContentPlatform/ContentPlatform.node.js');
	const properties = new ContentPlatform().description.properties;
	const settings = properties.find((p) => p.name === 'requestSettings').options;
	const parallel = settings.find((o) => o.name === 'parallelPages');
	const limits = [...new Set(properties.filter((p) => p.name === 'limit').map((p) => p.default))];
	if (limits.length !== 1) throw new Error(`the Limit fields have several defaults: ${limits.join(', ')}`);
	const methods = (key) =>
		new Set(
			properties
				.flatMap((p) => [p, ...(p.modes ?? [])])
				.map((p) => p.typeOptions?.[key])
				.filter((method) => method !== undefined),
		).size;
	const contactFilters = properties.filter(
		(p) =>
			p.name === 'filters' &&
			p.displayOptions?.show?.resource?.includes('contact') &&
			p.displayOptions?.show?.operation?.includes('getAll'),
	);
	if (contactFilters.length !== 1) throw new Error(`Contact → Get Many: expected one Filters collection`);
	const throttle = built('api/transport/throttle.js');
	const cursorParts = built('ContentPlatformTrigger/cursorParts.js');
	const idRuns = built('ContentPlatformTrigger/idRuns.js');
	const createdAtCursor = built('ContentPlatformTrigger/strategies/createdAt.cursor.js');
	const idOnly = built('ContentPlatformTrigger/strategies/idOnly.js');
	const dateWindow = built('ContentPlatformTrigger/strategies/dateWindow.js');
	if (idOnly.OVERLAP !== dateWindow.OVERLAP)
		throw new Error(`form submissions' pages overlap by ${idOnly.OVERLAP}, transactions' by ${dateWindow.OVERLAP}`);
	const inline = {
		limitDefault: String(limits[0]),
		parallelDefault: String(parallel.default),
		parallelRange: `${parallel.typeOptions.minValue}–${parallel.typeOptions.maxValue}`,
		timeoutSeconds: String(settings.find((o) => o.name === 'timeout').default),
		throttleDefaultSeconds: String(throttle.DEFAULT_THROTTLE_WAIT_MS / 1000),
		throttleMaxSeconds: String(throttle.MAX_THROTTLE_WAIT_MS / 1000),
		maxAhead: number(createdAtCursor.MAX_AHEAD),
		maxResume: number(createdAtCursor.MAX_RESUME),
		maxRecentIds: number(idOnly.MAX_RECENT_IDS),
		maxDoneIds: number(idOnly.MAX_DONE_IDS),
		maxWindowIds: number(dateWindow.MAX_WINDOW_IDS),
		maxRetries: number(built('ContentPlatformTrigger/strategies/listPages.js').MAX_RETRIES),
		pageOverlap: String(idOnly.OVERLAP),
		overlapSafe: String(idOnly.OVERLAP - 1),
		maxOdd: number(cursorParts.MAX_ODD),
		maxSetIds: number(idRuns.MAX_SET_IDS),
		pollPageSize: String(cursorParts.TRIGGER_PAGE_SIZE),
		pageSize: String(built('api/tables/registry.js').MAX_PAGE_SIZE),
		recentDeliveries: String(built('ContentPlatformWebhookTrigger/repeats.js').RECENT_DELIVERIES),
		...confirmFigures(built('ContentPlatformWebhookTrigger/confirm.js')),
		aliases: String(
			['ContentPlatform', 'ContentPlatformTrigger', 'ContentPlatformWebhookTrigger']
				.map(
					(node) =>
						JSON.parse(fs.readFileSync(path.join(ROOT, 'nodes', node, `${node}.node.json`), 'utf8')).alias.length,
				)
				.reduce((a, b) => a + b, 0),
		),
		operations: String(rows.length),
		listSearches: String(methods('searchListMethod')),
		optionLists: String(methods('loadOptionsMethod')),
		contactFilters: String(contactFilters[0].options.length),
		resources: String(new Set(rows.map((r) => r.resource)).size),
		pollEvents: String(eventCount('ContentPlatformTrigger', 'ContentPlatformTrigger')),
		webhookEvents: String(eventCount('ContentPlatformWebhookTrigger', 'ContentPlatformWebhookTrigger')),
		credentials: String(credentials),
		packedFiles: String(pack.files.length),
		packedModules: String(reads.modules.length),
		packedCodex: String(reads.codex.length),
		packedIcons: String(reads.icons.length),
	};
	const sizes = new Map(pack.entries.map((e) => [e.path, e.size]));
	const readBytes = reads.all.reduce((sum, f) => sum + sizes.get(f), 0);
	inline.readBytes = number(readBytes);
	const blocks = {
		'packed-files': [
			`\`npm pack --dry-run --json\` on the built package: **${pack.files.length} files**: the ${reads.all.length} that n8n reads, ` +
				`${number(readBytes)} bytes (the ${reads.modules.length} modules it reaches from the \`n8n\` block, ${reads.codex.length} codex files and ` +
				`${reads.icons.length} icons), plus ${PACKAGE_DOCS.join(', ')}, whose size changes with every edit of the text ` +
				'(generated by `node scripts/figures.js --write`; `--check` in `.ci/run`). `npm pack --dry-run` lists every file.',
		].join('\n'),
	};
	return { inline, blocks };
}

const INLINE = /<!--fig:([A-Za-z]+)-->(.*?)<!--\/fig-->/g;
const BLOCK = /(<!-- figures:([a-z-]+):start -->)\n[\s\S]*?\n?(<!-- figures:\2:end -->)/g;

/** The file's text with every marked figure replaced by its generated value; unknown names listed. */
function rewrite(text, { inline, blocks }, unknown) {
	return text
		.replace(INLINE, (whole, name) => {
			if (!(name in inline)) {
				unknown.push(name);
				return whole;
			}
			return `<!--fig:${name}-->${inline[name]}<!--/fig-->`;
		})
		.replace(BLOCK, (whole, start, name, end) => {
			if (!(name in blocks)) {
				unknown.push(name);
				return whole;
			}
			return `${start}\n${blocks[name]}\n${end}`;
		});
}

/** package.json's description names both triggers' event counts: the problems found, if any. */
function descriptionProblems({ inline }) {
	const { description } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const match = /polling trigger \((\d+) events\) and a webhook trigger \((\d+) events\)/.exec(description);
	if (!match)
		return [
			'package.json: the description no longer states "polling trigger (N events) and a webhook trigger (M events)"',
		];
	const problems = [];
	if (match[1] !== inline.pollEvents)
		problems.push(`package.json: the description says ${match[1]} polling events, the node has ${inline.pollEvents}`);
	if (match[2] !== inline.webhookEvents)
		problems.push(
			`package.json: the description says ${match[2]} webhook events, the node has ${inline.webhookEvents}`,
		);
	return problems;
}

module.exports = { figures, rewrite, markdownFiles };

if (require.main === module) {
	const mode = process.argv[2];
	const generated = figures();
	if (!mode) {
		process.stdout.write(`${JSON.stringify(generated.inline, null, 2)}\n\n`);
		for (const [name, block] of Object.entries(generated.blocks)) process.stdout.write(`[${name}]\n${block}\n\n`);
		process.exit(0);
	}
	const problems = [];
	let markers = 0;
	for (const file of markdownFiles()) {
		const full = path.join(ROOT, file);
		const text = fs.readFileSync(full, 'utf8');
		markers += [...text.matchAll(INLINE)].length + [...text.matchAll(BLOCK)].length;
		const unknown = [];
		const updated = rewrite(text, generated, unknown);
		for (const name of unknown) problems.push(`${file}: unknown figure "${name}"`);
		if (updated === text) continue;
		if (mode === '--write') {
			fs.writeFileSync(full, updated);
			process.stdout.write(`${file}: figures written\n`);
		} else problems.push(`${file}: a figure is out of date: run \`npm run build && node scripts/figures.js --write\``);
	}
	problems.push(...descriptionProblems(generated));
	if (problems.length) {
		process.stderr.write(`${problems.join('\n')}\n`);
		process.exit(1);
	}
	process.stdout.write(`figures: ${markers} markers in README.md, docs/ and bench/ match the built node and package\n`);
}
