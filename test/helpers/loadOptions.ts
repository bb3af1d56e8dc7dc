/**
 * A real n8n `ILoadOptionsFunctions` for calling the node's `methods.listSearch` in tests: n8n-core's
 * `LoadOptionsContext` (what the n8n server builds when the editor asks a resource locator for its
 * list), on a one-node `Workflow` whose node carries the parameters and credentials, with the
 * harness's `TestCredentialsHelper` doing authentication. HTTP goes through n8n-core's
 * `httpRequestWithAuthentication` exactly as in the editor.
 */
import { LoadOptionsContext } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type ILoadOptionsFunctions,
	type INode,
	type INodeListSearchResult,
	type INodeParameters,
} from 'n8n-workflow';

import { ContentPlatform } from '../../nodes/ContentPlatform/ContentPlatform.node';
import { nodeTypes, PACKAGE, TestCredentialsHelper, testAdditionalData } from './harness';

export interface LoadOptionsSetup {
	/** The node's parameters as saved in the editor (resource, operation, authentication, ...). */
	parameters: INodeParameters;
	/** Credential data by credential type name, or a helper to share between calls. */
	credentials: Record<string, ICredentialDataDecryptedObject> | TestCredentialsHelper;
	/** The parameter path the editor asks about, for example `parameters.orderId` (n8n's `path`). */
	path?: string;
}

/**
 * Builds the `ILoadOptionsFunctions` n8n passes to a list search of the Content Platform node.
 * @returns The context; call a search with `listSearch[name].call(context, filter, paginationToken)`.
 */
export function loadOptionsContext(setup: LoadOptionsSetup): ILoadOptionsFunctions {
	const node: INode = {
		id: 'node-1',
		name: 'Content Platform',
		type: `${PACKAGE}.contentPlatform`,
		typeVersion: 1,
		position: [0, 0],
		parameters: setup.parameters,
		credentials: {
			contentPlatformApi: { id: '1', name: 'Content Platform account' },
			contentPlatformOAuth2Api: { id: '2', name: 'Content Platform OAuth2 account' },
		},
	};
	const workflow = new Workflow({ id: 'test', nodes: [node], connections: {}, active: false, nodeTypes });
	const credentialsHelper =
		setup.credentials instanceof TestCredentialsHelper
			? setup.credentials
			: new TestCredentialsHelper(setup.credentials);
	// The editor sends the node's parameters with their defaults applied (as the Workflow holds them),
	// so `authentication` is there and selects the credential.
	const workflowNode = workflow.getNode(node.name)!;
	const additionalData = { ...testAdditionalData(credentialsHelper), currentNodeParameters: workflowNode.parameters };
	return new LoadOptionsContext(workflow, workflowNode, additionalData, setup.path ?? 'parameters');
}

type ListSearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

/**
 * Calls the node's list search `method` (for example `searchOrders`) as the editor does.
 * @throws When the node has no such list search.
 */
export async function callListSearch(
	method: string,
	setup: LoadOptionsSetup,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const searches = new ContentPlatform().methods.listSearch as Record<string, ListSearchMethod>;
	const search = searches[method];
	if (!search) throw new Error(`The node has no list search "${method}"`);
	return await search.call(loadOptionsContext(setup), filter, paginationToken);
}
