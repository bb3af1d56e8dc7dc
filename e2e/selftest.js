#!/usr/bin/env node
'use strict';
/**
 * Self-test of the e2e harness against a real n8n, fully offline:
 *  1. core nodes only: Manual Trigger -> Set -> Code, via `n8n execute`
 *  2. a failing Code node: error is reported, not thrown
 *  3. throwaway community package (declarative node + credential from import:credentials)
 *     calling a loopback HTTP server, via `n8n execute`
 *  4. `n8n start` + publish:workflow of a polling-trigger workflow: poll() runs at
 *     activation and the execution is read back from the DB; then a clean stop.
 * Usage: node e2e/selftest.js   (E2E_KEEP=1 keeps the user folder under e2e/.work/instances)
 */
const assert = require('node:assert/strict');
const path = require('node:path');
const { ensureN8n } = require('./lib/runtime');
const { N8nInstance, WORK_DIR } = require('./lib/n8n');
const { startServer } = require('./lib/http-server');
const { writeFixturePackage } = require('./lib/fixture-package');

const timings = {};
let passed = 0;
let failed = 0;

async function step(name, fn) {
	const t0 = Date.now();
	try {
		await fn();
		passed++;
		timings[name] = Date.now() - t0;
		console.log(`ok - ${name} (${timings[name]} ms)`);
	} catch (e) {
		failed++;
		console.log(
			`not ok - ${name}\n  ${String(e && e.stack)
				.split('\n')
				.join('\n  ')}`,
		);
	}
}

const TOKEN = 'selftest-token-123';

