'use strict';
/**
 * `npm run test:e2e:editor`: the package in n8n's editor, in a real browser (issue 26). Headless
 * Chromium (Debian's package, installed by e2e/lib/chromium.js when missing) driven by
 * playwright-core, against a real n8n (e2e/lib/stack.js: the sandbox API on 127.0.0.1, the package
 * installed as a community package) on every pinned runtime (n8n 2.41.1 and 1.123.81; `--n8n 2.x`
 * or E2E_N8N for one). What a user does, checked where it happens:
 *
 * 1. the nodes panel finds the three nodes by "Content Platform" and by every alias of the codex
 *    files (nodes/∗/∗.node.json);
 * 2. the action node: each resource shows its operations; one operation per resource shows its
 *    fields with their descriptions; every "From List" picker lists sandbox records, its search
 *    narrows them, choosing one fills the ID; the tags list loads; Contact → Create's resource
 *    mapper shows the custom fields of the chosen site by their titles; "Execute step" shows the
 *    items, Simplify on and off;
 * 3. the credential dialog: Test with the right token passes, a wrong token shows the credential's
 *    message, the OAuth2 credential's Test obtains a token;
 * 4. the polling trigger's "Fetch Test Event" shows the newest record; the webhook trigger's
 *    "Listen for test event" registers a test hook, a delivery shows the item, the hook is gone after;
 * 5. a 404 shows the server's words and the package's message in the error panel.
 *
 * The expected resources, operations, fields, pickers and lists are read from the built node's
 * description (dist/), the custom fields' titles from the sandbox's records, never written here a
 * second time. Screenshots of the main moments go to docs/screenshots/ (n8n 2.x only, 1400×900);
 * a failing check leaves a screenshot and a Playwright trace (`npx playwright-core show-trace
 * <file>`) in e2e/.work/editor/. Prints one line per check
 * with its duration, a summary per version, and closes with "N passed, M failed" (exit 1 on failure).
 */
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const { startStack, API_CREDENTIAL, ROOT } = require('./lib/stack');
const { ensureChromium, launchChromium } = require('./lib/chromium');
const { waitFor } = require('./lib/wait');
const ui = require('./lib/editor-ui');
const { OAUTH, workflow, rl, selectedRuntimes, onEachRuntime } = require('./run');

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

/* ------------------------------------------------------------------ reporting */

const results = [];
let currentVersion;

function failureName(title) {
	return `${currentVersion}-${title.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`.replace(/-+$/, '');
}

/**
 * Runs one check: a Playwright trace chunk is recorded while it runs and kept, with a screenshot,
 * in e2e/.work/editor/ when it fails. Prints "✓/✗ title (N.N s)".
 */
function checker(context, page) {
	return async (title, fn) => {
		const t0 = Date.now();
		await context.tracing.startChunk({ title });
		try {
			await fn();
			await context.tracing.stopChunk();
			const ms = Date.now() - t0;
			results.push({ version: currentVersion, title, ok: true, ms });
			process.stdout.write(`✓ ${title} (${(ms / 1000).toFixed(1)} s)\n`);
		} catch (error) {
			const ms = Date.now() - t0;
			fs.mkdirSync(FAILURES, { recursive: true });
			const base = path.join(FAILURES, failureName(title));
			await page.screenshot({ path: `${base}.png` }).catch(() => undefined);
			await context.tracing.stopChunk({ path: `${base}.trace.zip` }).catch(() => undefined);
			results.push({ version: currentVersion, title, ok: false, ms });
			process.stdout.write(
				`✗ ${title} (${(ms / 1000).toFixed(1)} s)\n  ${String(error && error.stack ? error.stack : error)
					.split('\n')
					.slice(0, 8)
					.join('\n  ')}\n  screenshot and trace: ${path.relative(ROOT, base)}.{png,trace.zip}\n`,
			);
		}
	};
}

/* ------------------------------------------------------------------ the suite on one runtime */

/**
 * The sandbox, a started n8n with the suite's credentials and workflows, and a browser page
 * (1400×900) with n8n's test ids and a running Playwright trace. `close()` stops all three.
 */
