'use strict';
/**
 * Writes a tiny throwaway community package `n8n-nodes-e2e-echo` (plain JS, no build)
 * used by e2e/selftest.js to prove the harness: a declarative node + a polling
 * trigger + a credential with the same field names as the real package
 * (baseUrl, accessToken), all calling a loopback HTTP server.
 */
const fs = require('node:fs');
const path = require('node:path');

const CREDENTIAL = `
class E2eEchoApi {
	constructor() {
		this.name = 'e2eEchoApi';
		this.displayName = 'E2E Echo API';
		this.properties = [
			{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
			{ displayName: 'Access Token', name: 'accessToken', type: 'string', typeOptions: { password: true }, default: '' },
		];
		this.authenticate = {
			type: 'generic',
			properties: { headers: { Authorization: '=Bearer {{$credentials.accessToken}}' } },
		};
		this.test = { request: { baseURL: '={{$credentials.baseUrl}}', url: '/me' } };
	}
}
module.exports = { E2eEchoApi };
`;

const NODE = `
// like the real package: n8n-workflow is a peerDependency resolved from n8n's own tree
const { NodeConnectionTypes } = require('n8n-workflow');
class E2eEcho {
	constructor() {
		this.description = {
			displayName: 'E2E Echo',
			name: 'e2eEcho',
			group: ['transform'],
			version: 1,
			subtitle: '={{$parameter["operation"]}}',
			description: 'Throwaway declarative node for the e2e harness self-test',
			defaults: { name: 'E2E Echo' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'e2eEchoApi', required: true }],
			requestDefaults: {
				baseURL: '={{$credentials.baseUrl}}',
				headers: { Accept: 'application/json' },
			},
			properties: [
				{
					displayName: 'Resource', name: 'resource', type: 'options', noDataExpression: true,
					options: [{ name: 'Item', value: 'item' }], default: 'item',
				},
				{
					displayName: 'Operation', name: 'operation', type: 'options', noDataExpression: true,
					displayOptions: { show: { resource: ['item'] } },
					options: [
						{ name: 'Get', value: 'get', action: 'Get an item',
							routing: { request: { method: 'GET', url: '=/items/{{$parameter.itemId}}' } } },
						{ name: 'Create', value: 'create', action: 'Create an item',
							routing: { request: { method: 'POST', url: '/items', body: { title: '={{$parameter.title}}' } } } },
					],
					default: 'get',
				},
				{ displayName: 'Item ID', name: 'itemId', type: 'string', default: '',
					displayOptions: { show: { resource: ['item'], operation: ['get'] } } },
				{ displayName: 'Title', name: 'title', type: 'string', default: '',
					displayOptions: { show: { resource: ['item'], operation: ['create'] } } },
			],
		};
	}
}
module.exports = { E2eEcho };
`;

const TRIGGER = `
class E2eEchoTrigger {
	constructor() {
		this.description = {
			displayName: 'E2E Echo Trigger',
			name: 'e2eEchoTrigger',
			group: ['trigger'],
			version: 1,
			polling: true,
			description: 'Throwaway polling trigger for the e2e harness self-test',
			defaults: { name: 'E2E Echo Trigger' },
			inputs: [],
			outputs: ['main'],
			credentials: [{ name: 'e2eEchoApi', required: true }],
			properties: [],
		};
	}
	async poll() {
		const creds = await this.getCredentials('e2eEchoApi');
		const state = this.getWorkflowStaticData('node');
		const res = await this.helpers.httpRequestWithAuthentication.call(this, 'e2eEchoApi', {
			method: 'GET',
			url: creds.baseUrl.replace(/\\/$/, '') + '/events',
			qs: { after: state.lastId || 0 },
			json: true,
		});
		const events = (res && res.events) || [];
		if (!events.length) return null;
		state.lastId = events[events.length - 1].id;
		return [this.helpers.returnJsonArray(events)];
	}
}
module.exports = { E2eEchoTrigger };
`;

function writeFixturePackage(dir) {
	fs.rmSync(dir, { recursive: true, force: true });
	const files = {
		'package.json': JSON.stringify(
			{
				name: 'n8n-nodes-e2e-echo',
				version: '0.0.1',
				description: 'throwaway e2e fixture',
				license: 'MIT',
				peerDependencies: { 'n8n-workflow': '*' },
				keywords: ['n8n-community-node-package'],
				files: ['dist'],
				n8n: {
					n8nNodesApiVersion: 1,
					credentials: ['dist/credentials/E2eEchoApi.credentials.js'],
					nodes: ['dist/nodes/E2eEcho/E2eEcho.node.js', 'dist/nodes/E2eEcho/E2eEchoTrigger.node.js'],
				},
			},
			null,
			2,
		),
		'dist/credentials/E2eEchoApi.credentials.js': CREDENTIAL,
		'dist/nodes/E2eEcho/E2eEcho.node.js': NODE,
		'dist/nodes/E2eEcho/E2eEchoTrigger.node.js': TRIGGER,
	};
	for (const [f, content] of Object.entries(files)) {
		fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
		fs.writeFileSync(path.join(dir, f), content);
	}
	return dir;
}

module.exports = { writeFixturePackage };
