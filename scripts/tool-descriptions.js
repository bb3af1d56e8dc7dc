'use strict';
/**
 * What a model sees of each operation of the Content Platform node used as an AI tool:
 * generates docs/ai-tools.md from the built node (dist/, `npm run build` first).
 *
 * For every resource × operation it builds the tool node a user would set up following
 * docs/ai-agents.md (the recommended `$fromAI()` setup, `recommendedParameters` below) and runs
 * n8n's own code on it, as n8n 2.41 does when it hands the tool to an agent or an MCP client
 * (n8n-core `createNodeAsTool`: the description from n8n-workflow's `getToolDescriptionForNode`,
 * "<operation action> in Content Platform" when the Tool Description is "Set Automatically"; the
 * input schema from the `$fromAI()` calls, turned into JSON Schema by @langchain/core's
 * `toJsonSchema`, as the OpenAI chat model node sends it).
 *
 *   npm run build && node scripts/tool-descriptions.js            # writes docs/ai-tools.md
 *   node scripts/tool-descriptions.js --check                     # exit 1 when the file is stale
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'docs', 'ai-tools.md');

const { ContentPlatform } = require(path.join(ROOT, 'dist/nodes/ContentPlatform/ContentPlatform.node.js'));
const {
	createNodeAsTool,
} = require('n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool.js');
const { toJsonSchema } = require('@langchain/core/utils/json_schema');

/** How many records a Get Many tool returns in the recommended setup (fixed, not from the model). */
const LIMIT = 10;

/** Whether a property is shown for this resource and operation (the node's own displayOptions). */
function shownFor(property, resource, operation) {
	const show = (property.displayOptions && property.displayOptions.show) || {};
	if (show.resource && !show.resource.includes(resource)) return false;
	if (show.operation && !show.operation.includes(operation)) return false;
	return !Object.keys(show).some((key) => !['resource', 'operation', '@tool'].includes(key));
}

/** A `$fromAI()` expression (the 4-argument form n8n documents). */
const fromAi = (key, description, type = 'string') =>
	`={{ $fromAI('${key}', '${description.replace(/'/g, "\\'")}', '${type}') }}`;

/** The lower-case noun of a resource locator's record, from its display name ("Contact" → "contact"). */
const noun = (property) => property.displayName.replace(/ (Name or )?ID$/, '').toLowerCase();

/**
 * Where the model finds a record's ID: "from <Resource> → Get Many" when the resource has a list
 * (every resource but Me), with the list's text filter when it has one.
 * @param lists The Get Many of each resource by its lower-case name: `{ name, search }`.
 */
function whereFrom(noun, lists) {
	const list = lists.get(noun);
	if (!list) return '';
	return `, from ${list.name} → Get Many${list.search ? ` (Filters → ${list.search})` : ''}`;
}

/**
 * The recommended tool parameters of one operation (docs/ai-agents.md):
 * - the record's resource locator (By ID) and the IDs list of a relationship write come from the
 *   model: `$fromAI('<field>', 'ID of the <record>, from <Resource> → Get Many')`, saying where
 *   the model finds the ID (`whereFrom`);
 * - other required fields come from the model with the field's own description;
 * - Get Many returns at most `LIMIT` records (not chosen by the model) and lets the model fill
 *   one filter: `search` where the list has it, else its first `<resource>_id` filter;
 * - destructive operations: the same, which the package refuses unless "Allow Model-Chosen
 *   Values" is on (ContentPlatform/builders/guards.ts); the table says so.
 * @returns {{ parameters: object, fromModel: string[] }}
 */
function recommendedParameters(properties, resource, operation, resources, lists) {
	const parameters = { descriptionType: 'auto', resource, operation };
	const fromModel = [];
	for (const property of properties) {
		if (['resource', 'operation'].includes(property.name) || !shownFor(property, resource, operation)) continue;
		if (property.type === 'resourceLocator' && property.required) {
			parameters[property.name] = {
				__rl: true,
				mode: 'id',
				value: fromAi(property.name, `ID of the ${noun(property)}${whereFrom(noun(property), lists)}`),
			};
			fromModel.push(property.name);
		} else if (property.type === 'multiOptions' && property.required && /Ids$/.test(property.name)) {
			const what = property.displayName.replace(/ Names or IDs$/, '').toLowerCase();
			const one = what.replace(/s$/, '');
			parameters[property.name] = fromAi(property.name, `IDs of the ${what}, comma-separated${whereFrom(one, lists)}`);
			fromModel.push(property.name);
		} else if (property.name === 'limit') {
			parameters.returnAll = false;
			parameters.limit = LIMIT;
		} else if (property.name === 'filters') {
			const names = property.options.map((o) => o.name);
			const pick =
				names.find((n) => n === 'search') ||
				names.find((n) => n !== 'site_id' && resources.includes(n.replace(/_id$/, '')) && n.endsWith('_id'));
			if (pick) {
				const filter = property.options.find((o) => o.name === pick);
				parameters.filters = { [pick]: fromAi(pick, filter.description) };
				fromModel.push(`filters.${pick}`);
			}
		} else if (property.required && ['string', 'number', 'boolean', 'options'].includes(property.type)) {
			const type = property.type === 'options' ? 'string' : property.type;
			parameters[property.name] = fromAi(property.name, property.description || property.displayName, type);
			fromModel.push(property.name);
		}
	}
	return { parameters, fromModel };
}

