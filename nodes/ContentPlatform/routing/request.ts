/**
 * The routing's request, in the order n8n calls in for every operation of the action node
 * (n8n-core routing-node.js `makeRequest`): the preSend `prepareRequest`, the pagination hook
 * `runRequest` (the node's request runner: an operation's own run, runners.ts, for Get Many and the
 * by-email operations; else the one request through n8n's routing, `sendRequest`), then the
 * postReceive `toItems` on that one request's answer. Every request leaves through the one door
 * (api/transport/door.ts: `withDoorRules` in the preSend, `sendRoutingRequest` in the runner).
 * It decides the credential type once, and every postReceive starts from the final answer
 * (`finalRoutedAnswer`: redirects, the OAuth2 renewal and the 429 rule, as the requests outside
 * routing get them, api/transport/apiRequest.ts).
 *
 * n8n hands a postReceive only the item's context, its items and the answer, so the request as
 * sent (to send again after a redirect, a renewal or a wait) is held in this module's `itemRuns`,
 * keyed by the item's context: see `ItemRun`.
 */
import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { subjectOf } from '../../api/errors';
import { runningOperationOf } from '../../api/tables/registry';
import { checkedDocument } from '../../api/transport/answer';
import { apiRootAndSecrets, credentialTypeOf } from '../../api/transport/credentials';
import { DEFAULT_TIMEOUT_SECONDS, sendRoutingRequest, sendThroughDoor, withDoorRules } from '../../api/transport/door';
import { friendlyError } from '../../api/transport/failure';
import { finalAnswer } from '../../api/transport/redirects';
import { answerWithThrottleRule } from '../../api/transport/throttle';
import { documentItems } from './items';
import { ownRunOf } from './runners';

/**
 * What one item's routing run carries from its preSends to its postReceives. n8n calls both with
 * the same object as `this`, the item's context (routing-node.js: `preSendMethod.call(
 * executeSingleFunctions, …)`, `action.call(executeSingleFunctions, …)`), and hands a postReceive
 * nothing else of the request, so this is held in `itemRuns`, keyed by that context, and dropped
 * with it (a WeakMap). The one store keyed by an item; the other values that outlive one of n8n's
 * calls (the email locks, the polling trigger's lease and clock log) are listed in
 * docs/development.md, "State that outlives one call".
 */
export interface ItemRun {
	/** The request as `prepareRequest` shaped it and its credential type: redirects, the OAuth2 renewal and the 429 rule send it again. */
	request?: { options: IHttpRequestOptions; credentialType: string };
}

/** The item runs, by the item's context (see `ItemRun`). */
const itemRuns = new WeakMap<IExecuteSingleFunctions, ItemRun>();

/** The run of the item whose preSend or postReceive this is (`this` of the hook; see `ItemRun`). */
function itemRunOf(context: IExecuteSingleFunctions): ItemRun {
	let run = itemRuns.get(context);
	if (run === undefined) {
		run = {};
		itemRuns.set(context, run);
	}
	return run;
}

/**
 * The request timeout of the node in milliseconds: n8n's own "Request Options → Timeout" when the
 * user set it, else the node's "Timeout" (seconds, default `DEFAULT_TIMEOUT_SECONDS`).
 */
export function requestTimeoutMs(context: IExecuteSingleFunctions): number {
	const n8nOptions = context.getNodeParameter('requestOptions', {}) as { timeout?: unknown };
	if (typeof n8nOptions.timeout === 'number' && n8nOptions.timeout > 0) return n8nOptions.timeout;
	const seconds = Number(context.getNodeParameter('requestSettings.timeout', DEFAULT_TIMEOUT_SECONDS));
	return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TIMEOUT_SECONDS) * 1000;
}

/**
 * preSend of every operation: writes the door's rules onto the request (`withDoorRules`, door.ts:
 * the API root of the credential's Base URL, refused with a message naming the fix when it cannot
 * be used; no redirect followed by n8n, redirects.ts decides; HTTP errors left to the package but
 * OAuth2's 401; the node's timeout) and refuses a Limit below 1 before any request.
 */
export async function prepareRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const credentialType = credentialTypeOf(this);
	const { root } = await apiRootAndSecrets(this, credentialType);
	withDoorRules(requestOptions, credentialType, { root, timeoutMs: requestTimeoutMs(this) });
	itemRunOf(this).request = { options: requestOptions, credentialType };
	if (runningOperationOf(this).endpoint.operation === 'getAll' && !this.getNodeParameter('returnAll', false)) {
		const limit = Number(this.getNodeParameter('limit', 50));
		if (!Number.isInteger(limit) || limit < 1) {
			throw new NodeOperationError(this.getNode(), `Limit must be a whole number of at least 1, not "${limit}"`, {
				itemIndex: this.getItemIndex(),
			});
		}
	}
	return requestOptions;
}

