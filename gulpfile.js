/**
 * Build step after `n8n-node build` (which compiles TypeScript and copies icons): writes each
 * node's codex file (`<Node>.node.json`: categories, aliases, documentation links) next to the
 * compiled node in dist/, where n8n reads it, with the aliases the node's own tables give.
 *
 * The aliases are what n8n's node search reads besides a node's name and display name: the AI
 * builders' search (npm `@n8n/ai-utilities` node-catalog `search-engine.js`: display name, name,
 * codex alias; the description only fills empty places) and the editor's nodes panel. So the
 * words of the built description are added to the hand-written ones of the source codex (which
 * keeps only words the tables do not hold: "memberships", "payments", "refunds", …):
 * - the action node: each resource's name and its plural (from its Get Many action, "Get many
 *   courses"), the action of each operation beyond n8n's standard five ("cancel subscription of
 *   purchase", "add tags to contact");
 * - a trigger: each event's name ("new order item", "payment succeeded"), and the name and plural
 *   of the resource it names ("order item", "order items");
 * - creators' own words (CREATOR_WORDS) for the people, purchases, forms and payments the nodes
 *   handle ("students", "enrollments", "sign-ups", "charges"), each added only for a resource,
 *   operation or event the built description holds.
 * docs/ai-builder.md ranks what creators ask with these aliases (scripts/search-asks.json).
 *
 * n8n's nodes panel shows a trigger named like an action node plus "Trigger" (here
 * `contentPlatformTrigger` and `contentPlatform`) as one entry, the action node's, and searches
 * only that node's codex: so the trigger's aliases are added to the action node's codex in dist/
 * (found in n8n 2.41.1's editor by e2e/editor.js: "new order" did not find the polling trigger).
 */
const fs = require('node:fs');
const path = require('node:path');
const { src, dest, series } = require('gulp');

const DIST_NODES = 'dist/nodes';

function copyCodex() {
	return src('nodes/**/*.node.json').pipe(dest(DIST_NODES));
}

/** Every codex in dist/ with its built node's description: `{ file, codex, description }`. */
function builtNodes() {
	return fs
		.readdirSync(DIST_NODES)
		.filter((dir) => fs.existsSync(path.join(DIST_NODES, dir, `${dir}.node.json`)))
		.map((dir) => {
			const file = path.join(DIST_NODES, dir, `${dir}.node.json`);
			const NodeClass = require(path.resolve(DIST_NODES, dir, `${dir}.node.js`))[dir];
			return { file, codex: JSON.parse(fs.readFileSync(file, 'utf8')), description: new NodeClass().description };
		});
}

/**
 * n8n's standard operations, whose action is a bare verb and the resource ("Create contact"): their
 * words are the resource's, and as aliases they would put the node first for any "create" or "delete".
 */
const STANDARD = ['get', 'getAll', 'create', 'update', 'delete'];

/**
 * The words creators and online-school platforms' help pages use for the platform's objects, by
 * what the nodes call them: people (students, members, learners, subscribers, leads: the site's
 * contacts; buyers, clients: its customers), purchases (enrollments, sales: purchases; checkouts:
 * orders), forms (sign-ups, opt-ins, registrations: form submissions) and payments (charges:
 * transactions). `resources` by resource value (the action node's), `operations` by
 * "resource:operation" (granting an offer enrolls; revoking one removes access), `events` by a
 * trigger's event value. An entry whose resource, operation or event the built node lacks adds
 * nothing, so each alias names something the nodes do.
 */
const CREATOR_WORDS = {
	resources: {
		contact: ['student', 'students', 'member', 'members', 'learner', 'learners', 'subscriber', 'subscribers'],
		customer: ['buyer', 'buyers', 'client', 'clients'],
		purchase: ['enrollment', 'enrollments', 'sale', 'sales'],
		order: ['checkout', 'checkouts'],
		transaction: ['charge', 'charges'],
		formSubmission: ['sign-up', 'sign-ups', 'signup', 'signups', 'opt-in', 'opt-ins', 'lead', 'leads'],
	},
	operations: {
		'contact:grantOffers': ['enroll student', 'give access'],
		'contact:grantOffersByEmail': ['enroll student by email'],
		'contact:revokeOffers': ['unenroll student', 'remove access'],
		'contact:upsert': ['add student', 'add lead'],
	},
	events: {
		newContact: ['new student', 'new member', 'new learner', 'new subscriber'],
		newCustomer: ['new buyer', 'new client'],
		newPurchase: ['new enrollment', 'new sale'],
		purchase: ['new enrollment', 'new sale'],
		newOrder: ['new checkout'],
		order_created: ['new checkout'],
		newTransaction: ['new charge'],
		payment_succeeded: ['new charge', 'payment received'],
		newFormSubmission: ['new sign-up', 'new signup', 'new opt-in', 'new lead'],
		form_submission: ['new sign-up', 'new signup', 'new opt-in', 'new lead'],
	},
};

