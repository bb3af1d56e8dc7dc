/**
 * Runs the package's nodes through n8n's real execution engine: n8n-core's `WorkflowExecute`
 * (declarative routing, pagination, credential authentication, error handling, continue-on-fail,
 * cancellation) with a small `INodeTypes` map that hands node types over as n8n's own does and a credentials helper that applies the credential type's
 * generic `authenticate` block the way n8n's own CredentialsHelper does (expressions resolved by
 * the workflow's expression engine).
 */
import { ExecutionLifecycleHooks, RoutingNode, WorkflowExecute } from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentials,
	type ICredentialType,
	type IDataObject,
	type IExecuteData,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeExecutionData,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type INodeTypes,
	type IExecuteFunctions,
	type IRequestOptionsSimplified,
	type IRun,
	type IRunExecutionData,
	type IVersionedNodeType,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
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

	/**
	 * As n8n's own NodeTypes (packages/cli `node-types.ts`, n8n 1.x and 2.x) hands a node type to the
	 * engine: a declarative node (no `execute()`) gets an `execute` that runs n8n-core's RoutingNode
	 * on the node's ExecuteContext, so it runs as in a real n8n, with the execution's cancel signal.
	 * (Without it, n8n-core's `WorkflowExecute` falls back to `executeDeclarativeNodeInTest`, which
	 * builds a context without that signal.) The node type itself is not changed.
	 */
	getByNameAndVersion(nodeType: string): INodeType {
		const type = this.getByName(nodeType) as INodeType;
		if (type.execute || type.poll || type.trigger || type.webhook || !type.description.requestDefaults) return type;
		const executable = Object.create(type) as INodeType;
		executable.execute = async function (this: IExecuteFunctions) {
			// n8n hands the ExecuteContext it built; its interface type is what a node sees of it
			return (await new RoutingNode(this as ConstructorParameters<typeof RoutingNode>[0], type).runNode()) ?? [];
		};
		return executable;
	}

	getKnownTypes() {
		return {};
	}
}

export const nodeTypes = new TestNodeTypes();

/**
 * n8n's built-in `oAuth2Api` credential type, which `contentPlatformOAuth2Api` extends. It lives in
 * n8n-nodes-base (not installed here); these are its properties as n8n declares them
 * (packages/nodes-base/credentials/OAuth2Api.credentials.ts: names, types, defaults, displayOptions,
 * `doNotInherit`), so the test credentials helper applies the same parent defaults as n8n.
 */
export const oAuth2ApiCredentialType: ICredentialType = {
	name: 'oAuth2Api',
	displayName: 'OAuth2 API',
	genericAuth: true,
	properties: [
		{
			displayName: 'Use Dynamic Client Registration',
			name: 'useDynamicClientRegistration',
			type: 'hidden',
			default: false,
		},
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'options',
			displayOptions: { show: { useDynamicClientRegistration: [false] } },
			options: [
				{ name: 'Authorization Code', value: 'authorizationCode' },
				{ name: 'Client Credentials', value: 'clientCredentials' },
				{ name: 'PKCE', value: 'pkce' },
			],
			default: 'authorizationCode',
		},
		{
			displayName: 'Server URL',
			name: 'serverUrl',
			type: 'string',
			displayOptions: { show: { useDynamicClientRegistration: [true] } },
			default: '',
			required: true,
		},
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'string',
			displayOptions: { show: { grantType: ['authorizationCode', 'pkce'], useDynamicClientRegistration: [false] } },
			default: '',
			required: true,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'string',
			displayOptions: { show: { useDynamicClientRegistration: [false] } },
			default: '',
			required: true,
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			displayOptions: { show: { useDynamicClientRegistration: [false] } },
			default: '',
			required: true,
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			displayOptions: { show: { useDynamicClientRegistration: [false] } },
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			displayOptions: { show: { useDynamicClientRegistration: [false] } },
			default: '',
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'string',
			displayOptions: { show: { grantType: ['authorizationCode', 'pkce'], useDynamicClientRegistration: [false] } },
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			displayOptions: { show: { useDynamicClientRegistration: [false] } },
			options: [
				{ name: 'Body', value: 'body' },
				{ name: 'Header', value: 'header' },
			],
			default: 'header',
		},
		{
			displayName: 'Send Additional Body Properties',
			name: 'sendAdditionalBodyProperties',
			type: 'boolean',
			default: false,
			displayOptions: {
				show: { grantType: ['clientCredentials'], authentication: ['body'], useDynamicClientRegistration: [false] },
			},
		},
		{
			displayName: 'Additional Body Properties',
			name: 'additionalBodyProperties',
			type: 'json',
			displayOptions: {
				show: {
					grantType: ['clientCredentials'],
					authentication: ['body'],
					sendAdditionalBodyProperties: [true],
					useDynamicClientRegistration: [false],
				},
			},
			default: '',
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'ignoreSSLIssues',
			type: 'boolean',
			default: false,
			doNotInherit: true,
		},
		{
			displayName: 'Token Expired Status Code',
			name: 'tokenExpiredStatusCode',
			type: 'number',
			default: 401,
			doNotInherit: true,
		},
		{ displayName: 'JWE Token Decryption', name: 'jweEnabled', type: 'boolean', default: false, doNotInherit: true },
	],
};

