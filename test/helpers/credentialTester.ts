/**
 * A credential's Test as n8n's credentials tester runs it (n8n `CredentialsTester.runRequestTest`,
 * in the n8n server package, not installed here): a temporary node whose only property routes the
 * credential's `test.request` (`testerNode`), executed by n8n-core's RoutingNode (WorkflowExecute)
 * with the credential (`runCredentialTest`), then n8n's verdict on the run (`verdict`).
 */
import type {
	IAuthenticateRuleResponseSuccessBody,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	INodeType,
	JsonObject,
} from 'n8n-workflow';

import { credentialTypes, registerNodeType, runNode, type NodeRunResult, type TestCredentialsHelper } from './harness';

/** The temporary node n8n builds for a credential test: one property whose routing is `test.request`. */
export function testerNode(credentialType: string, test: ICredentialTestRequest): INodeType {
	return {
		description: {
			displayName: 'Temp',
			name: 'credentialTester',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Temp' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credentialType, required: true }],
			properties: [
				{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: test.request } },
			],
		},
	};
}

/** lodash `get` for a dotted key, as n8n's tester reads a success body. */
function valueAt(json: unknown, key: string): unknown {
	let value = json;
	for (const part of key.split('.')) {
		if (value === null || value === undefined) return undefined;
		value = (value as Record<string, unknown>)[part];
	}
	return value;
}

/**
 * n8n's verdict on a test run (CredentialsTester.runRequestTest, the same in 1.x and 2.x): on an
 * HTTP error the message of the `responseCode` rule for that status, else the status text; on a
 * success the first `responseSuccessBody` rule whose `key` (lodash `get` on the first item) equals
 * its `value` fails the test with its message; otherwise OK.
 */
export function verdict(
	result: NodeRunResult,
	test: ICredentialTestRequest,
): { status: 'OK' | 'Error'; message: string } {
	if (!result.error) {
		const json: unknown = result.items[0]?.json;
		for (const rule of test.rules ?? []) {
			if (rule.type !== 'responseSuccessBody') continue;
			const { key, value, message } = (rule as IAuthenticateRuleResponseSuccessBody).properties;
			if (valueAt(json, key) === value) return { status: 'Error', message };
		}
		return { status: 'OK', message: 'Connection successful!' };
	}
	// n8n reads the status from the HTTP error (error.cause.response); after WorkflowExecute the
	// NodeApiError carries the same status as `httpCode`.
	const response = (result.error.cause as JsonObject | undefined)?.response as { status?: number } | undefined;
	const httpCode = (result.error as { httpCode?: string | null }).httpCode;
	const status = response?.status ?? (httpCode ? Number(httpCode) : undefined);
	if (status !== undefined) {
		const rule = test.rules?.find((r) => r.type === 'responseCode' && r.properties.value === status);
		if (rule) return { status: 'Error', message: String(rule.properties.message) };
		return { status: 'Error', message: `Received HTTP status code: ${status}` };
	}
	return { status: 'Error', message: result.error.message };
}

/**
 * Runs the Test of `credentialType` with `credentials` as n8n's tester does.
 * @returns The run (items, error) and n8n's verdict on it.
 */
export async function runCredentialTest(
	credentialType: string,
	credentials: Record<string, ICredentialDataDecryptedObject> | TestCredentialsHelper,
): Promise<{ result: NodeRunResult; verdict: { status: 'OK' | 'Error'; message: string } }> {
	const test = (credentialTypes[credentialType] as ICredentialType).test!;
	registerNodeType('credentialTester', testerNode(credentialType, test));
	const result = await runNode({
		type: 'credentialTester',
		parameters: {},
		credentials,
		nodeCredentials: { [credentialType]: { id: '1', name: 'Tested credential' } },
	});
	return { result, verdict: verdict(result, test) };
}
