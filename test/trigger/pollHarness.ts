/**
 * Drives the trigger's poll() through n8n-core's real PollContext (static data, credentials,
 * httpRequestWithAuthentication), the way n8n's poll job does, against the sandbox API; and what
 * trigger tests read of a poll (`emittedIds`) and how they make one (`triggerRunner`).
 */
import { PollContext } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeParameters,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { ContentPlatformTrigger } from '../../nodes/ContentPlatformTrigger/ContentPlatformTrigger.node';
import { PACKAGE, TestCredentialsHelper, nodeTypes, registerNodeType, testAdditionalData } from '../helpers/harness';
import { accessTokenCredentials } from '../helpers/fixtures';
import type { Sandbox } from '../sandbox';

const trigger = new ContentPlatformTrigger();
registerNodeType('contentPlatformTrigger', trigger);

/** What one poll gave: the emitted items' JSON (null when poll() returned null) or its error. */
export interface PollResult {
	items: IDataObject[] | null;
	error?: Error & { description?: string | null };
}

/** One trigger node in one (active) workflow whose static data survives between polls. */
export class TriggerRunner {
	readonly node: INode;

	readonly credentials: TestCredentialsHelper;

	workflow: Workflow;

	/** The poll budget n8n gives the trigger (`getPollBudgetMs()`), ms; undefined = n8n-core's default (5 minutes). */
	budgetMs?: number;

	constructor(
		parameters: INodeParameters,
		credentials: Record<string, ICredentialDataDecryptedObject> | TestCredentialsHelper,
	) {
		this.node = {
			id: 'trigger-1',
			name: 'Content Platform Trigger',
			type: `${PACKAGE}.contentPlatformTrigger`,
			typeVersion: 1,
			position: [0, 0],
			parameters,
			credentials: {
				contentPlatformApi: { id: '1', name: 'Content Platform account' },
				contentPlatformOAuth2Api: { id: '2', name: 'Content Platform OAuth2 account' },
			},
		};
		this.credentials =
			credentials instanceof TestCredentialsHelper ? credentials : new TestCredentialsHelper(credentials);
		this.workflow = this.newWorkflow({});
	}

	private newWorkflow(staticData: IDataObject): Workflow {
		return new Workflow({ id: 'wf-trigger', nodes: [this.node], connections: {}, active: true, nodeTypes, staticData });
	}

	/** One poll: `trigger` mode as the poll job runs it, or `manual` ("Fetch Test Event"). */
	async poll(mode: WorkflowExecuteMode = 'trigger'): Promise<PollResult> {
		const workflow = this.workflow;
		const node = this.node;
		const budget = this.budgetMs;
		const context =
			budget === undefined
				? new PollContext(workflow, node, testAdditionalData(this.credentials), mode, 'activate')
				: new PollContext(
						workflow,
						node,
						testAdditionalData(this.credentials),
						mode,
						'activate',
						undefined,
						undefined,
						undefined,
						undefined,
						() => workflow.getStaticData('node', node),
						() => budget,
					);
		try {
			const result = await trigger.poll.call(context);
			return { items: result ? result[0].map((item) => item.json) : null };
		} catch (error) {
			return { items: null, error: error as PollResult['error'] };
		}
	}

	/** The stored cursor (the node's static data). */
	get staticData(): IDataObject {
		return (this.workflow.staticData[`node:${this.node.name}`] ?? {}) as IDataObject;
	}

	/** Size of the node's static data as JSON, in bytes. */
	get staticDataBytes(): number {
		return Buffer.byteLength(JSON.stringify(this.staticData));
	}

	/** n8n restarted: the static data went through JSON (the database) into a new Workflow. */
	restart(): void {
		this.workflow = this.newWorkflow(JSON.parse(JSON.stringify(this.workflow.staticData)));
	}
}

/** The IDs a poll emitted, after checking it did not fail (none when it emitted nothing). */
export function emittedIds(result: PollResult): string[] {
	expect(result.error).toBeUndefined();
	return (result.items ?? []).map((item) => String(item.id));
}

/** A polling trigger on `event` (with `extra` parameters) against the sandbox, with the access-token credential. */
export function triggerRunner(sandbox: Sandbox, event: string, extra: Record<string, unknown> = {}): TriggerRunner {
	return new TriggerRunner({ event, ...extra }, accessTokenCredentials(sandbox));
}

/**
 * The clock trigger tests move by hand: `nowMs` (what the mocked `Date.now` returns, ms), `tick`
 * (moves it by `seconds`, returns the new time as ISO text) and `insertTicked` (`n` records of
 * `type` created one second apart on it; returns their IDs).
 */
export class HandClock {
	nowMs = 0;

	tick(seconds: number): string {
		this.nowMs += seconds * 1000;
		return new Date(this.nowMs).toISOString();
	}

	insertTicked(sandbox: Sandbox, type: string, n: number): string[] {
		return Array.from({ length: n }, () => sandbox.insert(type, {}, {}, { created_at: this.tick(1) }).id);
	}
}
