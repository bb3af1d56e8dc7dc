'use strict';
/**
 * The stack shared by `npm run demo` and `npm run test:e2e`: the sandbox API (in this process, on
 * 127.0.0.1), a fresh real n8n user folder with this package installed as a community package,
 * a "Content Platform account" credential pointing at the sandbox, and the example workflows.
 */
const fs = require('node:fs');
const path = require('node:path');

const { createSandbox } = require('../../test/sandbox');
const { N8nInstance } = require('./n8n');

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLES = path.join(ROOT, 'examples');

/** The credential the example workflows reference (id and name as in examples/*.json). */
const API_CREDENTIAL = { id: 'cpApiCredential1', name: 'Content Platform account' };

/** The example workflows (examples/*.json), parsed. */
function exampleWorkflows() {
	return fs
		.readdirSync(EXAMPLES)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => ({ file: f, ...JSON.parse(fs.readFileSync(path.join(EXAMPLES, f), 'utf8')) }));
}

/**
 * Starts the sandbox and a prepared n8n (not started: `execute` runs workflows without a server).
 * @param {{ name: string, sandboxPort?: number, n8nPort?: number, keep?: boolean, oauth?: object, runtime?: string,
 *   credentials?: (sandbox: object) => object[], workflows?: object[] }} options
 *   `runtime`: which pinned n8n ('2.x' default, '1.x'; see runtime.js); `credentials` (given the
 *   sandbox) and `workflows`: more to import, in the same `n8n import:*` calls (each call boots n8n)
 */
async function startStack({
	name,
	sandboxPort = 0,
	n8nPort,
	keep = false,
	oauth,
	runtime,
	credentials = () => [],
	workflows: extraWorkflows = [],
} = {}) {
	if (!fs.existsSync(path.join(ROOT, 'dist', 'nodes', 'ContentPlatform', 'ContentPlatform.node.js'))) {
		throw new Error('dist/ is missing: run `npm run build` first');
	}
	const sandbox = await createSandbox({ port: sandboxPort, token: 'demo-token', oauth });
	const n8n = await N8nInstance.create({ name, port: n8nPort, keep, runtime });
	n8n.installPackage(ROOT);
	n8n.importCredentials([
		{ ...API_CREDENTIAL, type: 'contentPlatformApi', data: { baseUrl: sandbox.url, accessToken: sandbox.token } },
		...credentials(sandbox),
	]);
	const workflows = exampleWorkflows();
	n8n.importWorkflows([...workflows.map(({ file: _file, ...workflow }) => workflow), ...extraWorkflows]);
	return { sandbox, n8n, workflows };
}

module.exports = { startStack, exampleWorkflows, API_CREDENTIAL, ROOT };
