/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test harness */
/**
 * Runs the package's nodes through n8n's real execution engine: n8n-core's `WorkflowExecute`
 * (declarative routing, pagination, credential authentication, error handling, continue-on-fail)
 * with a small `INodeTypes` map and a credentials helper that applies the credential type's
 * generic `authenticate` block the way n8n's own CredentialsHelper does (expressions resolved by
 * the workflow's expression engine).
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	ICredentialsHelper,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentials,
	type ICredentialType,
	type IDataObject,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IRequestOptionsSimplified,
	type IRun,
	type IRunExecutionData,
	type IVersionedNodeType,
	type IWorkflowExecuteAdditionalData,
	type ExecutionError,
} from 'n8n-workflow';

import { ContentPlatform } from '../../nodes/ContentPlatform/ContentPlatform.node';
import { ContentPlatformApi } from '../../credentials/ContentPlatformApi.credentials';
import { ContentPlatformOAuth2Api } from '../../credentials/ContentPlatformOAuth2Api.credentials';

export const PACKAGE = 'n8n-nodes-content-platform';

/** Node types known to the test engine, by full type name. */
export const nodeTypeMap: Record<string, INodeType> = {
	[`${PACKAGE}.contentPlatform`]: new ContentPlatform(),
};

/** Adds a node type (the trigger registers itself here in its tests). */
export function registerNodeType(name: string, nodeType: INodeType): void {
	nodeTypeMap[`${PACKAGE}.${name}`] = nodeType;
}

export const credentialTypes: Record<string, ICredentialType> = {
	contentPlatformApi: new ContentPlatformApi(),
	contentPlatformOAuth2Api: new ContentPlatformOAuth2Api(),
};

class TestNodeTypes implements INodeTypes {
	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const type = nodeTypeMap[nodeType];
		if (!type) throw new Error(`Unknown node type ${nodeType}`);
		return type;
	}

	getByNameAndVersion(nodeType: string): INodeType {
		return this.getByName(nodeType) as INodeType;
	}

	getKnownTypes() {
		return {};
	}
}

export const nodeTypes = new TestNodeTypes();

/**
 * Credentials store + authentication, as n8n's server does it:
 * - `authenticate` resolves the generic block's `={{$credentials.x}}` expressions;
 * - `updateCredentialsOauthTokenData` stores new OAuth token data (and counts the updates).
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	tokenUpdates = 0;

	constructor(public store: Record<string, ICredentialDataDecryptedObject> = {}) {
		super();
	}

	getParentTypes(name: string): string[] {
		return credentialTypes[name]?.extends ?? [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const type = credentialTypes[typeName];
		const options = requestOptions as unknown as Record<string, Record<string, unknown>>;
		if (type?.authenticate && typeof type.authenticate === 'object' && type.authenticate.type === 'generic') {
			for (const [outerKey, outerValue] of Object.entries(type.authenticate.properties)) {
				for (const [key, value] of Object.entries(outerValue as Record<string, string>)) {
					const resolve = (v: string) =>
						v.charAt(0) === '=' && workflow && node
							? String(workflow.expression.getSimpleParameterValue(node, v, 'internal', { $credentials: credentials }))
							: v;
					options[outerKey] ??= {};
					options[outerKey][resolve(key)] = resolve(value);
				}
			}
		} else if (typeof type?.authenticate === 'function') {
			return await type.authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		const data = this.store[type];
		return {
			id: nodeCredentials.id,
			name: nodeCredentials.name,
			type,
			getData: () => data,
			getDataToSave: () => ({ id: nodeCredentials.id, name: nodeCredentials.name, type, data: '' }),
			setData: () => undefined,
		} as unknown as ICredentials;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.store[type];
		if (!data) throw new Error(`No credentials of type ${type} in the test store`);
		return resolveCredentialDefaults(type, structuredClone(data));
	}

	async updateCredentials(_n: INodeCredentialsDetails, type: string, data: ICredentialDataDecryptedObject) {
		this.store[type] = data;
	}

	async updateCredentialsOauthTokenData(
		_n: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	) {
		this.tokenUpdates++;
		this.store[type] = { ...this.store[type], oauthTokenData: data.oauthTokenData };
	}

	getCredentialsProperties() {
		return [];
	}
}

/**
 * Applies the credential type's property defaults (hidden fields included) to stored data and
 * resolves `={{ $self[...] }}` expressions, as n8n does when it decrypts credentials.
 */
