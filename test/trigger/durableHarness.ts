/**
 * Drives the trigger's poll() through n8n-core's real PollContext the way n8n 2.41.1's durable
 * poll path does (N8N_POLLER_DURABLE_CURSORS_ENABLED with the durable scheduler), against the
 * sandbox API: the node's static data is a plain copy of its `poller_state` row, staged per poll
 * and committed by these rules (read in n8n's installed code, see docs/polling-trigger.md
 * "n8n's durable poll path"):
 * - the activation poll (`testingTrigger`, 5-minute budget) commits its copy only when it returns
 *   items (with the execution); n8n saves the workflow's static data after activation;
 * - a scheduled poll (its budget from `getPollBudgetMs`, ~36 s) reads the row when its task
 *   starts, commits its copy with the execution it starts, or alone when it returns null; the
 *   workflow's static data is saved with each execution;
 * - an abandoned poll (past the scheduler's timeout) and a failed poll commit nothing.
 * The harness keeps "the database" as JSON (the row, the workflow's static data) and the
 * executions' items; the code under test is the trigger, unchanged.
 */
import { PollContext } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeParameters,
} from 'n8n-workflow';

import { ContentPlatformTrigger } from '../../nodes/ContentPlatformTrigger/ContentPlatformTrigger.node';
import { PACKAGE, TestCredentialsHelper, nodeTypes, registerNodeType, testAdditionalData } from '../helpers/harness';

const trigger = new ContentPlatformTrigger();
registerNodeType('contentPlatformTrigger', trigger);

/** n8n 2.41.1's scheduled poll budget with its defaults: min(45 s timeout, 60 s lease) less its margin. */
export const SCHEDULED_BUDGET_MS = 36_000;

/** A copy through JSON (the database). */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** How a scheduled poll ends in the harness. */
export interface ScheduledPollOptions {
	/** The row as the task read it when it started (a copy taken earlier: a task that started before another committed). */
	row?: IDataObject;
	/** The poll outlasted the scheduler's timeout: n8n abandons it (its result is dropped, nothing committed). */
	abandon?: boolean;
}

/** What one poll gave: the items' IDs emitted (null when none) or its error. */
export interface DurablePollResult {
	ids: string[] | null;
	error?: Error;
}

let workflows = 0;

/** One poll trigger in one published workflow on n8n's durable poll path. */
export class DurableTrigger {
	readonly node: INode;

	readonly credentials: TestCredentialsHelper;

	/** The workflow's ID (each harness its own: the trigger keeps its claims per workflow and node in the process). */
	readonly workflowId = `wf-durable-${++workflows}`;

	/** The workflow's static data as saved in the database. */
	savedStaticData: IDataObject = {};

	/** The trigger's `poller_state` row (its cursor), undefined until n8n creates it. */
	row: IDataObject | undefined;

	/** The items (IDs) of each execution the trigger started, in order. */
	readonly executions: string[][] = [];

	constructor(
		parameters: INodeParameters,
		credentials: Record<string, ICredentialDataDecryptedObject> | TestCredentialsHelper,
	) {
		this.node = {
			id: 'durable-trigger-1',
			name: 'Content Platform Trigger',
			type: `${PACKAGE}.contentPlatformTrigger`,
			typeVersion: 1,
			position: [0, 0],
			parameters,
			credentials: { contentPlatformApi: { id: '1', name: 'Content Platform account' } },
		};
		this.credentials =
			credentials instanceof TestCredentialsHelper ? credentials : new TestCredentialsHelper(credentials);
	}

	/** Every emitted ID, in order, over all executions. */
	get emitted(): string[] {
		return this.executions.flat();
	}

	/** The workflow as n8n builds it for a poll: from the saved static data. */
	private workflow(): Workflow {
		return new Workflow({
			id: this.workflowId,
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: copy(this.savedStaticData),
		});
	}

	/** `poller_state`'s getOrCreateCursor: the row, created from the workflow's node static data when missing. */
	private getOrCreateRow(workflow: Workflow): IDataObject {
		if (this.row === undefined) this.row = copy(workflow.getStaticData('node', this.node) as IDataObject);
		return copy(this.row);
	}

	private async run(
		workflow: Workflow,
		staged: IDataObject,
		budget: number | undefined,
	): Promise<{ ids: string[] | null; error?: Error }> {
		const context = new PollContext(
			workflow,
			this.node,
			testAdditionalData(this.credentials),
			'trigger',
			'activate',
			undefined,
			undefined,
			undefined,
			undefined,
			() => staged,
			budget === undefined ? undefined : () => budget,
		);
		try {
			const result = await trigger.poll.call(context);
			return { ids: result ? result[0].map((item) => String(item.json.id)) : null };
		} catch (error) {
			return { ids: null, error: error as Error };
		}
	}

	/** A new execution with the poll's items: the staged copy committed with it, the workflow's static data saved. */
	private emit(workflow: Workflow, staged: IDataObject, ids: string[]): void {
		this.row = copy(staged);
		this.executions.push(ids);
		this.savedStaticData = copy(workflow.staticData as IDataObject);
	}

	/** The workflow published (its poll jobs inserted): n8n's activation poll, then the static data saved. */
	async activate(): Promise<DurablePollResult> {
		const workflow = this.workflow();
		const staged = this.getOrCreateRow(workflow);
		const result = await this.run(workflow, staged, undefined);
		if (result.error) throw result.error; // n8n refuses the activation
		if (result.ids) this.emit(workflow, staged, result.ids);
		this.savedStaticData = copy(workflow.staticData as IDataObject);
		return result;
	}

	/** The row as a task reads it when it starts (for a task that starts before another's commit). */
	readRow(): IDataObject {
		return copy(this.row ?? {});
	}

	/** One scheduled poll task. */
	async scheduledPoll(options: ScheduledPollOptions = {}): Promise<DurablePollResult> {
		const workflow = this.workflow();
		const staged = options.row ? copy(options.row) : this.getOrCreateRow(workflow);
		const seed = JSON.stringify(staged);
		const result = await this.run(workflow, staged, SCHEDULED_BUDGET_MS);
		if (options.abandon || result.error) return result;
		if (result.ids) this.emit(workflow, staged, result.ids);
		// A copy equal to what the task read is not written back (n8n's takeStagedCursor).
		else if (JSON.stringify(staged) !== seed) this.row = copy(staged);
		return result;
	}
}
