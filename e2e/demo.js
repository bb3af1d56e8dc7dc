'use strict';
/**
 * `npm run demo`: the package inside a real n8n, offline, with one command.
 *
 * Starts the sandbox API, installs n8n (first run only, cached), installs this package into a
 * fresh n8n user folder as a community package, imports a credential pointing at the sandbox and
 * the example workflows (examples/*.json), runs them headlessly and prints what each returned:
 * the manual examples with `n8n execute` (after e2e/examples.js prepare() added the records they
 * need: recent orders, a subscription to cancel); then under `n8n start` the webhook examples (tag
 * added, new purchase) get one delivery each from the sandbox, and the polling trigger examples
 * (new order, with the access token and with OAuth2) see a new order at their next poll (n8n polls
 * at most once a minute).
 *
 * `npm run demo -- --ui`: leaves n8n on http://127.0.0.1:5678 and the sandbox on 127.0.0.1:4010
 * running, with the workflows imported, for clicking through the editor. Ctrl-C stops both.
 * `--port <n>` puts n8n's editor on another port (when 5678 is taken, e.g. by your own n8n), and
 * `--sandbox-port <n>` the sandbox API; `--n8n 1.x` runs the demo on n8n 1.123.81 instead of 2.41.1.
 */
const { startStack } = require('./lib/stack');
const examples = require('./examples');
const { waitFor, waitForQuiet } = require('./lib/wait');

const ui = process.argv.includes('--ui');

/** The value after `--name` (or `--name=value`) on the command line, else `fallback`. */
function option(name, fallback) {
	const args = process.argv.slice(2);
	const eq = args.find((a) => a.startsWith(`--${name}=`));
	if (eq) return eq.slice(name.length + 3);
	const i = args.indexOf(`--${name}`);
	return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
}

/** A TCP port from an option, or a readable error. */
function portOption(name, fallback) {
	const value = option(name, String(fallback));
	const port = Number(value);
	if (!Number.isInteger(port) || port < 1 || port > 65535)
		throw new Error(`--${name} must be a port number (1-65535), not "${value}"`);
	return port;
}

const n8nPort = portOption('port', 5678);
const sandboxPort = portOption('sandbox-port', 4010);
const runtime = option('n8n', undefined);
const say = (line = '') => process.stdout.write(`${line}\n`);

/** What the demo adds to the sandbox for each trigger event, and the list the trigger polls. */
const NEW_RECORDS = {
	newOrder: {
		path: '/v1/orders',
		add: (sandbox) => {
			const order = sandbox.insert('orders', {}, { customer: '5' });
			return `added order ${order.id} (order_number ${order.attributes.order_number}) to the sandbox`;
		},
	},
};

/** A short readable line for an item of the Content Platform node. */
function describe(item, extraKeys = []) {
	const parts = [`${item.type ?? 'item'} ${item.id ?? ''}`.trim()];
	for (const key of new Set([
		'order_number',
		'name',
		'email',
		'title',
		'body',
		'formatted_total_price',
		'quantity',
		...extraKeys,
		'created_at',
	])) {
		const value = item[key] ?? item.attributes?.[key];
		if (value !== undefined && value !== '') parts.push(`${key}=${JSON.stringify(value)}`);
	}
	if (Array.isArray(item.order_items))
		parts.push(`items=[${item.order_items.map((i) => `${i.quantity}× ${i.title}`).join('; ')}]`);
	if (item.form?.title) parts.push(`form=${JSON.stringify(item.form.title)}`);
	if (extraKeys.includes('tagIds') && Array.isArray(item.tags_ids)) parts.push(`tags=[${item.tags_ids.join(', ')}]`);
	// relationship writes (grant offers, add tags) answer with the IDs after the change
	for (const key of ['offers_ids', 'tags_ids'])
		if (item[key] !== undefined && !extraKeys.includes('tagIds')) parts.push(`${key}=${JSON.stringify(item[key])}`);
	return parts.join('  ');
}

function printRun(workflow, run) {
	say(`▶ ${workflow.name}  (${(run.ms / 1000).toFixed(1)} s, ${run.ok ? 'ok' : 'FAILED'})`);
	if (run.error) say(`  error: ${run.error.message}`);
	for (const node of workflow.nodes.filter((n) => n.type.startsWith('n8n-nodes-content-platform'))) {
		const result = run.nodes[node.name];
		if (!result) continue;
		say(`  ${node.name}: ${result.items.length} item(s)${result.error ? ` — error: ${result.error.message}` : ''}`);
		// also show what the node wrote (the fields of an update or a form submission)
		const written = Object.keys({ ...node.parameters.updateFields, ...node.parameters.submissionFields });
		for (const item of result.items.slice(0, 4)) say(`    · ${describe(item, written)}`);
		if (result.items.length > 4) say(`    · … ${result.items.length - 4} more`);
	}
	say();
}