async function startEditorStack(runtime) {
	const { sandbox, n8n } = await startStack({
		name: `editor-${runtime.id}`,
		oauth: OAUTH,
		runtime: runtime.id,
		credentials: (sandbox) => [
			{
				...CREDENTIALS.wrong,
				type: 'contentPlatformApi',
				data: { baseUrl: sandbox.url, accessToken: 'not-the-token' },
			},
			{ ...CREDENTIALS.oauth, type: 'contentPlatformOAuth2Api', data: { baseUrl: `${sandbox.url}/`, ...OAUTH } },
		],
		workflows: suiteWorkflows(),
	});
	let browser;
	const close = async () => {
		if (browser) await browser.close();
		await n8n.cleanup().catch(() => undefined);
		await sandbox.close();
	};
	try {
		await n8n.start();
		browser = await launchChromium({ viewport: VIEWPORT });
		const { context } = browser;
		ui.useN8nTestIds(require('playwright-core'));
		context.setDefaultTimeout(STEP_TIMEOUT_MS);
		context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
		await context.tracing.start({ screenshots: true, snapshots: true });
		const page = context.pages()[0] || (await context.newPage());
		// a page left with unsaved changes asks first (beforeunload): leave
		page.on('dialog', (dialog) => dialog.accept().catch(() => undefined));
		return { sandbox, n8n, context, page, close };
	} catch (error) {
		await close();
		throw error;
	}
}

/** Every check on one n8n runtime (an entry of e2e/lib/runtime.js's listRuntimes()). */
async function main(runtime) {
	const nodes = builtNodes();
	const action = actionNodeExpectations(nodes.action.description);
	const { sandbox, n8n, context, page, close } = await startEditorStack(runtime);
	try {
		const check = checker(context, page);
		const shot = async (name) => {
			if (runtime.id !== '2.x') return;
			await closeNotifications(page);
			fs.mkdirSync(SCREENSHOTS, { recursive: true });
			await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' });
		};
		const env = { page, n8n, sandbox, nodes, action, check, shot };
		await check('sign in through the sign-in form', () => ui.signIn(page, n8n));
		for (const [section, checks] of Object.entries(SECTIONS)) if (selected(section)) await checks(env);
	} finally {
		await close();
	}
}

/**
 * Closes n8n's toasts ("Node executed successfully", …) so that a screenshot shows the moment,
 * not the notices of the steps before it; waits until none is shown.
 */
async function closeNotifications(page) {
	const toasts = page.locator('.el-notification:visible');
	await waitFor(
		async () => {
			const close = toasts.locator('.el-notification__closeBtn');
			if ((await close.count()) > 0)
				await close
					.first()
					.click({ timeout: 5000 })
					.catch(() => undefined);
			return (await toasts.count()) === 0;
		},
		STEP_TIMEOUT_MS,
		'the toasts closed',
	);
}

/* ------------------------------------------------------------------ 1. the nodes panel */

/**
 * The node type of a node's entry in the nodes panel: n8n shows `<name>Trigger` inside the entry
 * of `<name>` when that node exists (its Triggers list), else as an entry of its own.
 */
function panelEntry(type) {
	const merged = type.replace('Trigger', '');
	return Object.values(NODES).some((n) => n.type === merged) ? merged : type;
}

/** Escape until the nodes panel is closed (each Escape leaves one level of it). */
async function closeNodesPanel(page) {
	await waitFor(
		async () => {
			if (!(await page.getByTestId('node-creator').isVisible())) return true;
			await page.keyboard.press('Escape');
			return false;
		},
		STEP_TIMEOUT_MS,
		'the nodes panel closed',
	);
}

