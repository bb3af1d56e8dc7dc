/**
 * What n8n's AI builders read of the package (scripts/builder-view.js, docs/ai-builder.md), with
 * n8n's own code (`@n8n/ai-utilities` node-catalog) over n8n 2.41.1's nodes and the built nodes
 * (dist/, as CI builds before the tests): for each word creators use (courses, memberships, …,
 * customers) one of the package's nodes is in n8n's top 5; every node, resource and operation has
 * a hint; every related node is one of n8n's; no hint holds expression syntax or a connection
 * type. What creators ask (scripts/search-asks.json, ranked by scripts/search-asks.js): at least 60
 * asks, and the aliases the build derives from the tables (gulpfile.js) are what finds most of them.
 * The checks are shown to fail where they should: the nodes without their codex aliases
 * and description words drop out of the top 5 for "payments", and a hint with
 * expression syntax is reported.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the committed CommonJS script
const view = require('../../scripts/builder-view.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the committed CommonJS script
const asks = require('../../scripts/search-asks.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- n8n's package, CommonJS export
const { NodeTypeParser } = require('@n8n/ai-utilities/node-catalog');

type CatalogNode = { name: string; displayName: string; description: string; codex?: { alias?: string[] } } & Record<
	string,
	unknown
>;

const ours: CatalogNode[] = view.packageNodes();
const parser = new NodeTypeParser(view.catalog(ours));

describe("n8n's node search finds the package for what creators ask", () => {
	const searches: Array<{ query: string; ids: string[]; rank?: number }> = view.searchTop(parser);

	it.each(view.QUERIES as string[])('"%s": a package node in the top 5', (query) => {
		const found = searches.find((s) => s.query === query)!;
		expect(found.rank).toBeGreaterThanOrEqual(1);
		expect(found.rank).toBeLessThanOrEqual(5);
	});

	it('without their aliases and description words, no package node is found for "payments"', () => {
		const bare = ours.map((node) => ({ ...node, description: 'Content Platform API', codex: { alias: [] } }));
		const bareSearch: Array<{ query: string; rank?: number }> = view.searchTop(new NodeTypeParser(view.catalog(bare)));
		expect(bareSearch.find((s) => s.query === 'payments')!.rank).toBeUndefined();
	});
});

describe('what creators ask, in their words', () => {
	type Ranked = { ask: string; rank?: number };
	const ranked: Ranked[] = asks.rankAsks(parser, view.TOP);
	/** The codex aliases written by hand (nodes/<Node>/<Node>.node.json), without those the build derives. */
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- the committed codex files
	const handWritten = (dir: string): string[] => require(`../../nodes/${dir}/${dir}.node.json`).alias;
	const dirs = ['ContentPlatform', 'ContentPlatformTrigger', 'ContentPlatformWebhookTrigger'];

	it('at least 60 asks, none twice, each for the action node or a trigger', () => {
		const list: Array<{ ask: string; for: string }> = asks.ASKS;
		expect(list.length).toBeGreaterThanOrEqual(60);
		expect(new Set(list.map((a) => a.ask)).size).toBe(list.length);
		expect(list.filter((a) => !['action', 'trigger'].includes(a.for))).toEqual([]);
	});

	it("the build adds each resource, each action beyond n8n's standard five and each trigger event to the aliases", () => {
		const [action, polling, webhook] = ours;
		type Option = { name: string; value?: string; action?: string };
		const options = (node: CatalogNode, name: string): Option[] =>
			(node.properties as Array<{ name: string; options?: Option[] }>)
				.filter((p) => p.name === name)
				.flatMap((p) => p.options ?? []);
		const missing = (node: CatalogNode, words: string[]) =>
			words.map((w) => w.toLowerCase()).filter((w) => !node.codex!.alias!.includes(w));
		const standard = ['get', 'getAll', 'create', 'update', 'delete'];
		const special = options(action, 'operation').filter((o) => !standard.includes(o.value!));
		expect(special.length).toBeGreaterThan(20);
		expect(
			missing(
				action,
				options(action, 'resource').map((o) => o.name),
			),
		).toEqual([]);
		expect(
			missing(
				action,
				special.map((o) => o.action!),
			),
		).toEqual([]);
		expect(
			missing(
				polling,
				options(polling, 'event').map((o) => o.name),
			),
		).toEqual([]);
		expect(
			missing(
				webhook,
				options(webhook, 'event').map((o) => o.name),
			),
		).toEqual([]);
		expect(action.codex!.alias!).not.toContain('delete contact');
	});

	it("creators' words (gulpfile.js CREATOR_WORDS) each name a resource, operation or event the nodes have, and reach the aliases", () => {
		type Words = Record<'resources' | 'operations' | 'events', Record<string, string[]>>;
		// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's vocabulary table
		const words = require('../../gulpfile.js').CREATOR_WORDS as Words;
		const [action, polling, webhook] = ours;
		type Property = {
			name: string;
			options?: Array<{ value?: string }>;
			displayOptions?: { show?: { resource?: string[] } };
		};
		const properties = (node: CatalogNode) => node.properties as Property[];
		const values = (node: CatalogNode, name: string) =>
			properties(node)
				.filter((p) => p.name === name)
				.flatMap((p) => (p.options ?? []).map((o) => o.value));
		const operationsOf = (resource: string) =>
			properties(action)
				.filter((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource))
				.flatMap((p) => (p.options ?? []).map((o) => `${resource}:${o.value}`));
		const resources = values(action, 'resource');
		const operations = resources.flatMap((r) => operationsOf(r!));
		const events = [...values(polling, 'event'), ...values(webhook, 'event')];
		expect(Object.keys(words.resources).filter((r) => !resources.includes(r))).toEqual([]);
		expect(Object.keys(words.operations).filter((o) => !operations.includes(o))).toEqual([]);
		expect(Object.keys(words.events).filter((e) => !events.includes(e))).toEqual([]);
		const all = [...Object.values(words.resources), ...Object.values(words.operations)].flat();
		expect(all.length).toBeGreaterThan(30);
		expect(all.filter((w) => !action.codex!.alias!.includes(w))).toEqual([]);
		const onTriggers = new Set([...polling.codex!.alias!, ...webhook.codex!.alias!]);
		expect(
			Object.values(words.events)
				.flat()
				.filter((w) => !onTriggers.has(w)),
		).toEqual([]);
	});

	it('with the hand-written aliases only, fewer asks find their node than with the derived ones', () => {
		const handOnly = ours.map((node, i) => ({ ...node, codex: { alias: handWritten(dirs[i]) } }));
		const before: Ranked[] = asks.rankAsks(new NodeTypeParser(view.catalog(handOnly)), view.TOP);
		const found = (list: Ranked[]) => list.filter((r) => r.rank).length;
		expect(found(before)).toBeLessThan(found(ranked));
		expect(found(ranked) / ranked.length).toBeGreaterThanOrEqual(0.8);
	});
});

describe('hints: everywhere, and words for a model', () => {
	it('3/3 nodes, 23/23 resources and 73/73 operations carry a hint; every related node is in n8n', () => {
		const { problems, views } = view.render();
		expect(problems).toEqual([]);
		expect(views.map((v: { nodeHint: number }) => v.nodeHint)).toEqual([1, 1, 1]);
		expect(views[0].resources).toEqual({ hinted: 23, total: 23 });
		expect(views[0].operations).toEqual({ hinted: 73, total: 73 });
	});

	it('a hint with expression syntax or a connection type is reported', () => {
		const [action, ...rest] = ours;
		const bad = {
			...action,
			// eslint-disable-next-line @n8n/community-nodes/no-builder-hint-leakage -- the rule broken on purpose: the check must report it
			builderHint: { searchHint: 'Use {{ $json.email }} and connect it as ai_tool' },
		};
		const found: string[] = view.problems([bad, ...rest], parser, []);
		expect(found).toEqual(
			expect.arrayContaining([
				'Content Platform, searchHint: hint holds expression braces',
				'Content Platform, searchHint: hint holds an n8n expression variable',
				'Content Platform, searchHint: hint holds a connection type',
			]),
		);
	});
});