/** Credential types that are not part of the package but that its credentials extend. */
export const parentCredentialTypes: Record<string, ICredentialType> = {
	oAuth2Api: oAuth2ApiCredentialType,
};

function credentialTypeByName(name: string): ICredentialType {
	const type = credentialTypes[name] ?? parentCredentialTypes[name];
	if (!type) throw new Error(`Unknown credential type ${name}`);
	return type;
}

/**
 * Hidden OAuth endpoint/flow fields that n8n always takes from the credential type, never from the
 * stored data (n8n cli credentials-helper `applyDefaultsAndOverwrites`, OAUTH_PINNED_FIELDS).
 */
const OAUTH_PINNED_FIELDS = [
	'authUrl',
	'accessTokenUrl',
	'grantType',
	'authentication',
	'requestTokenUrl',
	'signatureMethod',
];

/** The node n8n resolves credential expressions on when no execution data is at hand. */
const MOCK_NODE: INode = { id: 'mock', name: '', typeVersion: 1, type: 'mock', position: [0, 0], parameters: {} };

/** n8n's mock node types for that node (cli credentials/mock-node-types): one type without properties. */
const mockNodeTypes: INodeTypes = {
	getByName: () => ({ description: { properties: [] } }) as unknown as INodeType,
	getByNameAndVersion: () => ({ description: { properties: [] } }) as unknown as INodeType,
	getKnownTypes: () => ({}),
};

/** Values a node's `getCredentials` passes so that credential expressions see the execution. */
interface ExpressionResolveValues {
	connectionInputData: INodeExecutionData[];
	itemIndex: number;
	node: INode;
	runExecutionData: IRunExecutionData | null;
	runIndex: number;
	workflow: Workflow;
}

