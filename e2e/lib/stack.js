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

/** The credentials the example workflows reference (id and name as in examples/*.json). */
const API_CREDENTIAL = { id: 'cpApiCredential1', name: 'Content Platform account' };
const OAUTH2_CREDENTIAL = { id: 'cpOAuth2Credential1', name: 'Content Platform OAuth2 account' };
/** The sandbox's OAuth2 client when the caller names none (the OAuth2 example needs one). */
const DEFAULT_OAUTH = { clientId: 'demo-client', clientSecret: 'demo-client-secret' };

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
 *   `runtime`: which pinned n8n ('2.x' default, '1.x'; see runtime.js); `oauth`: the sandbox's
 *   OAuth2 client ({ clientId, clientSecret }, default DEFAULT_OAUTH), which the OAuth2 credential uses;
 *   `credentials` (given the sandbox) and `workflows`: more to import, in the same `n8n import:*`
 *   calls (each call boots n8n)
 */
async function startStack({
	name,
	sandboxPort = 0,
	n8nPort,
	keep = false,
	oauth = DEFAULT_OAUTH,
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
		{
			...OAUTH2_CREDENTIAL,
			type: 'contentPlatformOAuth2Api',
			data: { baseUrl: sandbox.url, clientId: oauth.clientId, clientSecret: oauth.clientSecret },
		},
		...credentials(sandbox),
	]);
	const workflows = exampleWorkflows();
	n8n.importWorkflows([...workflows.map(({ file: _file, ...workflow }) => workflow), ...extraWorkflows]);
	return { sandbox, n8n, workflows };
}

module.exports = { startStack, exampleWorkflows, API_CREDENTIAL, OAUTH2_CREDENTIAL, ROOT };