async function main() {
	const t0 = Date.now();
	const rt = ensureN8n();
	timings.ensureN8n = Date.now() - t0;
	console.log(`n8n ${rt.version} via ${rt.nodeBin} (${rt.cold ? 'cold' : 'warm'} ${rt.ms} ms)`);

	let nextEventId = 1;
	const pendingEvents = [
		{ id: nextEventId++, kind: 'order', total: 10 },
		{ id: nextEventId++, kind: 'order', total: 20 },
	];
	const api = await startServer((req) => {
		if (req.headers.authorization !== `Bearer ${TOKEN}`) return { status: 401, json: { error: 'unauthorized' } };
		let m;
		if (req.method === 'GET' && (m = req.path.match(/^\/items\/(\w+)$/)))
			return { json: { id: m[1], title: `Item ${m[1]}` } };
		if (req.method === 'POST' && req.path === '/items') return { status: 201, json: { id: 'new1', ...req.body } };
		if (req.method === 'GET' && req.path === '/events') {
			const after = Number(req.query.after || 0);
			return { json: { events: pendingEvents.filter((e) => e.id > after) } };
		}
		return { status: 404, json: { error: 'no route' } };
	});

	const pkgDir = writeFixturePackage(path.join(WORK_DIR, 'fixture-pkg', 'n8n-nodes-e2e-echo'));
	const n8n = await N8nInstance.create({ name: 'selftest' });
	try {
		await step('install community package (npm pack)', () => {
			n8n.installPackage(pkgDir);
		});

		await step('import credentials + workflows', () => {
			n8n.importCredentials([
				{ id: 'e2eEchoCred00001', name: 'Echo', type: 'e2eEchoApi', data: { baseUrl: api.url, accessToken: TOKEN } },
			]);
			const cred = { e2eEchoApi: { id: 'e2eEchoCred00001', name: 'Echo' } };
			n8n.importWorkflows([
				{
					id: 'wfCore0000000001',
					name: 'core',
					nodes: [
						{
							id: 'n1',
							name: 'Start',
							type: 'n8n-nodes-base.manualTrigger',
							typeVersion: 1,
							position: [0, 0],
							parameters: {},
						},
						{
							id: 'n2',
							name: 'Set',
							type: 'n8n-nodes-base.set',
							typeVersion: 3.4,
							position: [200, 0],
							parameters: {
								assignments: { assignments: [{ id: 'a1', name: 'hello', value: 'world', type: 'string' }] },
								options: {},
							},
						},
						{
							id: 'n3',
							name: 'Code',
							type: 'n8n-nodes-base.code',
							typeVersion: 2,
							position: [400, 0],
							parameters: { jsCode: 'return $input.all().map((i, k) => ({ json: { ...i.json, n: 42 + k } }));' },
						},
					],
					connections: {
						Start: { main: [[{ node: 'Set', type: 'main', index: 0 }]] },
						Set: { main: [[{ node: 'Code', type: 'main', index: 0 }]] },
					},
				},
				{
					id: 'wfFail0000000001',
					name: 'fail',
					nodes: [
						{
							id: 'n1',
							name: 'Start',
							type: 'n8n-nodes-base.manualTrigger',
							typeVersion: 1,
							position: [0, 0],
							parameters: {},
						},
						{
							id: 'n2',
							name: 'Boom',
							type: 'n8n-nodes-base.code',
							typeVersion: 2,
							position: [200, 0],
							parameters: { jsCode: "throw new Error('kaboom');" },
						},
					],
					connections: { Start: { main: [[{ node: 'Boom', type: 'main', index: 0 }]] } },
				},
				{
					id: 'wfEcho0000000001',
					name: 'echo',
					nodes: [
						{
							id: 'n1',
							name: 'Start',
							type: 'n8n-nodes-base.manualTrigger',
							typeVersion: 1,
							position: [0, 0],
							parameters: {},
						},
						{
							id: 'n2',
							name: 'Get Item',
							type: 'n8n-nodes-e2e-echo.e2eEcho',
							typeVersion: 1,
							position: [200, 0],
							parameters: { resource: 'item', operation: 'get', itemId: 'abc' },
							credentials: cred,
						},
						{
							id: 'n3',
							name: 'Create Item',
							type: 'n8n-nodes-e2e-echo.e2eEcho',
							typeVersion: 1,
							position: [400, 0],
							parameters: { resource: 'item', operation: 'create', title: '={{ $json.title }} copy' },
							credentials: cred,
						},
					],
					connections: {
						Start: { main: [[{ node: 'Get Item', type: 'main', index: 0 }]] },
						'Get Item': { main: [[{ node: 'Create Item', type: 'main', index: 0 }]] },
					},
				},
				{
					id: 'wfPoll0000000001',
					name: 'poll',
					nodes: [
						{
							id: 'n1',
							name: 'Echo Trigger',
							type: 'n8n-nodes-e2e-echo.e2eEchoTrigger',
							typeVersion: 1,
							position: [0, 0],
							parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] } },
							credentials: cred,
						},
					],
					connections: {},
				},
				{
					id: 'wfPoll0000000002',
					name: 'poll via REST',
					nodes: [
						{
							id: 'n1',
							name: 'Echo Trigger',
							type: 'n8n-nodes-e2e-echo.e2eEchoTrigger',
							typeVersion: 1,
							position: [0, 0],
							parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] } },
							credentials: cred,
						},
					],
					connections: {},
				},
			]);
		});

		await step('execute core workflow (Manual Trigger -> Set -> Code)', async () => {
			const r = await n8n.execute('wfCore0000000001');
			timings.executeCore = r.ms;
			assert.equal(r.ok, true, JSON.stringify(r.error));
			assert.deepEqual(r.nodes.Code.items, [{ hello: 'world', n: 42 }]);
		});

		await step('execute failing workflow reports the node error', async () => {
			const r = await n8n.execute('wfFail0000000001');
			assert.equal(r.ok, false);
			assert.notEqual(r.exitCode, 0);
			assert.match(r.error.message, /kaboom/);
			assert.match(r.nodes.Boom.error.message, /kaboom/);
		});

		await step('execute community declarative node with imported credential', async () => {
			const before = api.requests.length;
			const r = await n8n.execute('wfEcho0000000001');
			timings.executeCommunity = r.ms;
			assert.equal(r.ok, true, JSON.stringify(r.error));
			assert.deepEqual(r.nodes['Get Item'].items, [{ id: 'abc', title: 'Item abc' }]);
			assert.deepEqual(r.nodes['Create Item'].items, [{ id: 'new1', title: 'Item abc copy' }]);
			const reqs = api.requests.slice(before);
			assert.deepEqual(
				reqs.map((q) => `${q.method} ${q.path}`),
				['GET /items/abc', 'POST /items'],
			);
			assert.ok(reqs.every((q) => q.headers.authorization === `Bearer ${TOKEN}`));
			assert.deepEqual(reqs[1].body, { title: 'Item abc copy' });
		});

		await step('n8n start + published polling trigger polls at activation', async () => {
			n8n.publishWorkflow('wfPoll0000000001');
			const s = await n8n.start();
			timings.startReady = s.readyMs;
			const execs = await n8n.waitForExecutions({ workflowId: 'wfPoll0000000001', count: 1, timeoutMs: 60000 });
			timings.firstPollExecution = Date.now() - s.startedAt;
			const e = execs[0];
			assert.equal(e.status, 'success', JSON.stringify(e.error));
			assert.deepEqual(
				e.nodes['Echo Trigger'].items.map((i) => i.id),
				[1, 2],
			);
			assert.ok(api.requests.some((q) => q.path === '/events'));

			// live activation through the REST API (owner setup + cookie) also polls at once
			const t1 = Date.now();
			await n8n.activateWorkflow('wfPoll0000000002');
			const execs2 = await n8n.waitForExecutions({ workflowId: 'wfPoll0000000002', count: 1, timeoutMs: 60000 });
			timings.restActivateToExecution = Date.now() - t1;
			assert.equal(execs2[0].status, 'success');
			assert.equal(execs2[0].nodes['Echo Trigger'].items.length, 2);
			await n8n.deactivateWorkflow('wfPoll0000000002');
			await n8n.stop();
		});
	} finally {
		await n8n.cleanup();
		await api.close();
	}
	console.log(`timings (ms): ${JSON.stringify(timings)}`);
	console.log(`${passed} passed, ${failed} failed`);
	process.exit(failed ? 1 : 0);
}

main().catch((e) => {
	console.error(e);
	console.log(`${passed} passed, ${failed + 1} failed`);
	process.exit(1);
});