/**
 * Credentials store + authentication, as n8n's server (packages/cli/src/credentials-helper.ts) does it:
 * - `getParentTypes` follows `extends` recursively (`contentPlatformOAuth2Api` → `['oAuth2Api']`),
 *   which makes n8n-core use its OAuth2 request path (`requestOAuth2`);
 * - `getDecrypted` applies the property defaults of the type and of its parents (hidden OAuth
 *   fields always from the type), keeps `oauthTokenData`, and resolves `={{ $self[...] }}`
 *   expressions; `raw` returns the stored data as is;
 * - `authenticate` resolves the generic block's `={{$credentials.x}}` expressions;
 * - `preAuthentication` fills an empty or expired `expirable` hidden field and stores it;
 * - `updateCredentialsOauthTokenData` stores new OAuth token data so the next execution reuses it,
 *   and counts the updates (`tokenUpdates`).
 * `store` holds the saved data by credential type name (one credential per type).
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	/** How many times n8n stored new OAuth token data. */
	tokenUpdates = 0;

	/** How many times `preAuthentication` stored a refreshed expirable field. */
	credentialUpdates = 0;

	constructor(public store: Record<string, ICredentialDataDecryptedObject> = {}) {
		super();
	}

	getParentTypes(name: string): string[] {
		const direct = credentialTypes[name]?.extends ?? parentCredentialTypes[name]?.extends ?? [];
		return direct.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
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
					const resolve = (v: string) => {
						if (v.charAt(0) !== '=' || !workflow || !node) return v;
						const resolved = workflow.expression.getSimpleParameterValue(
							node,
							v,
							'internal',
							{ $credentials: credentials },
							undefined,
							'',
						);
						return resolved ? String(resolved) : '';
					};
					options[outerKey] ??= {};
					options[outerKey][resolve(key)] = resolve(value);
				}
			}
		} else if (typeof type?.authenticate === 'function') {
			return await type.authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = credentialTypeByName(typeName);
		const expirable = type.properties.find((p) => p.type === 'hidden' && p.typeOptions?.expirable === true);
		if (expirable === undefined || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = (await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		if (!node.credentials) return undefined;
		this.store[typeName] = { ...this.store[typeName], ...output };
		this.credentialUpdates++;
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = credentialTypeByName(typeName);
		if (typeof type.preAuthentication !== 'function') return undefined;
		return ((await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject) ?? undefined;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		const data = this.store[type];
		return {
			id: nodeCredentials.id,
			name: nodeCredentials.name,
			type,
			getData: () => structuredClone(data),
			getDataToSave: () => ({ id: nodeCredentials.id, name: nodeCredentials.name, type, data: '' }),
			setData: () => undefined,
		} as unknown as ICredentials;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		_mode?: WorkflowExecuteMode,
		_executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.store[type];
		if (!data) throw new Error(`No credentials of type ${type} in the test store`);
		if (raw === true) return structuredClone(data);
		return resolveCredentialDefaults(type, structuredClone(data), expressionResolveValues);
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
		this.store[type] = { ...this.store[type], oauthTokenData: structuredClone(data.oauthTokenData) };
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialProperties(type);
	}
}

/**
 * All properties of a credential type, its parents' first (n8n cli `getCredentialsProperties`):
 * parent properties marked `doNotInherit` are left out, the type's own properties replace parent
 * properties of the same name, and `oAuth2Api` adds the `oauthTokenData` JSON field (default {}).
 */
export function credentialProperties(type: string): INodeProperties[] {
	const credentialType = credentialTypeByName(type);
	if (credentialType.extends === undefined) {
		if (type === 'oAuth2Api' || type === 'oAuth1Api') {
			return [
				...credentialType.properties,
				{ displayName: 'oauthTokenData', name: 'oauthTokenData', type: 'json', required: false, default: {} },
			];
		}
		return credentialType.properties;
	}
	const combined: INodeProperties[] = [];
	for (const parent of credentialType.extends) NodeHelpers.mergeNodeProperties(combined, credentialProperties(parent));
	NodeHelpers.mergeNodeProperties(combined, credentialType.properties);
	return combined;
}

/**
 * Stored credential data → what a node sees, as n8n's `applyDefaultsAndOverwrites` does it:
 * stored values of hidden OAuth endpoint/flow fields are dropped, the defaults of the type and its
 * parents are applied with n8n's `NodeHelpers.getNodeParameters` (fields hidden by displayOptions
 * are left out), `oauthTokenData` is kept, and expressions are resolved by n8n's expression engine
 * with `$self` = the credential data (with the node's execution data when a node asks).
 */
export function resolveCredentialDefaults(
	type: string,
	data: ICredentialDataDecryptedObject,
	expressionResolveValues?: ExpressionResolveValues,
): ICredentialDataDecryptedObject {
	if (!credentialTypes[type] && !parentCredentialTypes[type]) return data;
	const properties = credentialProperties(type);
	const stored = { ...data };
	for (const field of OAUTH_PINNED_FIELDS) {
		if (properties.some((p) => p.name === field && p.type === 'hidden')) delete stored[field];
	}
	let result = NodeHelpers.getNodeParameters(
		properties,
		stored as INodeParameters,
		true,
		false,
		null,
		null,
	) as ICredentialDataDecryptedObject;
	if (data.oauthTokenData !== undefined) result.oauthTokenData = data.oauthTokenData;
	if (expressionResolveValues) {
		const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } = expressionResolveValues;
		result = workflow.expression.getParameterValue(
			result as INodeParameters,
			runExecutionData,
			runIndex,
			itemIndex,
			node.name,
			connectionInputData,
			'internal',
			{},
			undefined,
			false,
			result,
		) as ICredentialDataDecryptedObject;
	} else {
		const workflow = new Workflow({ nodes: [MOCK_NODE], connections: {}, active: false, nodeTypes: mockNodeTypes });
		result = workflow.expression.getComplexParameterValue(
			MOCK_NODE,
			result as INodeParameters,
			'internal',
			{},
			undefined,
			undefined,
			result,
		) as ICredentialDataDecryptedObject;
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
	/** Called with the running execution (n8n's cancelable promise), for example to cancel it. */
	onExecution?: (execution: { cancel(): void }) => void;
	/** n8n node settings (retryOnFail, maxTries, waitBetweenTries, onError). */
	settings?: Partial<Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries' | 'onError'>>;
	/** The execution's ID, as n8n gives every execution its own (`getExecutionId()`); default none. */
	executionId?: string;
}

/**
 * The `IWorkflowExecuteAdditionalData` of a test execution: the credentials helper, lifecycle
 * hooks and the URLs n8n's server would give. Also used to build poll and load-options contexts.
 */
export function testAdditionalData(
	credentialsHelper: ICredentialsHelper,
	hooks?: ExecutionLifecycleHooks,
): IWorkflowExecuteAdditionalData {
	return {
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
		...options.settings,
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

	const additionalData = testAdditionalData(credentialsHelper, hooks);
	if (options.executionId !== undefined) additionalData.executionId = options.executionId;

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
	const execution = execute.processRunExecutionData(workflow);
	options.onExecution?.(execution);
	await execution;
	const run = await done;
	const task = run.data.resultData.runData[node.name]?.[0];
	return {
		items: task?.data?.main?.[0] ?? [],
		error: task?.error ?? run.data.resultData.error,
		run,
	};
}
