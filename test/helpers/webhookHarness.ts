/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test receiver on node:http */
/**
 * Drives the webhook trigger through n8n-core's real HookContext (checkExists / create / delete,
 * as n8n's webhook service runs them: checkExists, then create when it says false, and delete when
 * activation fails) and WebhookContext (webhook()), against the sandbox API. A small receiver on
 * 127.0.0.1 plays n8n's webhook server, so the sandbox's `deliver()` reaches the node over HTTP:
 * `/webhook/...` is the production URL, `/webhook-test/...` the editor's test URL.
 *
 * Static data as n8n keeps it for webhooks (n8n 2.41 `LiveWebhooks.executeWebhook`): each delivery
 * starts from its own copy of the workflow's saved static data, and that copy is saved back, whole,
 * when the delivery is answered if the node changed it (a delivery to the test URL: never saved,
 * n8n 2.41 `TestWebhooks`). Deliveries that overlap therefore start
 * from the same copy and the last one answered overwrites the others' (what the node's shared
 * memory, nodes/ContentPlatformWebhookTrigger/memory.ts, has to withstand).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { HookContext, WebhookContext } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeParameters,
	type IWebhookData,
	type IWebhookDescription,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { ContentPlatformWebhookTrigger } from '../../nodes/ContentPlatformWebhookTrigger/ContentPlatformWebhookTrigger.node';
import { accessTokenCredentials } from './fixtures';
import { PACKAGE, TestCredentialsHelper, registerNodeType, nodeTypes, testAdditionalData } from './harness';
import type { RecordedRequest, Sandbox } from '../sandbox';

export const webhookTrigger = new ContentPlatformWebhookTrigger();
registerNodeType('contentPlatformWebhookTrigger', webhookTrigger);

/** The node's webhook ID: n8n gives every webhook node a random UUID, the unguessable part of its URL. */
export const WEBHOOK_ID = '3f0c9b8e-5d1a-4c1e-9b7a-0c2e7d4f6a11';

/** What one delivery gave: the status answered, the reply body (when the node wrote one), the items emitted. */
export interface ReceiveResult {
	status: number;
	body?: IDataObject;
	items: IDataObject[];
	/** The headers the node answered with beyond Content-Type (`Retry-After`), when it answered itself. */
	headers?: Record<string, string>;
}

/** The result of activation, deactivation, listening: an error or nothing. */
export interface HookResult {
	error?: Error & { description?: string | null };
}

/** Each runner's workflow gets its own ID, as each workflow in n8n has (the node's shared memory is by workflow). */
let workflowCount = 0;

/** One webhook trigger node in one workflow whose static data survives between calls. */
export class WebhookRunner {
	readonly node: INode;

	readonly credentials: TestCredentialsHelper;

	readonly workflow: Workflow;

	/** Items emitted by deliveries that came in over HTTP (the receiver), in order. */
	readonly emitted: IDataObject[] = [];

	private server: Server | undefined;

	private baseUrl = 'http://127.0.0.1:5678';

	/**
	 * @param typeVersion The node's version as saved in the workflow (1: today's tests; 2: what the
	 *   editor gives new nodes, Confirm With API on for the events that move money).
	 */
	constructor(
		parameters: INodeParameters,
		credentials: Record<string, ICredentialDataDecryptedObject>,
		typeVersion = 1,
	) {
		this.node = {
			id: 'webhook-trigger-1',
			name: 'Content Platform Webhook Trigger',
			type: `${PACKAGE}.contentPlatformWebhookTrigger`,
			typeVersion,
			position: [0, 0],
			webhookId: WEBHOOK_ID,
			parameters,
			credentials: {
				contentPlatformApi: { id: '1', name: 'Content Platform account' },
				contentPlatformOAuth2Api: { id: '2', name: 'Content Platform OAuth2 account' },
			},
		};
		this.credentials = new TestCredentialsHelper(credentials);
		workflowCount += 1;
		this.workflow = new Workflow({
			id: `wf-webhook-${workflowCount}`,
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: {},
		});
	}