export function resolveCredentialDefaults(type: string, data: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject {
	const credentialType = credentialTypes[type];
	if (!credentialType) return data;
	const result: ICredentialDataDecryptedObject = { ...data };
	for (const property of credentialType.properties) {
		if (result[property.name] === undefined && property.default !== undefined) {
			result[property.name] = property.default as ICredentialDataDecryptedObject[string];
		}
	}
	const workflow = new Workflow({ nodes: [], connections: {}, active: false, nodeTypes });
	for (const [key, value] of Object.entries(result)) {
		if (typeof value === 'string' && value.startsWith('=')) {
			result[key] = workflow.expression.getSimpleParameterValue(
				{ name: 'credential', type: 'credential', typeVersion: 1, position: [0, 0], parameters: {}, id: 'c' } as INode,
				value,
				'internal',
				{ $self: result },
			) as string;
		}
	}
	return result;
}

/** What one run of a node returned. */
export interface NodeRunResult {
	/** The node's output items (main output 0), empty when it failed. */
	items: INodeExecutionData[];
	/** The node's error, when the run failed. */
	error?: ExecutionError;
	run: IRun;
}

export interface RunOptions {
	/** The node's parameters (resource, operation, ...). */
	parameters: INodeParameters;
	/** Credential data by credential type name. */
	credentials: Record<string, ICredentialDataDecryptedObject> | TestCredentialsHelper;
	/** Input items of the node (default: one empty item). */
	input?: IDataObject[];
	/** n8n's "On Error: Continue" setting. */
	continueOnFail?: boolean;
	/** Node type name without the package prefix (default contentPlatform). */
	type?: string;
	/** Which credential types the node has set, with ids (default: both, id "1" and "2"). */
	nodeCredentials?: INode['credentials'];
}

/**
 * Executes one node of the package as a one-node workflow with n8n-core's WorkflowExecute and
 * returns its output items or its error.
 */
export async function runNode(options: RunOptions): Promise<NodeRunResult> {
	const node: INode = {
		id: 'node-1',
		name: 'Content Platform',
		type: `${PACKAGE}.${options.type ?? 'contentPlatform'}`,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: options.nodeCredentials ?? {
			contentPlatformApi: { id: '1', name: 'Content Platform account' },
			contentPlatformOAuth2Api: { id: '2', name: 'Content Platform OAuth2 account' },
		},
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const, continueOnFail: true } : {}),
	};
	const workflow = new Workflow({ id: 'test', nodes: [node], connections: {}, active: false, nodeTypes });
	const credentialsHelper =
		options.credentials instanceof TestCredentialsHelper
			? options.credentials
			: new TestCredentialsHelper(options.credentials);

	const hooks = new ExecutionLifecycleHooks('manual', '1', {
		id: 'test',
		name: 'test',
		active: false,
		nodes: [node],
		connections: {},
		createdAt: new Date(),
		updatedAt: new Date(),
	} as never);
	let finished!: (run: IRun) => void;
	const done = new Promise<IRun>((resolve) => (finished = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finished(run));

	const additionalData = {
		hooks,
		credentialsHelper,
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		restartExecutionId: undefined,
		variables: {},
		instanceBaseUrl: 'http://localhost:5678/',
		restApiUrl: 'http://localhost:5678/rest',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		executeWorkflow: async () => ({ data: [], executionId: '' }),
		logAiEvent: () => undefined,
		startRunnerTask: async () => ({ ok: false }),
	} as unknown as IWorkflowExecuteAdditionalData;

	const runExecutionData: IRunExecutionData = {
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: null,
			nodeExecutionStack: [
				{
					node,
					data: { main: [(options.input ?? [{}]).map((json) => ({ json }))] },
					source: null,
				},
			],
		},
	} as unknown as IRunExecutionData;

	const execute = new WorkflowExecute(additionalData, 'manual', runExecutionData);
	await execute.processRunExecutionData(workflow);
	const run = await done;
	const task = run.data.resultData.runData[node.name]?.[0];
	return {
		items: task?.data?.main?.[0] ?? [],
		error: task?.error ?? run.data.resultData.error,
		run,
	};
}
