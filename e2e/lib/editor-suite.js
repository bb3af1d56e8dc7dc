'use strict';
/**
 * What the editor suite (e2e/editor.js) works with: its limits, the nodes, credentials and
 * workflows it opens, and what the built node (dist/) promises the editor shows.
 */
const fs = require('node:fs');
const path = require('node:path');

const { API_CREDENTIAL, ROOT } = require('./stack');
const { workflow, rl } = require('../run');

const SCREENSHOTS = path.join(ROOT, 'docs', 'screenshots');
const FAILURES = path.join(ROOT, 'e2e', '.work', 'editor');
/** The browser window (and so every screenshot): 1400×900 CSS pixels. */
const VIEWPORT = { width: 1400, height: 900 };
/**
 * Longest wait for one step: generous, since CI has 2 cores and may be loaded (steps of a second
 * took 30 s under a load average of 25); a passing step waits only as long as the step takes.
 */
const STEP_TIMEOUT_MS = 90000;
/**
 * Longest wait for each field, notice or description the fields check expects: shorter than a
 * step's, since a missing field costs this much (the fields of an operation render together,
 * the first one awaited with STEP_TIMEOUT_MS).
 */
const FIELD_TIMEOUT_MS = 30000;
/** Longest wait for a page load (n8n's editor is some megabytes of scripts). */
const NAVIGATION_TIMEOUT_MS = 180000;

const PACKAGE = 'n8n-nodes-content-platform';
const NODES = {
	action: { type: `${PACKAGE}.contentPlatform`, dir: 'ContentPlatform' },
	trigger: { type: `${PACKAGE}.contentPlatformTrigger`, dir: 'ContentPlatformTrigger' },
	webhook: { type: `${PACKAGE}.contentPlatformWebhookTrigger`, dir: 'ContentPlatformWebhookTrigger' },
};
const CREDENTIALS = {
	api: API_CREDENTIAL,
	wrong: { id: 'edWrongToken0001', name: 'Wrong token' },
	oauth: { id: 'edOAuth2Cred0001', name: 'OAuth2' },
};
const WORKFLOWS = {
	action: { id: 'edActionNode0001', node: 'Content Platform' },
	error: { id: 'edNotFound000001', node: 'Get order' },
	poll: { id: 'edPollTrigger001', node: 'New order' },
	hook: { id: 'edHookTrigger001', node: 'On tag added', webhookId: '3b7c2a4e-5f60-4d1a-9e8b-7c6d5e4f3a21' },
};
/** An order ID the sandbox does not have (the 404 check). */
const MISSING_ORDER = '999999';

/* ------------------------------------------------------------------ what the built node describes */

/** The built node's description (dist/), and the codex file of each node. */
function builtNodes() {
	const load = ({ dir }) => {
		const file = path.join(ROOT, 'dist', 'nodes', dir, `${dir}.node.js`);
		const exported = require(file);
		const Node = Object.values(exported).find((v) => typeof v === 'function');
		const codex = JSON.parse(fs.readFileSync(path.join(ROOT, 'nodes', dir, `${dir}.node.json`), 'utf8'));
		return { description: new Node().description, codex };
	};
	return Object.fromEntries(Object.entries(NODES).map(([key, node]) => [key, load(node)]));
}

/**
 * Whether a property shows for these parameter values (its displayOptions' show/hide). Of n8n's
 * own conditions (`@…`) only those in `values` count: `@tool` is false, the node in the editor is
 * not an AI tool (`@tool: [true]` fields show only in the tool's panel).
 */
function shows(property, values) {
	const { show = {}, hide = {} } = property.displayOptions || {};
	const known = (name) => !name.startsWith('@') || name in values;
	for (const [name, allowed] of Object.entries(show)) {
		if (known(name) && !allowed.includes(values[name])) return false;
	}
	for (const [name, refused] of Object.entries(hide)) {
		if (known(name) && refused.includes(values[name])) return false;
	}
	return true;
}

/** Plain words of a description (HTML tags and markdown links removed), for finding it on screen. */
function plain(text) {
	return String(text)
		.replace(/<[^>]+>/g, '')
		.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
		.replace(/\s+/g, ' ')
		.trim();
}

