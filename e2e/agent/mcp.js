'use strict';
/**
 * The MCP part of the AI-tool checks (e2e/agent.js): an MCP client session with the MCP Server
 * Trigger's tools (list them, call a read and a write tool, then two that fail).
 */
const assert = require('node:assert/strict');

const { MCP_PATH } = require('./workflows');
const { assertSimplified, brief, recordsOf } = require('./common');

/**
 * The MCP session: list the tools, call a read and a write tool, then two that fail. `ours()`: the
 * sandbox's requests that carry `token`, the access token of the tools' credential (e2e/agent.js),
 * so that a request of another workflow active meanwhile is not taken for one of the session's.
 */
async function mcpChecks({ sandbox, n8n, check, facts, transcript, ours, token }) {
	const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
	const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
	const client = new Client({ name: 'e2e-mcp-client', version: '1.0.0' });
	const url = new URL(`${n8n.baseUrl}/mcp/${MCP_PATH}`);
	// The trigger's route may come some seconds after activation (n8n 1.x); a loaded n8n may drop a connection.
	const t0 = Date.now();
	for (;;) {
		try {
			await client.connect(new StreamableHTTPClientTransport(url));
			break;
		} catch (error) {
			if (Date.now() - t0 > 60000) throw error;
			await new Promise((resolve) => setTimeout(resolve, 2000));
		}
	}
	try {
		const { tools } = await client.listTools();
		transcript.mcp.tools = tools;
		await check('MCP: the client lists the tools with their names, auto descriptions and input schemas', () => {
			const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
			assert.deepEqual(Object.keys(byName).sort(), ['Find_contact', 'Get_contact', 'Grant_offer', 'Revoke_offer']);
			assert.equal(byName.Find_contact.description, 'Get many contacts in Content Platform');
			assert.equal(byName.Revoke_offer.description, 'Revoke offers from contact in Content Platform');
			assert.deepEqual(Object.keys(byName.Find_contact.inputSchema.properties), ['email']);
			assert.deepEqual(Object.keys(byName.Grant_offer.inputSchema.properties).sort(), ['contactId', 'offerIds']);
			assert.deepEqual([...byName.Grant_offer.inputSchema.required].sort(), ['contactId', 'offerIds']);
		});
		sandbox.clearRequests();
		const offer = sandbox.store.offers.find(
			(o) =>
				!((sandbox.find('contacts', facts.contact.id).relationships.offers || {}).data || []).some(
					(g) => g.id === o.id,
				),
		);
		const calls = [
			['Find_contact', { email: facts.contact.attributes.email }],
			['Grant_offer', { contactId: facts.contact.id, offerIds: offer.id }],
			['Get_contact', { contactId: '999999' }],
			['Revoke_offer', { contactId: facts.contact.id, offerIds: offer.id }],
		];
		const results = {};
		for (const [name, args] of calls) {
			results[name] = await client.callTool({ name, arguments: args });
		}
		transcript.mcp.calls = calls.map(([name, args]) => ({ name, arguments: args, result: results[name] }));
		const requests = ours();
		transcript.mcp.sandbox = requests.map(brief);
		const text = (r) => r.content.map((c) => c.text).join('');
		await check('MCP: a read and a write tool answer with the simplified records; the sandbox saw both calls', () => {
			assert.ok(!results.Find_contact.isError, text(results.Find_contact));
			const [contact] = recordsOf(text(results.Find_contact));
			assert.equal(contact.id, facts.contact.id);
			assertSimplified(contact);
			assert.ok(!results.Grant_offer.isError, text(results.Grant_offer));
			assert.ok(recordsOf(text(results.Grant_offer))[0].offers_ids.includes(offer.id));
			const seen = requests.map((r) => `${r.method} ${r.path} ${r.status}`);
			assert.deepEqual(seen.slice(0, 2), [
				'GET /v1/contacts 200',
				`POST /v1/contacts/${facts.contact.id}/relationships/offers 200`,
			]);
			assert.equal(requests[0].query['filter[search]'], facts.contact.attributes.email);
			assert.deepEqual(requests[1].body.data, [{ type: 'offers', id: offer.id }]);
		});
		await check(
			'MCP: a 404 and a refused destructive call come back as MCP tool errors; the refused one sent nothing',
			() => {
				assert.equal(results.Get_contact.isError, true, text(results.Get_contact));
				assert.match(text(results.Get_contact), /not found|404/i);
				assert.equal(results.Revoke_offer.isError, true, text(results.Revoke_offer));
				assert.match(text(results.Revoke_offer), /Refused: this operation cannot be undone/);
				assert.deepEqual(
					requests.slice(2).map((r) => `${r.method} ${r.path} ${r.status}`),
					['GET /v1/contacts/999999 404'],
				);
				assert.ok(!JSON.stringify(results).includes(token) && !JSON.stringify(results).includes(sandbox.token));
			},
		);
	} finally {
		await client.close().catch(() => undefined);
	}
}

module.exports = { mcpChecks };
