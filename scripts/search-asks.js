'use strict';
/**
 * What creators ask n8n's node search, ranked: the asks of scripts/search-asks.json (a creator's
 * words for each resource, operation and trigger event, singular and plural, each with the node
 * meant) through n8n's own search, and docs/ai-builder.md's section that shows each rank and the
 * share found in the top 5. scripts/builder-view.js writes the section and `--check` compares it.
 *
 * How n8n 2.41.1 ranks (npm `@n8n/ai-utilities` 0.34.1, node-catalog `search-engine.js`
 * `fuzzySearchNodes`, and npm `@n8n/utils` `sublime-search`): a node's display name (weight 1.5),
 * type name (1.3) and codex aliases (1.0) are matched letter by letter in order (so "course" finds
 * an alias "courses", "courses" does not find "course"); a whole-word match at the start of a
 * short text scores highest, and a longer word more than a shorter one. An ask of several words is
 * searched word by word: each word's best 5 nodes (Instance AI's `nodes` search: 10) are merged by
 * their best score, a node named exactly like a word first. The description only fills places left
 * empty; `builderHint.searchHint` and the subtitle are not searched (the search returns the
 * `searchHint` with each result). So what decides the rank of a community node is its aliases
 * (gulpfile.js derives them from the tables).
 */
const fs = require('node:fs');
const path = require('node:path');

const PACKAGE = 'n8n-nodes-content-platform';

/** The asks: `{ ask, for }`, `for` the node meant (`action` or `trigger`). */
const ASKS = JSON.parse(fs.readFileSync(path.join(__dirname, 'search-asks.json'), 'utf8')).asks;

/** The package nodes that answer an ask, by its `for`: the action node (or its tool), or either trigger. */
const MEANT = {
	action: (id) => id === `${PACKAGE}.contentPlatform` || id === `${PACKAGE}.contentPlatformTool`,
	trigger: (id) => id === `${PACKAGE}.contentPlatformTrigger` || id === `${PACKAGE}.contentPlatformWebhookTrigger`,
};

/**
 * For each ask, n8n's top `top` node IDs (`NodeTypeParser.searchNodeTypes`), the rank of the node
 * meant (`rank`) and of the first package node (`anyRank`), undefined when not among them. Throws
 * on an ask whose `for` is neither `action` nor `trigger`.
 */
function rankAsks(parser, top, asks = ASKS) {
	return asks.map(({ ask, for: meant }) => {
		if (!MEANT[meant]) throw new Error(`scripts/search-asks.json: "${ask}" is for "${meant}", not action or trigger`);
		const ids = parser.searchNodeTypes(ask, top).map((r) => r.id);
		const rank = (test) => (ids.some(test) ? ids.findIndex(test) + 1 : undefined);
		return { ask, meant, ids, rank: rank(MEANT[meant]), anyRank: rank((id) => id.startsWith(`${PACKAGE}.`)) };
	});
}

/** How many of the ranked asks find the node meant, and any package node, in the top: `{ found, any, total }`. */
function foundShare(ranked) {
	return {
		found: ranked.filter((r) => r.rank).length,
		any: ranked.filter((r) => r.anyRank).length,
		total: ranked.length,
	};
}

/** A node ID as the table shows it: the type name, bold for the package's. */
const shortId = (id) =>
	id.startsWith(`${PACKAGE}.`) ? `**${id.slice(PACKAGE.length + 1)}**` : id.replace(/^.*\./, '');

/** docs/ai-builder.md's section of the asks (Markdown lines, before Prettier). */
function asksSection(ranked, top, nodeCount) {
	const { found, any, total } = foundShare(ranked);
	const percent = (n) => `${Math.round((100 * n) / total)} %`;
	return [
		'## What creators ask: the rank of the node they mean',
		'',
		`The ${total} asks of \`scripts/search-asks.json\`, in a creator's words (each resource and operation, each trigger`,
		'event, singular and plural; and the words creators and online-school platforms use for the people, purchases,',
		'forms and payments the nodes handle: students, members, enrollments, sales, sign-ups, leads, charges, the aliases',
		`of gulpfile.js's CREATOR_WORDS), through the same search over ${nodeCount.toLocaleString('en-US')} node types. "Meant": the action`,
		'node (or its tool) or one of the two triggers.',
		'',
		`**Found: ${found} of ${total} asks (${percent(found)}) rank the node meant in the top ${top}**; ${any} of ${total} (${percent(any)}) rank`,
		`a package node there.`,
		'',
		'An ask is searched word by word and each word brings its best 5 nodes. A word in the name of',
		"n8n's own nodes (contact: Google Contacts, Dropcontact; customer, custom: Customer.io; email, list, remove,",
		'posts, sales: Salesforce, Salesmate; lead: Uplead; charge: Chargebee) takes those places with scores no alias',
		'reaches (a display name weighs 1.5, an alias 1); where one',
		'place is left (contact) it goes to the action node, whose related nodes name the polling trigger for new contacts.',
		'That is why the asks without a rank miss; each miss shows the nodes ahead.',
		'',
		`| Ask | Meant | Rank of the node meant | Rank of the first package node | Top ${top} when the node meant is not in it |`,
		'| --- | --- | --- | --- | --- |',
		...ranked.map(
			(r) =>
				`| ${r.ask} | ${r.meant} | ${r.rank ?? '—'} | ${r.anyRank ?? '—'} | ${r.rank ? '' : r.ids.map(shortId).join(', ')} |`,
		),
		'',
	];
}

module.exports = { ASKS, MEANT, rankAsks, foundShare, asksSection };