async function main() {
	const started = Date.now();
	say(
		ui ? 'Starting n8n with the Content Platform nodes (editor mode)…' : 'Content Platform nodes in a real n8n — demo',
	);
	if (ui) {
		await assertPortFree(n8nPort, 'port');
		await assertPortFree(sandboxPort, 'sandbox-port');
	}
	const { sandbox, n8n, workflows } = await startStack({
		name: 'demo',
		sandboxPort: ui ? sandboxPort : 0,
		n8nPort: ui ? n8nPort : undefined,
		keep: ui,
		runtime,
	});
	say(`sandbox API on ${sandbox.url} (token ${sandbox.token}), n8n user folder ${n8n.userFolder}`);
	say();

	const stop = async () => {
		await n8n.cleanup().catch(() => undefined);
		await sandbox.close();
	};

	if (ui) {
		await n8n.start();
		await n8n.rest('GET', '/rest/workflows');
		say(`n8n editor: ${n8n.baseUrl}  — log in as e2e@example.com / E2e-password-123`);
		say('The example workflows are imported; the credential "Content Platform account" points at the sandbox.');
		say('Press Ctrl-C to stop n8n and the sandbox.');
		const shutdown = async () => {
			say('\nstopping…');
			await stop();
			process.exit(0);
		};
		process.on('SIGINT', shutdown);
		process.on('SIGTERM', shutdown);
		return;
	}

	try {
		examples.prepare(sandbox);
		for (const workflow of workflows.filter((w) => w.nodes.some((n) => n.type === 'n8n-nodes-base.manualTrigger'))) {
			const missing = examples.missingOperations(workflow);
			if (missing.length) say(`▶ ${workflow.name}: not run, the node lacks ${missing.join(', ')}\n`);
			else printRun(workflow, await n8n.execute(workflow.id));
		}
		// The trigger examples: activated together under `n8n start`; a new record for each event.
		const triggers = workflows.filter((w) => w.nodes.some((n) => n.type.endsWith('.contentPlatformTrigger')));
		if (triggers.length) {
			for (const trigger of triggers) n8n.publishWorkflow(trigger.id);
			sandbox.clearRequests();
			await n8n.start({ timeoutMs: 300000 }); // a busy machine can take minutes
			// n8n calls poll() once at activation: that first poll only notes where the list stands, so a
			// record added before every trigger's first poll is over would be part of its starting point and
			// never emitted. Each trigger's requests are told apart by its credential (the access token, or
			// an OAuth2 token the sandbox issued); then no request for 2 s: the first polls are over.
			const triggerNode = (trigger) => trigger.nodes.find((n) => n.type.endsWith('.contentPlatformTrigger'));
			const byOAuth2 = (trigger) => Boolean(triggerNode(trigger).credentials?.contentPlatformOAuth2Api);
			const polled = (trigger) =>
				sandbox.requests.some(
					(r) =>
						r.rawPath === NEW_RECORDS[triggerNode(trigger).parameters.event].path &&
						(r.headers.authorization !== `Bearer ${sandbox.token}`) === byOAuth2(trigger),
				);
			for (const trigger of triggers)
				await waitFor(() => polled(trigger), 120000, `${trigger.name}: its first poll`, { everyMs: 200 });
			await waitForQuiet(() => sandbox.requests.length, 2000);
			const added = new Set();
			for (const trigger of triggers) {
				const { event } = triggerNode(trigger).parameters;
				say(`▶ ${trigger.name}`);
				// one new record per event, seen by every trigger of that event
				const what = added.has(event) ? 'the same new record' : NEW_RECORDS[event].add(sandbox);
				say(`  activated; ${what}; waiting for the next poll…`);
				added.add(event);
			}
			// Meanwhile the webhook examples: activated, one delivery each, deactivated.
			for (const { workflow, status, execution } of await examples.runWebhooks(sandbox, n8n)) {
				say(`▶ ${workflow.name}: delivery answered ${status}, execution ${execution.status}`);
				for (const [name, result] of Object.entries(execution.nodes)) {
					say(`  ${name}: ${result.items.length} item(s)`);
					for (const item of result.items.slice(0, 3)) say(`    · ${describe(item)}`);
				}
			}
			for (const trigger of triggers) {
				const [execution] = await n8n.waitForExecutions({ workflowId: trigger.id, count: 1, timeoutMs: 150000 });
				say(`▶ ${trigger.name}: ${execution.status}`);
				for (const [name, result] of Object.entries(execution.nodes)) {
					say(`  ${name}: ${result.items.length} item(s)`);
					for (const item of result.items.slice(0, 3)) say(`    · ${describe(item)}`);
				}
			}
			say();
		}
		say(`demo finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
	} finally {
		await stop();
	}
}

/** Fails with a readable message when 127.0.0.1:port is taken (the --ui mode uses fixed ports). */
function assertPortFree(port, optionName) {
	return new Promise((resolve, reject) => {
		const server = require('node:net').createServer();
		server.once('error', (error) =>
			reject(
				error.code === 'EADDRINUSE'
					? new Error(
							`127.0.0.1:${port} is in use (an n8n of your own, or another \`npm run demo -- --ui\`?); ` +
								`pick a free one: npm run demo -- --ui --${optionName} <port>`,
						)
					: error,
			),
		);
		server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
	});
}

main().catch((error) => {
	process.stderr.write(`demo failed: ${error.stack || error}\n`);
	process.exit(1);
});