/** A Markdown table cell: pipes escaped, one line. */
const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The schema in one short line: `key: type (description)`, required keys marked. */
function schemaLine(schema) {
	const properties = Object.entries(schema.properties || {});
	if (!properties.length) return '(no input: the model calls it without arguments)';
	const required = new Set(schema.required || []);
	return properties
		.map(([key, p]) => `\`${key}\`${required.has(key) ? '' : '?'}: ${p.type} — ${p.description || ''}`)
		.join('<br>');
}

async function main() {
	const node = new ContentPlatform();
	const { properties, defaults } = node.description;
	const resourceProperty = properties.find((p) => p.name === 'resource');
	const resources = resourceProperty.options.map((o) => o.value);
	const { RESOURCES } = require(path.join(ROOT, 'dist/nodes/api/tables/registry.js'));
	/** Each resource's Get Many by its lower-case name, with the label of its text filter (`whereFrom`). */
	const lists = new Map();
	for (const table of RESOURCES) {
		if (!table.endpoints.some((e) => e.operation === 'getAll')) continue;
		const filters = properties.find((p) => p.name === 'filters' && shownFor(p, table.value, 'getAll'));
		const search = filters && filters.options.find((o) => o.name === (table.search && table.search.filter));
		lists.set(table.displayName.toLowerCase(), { name: table.displayName, search: search && search.displayName });
	}
	const rows = [];
	for (const resource of resourceProperty.options) {
		const operationProperty = properties.find(
			(p) => p.name === 'operation' && p.displayOptions.show.resource.includes(resource.value),
		);
		for (const operation of operationProperty.options) {
			const { parameters, fromModel } = recommendedParameters(
				properties,
				resource.value,
				operation.value,
				resources,
				lists,
			);
			const toolNode = {
				id: 'tool',
				name: `${resource.name} ${operation.name}`,
				type: 'n8n-nodes-content-platform.contentPlatformTool',
				typeVersion: 1,
				position: [0, 0],
				parameters,
			};
			const { response: tool } = createNodeAsTool({
				node: toolNode,
				nodeType: node,
				handleToolInvocation: async () => '',
			});
			const schema = toJsonSchema(tool.schema);
			const destructive = operation.description.endsWith('This cannot be undone.');
			// Collections of fields to write (Create's, Update Fields, Submission Fields): which of them
			// the model fills is the user's choice; the table says where.
			const fieldCollections = properties
				.filter(
					(p) => p.type === 'collection' && /Fields$/.test(p.name) && shownFor(p, resource.value, operation.value),
				)
				.map((p) => p.displayName);
			rows.push({
				resource: resource.name,
				operation: operation.name,
				description: tool.description,
				hint: operation.builderHint
					? `${operation.description.replace(/\.$/, '')}. ${operation.builderHint.propertyHint}`
					: '',
				fromModel,
				schema,
				destructive,
				fieldCollections,
			});
		}
	}
	const lines = [
		'# What a model sees of each operation (AI tools and MCP)',
		'',
		"Generated by `node scripts/tool-descriptions.js` from the built node with n8n's own code (n8n-core 2.41",
		"`createNodeAsTool`: n8n-workflow's `getToolDescriptionForNode` for the description, the `$fromAI()` calls for",
		"the input schema, @langchain/core's `toJsonSchema` for the JSON Schema the chat model node sends). `.ci/run`",
		'runs `node scripts/tool-descriptions.js --check`. Do not edit by hand.',
		'',
		`Tool name: the tool node's name on the canvas, with every run of characters other than letters, digits, \`_\``,
		'and `-` replaced by `_` (at most 64 characters): "Find contact" → `Find_contact`. Description: "Set',
		`Automatically" gives "<operation action> in ${defaults.name}", as below. Input schema: one key per`,
		"`$fromAI()` call in the tool node's fields, as recommended in [ai-agents.md](ai-agents.md): the record's",
		'ID and the IDs of a relationship write (each description says which Get Many finds them), required fields;',
		`Get Many returns at most ${LIMIT} records and lets the model fill one filter (\`search\`, else the list's first`,
		'`<resource>_id` filter). Every key is required. Destructive operations (⚠) refuse to run with `$fromAI()`',
		'fields unless the tool node\'s "Allow Model-Chosen Values" is on.',
		'',
		'Writes with optional fields (Create, Update, Submit): add `$fromAI()` to the fields of the named collection',
		'that the model should set; each becomes one more required key.',
		'',
		'## What a node can and cannot change',
		'',
		'"Set Automatically" is the same sentence for every node: n8n-workflow 2.41 `makeDescription`',
		'(`dist/cjs/node-helpers.js`, called by `getToolDescriptionForNode` when the Tool Description is "Set',
		'Automatically" or empty) returns `` `${action} in ${defaults.name}` ``, the operation option\'s `action` and the',
		"node's default name. What the package cannot change:",
		'',
		'- **The sentence\'s shape** and **the node\'s name in it** (`defaults.name`, "Content Platform", also the name a',
		'  new node gets on the canvas). `usableAsTool` may be `{ replacements }` (n8n-workflow `UsableAsToolDescription`:',
		"  `Partial<Omit<INodeTypeBaseDescription, 'usableAsTool'>>`, applied when n8n builds the tool twin: n8n 2.41",
		'  `dist/tool-generation/ai-tools.js` `createAiTools` and `dist/node-types.js`), but that type has no `defaults`',
		"  and nothing per operation: it replaces the whole description of the twin, not one operation's words.",
		"- **The `action` labels' wording**: the editor shows them as the node's actions in the nodes panel, and n8n's",
		'  lint rules (eslint-plugin-n8n-nodes-base: `node-param-operation-option-action-miscased`, sentence case;',
		'  `node-param-operation-option-action-wrong-for-get-many`, "Get many …") hold them to short labels. They stay',
		'  labels ("Get many contacts"), so what an operation returns and where its IDs come from cannot go there.',
		'- **What the model reads of the fields**: only the `$fromAI()` keys and their descriptions reach the input',
		"  schema (n8n-core `createNodeAsTool`); a field's own description and `builderHint` do not.",
		'',
		"What the package does instead: each operation's hint (the table's `hint`, the option's `builderHint`, shown",
		"below and to n8n's AI builders in [ai-builder.md](ai-builder.md)) says what it returns and where its IDs come",
		'from, ready to paste into **Set Manually**; and the recommended `$fromAI()` descriptions say which Get Many',
		'finds each ID, so the model reads it in the input schema whichever description is set.',
		'',
		'| Resource | Operation | Description the model sees (Set Automatically) | For Set Manually: what it does, where its IDs come from (description and hint) | Input schema (key: type — description) |',
		'| --- | --- | --- | --- | --- |',
		...rows.map(
			(r) =>
				`| ${cell(r.resource)} | ${cell(r.operation)}${r.destructive ? ' ⚠' : ''} | ${cell(r.description)} | ${cell(r.hint)} | ${cell(
					schemaLine(r.schema) +
						(r.fieldCollections.length
							? `<br>+ the model's fields of ${r.fieldCollections.map((c) => `**${c}**`).join(', ')}`
							: ''),
				)} |`,
		),
		'',
		`${rows.length} operations.`,
		'',
	];
	// Written as `prettier --write` leaves it (the repository's config), so format:check passes.
	const prettier = require('prettier');
	const text = await prettier.format(lines.join('\n'), {
		...(await prettier.resolveConfig(OUT)),
		parser: 'markdown',
	});
	if (process.argv.includes('--check')) {
		const current = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : '';
		if (current !== text) {
			process.stderr.write('docs/ai-tools.md is stale: run node scripts/tool-descriptions.js\n');
			process.exitCode = 1;
		}
		return;
	}
	fs.writeFileSync(OUT, text);
	process.stdout.write(`wrote ${path.relative(ROOT, OUT)}: ${rows.length} operations\n`);
}

main().catch((error) => {
	process.stderr.write(`${error.stack || error}\n`);
	process.exitCode = 1;
});
