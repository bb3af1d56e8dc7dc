'use strict';
/**
 * A scripted stand-in for an OpenAI-compatible chat model (no model, no network beyond
 * 127.0.0.1), for the AI Agent end-to-end checks (e2e/agent.js).
 *
 * n8n's OpenAI Chat Model node (`@n8n/n8n-nodes-langchain.lmChatOpenAi`) takes its base URL from
 * the OpenAI credential's Base URL; with "Use Responses API" off it sends
 * `POST <base>/chat/completions` with `{ model, messages, tools, stream? }`. This server answers
 * each such call from a script:
 *
 *   const model = await startOpenAiStandIn({
 *     scripts: { '[e2e:happy]': [(call) => ({ toolCalls: [{ name, args }] }), (call) => ({ content: 'text' })] },
 *   });
 *   // base URL for the credential: model.url (…/v1), API key: model.apiKey
 *
 * A conversation is picked by the first script key found in its first user message; its n-th
 * call (counted per key) is answered by the n-th function. A function gets
 * `{ body, messages, toolResults, tools, index }` (toolResults: the `role: 'tool'` messages as
 * `{ id, name, content, json }`, `json` the parsed content or undefined) and returns
 * `{ toolCalls: [{ name, args }] }` or `{ content }`. Streaming requests (`stream: true`) get the
 * same answer as server-sent chunks.
 *
 * `calls`: every chat completion request received, in order, as `{ key, index, body, headers }`.
 * `GET /v1/models` lists one model (the editor's model picker).
 */
const { startServer } = require('./http-server');

const MODEL = 'e2e-standin-model';

/** The text of a chat message's content (a string or an array of `{ type: 'text', text }` parts). */
function textOf(content) {
	if (typeof content === 'string') return content;
	if (Array.isArray(content))
		return content.map((part) => (typeof part === 'string' ? part : part.text || '')).join('');
	return content == null ? '' : JSON.stringify(content);
}

function tryJson(text) {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

/** The tool results of a request: each `role: 'tool'` message with the name of the call it answers. */
function toolResultsOf(messages) {
	const names = {};
	for (const m of messages) for (const call of m.tool_calls || []) names[call.id] = call.function && call.function.name;
	return messages
		.filter((m) => m.role === 'tool')
		.map((m) => {
			const content = textOf(m.content);
			return { id: m.tool_call_id, name: names[m.tool_call_id], content, json: tryJson(content) };
		});
}

/** The chat.completion message of an answer (`content` or `tool_calls`). */
function messageOf(answer, key, index) {
	if (answer.toolCalls) {
		return {
			role: 'assistant',
			content: null,
			tool_calls: answer.toolCalls.map((call, i) => ({
				id: `call_${key.replace(/\W/g, '')}_${index}_${i}`,
				type: 'function',
				function: { name: call.name, arguments: JSON.stringify(call.args || {}) },
			})),
		};
	}
	return { role: 'assistant', content: String(answer.content) };
}

const USAGE = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };

/** A non-streamed chat.completion document. */
function completion(message, id) {
	return {
		id,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: MODEL,
		choices: [{ index: 0, message, finish_reason: message.tool_calls ? 'tool_calls' : 'stop', logprobs: null }],
		usage: USAGE,
	};
}

/** The same answer as server-sent `chat.completion.chunk` events, closed by `[DONE]`. */
function chunks(message, id) {
	const base = { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: MODEL };
	const events = [{ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }];
	if (message.tool_calls) {
		message.tool_calls.forEach((call, i) =>
			events.push({
				...base,
				choices: [{ index: 0, delta: { tool_calls: [{ index: i, ...call }] }, finish_reason: null }],
			}),
		);
	} else {
		events.push({ ...base, choices: [{ index: 0, delta: { content: message.content }, finish_reason: null }] });
	}
	events.push({
		...base,
		choices: [{ index: 0, delta: {}, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
	});
	events.push({ ...base, choices: [], usage: USAGE });
	return `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}data: [DONE]\n\n`;
}

/**
 * Starts the stand-in on 127.0.0.1 (port 0 = a free one).
 * @param {{ scripts: Record<string, Array<(call: object) => ({ toolCalls?: Array<{name: string, args?: object}>, content?: string })>>, apiKey?: string, port?: number }} options
 * @returns {Promise<{ url: string, apiKey: string, model: string, calls: object[], requests: object[], close: () => Promise<void> }>}
 *   `url` ends in `/v1` (the credential's Base URL)
 */
async function startOpenAiStandIn({ scripts, apiKey = 'sk-e2e-standin', port = 0 }) {
	const calls = [];
	const counts = {};
	const server = await startServer(
		(req) => {
			if (req.method === 'GET' && req.path === '/v1/models')
				return { json: { object: 'list', data: [{ id: MODEL, object: 'model', created: 0, owned_by: 'e2e' }] } };
			if (req.method !== 'POST' || req.path !== '/v1/chat/completions') return undefined;
			if (req.headers.authorization !== `Bearer ${apiKey}`)
				return { status: 401, json: { error: { message: 'wrong API key', type: 'invalid_request_error' } } };
			const body = req.body || {};
			const messages = Array.isArray(body.messages) ? body.messages : [];
			const firstUser = textOf((messages.find((m) => m.role === 'user') || {}).content);
			const key = Object.keys(scripts).find((k) => firstUser.includes(k));
			const index = key === undefined ? 0 : (counts[key] = (counts[key] || 0) + 1) - 1;
			calls.push({ key, index, body, headers: req.headers });
			const script = key === undefined ? undefined : scripts[key][index];
			if (!script)
				return {
					status: 400,
					json: {
						error: { message: `no scripted answer for call ${index + 1} of ${key ?? 'an unknown conversation'}` },
					},
				};
			const answer = script({
				body,
				messages,
				tools: (body.tools || []).map((t) => t.function),
				toolResults: toolResultsOf(messages),
				index,
			});
			const message = messageOf(answer, key, index);
			const id = `chatcmpl-e2e-${calls.length}`;
			if (body.stream)
				return { status: 200, headers: { 'content-type': 'text/event-stream' }, body: chunks(message, id) };
			return { json: completion(message, id) };
		},
		{ port },
	);
	return { url: `${server.url}/v1`, apiKey, model: MODEL, calls, requests: server.requests, close: server.close };
}

module.exports = { startOpenAiStandIn, toolResultsOf, textOf, MODEL };
