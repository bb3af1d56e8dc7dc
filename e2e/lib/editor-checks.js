'use strict';
/**
 * The editor suite's other checks (e2e/editor.js): 1. the nodes panel, 3. the credential dialog,
 * 4. the triggers' test events, 5. an error in the error panel.
 */
const assert = require('node:assert/strict');

const { waitFor } = require('./wait');
const ui = require('./editor-ui');
const { STEP_TIMEOUT_MS, NODES, CREDENTIALS, WORKFLOWS, MISSING_ORDER } = require('./editor-suite');

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

/**
 * The items the node emitted in the workflow's newest execution that n8n stored (manual executions
 * are saved: e2e/lib/n8n.js), waiting for it to be stored; `before`: the executions there were.
 */
async function storedItems(n8n, key, before) {
	let execution;
	await waitFor(
		() => {
			const all = n8n.getExecutions({ workflowId: WORKFLOWS[key].id });
			execution = all.length > before ? all[all.length - 1] : undefined;
			return execution && execution.nodes[WORKFLOWS[key].node];
		},
		STEP_TIMEOUT_MS,
		`the test event's execution stored (${WORKFLOWS[key].id})`,
	);
	return execution.nodes[WORKFLOWS[key].node].items;
}

async function triggerChecks({ page, n8n, sandbox, check, shot }) {
	await check('polling trigger: "Fetch Test Event" shows the newest order, the one just inserted', async () => {
		const before = n8n.getExecutions({ workflowId: WORKFLOWS.poll.id }).length;
		const newest = sandbox.insert('orders', {});
		await ui.openWorkflow(page, n8n, WORKFLOWS.poll.id, WORKFLOWS.poll.node);
		await page.getByTestId('node-execute-button').first().click();
		await waitFor(async () => (await ui.outputItemCount(page)) === 1, STEP_TIMEOUT_MS, '1 item in the output panel');
		await page.getByTestId('output-panel').getByText(String(newest.id), { exact: true }).first().waitFor();
		// the item itself: the order inserted, nothing else
		const items = await storedItems(n8n, 'poll', before);
		assert.deepEqual(
			items.map((item) => [String(item.id), item.order_number]),
			[[String(newest.id), newest.attributes.order_number]],
		);
		await shot('trigger-output');
	});
	await check(
		'webhook trigger: "Listen for test event", a delivery shows the contact and the tag delivered, the test hook is gone after',
		async () => {
			const testHooks = () => sandbox.hooks.filter((h) => String(h.target_url).includes('/webhook-test/'));
			const before = n8n.getExecutions({ workflowId: WORKFLOWS.hook.id }).length;
			// a contact and a tag that are not the payload's defaults (contact 1, tag 1)
			const contact = sandbox.find('contacts', '7');
			const tag = sandbox.find('contact_tags', '2');
			await ui.openWorkflow(page, n8n, WORKFLOWS.hook.id, WORKFLOWS.hook.node);
			await page.getByTestId('node-execute-button').first().click();
			await waitFor(() => testHooks().length === 1, STEP_TIMEOUT_MS, 'the test hook at the sandbox');
			const status = await sandbox.deliver('tag_added', undefined, { contactId: contact.id, tagId: tag.id });
			assert.equal(status, 200);
			await waitFor(async () => (await ui.outputItemCount(page)) === 1, STEP_TIMEOUT_MS, '1 item in the output panel');
			const panel = page.getByTestId('output-panel');
			await panel.getByText(contact.attributes.email, { exact: true }).first().waitFor();
			await panel.getByText(tag.attributes.name, { exact: true }).first().waitFor();
			// the item itself: the contact delivered, with the tag delivered
			const [item, ...more] = await storedItems(n8n, 'hook', before);
			assert.equal(more.length, 0, 'one item');
			assert.deepEqual(
				{
					event: item.event,
					id: String(item.id),
					email: item.email,
					tags: (item.contact_tags || []).map((t) => [String(t.id), t.name]),
				},
				{
					event: 'tag_added',
					id: String(contact.id),
					email: contact.attributes.email,
					tags: [[String(tag.id), tag.attributes.name]],
				},
			);
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

module.exports = { nodesPanelChecks, credentialChecks, triggerChecks, errorChecks };