/**
 * The routing that hands an operation's request to the node's request runner (`runRequest`): declared
 * here once, used by "Request Settings" (every operation, ContentPlatform.node.ts) and, as the
 * rendered description has it, again by Get Many's option (builders/operation.ts). n8n merges both
 * into the same routing.
 */
export const requestRunnerRouting = {
	send: { paginate: true },
	operations: { pagination: runRequest },
} as const;

/**
 * The node's request runner. n8n calls it as the `pagination` hook of every operation (the routing
 * above; its name is what the rendered description shows), after the preSends, with the request as
 * built (`requestData`). An operation with a run of its own (`ownRunOf`, runners.ts: Get Many and
 * the by-email operations of Contact) is run by it; every other operation sends its one request
 * (`sendRequest`).
 */
export async function runRequest(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const ownRun = ownRunOf(runningOperationOf(this));
	if (ownRun) return await ownRun(this, requestData);
	return await sendRequest(this, requestData);
}

/**
 * The one request of an operation without a run of its own, through n8n's routing (request, then
 * the postReceives, each starting from the final answer: `onFinalAnswer`). Errors leave with the
 * credential's secrets redacted and a timeout as "did not answer within N s" (`friendlyError`).
 */
async function sendRequest(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	try {
		return await sendRoutingRequest(context, requestData);
	} catch (error) {
		throw await friendlyError(context, error, requestData.options);
	}
}

/**
 * The answer a routed request ends with, as every postReceive starts from it: its redirects
 * followed within the Base URL's origin (a redirect elsewhere throws, nothing sent there), the
 * OAuth2 renewal of n8n 1.x made, and a read asked to slow down sent again as the package's rule
 * says (throttle.ts: once, after its `Retry-After`, at most 60 s; a write never), each time through
 * the door.
 * @returns The final answer and the credential's secrets (to keep out of what is shown).
 */
export async function finalRoutedAnswer(
	context: IExecuteSingleFunctions,
	received: IN8nHttpFullResponse,
): Promise<{ response: IN8nHttpFullResponse; secrets: string[] }> {
	const sent = itemRunOf(context).request;
	const credentialType = sent?.credentialType ?? credentialTypeOf(context);
	const { root, secrets } = await apiRootAndSecrets(context, credentialType);
	if (sent === undefined) return { response: received, secrets };
	const { options } = sent;
	let first: IN8nHttpFullResponse | undefined = received;
	const response = await answerWithThrottleRule(
		options.method,
		async () => {
			// The answer n8n received first, then each one sent again after a wait.
			const answer = first ?? (await sendThroughDoor(context, credentialType, options, { root }));
			first = undefined;
			return await finalAnswer(context, credentialType, options, answer, root);
		},
		() => context.getExecutionCancelSignal?.()?.aborted === true,
	);
	return { response, secrets };
}

/**
 * A postReceive that starts from the final answer (`finalRoutedAnswer`: redirects followed within
 * the Base URL's origin, the OAuth2 renewal, the 429 rule) instead of the first one n8n hands every
 * postReceive. Every postReceive of the action node is made with it (or is `toItems`), so no answer
 * is judged before its redirect is followed or refused.
 * @param judge Makes the items of the final answer; `secrets` are the credential's, to redact.
 */
export function onFinalAnswer(
	judge: (
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		answer: { response: IN8nHttpFullResponse; secrets: string[] },
	) => Promise<INodeExecutionData[]> | INodeExecutionData[],
): (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	received: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]> {
	const postReceive = async function (
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		received: IN8nHttpFullResponse,
	) {
		return await judge.call(this, items, await finalRoutedAnswer(this, received));
	};
	// The judge's name is the postReceive's, as the rendered description shows it.
	return Object.defineProperty(postReceive, 'name', { value: judge.name });
}

/**
 * postReceive of every operation that answers with one resource object: checks the final answer
 * (`finalRoutedAnswer`; errors → NodeApiError with the server's words), then turns the document's
 * resource object into its item (`documentItems`, items.ts: Simplify applied, paired with the input item).
 */
export async function toItems(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	received: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const { response, secrets } = await finalRoutedAnswer(this, received);
	const document = checkedDocument(this, response, subjectOf(this), secrets);
	return documentItems(this, document, { list: false, statusCode: response.statusCode });
}