async function nodesPanelChecks({ page, n8n, nodes, check, shot }) {
	const creator = page.getByTestId('node-creator');
	/** The node types of the entries listed for `text` (each entry's keyboard id is "<type>-<uuid>"). */
	const search = async (text, wanted) => {
		await page.getByTestId('node-creator-search-bar').fill(text);
		const entries = creator.getByTestId('item-iterator-item');
		const types = async () =>
			(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-keyboard-nav-id') || ''))).map((id) =>
				id.replace(/-[0-9a-f]{8}-[0-9a-f-]{27}$/, ''),
			);
		// the list follows the typing: wait until it holds what is wanted (or give the last list)
		return await waitFor(
			async () => {
				const now = await types();
				return wanted.every((t) => now.includes(t)) ? now : undefined;
			},
			STEP_TIMEOUT_MS,
			`${wanted.join(', ')} listed for "${text}"`,
		).catch(types);
	};
	await check('nodes panel: "Content Platform" finds the three nodes', async () => {
		await ui.newWorkflow(page, n8n);
		await page.getByTestId('canvas-plus-button').click();
		const wanted = [...new Set(Object.values(NODES).map((n) => panelEntry(n.type)))];
		const found = await search('Content Platform', wanted);
		assert.deepEqual(
			wanted.filter((t) => !found.includes(t)),
			[],
			`entries listed: ${found.join(', ')}`,
		);
		await shot('nodes-panel');
		// the polling trigger is inside the "Content Platform" entry: its Triggers list
		await creator.locator(`[data-keyboard-nav-id^="${NODES.action.type}-"]`).first().click();
		await creator.locator(`[data-keyboard-nav-id^="${NODES.trigger.type}-"]`).first().waitFor();
		await closeNodesPanel(page);
	});
	const aliases = [];
	for (const [key, node] of Object.entries(nodes))
		for (const alias of node.codex.alias) aliases.push({ alias, node: NODES[key].type });
	await check(`nodes panel: each of the ${aliases.length} aliases of the codex files finds its node`, async () => {
		if (!(await page.getByTestId('canvas-plus-button').isVisible())) await ui.newWorkflow(page, n8n);
		await page.getByTestId('canvas-plus-button').click();
		const missing = [];
		for (const { alias, node } of aliases) {
			const found = await search(alias, [panelEntry(node)]);
			if (!found.includes(panelEntry(node))) missing.push(`"${alias}" → ${node} (listed: ${found.join(', ')})`);
		}
		assert.deepEqual(missing, [], 'aliases whose search does not list the node');
		await closeNodesPanel(page);
	});
}

/* ------------------------------------------------------------------ 2. the action node */

