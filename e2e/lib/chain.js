'use strict';
/**
 * The e2e suites' workflow of operations: Manual Trigger → the given Content Platform nodes in a
 * chain, each executed once, with the suite's access-token credential unless a node names its own.
 */
const { API_CREDENTIAL } = require('./stack');

const CP = 'n8n-nodes-content-platform.contentPlatform';

/**
 * @param {string} id workflow id (also the prefix of the node ids)
 * @param {string} name workflow name
 * @param {Array<{ name: string, parameters: object, credentials?: object }>} nodes
 */
function chainWorkflow(id, name, nodes) {
	const all = [
		{
			id: `${id}-start`,
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		...nodes.map((node, i) => ({
			id: `${id}-${i}`,
			type: CP,
			typeVersion: 1,
			position: [(i + 1) * 220, 0],
			executeOnce: true,
			credentials: { contentPlatformApi: API_CREDENTIAL },
			...node,
		})),
	];
	const connections = {};
	for (let i = 0; i < all.length - 1; i++)
		connections[all[i].name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	return { id, name, nodes: all, connections, active: false, settings: { executionOrder: 'v1' }, pinData: {} };
}

module.exports = { chainWorkflow, CP };
