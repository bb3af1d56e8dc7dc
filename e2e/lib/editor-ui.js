'use strict';
/**
 * What a user does in n8n's editor, as playwright-core steps, for the editor suite (e2e/editor.js).
 * The selectors are n8n's own test ids (`data-test-id`, as in n8n's packages/testing/playwright:
 * `node-creator-search-bar`, `parameter-input-<name>`, `rlc-input`, `rlc-search`, `rlc-item`,
 * `node-execute-button`, `output-panel`, `node-error-message`, …), present in n8n 1.123 and 2.41.
 * Every step waits on a condition (an element, a text, a count), never on a fixed time.
 */

const { retryWhile404 } = require('./standalone');
const { waitFor } = require('./wait');

/** A shown tooltip (n8n shows a parameter's description in one, over the label's help icon). */
const TOOLTIP = '.el-popper:visible, [role=tooltip]:visible';

/** `page.getByTestId` matches n8n's `data-test-id` attribute. */
function useN8nTestIds(playwright) {
	playwright.selectors.setTestIdAttribute('data-test-id');
}

/**
 * Signs in through n8n's sign-in form as the owner e2e/lib/n8n.js sets up over REST
 * (`n8n.rest()` creates it on first use).
 */
async function signIn(page, n8n) {
	// n8n 1.x mounts its REST routes some seconds after it reports ready
	await retryWhile404(() => n8n.rest('GET', '/rest/settings'));
	await page.goto(`${n8n.baseUrl}/signin`, { waitUntil: 'domcontentloaded' });
	const email = page.locator('input[name=emailOrLdapLoginId], input[type=email]').first();
	await email.waitFor({ timeout: LOAD_TIMEOUT_MS });
	await email.fill('e2e@example.com');
	await page.locator('input[type=password]').first().fill('E2e-password-123');
	await page.keyboard.press('Enter');
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: LOAD_TIMEOUT_MS });
	// signed in once the overview lists the workflows (navigating earlier is undone by its redirect)
	await page.getByText('editor: action node').first().waitFor({ timeout: LOAD_TIMEOUT_MS });
}

/** Longest wait for a page of the editor to show (some megabytes of scripts on a loaded machine). */
const LOAD_TIMEOUT_MS = 180000;

/**
 * Goes to an editor page as its links do: through n8n's router once the editor is loaded (a page
 * load costs a minute on a loaded machine), else by loading it; answers n8n's "Save changes
 * before leaving?" with "Leave without saving"; then waits until `ready` shows. From one
 * workflow to another it passes through the workflows overview: n8n 1.123 changes the URL but
 * keeps showing the open workflow when its router goes straight from one to the other.
 */
async function navigate(page, n8n, urlPath, ready) {
	const current = await page.evaluate(() => location.pathname).catch(() => '');
	if (current.startsWith('/workflow/') && urlPath.startsWith('/workflow/') && current !== urlPath)
		await routeTo(
			page,
			n8n,
			'/home/workflows',
			async () => !(await page.getByTestId('canvas-node').first().isVisible()),
		);
	await routeTo(page, n8n, urlPath, () => ready.first().isVisible());
}

/** One router step of navigate(): to `urlPath`, until `arrived()` (clicking "Leave without saving"). */
async function routeTo(page, n8n, urlPath, arrived) {
	const routed = await page
		.evaluate(async (to) => {
			const router = document.querySelector('#app')?.__vue_app__?.config?.globalProperties?.$router;
			if (!router) return false;
			router.push(to).catch(() => undefined);
			return true;
		}, urlPath)
		.catch(() => false);
	if (!routed) await page.goto(`${n8n.baseUrl}${urlPath}`, { waitUntil: 'domcontentloaded' });
	const leave = page.getByRole('button', { name: /Leave without saving/i });
	await waitFor(
		async () => {
			if (await leave.isVisible()) await leave.click().catch(() => undefined);
			return await arrived();
		},
		LOAD_TIMEOUT_MS,
		`${urlPath} shown`,
	);
}

/** Opens a new, empty workflow and waits for its "Add first step" button. */
async function newWorkflow(page, n8n) {
	await navigate(page, n8n, '/workflow/new', page.getByTestId('canvas-plus-button'));
}

/**
 * Opens a workflow and waits for its canvas; with `nodeName`, opens that node's details view
 * (a double click on the node, as a user does).
 */