/**
 * What the action node's description promises the editor shows: per resource its operations,
 * the fields (and descriptions) of one operation, and every From List picker and loaded list.
 */
function actionNodeExpectations(description) {
	const props = description.properties;
	const defaults = { ...Object.fromEntries(props.map((p) => [p.name, p.default])), '@tool': false };
	const resourceProp = props.find((p) => p.name === 'resource');
	const resources = resourceProp.options.map((resource) => {
		const values = { ...defaults, resource: resource.value };
		const operationProp = props.find((p) => p.name === 'operation' && shows(p, values));
		const operations = operationProp.options;
		// The fields of the resource's first operation, as the user sees them after choosing it.
		const operation = operations[0];
		const opValues = { ...values, operation: operation.value };
		const fields = props
			.filter((p) => !['authentication', 'resource', 'operation'].includes(p.name) && shows(p, opValues))
			.filter((p) => p.type !== 'hidden');
		return { resource, operations, operation, fields };
	});
	// One picker per list search method (several operations share one), with where it shows.
	const pickers = [];
	const seen = new Set();
	const lists = [];
	for (const p of props) {
		const list = p.type === 'resourceLocator' && p.modes.find((m) => m.name === 'list');
		if (list && !seen.has(list.typeOptions.searchListMethod)) {
			seen.add(list.typeOptions.searchListMethod);
			pickers.push({ property: p, mode: list, where: where(p, resources) });
		}
		const method = p.typeOptions?.loadOptionsMethod;
		if (method && !seen.has(method)) {
			seen.add(method);
			lists.push({ property: p, where: where(p, resources) });
		}
	}
	return { resources, pickers, lists };
}

/** The resource and operation (display names and values) under which a property shows. */
function where(property, resources) {
	const r = property.displayOptions.show.resource[0];
	const o = property.displayOptions.show.operation[0];
	const resource = resources.find((x) => x.resource.value === r);
	return { resource: resource.resource, operation: resource.operations.find((op) => op.value === o) };
}

/* ------------------------------------------------------------------ the workflows the suite opens */

/** A workflow of one trigger node (`key` of WORKFLOWS, node type, parameters, more node fields). */
function triggerWorkflow(key, name, type, parameters, extra = {}) {
	const { id, node } = WORKFLOWS[key];
	return {
		id,
		name,
		nodes: [
			{
				id: `${id}-node`,
				name: node,
				type,
				typeVersion: 1,
				position: [0, 0],
				parameters,
				credentials: { contentPlatformApi: API_CREDENTIAL },
				...extra,
			},
		],
		connections: {},
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/** The suite's workflows: Manual Trigger → one node (run.js's builder), and one per trigger. */
function suiteWorkflows() {
	return [
		workflow(WORKFLOWS.action.id, 'editor: action node', [
			{ name: WORKFLOWS.action.node, parameters: { resource: 'order', operation: 'getAll', limit: 5 } },
		]),
		workflow(WORKFLOWS.error.id, 'editor: a missing order', [
			{ name: WORKFLOWS.error.node, parameters: { resource: 'order', operation: 'get', orderId: rl(MISSING_ORDER) } },
		]),
		triggerWorkflow('poll', 'editor: polling trigger', NODES.trigger.type, {
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			event: 'newOrder',
		}),
		triggerWorkflow(
			'hook',
			'editor: webhook trigger',
			NODES.webhook.type,
			{ event: 'tag_added', siteId: '1' },
			{ webhookId: WORKFLOWS.hook.webhookId },
		),
	];
}

module.exports = {
	SCREENSHOTS,
	FAILURES,
	VIEWPORT,
	STEP_TIMEOUT_MS,
	FIELD_TIMEOUT_MS,
	NAVIGATION_TIMEOUT_MS,
	NODES,
	CREDENTIALS,
	WORKFLOWS,
	MISSING_ORDER,
	builtNodes,
	plain,
	actionNodeExpectations,
	suiteWorkflows,
};
