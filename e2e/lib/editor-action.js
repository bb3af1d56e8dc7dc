'use strict';
/**
 * The editor suite's action-node checks (e2e/editor.js, section 2): operations, fields and their
 * descriptions, every From List picker (the ID of the row clicked), the loaded lists, the custom
 * fields' resource mapper, "Execute step".
 */
const assert = require('node:assert/strict');
const path = require('node:path');

const { ROOT } = require('./stack');
const { waitFor } = require('./wait');
const ui = require('./editor-ui');
const { STEP_TIMEOUT_MS, FIELD_TIMEOUT_MS, WORKFLOWS, plain } = require('./editor-suite');

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
			`action node: "${picker.property.displayName}" From List lists, searches and fills the ID of the record clicked (${resource.name} / ${operation.name})`,
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
 * them: the store's records (test/sandbox/custom-fields-pages-payouts.js seeds them), never written here again.
 */
function customFieldTitles(sandbox, siteId) {
	return (sandbox.store.custom_fields || [])
		.filter((r) => String(r.relationships.site?.data?.id) === String(siteId))
		.map((r) => r.attributes.title)
		.sort();
}

/**
 * Contact → Create's "Custom Fields" (a resource mapper, ContentPlatform/customFields.ts): with a site
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
	const { CUSTOM_ATTRIBUTES } = require(path.join(ROOT, 'dist', 'nodes', 'ContentPlatform', 'customFields.js'));
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
 * `search<Name>s` picks (both named after the resource, ContentPlatform/builders and api/properties).
 */
function listType(property, pickers) {
	const search = property.typeOptions.loadOptionsMethod.replace(/^list/, 'search');
	return locatorType(pickers.find((p) => p.mode.typeOptions.searchListMethod === search).property);
}

/** The built action node's list labels and resource specs (dist/), to name a sandbox record as its row does. */
const BUILT_LIST = path.join(ROOT, 'dist', 'nodes', 'ContentPlatform');

/**
 * The text a From List row shows for a sandbox record: the built node's `label` (listSearch/search)
 * of the record as the list answers it (`id` and the attributes; hooks are stored flat).
 */
function rowLabel(type, record) {
	const { label } = require(path.join(BUILT_LIST, 'listSearch', 'search.js'));
	const { RESOURCES } = require(path.join(ROOT, 'dist', 'nodes', 'api', 'tables', 'registry.js'));
	const resource = RESOURCES.find((r) => r.type === type);
	return label(resource, type === 'hooks' ? record : { id: String(record.id), ...record.attributes });
}

/**
 * The row to click among the rows shown (their texts) and the sandbox record it shows: the
 * first (or, `fromEnd`, the last) row whose text is the label of exactly one of `records`, so
 * the record clicked is known before the click; throws when no row names one record.
 */
function rowToClick(texts, records, type, fromEnd) {
	const order = texts.map((_, i) => i);
	if (fromEnd) order.reverse();
	for (const index of order) {
		const named = records.filter((r) => rowLabel(type, r) === texts[index]);
		if (named.length === 1) return { index, text: texts[index], record: named[0] };
	}
	throw new Error(`no row of ${JSON.stringify(texts.slice(0, 5))}… names exactly one of the sandbox's ${type}`);
}

/**
 * Opens a From List picker: it lists the sandbox's records of its type (up to a page of 50);
 * typing narrows the list (searchable pickers ask the API with the text; a picker whose list
 * endpoint has no text filter has no search box); choosing a row shows its name, and "By ID"
 * then holds the ID of the very record that row shows (read from the row before the click and
 * matched to the sandbox's record of that label, `rowToClick`).
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
	let target;
	if (picker.mode.typeOptions.searchable) {
		// a word of the last record's name that not every record's name has
		// (the first part of a label is the searched attribute: name, title)
		const words = listed[listed.length - 1]
			.split(' · ')[0]
			.split(/[\s@.#,]+/)
			.filter((w) => w.length >= 3);
		const term = words.find((w) => listed.some((l) => !l.toLowerCase().includes(w.toLowerCase()))) || words[0];
		await search.fill(term);
		let narrowed = [];
		await waitFor(
			async () => {
				narrowed = (await items.allInnerTexts()).map((t) => t.trim());
				return (
					narrowed.length > 0 &&
					narrowed.length < listed.length &&
					narrowed.every((t) => t.toLowerCase().includes(term.toLowerCase()))
				);
			},
			STEP_TIMEOUT_MS,
			`the list narrowed to "${term}"`,
		);
		target = rowToClick(narrowed, records, type, false);
	} else {
		assert.equal(await page.getByTestId('rlc-search').count(), 0, 'no search box (the list has no text filter)');
		// a row of the first page near its end, by its position: scrolling to it may load the next
		// page, after which `items.last()` would be another record
		target = rowToClick(listed, records, type, true);
	}
	const choice = items.nth(target.index);
	assert.equal((await choice.innerText()).trim(), target.text, 'the row about to be clicked');
	await choice.click();
	const shownName = param.locator('input[data-test-id="rlc-input"], [data-test-id="rlc-input"] input').first();
	await waitFor(
		async () => {
			const value = await shownName.inputValue();
			return value !== '' && target.text.includes(value);
		},
		STEP_TIMEOUT_MS,
		`the picker showing "${target.text}"`,
	);
	await chooseMode('By ID');
	const id = await param
		.locator('input[data-test-id="rlc-input"], [data-test-id="rlc-input"] input')
		.first()
		.inputValue();
	assert.equal(id, String(target.record.id), `"By ID" holds the ID of the ${type} record clicked ("${target.text}")`);
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

module.exports = { actionNodeChecks };