/** The option list of a node's field, empty when the node has none. */
const optionsOf = (description, field) =>
	description.properties.filter((p) => p.name === field).flatMap((p) => p.options ?? []);

/**
 * Each resource of an action node: `{ name, plural, actions, creators }` in lower case, the plural
 * read from its Get Many option's action (n8n's "Get many <plural>"), undefined without one;
 * `actions` its operations' actions beyond the standard five and creators' words for them,
 * `creators` creators' words for its records (CREATOR_WORDS).
 */
function resourceWords(description) {
	const operations = description.properties.filter((p) => p.name === 'operation');
	return optionsOf(description, 'resource').map((resource) => {
		const options = operations
			.filter((p) => p.displayOptions?.show?.resource?.includes(resource.value))
			.flatMap((p) => p.options);
		const many = options.find((o) => o.value === 'getAll');
		return {
			name: resource.name.toLowerCase(),
			plural: many && /^Get many (.+)$/.exec(many.action)?.[1].toLowerCase(),
			actions: [
				...options.filter((o) => !STANDARD.includes(o.value)).map((o) => o.action.toLowerCase()),
				...options.flatMap((o) => CREATOR_WORDS.operations[`${resource.value}:${o.value}`] ?? []),
			],
			creators: CREATOR_WORDS.resources[resource.value] ?? [],
		};
	});
}

/**
 * The aliases a node's tables give (see the file's comment); `resources` are the action node's,
 * for a trigger's event that names one (the longest name it holds: "order item", not "order").
 */
function derivedAliases(description, resources) {
	const own = resourceWords(description);
	const trigger = description.group.includes('trigger');
	const events = (trigger ? optionsOf(description, 'event') : []).flatMap((event) => {
		const name = event.name.toLowerCase();
		const named = resources.filter((r) => new RegExp(`\\b${r.name}\\b`).test(name));
		const longest = named.filter((r) => !named.some((other) => other !== r && other.name.includes(r.name)));
		return [
			name,
			...longest.flatMap((r) => [r.name, r.plural, ...r.creators]),
			...(CREATOR_WORDS.events[event.value] ?? []),
		];
	});
	return [...own.flatMap((r) => [r.name, r.plural, ...r.actions, ...r.creators]), ...events].filter(Boolean);
}

/** Appends to each codex in dist/ the aliases of its node's tables, each once, keeping the order. */
function deriveAliases(done) {
	const nodes = builtNodes();
	const resources = nodes.flatMap((node) => resourceWords(node.description));
	for (const { file, codex, description } of nodes) {
		codex.alias = [...new Set([...(codex.alias || []), ...derivedAliases(description, resources)])];
		fs.writeFileSync(file, `${JSON.stringify(codex, null, '\t')}\n`);
	}
	done();
}

/**
 * For each codex in dist/ whose node is `<name>Trigger` while a node `<name>` exists (n8n's rule:
 * the node type with its first "Trigger" removed), appends the trigger's aliases to `<name>`'s,
 * each once, keeping the order.
 */
function mergeTriggerAliases(done) {
	const files = fs
		.readdirSync(DIST_NODES)
		.map((dir) => path.join(DIST_NODES, dir, `${dir}.node.json`))
		.filter((file) => fs.existsSync(file));
	const byNode = new Map(
		files.map((file) => {
			const codex = JSON.parse(fs.readFileSync(file, 'utf8'));
			return [codex.node, { file, codex }];
		}),
	);
	for (const [node, { codex }] of byNode) {
		const merged = byNode.get(node.replace('Trigger', ''));
		if (!node.includes('Trigger') || !merged || merged.codex === codex) continue;
		merged.codex.alias = [...new Set([...(merged.codex.alias || []), ...(codex.alias || [])])];
		fs.writeFileSync(merged.file, `${JSON.stringify(merged.codex, null, '\t')}\n`);
	}
	done();
}

exports['build:codex'] = series(copyCodex, deriveAliases, mergeTriggerAliases);
exports.default = exports['build:codex'];
/** The creators' vocabulary, for test/tools/builder-view.test.ts (gulp registers only exported functions as tasks). */
exports.CREATOR_WORDS = CREATOR_WORDS;