async function actionNodeChecks({ page, n8n, sandbox, action, check, shot }) {
	const open = () => ui.openWorkflow(page, n8n, WORKFLOWS.action.id, WORKFLOWS.action.node);
	await check(`action node: each of the ${action.resources.length} resources shows its operations`, async () => {
		await open();
		const wrong = [];
		for (const { resource, operations } of action.resources) {
			await ui.selectOption(page, 'resource', resource.name);
			const shown = await ui.optionNames(page, 'operation');
			const expected = [...operations.map((o) => o.name), ui.CUSTOM_API_CALL];
			if (JSON.stringify(shown) !== JSON.stringify(expected))
				wrong.push(`${resource.name}: shown ${shown.join(', ')}; expected ${expected.join(', ')}`);
		}
		assert.deepEqual(wrong, []);
	});
	await check('action node: one operation per resource shows its fields, with their descriptions', async () => {
		const wrong = [];
		for (const { resource, operation, fields } of action.resources) {
			await ui.selectOption(page, 'resource', resource.name);
			await ui.selectOption(page, 'operation', operation.name);
			for (const field of fields) {
				const problem = await fieldProblem(page, field);
				if (problem) wrong.push(`${resource.name} / ${operation.name} / ${field.displayName}: ${problem}`);
			}
			if (resource.value === 'order') await shot('operation-fields');
		}
		assert.deepEqual(wrong, []);
	});
	for (const picker of action.pickers) {
		const { resource, operation } = picker.where;
		await check(
			`action node: "${picker.property.displayName}" From List lists, searches and fills the ID (${resource.name} / ${operation.name})`,
			async () => {
				await ui.selectOption(page, 'resource', resource.name);
				await ui.selectOption(page, 'operation', operation.name);
				const pick = () => pickFromList(page, sandbox, picker, resource.value === 'order' ? shot : undefined);
				await (locatorType(picker.property) === 'hooks' ? withHooks(sandbox, pick) : pick());
			},
		);
	}
	for (const list of action.lists) {
		const { resource, operation } = list.where;
		await check(
			`action node: the "${list.property.displayName}" list loads the sandbox's records (${resource.name} / ${operation.name})`,
			async () => {
				await ui.selectOption(page, 'resource', resource.name);
				await ui.selectOption(page, 'operation', operation.name);
				const options = await ui.openSelect(ui.parameter(page, list.property.name));
				const shown = await ui.optionTexts(options);
				await ui.closeSelect(page, options);
				const ids = shown.map((t) => (/\(([^()]+)\)$/.exec(t) || [])[1]).sort();
				const type = listType(list.property, action.pickers);
				const expected = listedRecords(sandbox, type)
					.map((r) => String(r.id))
					.sort();
				assert.deepEqual(ids, expected, `the ${type} of the sandbox, as "label (ID)": ${shown.join(', ')}`);
			},
		);
	}
	await check("action node: Contact → Create shows the account's custom fields by their titles (resource mapper)", () =>
		customFieldsCheck(page, sandbox, action),
	);
	await check('action node: "Execute step" shows the items in the output panel, Simplify on and off', async () => {
		await ui.selectOption(page, 'resource', 'Order');
		await ui.selectOption(page, 'operation', 'Get Many');
		const limit = ui.parameter(page, 'limit').locator('input');
		await limit.fill('3');
		await limit.press('Tab');
		const simplify = ui.parameter(page, 'simple').locator('.el-switch, [role=switch]').first();
		// the output table's columns are the items' top-level keys
		const columns = page.getByTestId('output-panel').getByTestId('ndv-data-container').locator('table thead th');
		/** Runs the step and waits for 3 items whose columns have `has` and lack `lacks`. */
		const execute = async (has, lacks) => {
			await page.getByTestId('node-execute-button').first().click();
			await waitFor(
				async () => {
					if ((await ui.outputItemCount(page)) !== 3) return false;
					const names = (await columns.allInnerTexts()).map((t) => t.trim());
					return names.includes(has) && !names.includes(lacks);
				},
				STEP_TIMEOUT_MS,
				`3 items with a column ${has} and none ${lacks}`,
			);
		};
		await setSwitch(simplify, true);
		await execute('order_number', 'attributes');
		await shot('execute-step');
		await setSwitch(simplify, false);
		await execute('attributes', 'order_number');
		await setSwitch(simplify, true);
	});
}

/**
 * The sandbox's custom fields of a site (their titles, sorted), as GET /v1/custom_fields answers
 * them: the store's records (test/sandbox/section9.js seeds them), never written here again.
 */
function customFieldTitles(sandbox, siteId) {
	return (sandbox.store.custom_fields || [])
		.filter((r) => String(r.relationships.site?.data?.id) === String(siteId))
		.map((r) => r.attributes.title)
		.sort();
}

/**
 * Contact → Create's "Custom Fields" (a resource mapper, shared/customFields.ts): with a site
 * chosen by ID, n8n asks the node's `customFields` method again and shows one field per custom
 * field of that site, labelled with its title; a site without custom fields shows the plain
 * attributes (as many as the mapper's `custom_N`), none labelled with a custom field's title.
 * Sites 1 and 2 of the sandbox have custom fields; when every site has some, a site is added.
 */
