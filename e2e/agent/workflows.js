'use strict';
/**
 * The workflows of the AI-tool checks (e2e/agent.js): the Content Platform tool nodes
 * (`contentPlatformTool`) with their `$fromAI` fields, Webhook → AI Agent with the OpenAI chat model
 * and those tools, and the MCP Server Trigger with read, write and destructive tools; with the
 * webhook paths and the markers that tell the conversations apart.
 */
const TOOL = 'n8n-nodes-content-platform.contentPlatformTool';
const AGENT_PATH = 'e2e-ai-agent';
const SIZE_PATH = 'e2e-ai-answer-size';
const MCP_PATH = 'e2e-content-platform-mcp';
const HAPPY = '[e2e:agent]';
const ERRORS = '[e2e:agent-errors]';
const EXAMPLE = '[e2e:example]';
const SIZE = '[e2e:answer-size]';

/** How many records the answer-size tools return, and the 3 attributes of the sparse one (docs/ai-agents.md). */
const SIZE_LIMIT = 10;
const SIZE_FIELDS = ['name', 'email', 'created_at'];

/** A resource locator holding an expression. */
const rlExpr = (expression) => ({ __rl: true, mode: 'id', value: `={{ ${expression} }}` });

/**
 * The Content Platform tool nodes, with the `$fromAI()` setup docs/ai-agents.md recommends.
 * Keys are the node names (the tool names the model sees are these with `_` for spaces).
 */
function toolNodes(credential) {
	const tool = (name, parameters) => ({
		name,
		type: TOOL,
		typeVersion: 1,
		parameters: { descriptionType: 'auto', ...parameters },
		credentials: { contentPlatformApi: credential },
	});
	return {
		findContact: tool('Find contact', {
			resource: 'contact',
			operation: 'getAll',
			limit: 5,
			filters: { search: "={{ $fromAI('email', 'Email address of the contact', 'string') }}" },
		}),
		getContact: tool('Get contact', {
			resource: 'contact',
			operation: 'get',
			contactId: rlExpr("$fromAI('contactId', 'ID of the contact', 'string')"),
		}),
		listPurchases: tool('List purchases', {
			resource: 'purchase',
			operation: 'getAll',
			limit: 10,
			filters: { customer_id: "={{ $fromAI('customerId', 'ID of the customer', 'string') }}" },
		}),
		grantOffer: tool('Grant offer', {
			resource: 'contact',
			operation: 'grantOffers',
			contactId: rlExpr("$fromAI('contactId', 'ID of the contact', 'string')"),
			offerIds: "={{ $fromAI('offerIds', 'IDs of the offers to grant, comma-separated', 'string') }}",
		}),
		// Destructive, with $fromAI and without "Allow Model-Chosen Values": must be refused.
		revokeOffer: tool('Revoke offer', {
			resource: 'contact',
			operation: 'revokeOffers',
			contactId: rlExpr("$fromAI('contactId', 'ID of the contact', 'string')"),
			offerIds: "={{ $fromAI('offerIds', 'IDs of the offers to revoke, comma-separated', 'string') }}",
		}),
	};
}

/**
 * The two tools whose answers' size docs/ai-agents.md gives: Contact → Get Many of `SIZE_LIMIT`
 * with Simplify (the default), and the same with Options → Fields, a sparse fieldset of
 * `SIZE_FIELDS`. Neither has a `$fromAI()` field: the model calls them without arguments.
 */
function sizeToolNodes(credential) {
	const tool = (name, options) => ({
		name,
		type: TOOL,
		typeVersion: 1,
		parameters: { descriptionType: 'auto', resource: 'contact', operation: 'getAll', limit: SIZE_LIMIT, options },
		credentials: { contentPlatformApi: credential },
	});
	return [tool('List contacts', {}), tool('List contacts three fields', { fields: SIZE_FIELDS })];
}

/** Lays nodes out and wires `tools` into `target` as `ai_tool`. */
function wire(nodes, tools, target) {
	nodes.forEach((node, i) => {
		node.id = node.id || `e2e-ai-${target.replace(/\W/g, '')}-${i}`;
		node.position = node.position || [i * 200, 0];
	});
	const connections = {};
	for (const tool of tools) connections[tool.name] = { ai_tool: [[{ node: target, type: 'ai_tool', index: 0 }]] };
	return connections;
}

/**
 * Webhook (`path`) → AI Agent, with the OpenAI chat model and `tools` (default: every tool of
 * `toolNodes`).
 */
function agentWorkflow({
	credential,
	openAiCredential,
	model,
	n8nMajor,
	tools = Object.values(toolNodes(credential)),
	path = AGENT_PATH,
	name = 'e2e: AI agent with Content Platform tools',
	webhookId = '0b6f3c52-8a4e-4c1e-9a55-25e2e0a9a001',
}) {
	const nodes = [
		{
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId,
			parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', options: {} },
		},
		{
			name: 'AI Agent',
			type: '@n8n/n8n-nodes-langchain.agent',
			typeVersion: n8nMajor >= 2 ? 3.1 : 3,
			parameters: {
				promptType: 'define',
				text: '={{ $json.body.message }}',
				options: { systemMessage: 'You help a course creator answer questions about their customers.' },
			},
		},
		{
			name: 'OpenAI Chat Model',
			type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
			typeVersion: 1.2,
			parameters: { model: { __rl: true, mode: 'id', value: model }, options: {} },
			credentials: { openAiApi: openAiCredential },
		},
		...tools,
	];
	const connections = wire(nodes, tools, 'AI Agent');
	connections.Webhook = { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] };
	connections['OpenAI Chat Model'] = { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] };
	return {
		name,
		nodes,
		connections,
		active: false,
		settings: { executionOrder: 'v1' },
	};
}

/** MCP Server Trigger with read (Find contact, Get contact), write (Grant offer) and destructive (Revoke offer) tools. */
function mcpWorkflow({ credential }) {
	const { findContact, getContact, grantOffer, revokeOffer } = toolNodes(credential);
	const tools = [findContact, getContact, grantOffer, revokeOffer];
	const nodes = [
		{
			name: 'MCP Server Trigger',
			type: '@n8n/n8n-nodes-langchain.mcpTrigger',
			typeVersion: 2,
			webhookId: '0b6f3c52-8a4e-4c1e-9a55-25e2e0a9a002',
			parameters: { path: MCP_PATH },
		},
		...tools,
	];
	return {
		name: 'e2e: MCP server with Content Platform tools',
		nodes,
		connections: wire(nodes, tools, 'MCP Server Trigger'),
		active: false,
		settings: { executionOrder: 'v1' },
	};
}

module.exports = {
	TOOL,
	AGENT_PATH,
	SIZE_PATH,
	MCP_PATH,
	HAPPY,
	ERRORS,
	EXAMPLE,
	SIZE,
	SIZE_LIMIT,
	SIZE_FIELDS,
	rlExpr,
	toolNodes,
	sizeToolNodes,
	wire,
	agentWorkflow,
	mcpWorkflow,
};
