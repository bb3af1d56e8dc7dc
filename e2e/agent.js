'use strict';
/**
 * The action node as an AI tool in a real n8n: an AI Agent and an MCP Server Trigger
 * that call Content Platform tool nodes (`n8n-nodes-content-platform.contentPlatformTool`, the
 * tool twin n8n makes of a node with `usableAsTool`), against the sandbox API.
 *
 * - Agent: Webhook → AI Agent (`@n8n/n8n-nodes-langchain.agent`) with the OpenAI Chat Model
 *   (`lmChatOpenAi`, Responses API off) whose credential's Base URL points at a scripted
 *   OpenAI-compatible stand-in (e2e/lib/openai-standin.js, no model). Its first
 *   `/chat/completions` answer asks for tool calls (find a contact by email, list their purchases,
 *   grant an offer), its second is a final answer built from the tool results it received.
 *   Checked: the tools the model was offered (names, auto descriptions, `$fromAI` schemas), the
 *   sandbox requests (exactly those the calls asked for, with the model's arguments; the tools'
 *   credential has an access token of its own, so their requests are told apart), the tool
 *   results (right records, Simplify applied), the agent's output, that the access token is in
 *   nothing the model receives, and what tool errors (404, 422, a refused destructive operation)
 *   become for the agent.
 * - The size of an answer: a second agent with two Contact → Get Many tools of 10 (Simplify; and a
 *   sparse fieldset of 3 attributes, Options → Fields): the check's title reports the bytes the
 *   model receives from each (docs/ai-agents.md, "Keep answers small").
 * - MCP: MCP Server Trigger (`mcpTrigger`) with read, write and destructive tools; an MCP client
 *   (`@modelcontextprotocol/sdk`, Streamable HTTP) lists the tools and calls them; errors come
 *   back as MCP tool errors (`isError`).
 * - The example examples/ai-agent-customer-support.json imports through n8n's REST API (as the
 *   editor's import does) and runs: with the e2e's credentials and its chat trigger made public,
 *   a chat message makes the agent chain its three tools (find, then purchases and grant).
 * n8n 2.x hands a tool error back to the model; n8n 1.x fails the run at the first tool error:
 * each version is checked for what it does.
 *
 * Everything is created through n8n's REST API in the running instance, so e2e/run.js calls it
 * with one line after `n8n.start()`: `await agent.checks({ sandbox, n8n, check })`.
 * Alone: `npm run build && node e2e/agent.js` (E2E_N8N=1.x for n8n 1.x). The conversations are
 * written to e2e/.work/ai-transcript-<n8n version>.json. The workflows are built in
 * e2e/agent/workflows.js, the MCP session is e2e/agent/mcp.js, shared helpers e2e/agent/common.js.
 */
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const { startOpenAiStandIn } = require('./lib/openai-standin');
const { retryWhile404, runStandalone } = require('./lib/standalone');
const { WORK_DIR } = require('./lib/n8n');
const {
	AGENT_PATH,
	ERRORS,
	EXAMPLE,
	HAPPY,
	SIZE,
	SIZE_FIELDS,
	SIZE_LIMIT,
	SIZE_PATH,
	agentWorkflow,
	mcpWorkflow,
	sizeToolNodes,
	toolNodes,
} = require('./agent/workflows');
const { assertSimplified, brief, ownAccessToken, pickCustomer, postJson, recordsOf } = require('./agent/common');
const { mcpChecks } = require('./agent/mcp');

/**
 * The checks, in a running n8n (`n8n.start()` done), with the sandbox of e2e/lib/stack.js.
 * @param {{ sandbox: object, n8n: object, check: (name: string, fn: () => unknown) => Promise<void> }} context
 */