	private additionalData(extra: Partial<IWorkflowExecuteAdditionalData> = {}): IWorkflowExecuteAdditionalData {
		return {
			...testAdditionalData(this.credentials),
			webhookBaseUrl: `${this.baseUrl}/webhook`,
			webhookTestBaseUrl: `${this.baseUrl}/webhook-test`,
			...extra,
		} as IWorkflowExecuteAdditionalData;
	}

	private webhookData(isTest: boolean): IWebhookData {
		const description = webhookTrigger.description.webhooks![0] as IWebhookDescription;
		return {
			httpMethod: 'POST',
			node: this.node.name,
			path: `${WEBHOOK_ID}/${description.path}`,
			webhookDescription: description,
			workflowId: this.workflow.id,
			workflowExecuteAdditionalData: this.additionalData(),
			webhookId: WEBHOOK_ID,
			isTest,
		} as IWebhookData;
	}

	/** The node's production (or test) webhook URL, as n8n computes it. */
	url(isTest = false): string {
		const context = new HookContext(
			this.workflow,
			this.node,
			this.additionalData(),
			'trigger',
			'activate',
			this.webhookData(isTest),
		);
		return context.getNodeWebhookUrl('default')!;
	}

	private async method(name: 'checkExists' | 'create' | 'delete', isTest: boolean): Promise<boolean> {
		const mode = isTest ? 'manual' : 'trigger';
		const activation = isTest ? 'manual' : 'activate';
		const context = new HookContext(
			this.workflow,
			this.node,
			this.additionalData(),
			mode,
			activation,
			this.webhookData(isTest),
		);
		return (await webhookTrigger.webhookMethods.default[name].call(context)) as boolean;
	}

	/**
	 * Activation as n8n's webhook service does it: checkExists, create when it says false; when
	 * that fails, delete (n8n's registrar clears a webhook whose registration failed) and report the error.
	 */
	async activate(isTest = false): Promise<HookResult> {
		try {
			if (!(await this.method('checkExists', isTest))) await this.method('create', isTest);
			return {};
		} catch (error) {
			try {
				await this.method('delete', isTest);
			} catch {
				// n8n logs a failing clean-up and reports the activation error.
			}
			return { error: error as HookResult['error'] };
		}
	}

	/** Deactivation (or the end of "Listen for test event" with `isTest`): delete. */
	async deactivate(isTest = false): Promise<HookResult> {
		try {
			await this.method('delete', isTest);
			return {};
		} catch (error) {
			return { error: error as HookResult['error'] };
		}
	}

	/**
	 * One delivery through WebhookContext: `body` is what n8n's body parser gives the node (an
	 * object), `rawBody` the bytes when n8n did not parse them. n8n answers 200 when webhook()
	 * returns workflow data ("onReceived"); the node may answer itself (400, duplicates). The node
	 * sees a copy of the saved static data, saved back when it changed it (see the module comment).
	 */
	async receive(body: unknown, options: { rawBody?: string; isTest?: boolean } = {}): Promise<ReceiveResult> {
		const reply: { status?: number; text?: string; headers?: Record<string, string> } = {};
		const response = {
			writeHead(status: number, headers: Record<string, string> = {}) {
				reply.status = status;
				reply.headers = headers;
				return response;
			},
			end(text?: string) {
				reply.text = text;
				return response;
			},
		};
		const request = {
			body: body ?? {},
			rawBody: options.rawBody === undefined ? undefined : Buffer.from(options.rawBody),
			headers: { 'content-type': 'application/json' },
			query: {},
			params: {},
		};
		const additionalData = this.additionalData({
			httpRequest: request as unknown as IWorkflowExecuteAdditionalData['httpRequest'],
			httpResponse: response as unknown as IWorkflowExecuteAdditionalData['httpResponse'],
		});
		const data = { ...this.webhookData(options.isTest === true), workflowExecuteAdditionalData: additionalData };
		const workflow = new Workflow({
			id: this.workflow.id,
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject,
		});
		const context = new WebhookContext(
			workflow,
			this.node,
			additionalData,
			options.isTest ? 'manual' : 'webhook',
			data,
			[],
			null,
		);
		const result = await webhookTrigger.webhook.call(context);
		// n8n saves what a production delivery changed; a test delivery's static data is not saved.
		if (workflow.staticData.__dataChanged === true && options.isTest !== true) {
			this.workflow.overrideStaticData(JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject);
		}
		const items = (result.workflowData?.[0] ?? []).map((item) => item.json);
		if (result.noWebhookResponse) {
			const headers = Object.fromEntries(
				Object.entries(reply.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'content-type'),
			);
			return {
				status: reply.status ?? 0,
				body: reply.text ? (JSON.parse(reply.text) as IDataObject) : undefined,
				items,
				...(Object.keys(headers).length > 0 ? { headers } : {}),
			};
		}
		return { status: 200, items };
	}