async function customFieldsCheck(page, sandbox, action) {
	const contact = action.resources.find((r) => r.resource.value === 'contact');
	const create = contact.operations.find((o) => o.value === 'create');
	await ui.selectOption(page, 'resource', contact.resource.name);
	await ui.selectOption(page, 'operation', create.name);
	const mapper = page.getByTestId('ndv').getByTestId('resource-mapper-container');
	await mapper.waitFor();
	// n8n renders each mapped field as a parameter item with its input label (whose first line is
	// the field's name, then " *" when required); n8n 1.x adds a Fixed/Expression toggle of
	// <label>s to each item, so only the input label's own <label class="n8n-input-label"> counts
	const labels = mapper.getByTestId('mapping-fields-container').locator('.parameter-item label.n8n-input-label');
	const shownTitles = async () =>
		(await labels.allInnerTexts()).map((t) => t.replace(/\*/g, '').split('\n')[0].trim()).sort();
	const site = ui.parameter(page, 'siteId');
	const chooseSite = async (id) => {
		await ui.chooseIn(site.getByTestId('rlc-mode-selector'), 'By ID');
		const input = site.locator('input[data-test-id="rlc-input"], [data-test-id="rlc-input"] input').first();
		await input.fill(id);
		await input.press('Tab');
	};
	/** Chooses the site and waits until the mapper's fields are `expected` (sorted labels). */
	const expectFields = async (id, expected, what) => {
		await chooseSite(id);
		let shown = [];
		await waitFor(
			async () => {
				shown = await shownTitles();
				return typeof expected === 'function' ? expected(shown) : shown.join('|') === expected.join('|');
			},
			STEP_TIMEOUT_MS,
			`site ${id}: ${what}`,
		).catch((error) => {
			throw new Error(`${error.message}; shown: ${shown.join(', ') || 'none'}`);
		});
	};
	const siteIds = sandbox.store.sites.map((s) => String(s.id));
	const withFields = siteIds.filter((id) => customFieldTitles(sandbox, id).length > 0);
	assert.ok(withFields.includes('1'), 'site 1 of the sandbox has custom fields');
	const titles = customFieldTitles(sandbox, '1');
	await expectFields('1', titles, titles.join(', '));
	const allTitles = new Set(withFields.flatMap((id) => customFieldTitles(sandbox, id)));
	const without = siteIds.find((id) => !withFields.includes(id)) || String(sandbox.insert('sites', {}).id);
	const { CUSTOM_ATTRIBUTES } = require(
		path.join(ROOT, 'dist', 'nodes', 'ContentPlatform', 'shared', 'customFields.js'),
	);
	await expectFields(
		without,
		(shown) => shown.length === CUSTOM_ATTRIBUTES.length && !shown.some((t) => allTitles.has(t)),
		`${CUSTOM_ATTRIBUTES.length} plain attributes, no custom field's title`,
	);
}

/** Turns an Element Plus switch on or off (a click when it is not yet so) and waits until it is. */
async function setSwitch(element, on) {
	const state = async () =>
		(await element.getAttribute('aria-checked')) === 'true' ||
		(await element.evaluate((e) => e.classList.contains('is-checked')));
	if ((await state()) !== on) await element.click();
	await waitFor(async () => (await state()) === on, STEP_TIMEOUT_MS, `the switch ${on ? 'on' : 'off'}`);
}

/** What is wrong with one field on screen (undefined: it shows, with its description on hover). */
async function fieldProblem(page, field) {
	const ndv = page.getByTestId('ndv');
	const shown = (locator) =>
		locator.waitFor({ timeout: FIELD_TIMEOUT_MS }).then(
			() => true,
			() => false,
		);
	if (field.type === 'notice')
		return (await shown(ndv.getByText(plain(field.displayName).slice(0, 40)).first())) ? undefined : 'notice not shown';
	const label = ndv
		.getByTestId('input-label')
		.filter({ has: page.locator('label').getByText(field.displayName, { exact: true }) })
		.first();
	if (!(await shown(label))) return 'not shown';
	if (!field.description) return undefined;
	await label.hover();
	await label
		.locator('[class*="infoIcon"]')
		.first()
		.hover({ timeout: FIELD_TIMEOUT_MS })
		.catch(() => undefined);
	const words = plain(field.description).slice(0, 40);
	const ok = await shown(page.getByText(words).filter({ visible: true }).first());
	await page.mouse.move(0, 0);
	return ok ? undefined : `description "${words}…" not shown on hover`;
}