async function openWorkflow(page, n8n, workflowId, nodeName) {
	const node = nodeName
		? page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`)
		: page.getByTestId('canvas-node');
	await navigate(page, n8n, `/workflow/${workflowId}`, node);
	await page.getByTestId('ndv').waitFor({ state: 'hidden' });
	if (nodeName) {
		await node.dblclick();
		await page.getByTestId('ndv').waitFor();
	}
}

/** The node details view's parameter `name` (its `parameter-input-<name>` element). */
function parameter(page, name) {
	return page.getByTestId('ndv').getByTestId(`parameter-input-${name}`).first();
}

/**
 * The option list a select inside `scope` opens: Element Plus names it in the input's
 * `aria-controls`, so a list still fading out after the last choice (closed lists stay in the
 * DOM) is never read instead. Without that attribute: the last shown list.
 */
async function optionList(scope) {
	const page = scope.page();
	const input = scope.locator('input').first();
	await input.waitFor({ state: 'attached' });
	const id = await input.getAttribute('aria-controls');
	return id ? page.locator(`[id="${id}"]`) : page.locator('.el-select-dropdown__list:visible').last();
}

/** The shown options of a list (Element Plus hides the options a typed filter leaves out). */
function shownOptions(list) {
	return list.locator('.el-select-dropdown__item:visible');
}

/** Opens the select inside `scope` and returns its list once it shows at least one option. */
async function openSelect(scope) {
	const list = await optionList(scope);
	await scope.click();
	await shownOptions(list).first().waitFor();
	return list;
}

/** The texts of a list's shown options (each option's first line: its name, not its description). */
async function optionTexts(list) {
	return (await shownOptions(list).allInnerTexts()).map((t) => t.trim().split('\n')[0].trim());
}

/** Closes an open list with Escape and waits until it is hidden. */
async function closeSelect(page, list) {
	await page.keyboard.press('Escape');
	await shownOptions(list).first().waitFor({ state: 'hidden' });
}

/** n8n's own operation in every declarative node with credentials (an HTTP request of one's own). */
const CUSTOM_API_CALL = 'Custom API Call';

/** Opens an options parameter's list and returns the option names shown, then closes it. */
async function optionNames(page, name) {
	const list = await openSelect(parameter(page, name));
	const names = await optionTexts(list);
	await closeSelect(page, list);
	return names;
}

/** Chooses the option named `optionName` of an options parameter (skipped when already chosen). */
async function selectOption(page, name, optionName) {
	await chooseIn(parameter(page, name), optionName);
}

/**
 * Chooses `optionName` in the select inside `scope` (skipped when its input already shows it;
 * letter case aside: n8n shows the mode "From List" as "From list") and waits until it shows it.
 */
async function chooseIn(scope, optionName) {
	const input = scope.locator('input').first();
	const same = (value) => value.toLowerCase() === optionName.toLowerCase();
	if (same(await input.inputValue().catch(() => ''))) return;
	const list = await openSelect(scope);
	await option(list, optionName).click();
	await input
		.page()
		.waitForFunction(
			([el, v]) => el.value.toLowerCase() === v,
			[await input.elementHandle(), optionName.toLowerCase()],
		);
	await shownOptions(list)
		.first()
		.waitFor({ state: 'hidden' })
		.catch(() => undefined);
}

/** The option named `optionName` of a list (its headline, not its description; any letter case). */
function option(list, optionName) {
	const exact = new RegExp(`^\\s*${escapeRegExp(optionName)}\\s*$`, 'i');
	const page = list.page();
	return shownOptions(list)
		.filter({ has: page.locator('.option-headline, span').filter({ hasText: exact }) })
		.or(shownOptions(list).filter({ hasText: exact }))
		.first();
}

function escapeRegExp(text) {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The node details view's output panel and how many items it says it shows ("3 items"). */
async function outputItemCount(page) {
	const count = page.getByTestId('output-panel').getByTestId('ndv-items-count');
	await count.waitFor();
	const text = await count.innerText();
	const match = /(\d+)\s+items?/.exec(text);
	return match ? Number(match[1]) : undefined;
}

module.exports = {
	TOOLTIP,
	CUSTOM_API_CALL,
	useN8nTestIds,
	signIn,
	LOAD_TIMEOUT_MS,
	navigate,
	newWorkflow,
	openWorkflow,
	parameter,
	optionList,
	shownOptions,
	openSelect,
	optionTexts,
	closeSelect,
	optionNames,
	selectOption,
	chooseIn,
	option,
	outputItemCount,
	escapeRegExp,
};