	/** The node's static data. */
	get staticData(): IDataObject {
		return (this.workflow.staticData[`node:${this.node.name}`] ?? {}) as IDataObject;
	}

	/** Starts the receiver on 127.0.0.1 (n8n's webhook server in these tests); the URLs point at it. */
	async listen(): Promise<void> {
		this.server = createServer((req, res) => {
			void readJson(req).then(
				async ({ parsed, raw }) => {
					const isTest = (req.url ?? '').startsWith('/webhook-test/');
					const result = await this.receive(parsed, { rawBody: raw, isTest });
					this.emitted.push(...result.items);
					res.writeHead(result.status, { ...result.headers, 'Content-Type': 'application/json' });
					res.end(JSON.stringify(result.body ?? { message: 'Workflow was started' }));
				},
				() => {
					res.writeHead(500);
					res.end();
				},
			);
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		const address = this.server.address() as { port: number };
		this.baseUrl = `http://127.0.0.1:${address.port}`;
	}

	/** Stops the receiver. */
	async close(): Promise<void> {
		if (!this.server) return;
		const server = this.server;
		this.server = undefined;
		await new Promise<void>((resolve) => {
			server.close(() => resolve());
			server.closeAllConnections();
		});
	}
}

/** n8n's JSON body parser: a JSON body becomes an object; anything else leaves `{}` and the raw text. */
async function readJson(req: IncomingMessage): Promise<{ parsed: unknown; raw: string }> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	const raw = Buffer.concat(chunks).toString('utf8');
	try {
		return { parsed: JSON.parse(raw) as unknown, raw };
	} catch {
		return { parsed: {}, raw };
	}
}

/**
 * The webhook test files' runners: `runner(parameters, typeVersion)` starts a WebhookRunner (event
 * Purchase, site 1 unless given) listening on 127.0.0.1 with the sandbox's access token (or the
 * `credentials` given); every runner
 * is closed after each test. `sandbox()` gives the test's sandbox (test/helpers/fixtures.ts `useSandbox`).
 */
export function webhookRunners(sandbox: () => Sandbox): {
	runner: (
		parameters?: INodeParameters,
		typeVersion?: number,
		credentials?: Record<string, ICredentialDataDecryptedObject>,
	) => Promise<WebhookRunner>;
} {
	const runners: WebhookRunner[] = [];
	afterEach(async () => {
		await Promise.all(runners.splice(0).map(async (started) => await started.close()));
	});
	return {
		async runner(parameters: INodeParameters = {}, typeVersion = 1, credentials?): Promise<WebhookRunner> {
			const created = new WebhookRunner(
				{ event: 'purchase', siteId: '1', ...parameters },
				credentials ?? accessTokenCredentials(sandbox()),
				typeVersion,
			);
			runners.push(created);
			await created.listen();
			return created;
		},
	};
}

/** A recorded request as `METHOD /path?query` (query decoded), for comparing request lists. */
export const call = (request: RecordedRequest): string =>
	`${request.method} ${request.path}${request.rawQuery ? `?${decodeURIComponent(request.rawQuery)}` : ''}`;