/** The JSON:API type of a resource locator's records (from its "By URL" mode: …/v1/<type>/<id>). */
function locatorType(property) {
	const url = property.modes.find((m) => m.name === 'url');
	return /\/v1\/([a-z_]+)\//.exec(url.extractValue.regex)[1];
}

/**
 * The JSON:API type an IDs list loads: `list<Name>s` lists the records that the picker with
 * `search<Name>s` picks (both named after the resource, shared/builders).
 */
function listType(property, pickers) {
	const search = property.typeOptions.loadOptionsMethod.replace(/^list/, 'search');
	return locatorType(pickers.find((p) => p.mode.typeOptions.searchListMethod === search).property);
}

/**
 * Opens a From List picker: it lists the sandbox's records of its type (up to a page of 50);
 * typing narrows the list (searchable pickers ask the API with the text; a picker whose list
 * endpoint has no text filter has no search box); choosing a record shows its name, and "By ID"
 * then holds that record's ID.
 */
async function pickFromList(page, sandbox, picker, shot) {
	const type = locatorType(picker.property);
	const records = listedRecords(sandbox, type);
	const param = ui.parameter(page, picker.property.name);
	const chooseMode = (name) => ui.chooseIn(param.getByTestId('rlc-mode-selector'), name);
	await chooseMode(picker.mode.displayName);
	await param.getByTestId('rlc-input').click();
	const items = page.getByTestId('rlc-item');
	const expected = Math.min(50, records.length);
	await waitFor(async () => (await items.count()) === expected, STEP_TIMEOUT_MS, `${expected} ${type} listed`);
	const listed = (await items.allInnerTexts()).map((t) => t.trim());
	if (shot) await shot('picker');
	// n8n puts the test id on the search input itself (2.41) or on its wrapper
	const search = page.locator('input[data-test-id="rlc-search"], [data-test-id="rlc-search"] input').first();
	let choice = items.first();
	if (picker.mode.typeOptions.searchable) {
		// a word of the last record's name that not every record's name has
		// (the first part of a label is the searched attribute: name, title)
		const words = listed[listed.length - 1]
			.split(' · ')[0]
			.split(/[\s@.#,]+/)
			.filter((w) => w.length >= 3);
		const term = words.find((w) => listed.some((l) => !l.toLowerCase().includes(w.toLowerCase()))) || words[0];
		await search.fill(term);
		await waitFor(
			async () => {
				const now = (await items.allInnerTexts()).map((t) => t.trim());
				return (
					now.length > 0 && now.length < listed.length && now.every((t) => t.toLowerCase().includes(term.toLowerCase()))
				);
			},
			STEP_TIMEOUT_MS,
			`the list narrowed to "${term}"`,
		);
	} else {
		assert.equal(await page.getByTestId('rlc-search').count(), 0, 'no search box (the list has no text filter)');
		// the last record of the first page, by its position: scrolling to it may load the next
		// page, after which `items.last()` would be another record
		choice = items.nth(listed.length - 1);
	}
	const chosen = (await choice.innerText()).trim();
	await choice.click();
	const shownName = param.locator('input[data-test-id="rlc-input"], [data-test-id="rlc-input"] input').first();
	await waitFor(
		async () => {
			const value = await shownName.inputValue();
			return value !== '' && chosen.includes(value);
		},
		STEP_TIMEOUT_MS,
		`the picker showing "${chosen}"`,
	);
	await chooseMode('By ID');
	const id = await param
		.locator('input[data-test-id="rlc-input"], [data-test-id="rlc-input"] input')
		.first()
		.inputValue();
	assert.ok(
		records.some((r) => String(r.id) === id),
		`"By ID" holds ${JSON.stringify(id)}, the ID of one of the sandbox's ${type}`,
	);
}

/**
 * The sandbox's records of a JSON:API type that its list endpoint answers with: the registered
 * hooks for `hooks`, else the store's records but archived ones (tags: the supplement's
 * "archived-promo" is never listed).
 */
function listedRecords(sandbox, type) {
	if (type === 'hooks') return sandbox.hooks;
	return (sandbox.store[type] || []).filter((r) => !r.archived);
}

/**
 * Runs `fn` with two hooks registered at the sandbox (through its API, as any client would: the
 * Hook picker needs records to list), deleting them after. Their events are ones no other check
 * delivers, their targets a closed port.
 */
async function withHooks(sandbox, fn) {
	const call = (method, urlPath, body) =>
		fetch(`${sandbox.url}${urlPath}`, {
			method,
			headers: { Authorization: `Bearer ${sandbox.token}`, 'Content-Type': 'application/vnd.api+json' },
			body: body && JSON.stringify(body),
		});
	const ids = [];
	try {
		for (const event of ['purchase', 'form_submission']) {
			const response = await call('POST', '/v1/hooks', {
				data: {
					type: 'hooks',
					attributes: { event, target_url: `http://127.0.0.1:9/editor-suite/${event}` },
					relationships: { site: { data: { type: 'sites', id: '1' } } },
				},
			});
			assert.equal(response.status, 201, `POST /v1/hooks (${event})`);
			ids.push((await response.json()).data.id);
		}
		return await fn();
	} finally {
		for (const id of ids) await call('DELETE', `/v1/hooks/${id}`);
	}
}

/* ------------------------------------------------------------------ 3. the credential dialog */

async function credentialChecks({ page, n8n, sandbox, check, shot }) {
	const open = async (credential) => {
		const dialog = page.getByTestId('credential-edit-dialog');
		// one dialog at a time: close the last one first
		if (await dialog.isVisible()) {
			await page.keyboard.press('Escape');
			await dialog.waitFor({ state: 'hidden' });
		}
		await ui.navigate(page, n8n, `/home/credentials/${credential.id}`, dialog);
		return dialog;
	};
	// n8n tests a saved credential when its dialog opens; "Retry" tests it again
	// (once the first test is over, its banner shows "Retry"; then the sandbox's requests are
	// cleared and the new test's answer awaited, so that nothing of the first test is read)
	const retest = async (dialog) => {
		await dialog.getByRole('button', { name: 'Retry', exact: true }).first().waitFor();
		sandbox.clearRequests();
		const tested = page.waitForResponse(
			(r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/rest/credentials/test',
		);
		await dialog.getByRole('button', { name: 'Retry' }).first().click();
		await tested;
	};
	await check('credential dialog: Test with the right token says the connection works', async () => {
		const dialog = await open(CREDENTIALS.api);
		await retest(dialog);
		await dialog.getByText('Connection tested successfully').waitFor();
		assert.ok(
			sandbox.requests.some((r) => r.rawPath === '/v1/me'),
			'GET /v1/me was sent',
		);
		// the banner's button is back to "Retry" once the test is over
		await dialog.getByRole('button', { name: 'Retry', exact: true }).first().waitFor();
		await shot('credential-test');
	});
	await check("credential dialog: a wrong token shows the credential's message", async () => {
		const dialog = await open(CREDENTIALS.wrong);
		await retest(dialog);
		// the banner says "Couldn't connect with these settings"; its "More details" shows why
		await dialog.getByText('More details').first().click();
		const message =
			n8n.n8nMajor === 1
				? 'Authorization failed - please check your credentials'
				: 'The access token was refused: check the token';
		await dialog.getByText(message).first().waitFor();
		assert.equal(await dialog.getByText('not-the-token').count(), 0, 'the token is not shown');
	});
	await check("credential dialog: the OAuth2 credential's Test obtains a token", async () => {
		// the test on opening and the one on "Retry": at least one token obtained between them
		const before = sandbox.issuedTokens.length;
		const dialog = await open(CREDENTIALS.oauth);
		await retest(dialog);
		await dialog.getByText('Connection tested successfully').waitFor();
		assert.ok(sandbox.issuedTokens.length > before, 'the sandbox issued a token');
	});
	await page.keyboard.press('Escape');
}

/* ------------------------------------------------------------------ 4. the triggers */

async function triggerChecks({ page, n8n, sandbox, check, shot }) {
	await check('polling trigger: "Fetch Test Event" shows the newest order', async () => {
		const newest = sandbox.insert('orders', {});
		await ui.openWorkflow(page, n8n, WORKFLOWS.poll.id, WORKFLOWS.poll.node);
		await page.getByTestId('node-execute-button').first().click();
		await waitFor(async () => (await ui.outputItemCount(page)) === 1, STEP_TIMEOUT_MS, '1 item in the output panel');
		await page.getByTestId('output-panel').getByText(String(newest.id), { exact: true }).first().waitFor();
		await shot('trigger-output');
	});
	await check(
		'webhook trigger: "Listen for test event", a delivery shows the item, the test hook is gone after',
		async () => {
			const testHooks = () => sandbox.hooks.filter((h) => String(h.target_url).includes('/webhook-test/'));
			await ui.openWorkflow(page, n8n, WORKFLOWS.hook.id, WORKFLOWS.hook.node);
			await page.getByTestId('node-execute-button').first().click();
			await waitFor(() => testHooks().length === 1, STEP_TIMEOUT_MS, 'the test hook at the sandbox');
			const status = await sandbox.deliver('tag_added', undefined, { contactId: '7', tagId: '2' });
			assert.equal(status, 200);
			await waitFor(async () => (await ui.outputItemCount(page)) === 1, STEP_TIMEOUT_MS, '1 item in the output panel');
			await waitFor(() => testHooks().length === 0, STEP_TIMEOUT_MS, 'the test hook deleted');
			await shot('webhook-output');
		},
	);
}

/* ------------------------------------------------------------------ 5. an error */

async function errorChecks({ page, n8n, check, shot }) {
	await check("error panel: a 404 shows the package's message and the server's words", async () => {
		await ui.openWorkflow(page, n8n, WORKFLOWS.error.id, WORKFLOWS.error.node);
		await page.getByTestId('node-execute-button').first().click();
		const message = page.getByTestId('node-error-message');
		await message.filter({ hasText: `No order with ID "${MISSING_ORDER}"` }).waitFor();
		await page
			.getByTestId('output-panel')
			.getByText(`Couldn't find Order with 'id'=${MISSING_ORDER}`)
			.first()
			.waitFor();
		await shot('error');
	});
}

/* ------------------------------------------------------------------ runner */

/** The suite's sections in order; E2E_EDITOR_ONLY=action,error runs some of them (while developing). */
const SECTIONS = {
	panel: nodesPanelChecks,
	action: actionNodeChecks,
	credentials: credentialChecks,
	triggers: triggerChecks,
	error: errorChecks,
};
function selected(section) {
	const only = process.env.E2E_EDITOR_ONLY;
	return !only || only.split(',').includes(section);
}

async function runAll() {
	const chromium = ensureChromium();
	process.stdout.write(
		`${chromium.version}${chromium.installedMs ? ` (installed in ${(chromium.installedMs / 1000).toFixed(1)} s)` : ''}\n`,
	);
	await onEachRuntime(selectedRuntimes(), results, {
		main,
		onVersion: (version) => (currentVersion = version),
		heading: ' in the editor',
		name: 'editor suite',
	});
}

/** One section's checks against a running stack (e2e/.work scratch scripts use it while developing). */
async function runSection(section, { page, n8n, sandbox }, shot = async () => undefined) {
	const nodes = builtNodes();
	const action = actionNodeExpectations(nodes.action.description);
	const check = checker(page.context(), page);
	await SECTIONS[section]({ page, n8n, sandbox, nodes, action, check, shot });
	return results.splice(0);
}

module.exports = { actionNodeExpectations, builtNodes, startEditorStack, runSection };

if (require.main === module) {
	const started = Date.now();
	runAll()
		.catch((error) => {
			results.push({ version: currentVersion, ok: false });
			process.stdout.write(`✗ editor suite aborted: ${error.stack || error}\n`);
		})
		.finally(() => {
			const passed = results.filter((r) => r.ok).length;
			const failed = results.length - passed;
			process.stdout.write(`editor suite finished in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
			process.stdout.write(`${passed} passed, ${failed} failed\n`);
			process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
		});
}
