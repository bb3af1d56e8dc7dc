'use strict';
/**
 * The reproduction for n8n's issue tracker (docs/n8n-durable-poll-report.md): a ten-line poll node
 * that is not this package's (a throwaway community package, `n8n-nodes-e2e-cursor`: it keeps the
 * newest event ID in its static data, takes it as its baseline on its first poll and emits the
 * events after it) in a real n8n 2.41.1, with the same steps on n8n's default path and on its
 * durable poll path: the workflow activated, 10 events created right after the activation poll,
 * two poll times (Poll Times every 20 s). Prints what each path emitted; exits 1 unless both ran.
 * Alone only (not in run.js): `node e2e/durable-repro.js` (no build needed).
 */
const fs = require('node:fs');
const path = require('node:path');

const { N8nInstance, WORK_DIR } = require('./lib/n8n');
const { startServer } = require('./lib/http-server');
const { waitFor } = require('./lib/wait');
const { EVERY_20_SECONDS } = require('./trigger-adversity');
const { DURABLE_ENV } = require('./trigger-durable');

/** The poll node: the whole of what n8n runs. */
const POLL_NODE = `
class E2eCursorTrigger {
	constructor() {
		this.description = {
			displayName: 'E2E Cursor Trigger', name: 'e2eCursorTrigger', group: ['trigger'], version: 1,
			polling: true, description: 'Throwaway poll node: emits the events after the newest one it saw',
			defaults: { name: 'E2E Cursor Trigger' }, inputs: [], outputs: ['main'],
			properties: [{ displayName: 'URL', name: 'url', type: 'string', default: '' }],
		};
	}
	async poll() {
		const state = this.getWorkflowStaticData('node');
		const { events } = await this.helpers.httpRequest({ url: this.getNodeParameter('url'), json: true });
		const newest = events.length ? events[events.length - 1].id : 0;
		if (state.lastId === undefined) { state.lastId = newest; return null; } // first poll: the baseline
		const fresh = events.filter((event) => event.id > state.lastId);
		state.lastId = Math.max(state.lastId, newest);
		return fresh.length ? [this.helpers.returnJsonArray(fresh)] : null;
	}
}
module.exports = { E2eCursorTrigger };
`;

/** Writes the throwaway package into `dir`. */
function writeCursorPackage(dir) {
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
	fs.writeFileSync(
		path.join(dir, 'package.json'),
		JSON.stringify({
			name: 'n8n-nodes-e2e-cursor',
			version: '0.0.1',
			license: 'MIT',
			keywords: ['n8n-community-node-package'],
			files: ['dist'],
			n8n: { n8nNodesApiVersion: 1, nodes: ['dist/E2eCursorTrigger.node.js'] },
		}),
	);
	fs.writeFileSync(path.join(dir, 'dist', 'E2eCursorTrigger.node.js'), POLL_NODE);
	return dir;
}

function workflow(id, url) {
	return {
		id,
		name: `e2e: cursor poll node ${id}`,
		nodes: [
			{
				id: `${id}-trigger`,
				name: 'Cursor',
				type: 'n8n-nodes-e2e-cursor.e2eCursorTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: { url, pollTimes: EVERY_20_SECONDS },
			},
		],
		connections: {},
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/** One path: n8n started with `env`, the workflow activated, 10 events right after the activation poll, two poll times. */
async function runPath(n8n, server, events, id, env) {
	Object.assign(n8n.env, env);
	await n8n.start();
	const before = server.requests.length;
	await n8n.activateWorkflow(id);
	await waitFor(() => server.requests.length > before, 60000, 'the activation poll');
	const created = [];
	for (let i = 0; i < 10; i++) {
		const event = { id: events.length + 1, at: new Date().toISOString() };
		events.push(event);
		created.push(event.id);
	}
	const polls = server.requests.length;
	await waitFor(() => server.requests.length >= polls + 2, 70000, 'two poll times');
	await new Promise((resolve) => setTimeout(resolve, 2000));
	await n8n.deactivateWorkflow(id);
	const ids = [];
	for (const execution of n8n.getExecutions({ workflowId: id })) {
		const node = execution.nodes && execution.nodes.Cursor;
		if (node && node.items) ids.push(...node.items.map((item) => item.id));
	}
	await n8n.stop();
	for (const key of Object.keys(env)) delete n8n.env[key];
	const lost = created.filter((e) => !ids.includes(e)).length;
	const repeated = ids.length - new Set(ids).size;
	return { created: created.length, emitted: ids.length, lost, repeated };
}

async function main() {
	const events = [];
	const server = await startServer((request) =>
		request.path === '/events' ? { status: 200, json: { events } } : undefined,
	);
	const n8n = await N8nInstance.create({ name: 'e2e-durable-repro', runtime: '2.x' });
	try {
		n8n.installPackage(writeCursorPackage(path.join(WORK_DIR, 'n8n-nodes-e2e-cursor')));
		n8n.importWorkflows([
			workflow('e2eCursorDefault', `${server.url}/events`),
			workflow('e2eCursorDurable', `${server.url}/events`),
		]);
		const plain = await runPath(n8n, server, events, 'e2eCursorDefault', {});
		const durable = await runPath(n8n, server, events, 'e2eCursorDurable', DURABLE_ENV);
		for (const [name, r] of [
			["n8n's default path", plain],
			['durable poll path (the four variables on)', durable],
		]) {
			process.stdout.write(
				`n8n ${n8n.runtime.version}, ${name}: ${r.created} events created right after the activation poll, ${r.emitted} emitted, ${r.lost} lost, ${r.repeated} repeated\n`,
			);
		}
	} finally {
		await n8n.cleanup().catch(() => undefined);
		await server.close();
	}
}

main().catch((error) => {
	process.stdout.write(`✗ ${error.stack || error}\n`);
	process.exitCode = 1;
});