async function checks({ sandbox, n8n, check }) {
	const version = n8n.runtime.version;
	const transcript = { n8n: version, agent: {}, mcp: {} };
	const facts = pickCustomer(sandbox);
	const email = facts.contact.attributes.email;
	const model = await startOpenAiStandIn({
		scripts: {
			[HAPPY]: [
				() => ({
					toolCalls: [
						{ name: 'Find_contact', args: { email } },
						{ name: 'List_purchases', args: { customerId: facts.customerId } },
						{ name: 'Grant_offer', args: { contactId: facts.contact.id, offerIds: facts.offerId } },
					],
				}),
				({ toolResults }) => {
					const by = (name) => recordsOf((toolResults.find((r) => r.name === name) || {}).content) || [];
					const [contact] = by('Find_contact');
					const purchases = by('List_purchases');
					const [grant] = by('Grant_offer');
					return {
						content:
							`${contact.name} (contact ${contact.id}) has ${purchases.length} purchase(s): ${purchases.map((p) => p.id).join(', ')}. ` +
							`Offer ${facts.offerId} is granted; their offers are now ${(grant.offers_ids || []).join(', ')}.`,
					};
				},
			],
			// The example: the model chains the tools through their results (find, then purchases and grant).
			[EXAMPLE]: [
				() => ({ toolCalls: [{ name: 'Find_contact', args: { email } }] }),
				({ toolResults }) => {
					const [contact] = recordsOf(toolResults[0].content);
					return {
						toolCalls: [
							{ name: 'List_purchases', args: { customerId: contact.customer_id } },
							{ name: 'Grant_offer', args: { contactId: contact.id, offerIds: facts.offerId } },
						],
					};
				},
				({ toolResults }) => {
					const [contact] = recordsOf(toolResults[0].content);
					return { content: `Done for contact ${contact.id}.` };
				},
			],
			// The answers' size: both Contact → Get Many tools at once, then an answer that names them.
			[SIZE]: [
				() => ({
					toolCalls: [
						{ name: 'List_contacts', args: {} },
						{ name: 'List_contacts_three_fields', args: {} },
					],
				}),
				({ toolResults }) => ({ content: `Read: ${toolResults.map((r) => r.name).join(', ')}` }),
			],
			[ERRORS]: [
				() => ({
					toolCalls: [
						{ name: 'Get_contact', args: { contactId: '999999' } },
						{ name: 'Grant_offer', args: { contactId: facts.contact.id, offerIds: facts.offerId } },
						{ name: 'Revoke_offer', args: { contactId: facts.contact.id, offerIds: facts.offerId } },
					],
				}),
				({ toolResults }) => ({ content: `Errors seen: ${toolResults.map((r) => r.name).join(', ')}` }),
			],
		},
	});
	try {
		// n8n 1.x mounts its REST routes some seconds after it reports ready (404, or a reset
		// connection while it still starts up): ask again for up to 2 minutes.
		for (const t0 = Date.now(); ; ) {
			try {
				await n8n.rest('GET', '/rest/workflows');
				break;
			} catch (error) {
				if (
					!/404|ECONNRESET|ECONNREFUSED|socket hang up/.test(String(error && error.message)) ||
					Date.now() - t0 > 120000
				)
					throw error;
				await new Promise((resolve) => setTimeout(resolve, 1000));
			}
		}
		// The tools' credential has an access token of its own: the sandbox requests these checks
		// compare are those carrying it (`ours()`), whatever other workflow of the suite is active.
		const token = await ownAccessToken(sandbox);
		const ours = () => sandbox.requests.filter((r) => r.headers.authorization === `Bearer ${token}`);
		const credential = await n8n.rest('POST', '/rest/credentials', {
			name: 'Content Platform (AI e2e)',
			type: 'contentPlatformApi',
			data: { baseUrl: sandbox.url, accessToken: token },
		});
		const openAi = await n8n.rest('POST', '/rest/credentials', {
			name: 'OpenAI stand-in',
			type: 'openAiApi',
			data: { apiKey: model.apiKey, url: model.url, header: false },
		});
		const ref = (c) => ({ id: c.id, name: c.name });
		const created = [];
		for (const workflow of [
			agentWorkflow({
				credential: ref(credential),
				openAiCredential: ref(openAi),
				model: model.model,
				n8nMajor: n8n.n8nMajor,
			}),
			mcpWorkflow({ credential: ref(credential) }),
			agentWorkflow({
				credential: ref(credential),
				openAiCredential: ref(openAi),
				model: model.model,
				n8nMajor: n8n.n8nMajor,
				tools: sizeToolNodes(ref(credential)),
				path: SIZE_PATH,
				name: 'e2e: AI agent, the size of an answer',
				webhookId: '0b6f3c52-8a4e-4c1e-9a55-25e2e0a9a003',
			}),
		]) {
			const saved = await n8n.rest('POST', '/rest/workflows', workflow);
			await n8n.activateWorkflow(saved.id);
			created.push(saved);
		}

		// --- the agent: the conversation that works ---------------------------------------------
		sandbox.clearRequests();
		const grantsBefore = sandbox.supplement.grants.length;
		const message = `${HAPPY} A customer writes from ${email}: what did they buy? Please give them offer ${facts.offerId}.`;
		const answer = await retryWhile404(() => postJson(`${n8n.baseUrl}/webhook/${AGENT_PATH}`, { message }));
		const happyCalls = model.calls.filter((c) => c.key === HAPPY);
		transcript.agent.success = {
			webhookAnswer: answer.json || answer.text,
			model: happyCalls.map((c) => ({
				offeredTools: c.index === 0 ? c.body.tools : undefined,
				messages: c.body.messages,
			})),
			sandbox: ours().map(brief),
		};
		await check('agent: the model is offered the tools with their auto descriptions and $fromAI schemas', () => {
			assert.equal(happyCalls.length, 2, `chat completion calls: ${happyCalls.length}; answer ${answer.text}`);
			const tools = Object.fromEntries(happyCalls[0].body.tools.map((t) => [t.function.name, t.function]));
			assert.deepEqual(Object.keys(tools).sort(), [
				'Find_contact',
				'Get_contact',
				'Grant_offer',
				'List_purchases',
				'Revoke_offer',
			]);
			assert.equal(tools.Find_contact.description, 'Get many contacts in Content Platform');
			assert.equal(tools.Grant_offer.description, 'Grant offers to contact in Content Platform');
			assert.deepEqual(Object.keys(tools.Find_contact.parameters.properties), ['email']);
			assert.equal(tools.Find_contact.parameters.properties.email.type, 'string');
			assert.equal(tools.Find_contact.parameters.properties.email.description, 'Email address of the contact');
			assert.deepEqual(Object.keys(tools.Grant_offer.parameters.properties).sort(), ['contactId', 'offerIds']);
		});
		await check(
			'agent: the sandbox got exactly the requests the tool calls asked for, with the model’s arguments',
			() => {
				const requests = ours();
				const seen = requests.map((r) => `${r.method} ${r.path}`).sort();
				assert.deepEqual(seen, [
					'GET /v1/contacts',
					'GET /v1/purchases',
					`POST /v1/contacts/${facts.contact.id}/relationships/offers`,
				]);
				const find = requests.find((r) => r.path === '/v1/contacts');
				assert.equal(find.query['filter[search]'], email);
				assert.equal(find.query['page[size]'], '5');
				const list = requests.find((r) => r.path === '/v1/purchases');
				assert.equal(list.query['filter[customer_id]'], facts.customerId);
				const grant = requests.find((r) => r.method === 'POST');
				assert.deepEqual(grant.body.data, [{ type: 'offers', id: facts.offerId }]);
				assert.deepEqual(
					sandbox.supplement.grants.slice(grantsBefore).map((g) => g.offer),
					[facts.offerId],
				);
			},
		);
		await check('agent: the model received the tool results: the right records, simplified', () => {
			const results = happyCalls[1].body.messages.filter((m) => m.role === 'tool');
			assert.equal(results.length, 3);
			const byName = {};
			for (const m of happyCalls[1].body.messages)
				for (const call of m.tool_calls || [])
					byName[call.function.name] = recordsOf(results.find((r) => r.tool_call_id === call.id).content);
			assert.deepEqual(
				byName.Find_contact.map((c) => c.id),
				[facts.contact.id],
			);
			assert.equal(byName.Find_contact[0].email, email);
			assert.deepEqual(byName.List_purchases.map((p) => p.id).sort(), [...facts.purchases].sort());
			[...byName.Find_contact, ...byName.List_purchases].forEach(assertSimplified);
			assert.ok(byName.Grant_offer[0].offers_ids.includes(facts.offerId), JSON.stringify(byName.Grant_offer));
		});
		await check('agent: its output is the final answer the model built from the tool results', () => {
			assert.equal(answer.status, 200, answer.text);
			const final = happyCalls[1] && model.calls.indexOf(happyCalls[1]);
			assert.ok(final >= 0);
			assert.match(
				answer.json.output,
				new RegExp(`^${facts.contact.attributes.name} \\(contact ${facts.contact.id}\\)`),
			);
			assert.match(answer.json.output, new RegExp(`Offer ${facts.offerId} is granted`));
		});

		// --- the agent: the size of an answer -----------------------------------------------------
		// What the model receives (the tool message's content, bytes of UTF-8) for Contact → Get Many
		// of SIZE_LIMIT with Simplify, and with a sparse fieldset of SIZE_FIELDS: docs/ai-agents.md.
		const sizeAnswer = await retryWhile404(() =>
			postJson(`${n8n.baseUrl}/webhook/${SIZE_PATH}`, { message: `${SIZE} List ten contacts, twice.` }),
		);
		const sizeCalls = model.calls.filter((c) => c.key === SIZE);
		const sizes = {};
		if (sizeCalls[1]) {
			const messages = sizeCalls[1].body.messages;
			for (const call of messages.flatMap((m) => m.tool_calls || [])) {
				const content = String(messages.find((m) => m.role === 'tool' && m.tool_call_id === call.id).content);
				const records = recordsOf(content) || [];
				sizes[call.function.name] = {
					bytes: Buffer.byteLength(content, 'utf8'),
					records: records.length,
					ids: records.map((r) => r.id),
					keys: records[0] ? Object.keys(records[0]) : [],
				};
			}
		}
		transcript.agent.answerSize = { webhookAnswer: sizeAnswer.json || sizeAnswer.text, sizes };
		const full = sizes.List_contacts || {};
		const sparse = sizes.List_contacts_three_fields || {};
		await check(
			`agent: what the model receives for Contact → Get Many of ${SIZE_LIMIT}: with Simplify ${full.bytes} bytes, with ${SIZE_FIELDS.length} fields (${SIZE_FIELDS.join(', ')}) ${sparse.bytes} bytes`,
			() => {
				assert.equal(sizeCalls.length, 2, `calls: ${sizeCalls.length}; answer ${sizeAnswer.text.slice(0, 300)}`);
				assert.equal(full.records, SIZE_LIMIT);
				assert.deepEqual(sparse.ids, full.ids);
				// The sparse records keep their ID, type, related IDs and links, and only the chosen attributes.
				const attributesOf = (keys) => keys.filter((k) => !['id', 'type', 'links'].includes(k) && !/_ids?$/.test(k));
				assert.deepEqual(attributesOf(sparse.keys).sort(), [...SIZE_FIELDS].sort());
				assert.ok(attributesOf(full.keys).length > SIZE_FIELDS.length, full.keys.join(', '));
				assert.ok(sparse.bytes < full.bytes, `${sparse.bytes} >= ${full.bytes}`);
				const sent = ours().filter((r) => r.path === '/v1/contacts');
				assert.ok(
					sent.some((r) => r.query['fields[contacts]'] === SIZE_FIELDS.join(',')),
					JSON.stringify(sent.map(brief)),
				);
			},
		);

		// --- the agent: tool errors -------------------------------------------------------------
		sandbox.clearRequests();
		const grantPath = `/v1/contacts/${facts.contact.id}/relationships/offers`;
		sandbox.failNext({
			status: 422,
			body: {
				errors: [
					{
						status: '422',
						title: 'Unprocessable Entity',
						detail: 'Offer cannot be granted: it is archived',
						source: { pointer: '/data/0' },
					},
				],
			},
			match: (r) => r.method === 'POST' && r.path === grantPath,
		});
		const failing = await retryWhile404(() =>
			postJson(`${n8n.baseUrl}/webhook/${AGENT_PATH}`, {
				message: `${ERRORS} Look up contact 999999, grant offer ${facts.offerId} to contact ${facts.contact.id} and revoke it again.`,
			}),
		);
		const errorCalls = model.calls.filter((c) => c.key === ERRORS);
		const toolMessages = errorCalls[1] ? errorCalls[1].body.messages.filter((m) => m.role === 'tool') : [];
		const resultOf = (name) => {
			const call =
				errorCalls[0] &&
				errorCalls[1].body.messages.flatMap((m) => m.tool_calls || []).find((c) => c.function.name === name);
			return call ? String(toolMessages.find((m) => m.tool_call_id === call.id).content) : undefined;
		};
		transcript.agent.errors = {
			webhookAnswer: failing.json || failing.text,
			toolResults: errorCalls[1]
				? {
						Get_contact: resultOf('Get_contact'),
						Grant_offer: resultOf('Grant_offer'),
						Revoke_offer: resultOf('Revoke_offer'),
					}
				: null,
			sandbox: ours().map(brief),
		};
		sandbox.clearFaults();
		// n8n 2.x hands a tool's error back to the model as the tool's result and the agent goes on;
		// n8n 1.x fails the whole run at the first tool error (the model is not called again).
		const agentWorkflowId = created[0].id;
		// the run of the conversation that works and this one, both finished (its status may be
		// stored a moment after the webhook answered)
		const [failedRun] = (
			await n8n
				.waitForExecutions({ workflowId: agentWorkflowId, count: 2, timeoutMs: 30000 })
				.catch(() => n8n.getExecutions({ workflowId: agentWorkflowId }))
		).slice(-1);
		transcript.agent.errors.execution = failedRun && { status: failedRun.status, error: failedRun.error };
		if (n8n.n8nMajor >= 2) {
			await check(
				'agent: tool errors go back to the model as tool results and the run goes on (404, 422, refused Revoke)',
				() => {
					assert.equal(
						errorCalls.length,
						2,
						`calls: ${errorCalls.length}; webhook: ${failing.status} ${failing.text.slice(0, 300)}`,
					);
					assert.match(resultOf('Get_contact'), /not found|404/i);
					assert.match(resultOf('Grant_offer'), /archived/);
					assert.match(resultOf('Revoke_offer'), /Refused: this operation cannot be undone/);
					assert.equal(failing.status, 200);
					assert.match(failing.json.output, /^Errors seen:/);
				},
			);
			await check('agent: the refused Revoke sent nothing; the 404 and the 422 were one request each', () => {
				assert.deepEqual(
					ours()
						.map((r) => `${r.method} ${r.path} ${r.status}`)
						.sort(),
					['GET /v1/contacts/999999 404', `POST ${grantPath} 422`],
				);
			});
		} else {
			await check('agent (n8n 1.x): a tool error fails the whole run; the model is not called again', () => {
				assert.equal(errorCalls.length, 1, `calls: ${errorCalls.length}`);
				assert.equal(failing.status, 500, failing.text);
				assert.equal(failedRun.status, 'error');
				assert.match(
					JSON.stringify(failedRun.error || failedRun.nodes),
					/Refused: this operation cannot be undone|not found|archived/i,
				);
			});
			await check('agent (n8n 1.x): the refused Revoke sent nothing', () => {
				assert.ok(!ours().some((r) => r.method === 'DELETE'), JSON.stringify(ours().map(brief)));
			});
		}
		await check('agent: the access token is in nothing the model received', () => {
			const seen = JSON.stringify(model.calls.map((c) => c.body));
			assert.ok(model.calls.length >= 3);
			assert.ok(!seen.includes(token) && !seen.includes(sandbox.token), 'the token reached the model');
			assert.ok(!/Bearer /i.test(seen), 'an Authorization header reached the model');
		});

		// --- MCP ----------------------------------------------------------------------------------
		await mcpChecks({ sandbox, n8n, check, facts, transcript, ours, token });

		// --- the example ----------------------------------------------------------------------------
		const example = JSON.parse(
			fs.readFileSync(path.join(__dirname, '..', 'examples', 'ai-agent-customer-support.json'), 'utf8'),
		);
		let imported;
		await check(
			'example: ai-agent-customer-support.json imports through the REST API (as the editor imports)',
			async () => {
				const { id: _id, ...rest } = example;
				imported = await n8n.rest('POST', '/rest/workflows', rest);
				const back = await n8n.rest('GET', `/rest/workflows/${imported.id}`);
				assert.deepEqual(
					back.nodes.map((n) => `${n.name}: ${n.type}`).sort(),
					example.nodes.map((n) => `${n.name}: ${n.type}`).sort(),
				);
				assert.deepEqual(Object.keys(back.connections).sort(), Object.keys(example.connections).sort());
			},
		);
		await check(
			'example: it runs: a chat message, the agent chains its three tools, the answer comes back',
			async () => {
				assert.ok(imported, 'not imported');
				// The imported example with the e2e's credentials, its chat trigger reachable over HTTP
				// (public, webhook mode); everything else as in the file.
				const workflow = await n8n.rest('GET', `/rest/workflows/${imported.id}`);
				for (const node of workflow.nodes) {
					if (node.credentials && node.credentials.contentPlatformApi)
						node.credentials = { contentPlatformApi: ref(credential) };
					if (node.credentials && node.credentials.openAiApi) {
						node.credentials = { openAiApi: ref(openAi) };
						node.parameters.model = { __rl: true, mode: 'id', value: model.model };
					}
					if (node.type === '@n8n/n8n-nodes-langchain.chatTrigger')
						node.parameters = {
							...node.parameters,
							public: true,
							mode: 'webhook',
							options: { responseMode: 'lastNode' },
						};
				}
				await n8n.rest('PATCH', `/rest/workflows/${imported.id}`, workflow);
				await n8n.activateWorkflow(imported.id);
				sandbox.clearRequests();
				const trigger = workflow.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.chatTrigger');
				const reply = await retryWhile404(() =>
					postJson(`${n8n.baseUrl}/webhook/${trigger.webhookId}/chat`, {
						action: 'sendMessage',
						sessionId: 'e2e-example',
						chatInput: `${EXAMPLE} What did ${email} buy? Give them offer ${facts.offerId}.`,
					}),
				);
				const calls = model.calls.filter((c) => c.key === EXAMPLE);
				const requests = ours();
				transcript.example = {
					chat: reply.json || reply.text,
					model: calls.length ? calls[calls.length - 1].body.messages : [],
					sandbox: requests.map(brief),
				};
				assert.equal(reply.status, 200, reply.text);
				assert.equal(calls.length, 3, `model calls: ${calls.length}`);
				assert.equal(reply.json.output, calls.length === 3 ? `Done for contact ${facts.contact.id}.` : undefined);
				assert.equal(`${requests[0].method} ${requests[0].path} ${requests[0].status}`, 'GET /v1/contacts 200');
				assert.deepEqual(
					requests
						.slice(1)
						.map((r) => `${r.method} ${r.path} ${r.status}`)
						.sort(),
					['GET /v1/purchases 200', `POST /v1/contacts/${facts.contact.id}/relationships/offers 200`],
				);
				assert.equal(requests.find((r) => r.path === '/v1/purchases').query['filter[customer_id]'], facts.customerId);
			},
		);
	} finally {
		fs.mkdirSync(WORK_DIR, { recursive: true });
		fs.writeFileSync(path.join(WORK_DIR, `ai-transcript-${version}.json`), JSON.stringify(transcript, null, 2));
		await model.close();
	}
}

// toolNodes, agentWorkflow, mcpWorkflow: e2e/agent/workflows.js; pickCustomer: e2e/agent/common.js
module.exports = { checks, toolNodes, agentWorkflow, mcpWorkflow, pickCustomer };

// Alone: no workflows to import (checks() creates its own through the REST API); n8n start may
// take minutes on a loaded machine.
if (require.main === module) runStandalone({ name: 'agent', workflows: () => [], checks, startTimeoutMs: 600000 });
