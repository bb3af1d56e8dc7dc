/**
 * Drives the trigger's poll() through n8n-core's real PollContext (static data, credentials,
 * httpRequestWithAuthentication), the way n8n's poll job does, against the sandbox API.
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
