/**
 * The routing's request, in the order n8n calls in for every operation of the action node
 * (n8n-core routing-node.js `makeRequest`): the preSend `prepareRequest`, the pagination hook
 * `runRequest` (the node's request runner: one request for Get and the writes, `readList` in
 * pages.ts for Get Many), then, for every answer, the postReceive `toItems`. Every request leaves
 * through the one door (api/transport/door.ts: `withDoorRules` in the preSend, `sendRoutingRequest`
 * in the runner). It decides the credential type once, follows redirects and the OAuth2 renewal
 * through `finalAnswer` and checks with `checkedDocument`, as the requests outside routing do
 * (api/transport/apiRequest.ts).
 *
 * What one item's request needs from step to step is passed explicitly where n8n lets it: the
 * request options (the object a preSend returns is the one `runRequest` gets as
 * `requestData.options`; an item that sends its request itself puts it there, `withOwnRequest`),
 * the page reader's own scope, and the errors themselves (`ApiAnswer`, api/errors.ts). Where
 * n8n does not (a postReceive gets only the item's context, its items and the answer), it is held
 * in this module's `itemRuns`, keyed by the item's context: see `ItemRun`.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiErrorFromResponse, notJsonApiMessage, subjectOf } from '../../api/errors';
import { tagPage } from '../../api/paging';
import { redactValue } from '../../api/redaction';
import { documentToItems } from '../../api/simplify';
import { runningOperationOf } from '../../api/tables/registry';
import { checkedDocument, parseBody } from '../../api/transport/answer';
import { friendlyError } from '../../api/transport/failure';
import { finalAnswer } from '../../api/transport/redirects';
import { isRetriedMethod, sendWithThrottleRule, throttledWaitOf, throttleWaitOf } from '../../api/transport/throttle';
import { apiRootAndSecrets, credentialTypeOf } from '../../api/transport/credentials';
import { isUnrenewed401 } from '../../api/transport/oauth2Renewal';
import { readList } from './pages';
import { DEFAULT_TIMEOUT_SECONDS, sendRoutingRequest, withDoorRules } from '../../api/transport/door';

/** What a by-email operation did (resources/contact/byEmail.ts): the contact, whether it was created, whether one was found. */
export interface ContactOutcome {
	created: boolean;
	found: boolean;
	contactId?: string;
}

/**
 * What one item's routing run carries from its preSends to its postReceives. n8n calls both with
 * the same object as `this`, the item's context (routing-node.js: `preSendMethod.call(
 * executeSingleFunctions, …)`, `action.call(executeSingleFunctions, …)`), and hands a postReceive
 * nothing else of the request, so this is held in `itemRuns`, keyed by that context, and dropped
 * with it (a WeakMap). The one store keyed by an item; the other values that outlive one of n8n's
 * calls (the by-email lock, the polling trigger's lease and clock log, the typed fields on
 * request options, errors and page items) are listed in docs/development.md, "State that outlives
 * one call".
 */
export interface ItemRun {
	/** The request as `prepareRequest` shaped it and its credential type: redirects and the OAuth2 renewal send it again. */
	request?: { options: IHttpRequestOptions; credentialType: string };
	/** What a by-email operation did (set by its preSend or own request, read by its postReceive). */
	contact?: ContactOutcome;
}

/** The item runs, by the item's context (see `ItemRun`). */
const itemRuns = new WeakMap<IExecuteSingleFunctions, ItemRun>();

/** The run of the item whose preSend or postReceive this is (`this` of the hook; see `ItemRun`). */
export function itemRunOf(context: IExecuteSingleFunctions): ItemRun {
	let run = itemRuns.get(context);
	if (run === undefined) {
		run = {};
		itemRuns.set(context, run);
	}
	return run;
}

/**
 * A request an item sends itself (Create or Update: the find, then the create or the update, under
 * the person's lock; Revoke Offers by Email): given `send`, which sends the routing's request as
 * built (the 429 rule included), it returns the item's items.
 */
export type OwnRequest = (send: () => Promise<INodeExecutionData[]>) => Promise<INodeExecutionData[]>;

/**
 * The request options as a preSend returns them to n8n, which passes the same object on to
 * `runRequest` (`requestData.options`): n8n's, plus the item's own request when the item sends it
 * itself (`withOwnRequest`), a typed field taken off again before the request is sent.
 */
export interface RoutedRequestOptions extends IHttpRequestOptions {
	ownRequest?: OwnRequest;
}

/**
 * Hands `runRequest` the item's own request on the request options a preSend returns.
 * @returns The same options, with `ownRequest` set.
 */
export function withOwnRequest(requestOptions: IHttpRequestOptions, own: OwnRequest): RoutedRequestOptions {
	return Object.assign(requestOptions, { ownRequest: own });
}

/** Takes the item's own request (`withOwnRequest`) off the request options, so that it is never sent: the request runner's. */
function takeOwnRequest(requestOptions: object): OwnRequest | undefined {
	const options = requestOptions as Partial<RoutedRequestOptions>;
	const own = options.ownRequest;
	delete options.ownRequest;
	return own;
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
 * rendered description has it, again by Get Many's option (ContentPlatform/builders/operation.ts). n8n merges
 * both into the same routing.
 */
export const requestRunnerRouting = {
	send: { paginate: true },
	operations: { pagination: runRequest },
} as const;

/**
 * The node's request runner. n8n calls it as the `pagination` hook of every operation (the routing
 * above; its name is what the rendered description shows), after the preSends, with the request as
 * built (`requestData`). Get Many is read page by page (`readList`, pages.ts); every other operation
 * sends its one request (`sendRequest`).
 */
export async function runRequest(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	if (runningOperationOf(this).endpoint.operation === 'getAll') return await readList(this, requestData);
	return await sendRequest(this, requestData);
}

/**
 * The one request of an operation other than Get Many, through n8n's routing (request, then the
 * postReceives): a read asked to slow down follows the package's rule (answer.ts: sent again once
 * after its `Retry-After`, at most 60 s), a write is never sent again. When the item sends its
 * request itself (`withOwnRequest`: Create or Update's find, then create or update under the
 * person's lock), it is handed the way to send it. Errors leave with the credential's secrets
 * redacted and a timeout as "did not answer within N s" (`friendlyError`).
 */
async function sendRequest(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	try {
		const send = async () => {
			const outcome = await sendWithThrottleRule(
				requestData.options.method,
				async () => await sendRoutingRequest(context, requestData),
				throttledWaitOf,
				() => context.getExecutionCancelSignal?.()?.aborted === true,
			);
			if (outcome.ok) return outcome.value;
			throw outcome.error;
		};
		const own = takeOwnRequest(requestData.options);
		return own ? await own(send) : await send();
	} catch (error) {
		throw await friendlyError(context, error, requestData.options);
	}
}

/**
 * The answer a routed request ends with, as every postReceive starts from it: its redirects
 * followed within the Base URL's origin (a redirect elsewhere throws, nothing sent there), the
 * OAuth2 renewal of n8n 1.x made (but for a Get Many page: the page reader renews), and a read
 * asked to slow down or an unrenewed 401 on a page handed to the request runner as an error (its
 * `apiAnswer` says which).
 * @returns The final answer and the credential's secrets (to keep out of what is shown).
 */
export async function finalRoutedAnswer(
	context: IExecuteSingleFunctions,
	received: IN8nHttpFullResponse,
): Promise<{ response: IN8nHttpFullResponse; secrets: string[] }> {
	const sent = itemRunOf(context).request;
	const credentialType = sent?.credentialType ?? credentialTypeOf(context);
	const { root, secrets } = await apiRootAndSecrets(context, credentialType);
	const isList = runningOperationOf(context).endpoint.operation === 'getAll';
	const response = sent ? await finalAnswer(context, credentialType, sent.options, received, root, !isList) : received;
	const unrenewed = isUnrenewed401(credentialType, response);
	// A read asked to slow down: the request runner applies the package's rule (throttle.ts); a write's 429
	// is worded by `checkedDocument` and reaches the user.
	const wait = isRetriedMethod(sent?.options.method) ? throttleWaitOf(response) : undefined;
	if (unrenewed || wait !== undefined) {
		// Get Many: this error tells the page reader to send the page once more with n8n renewing the
		// token; a read asked to slow down: to wait as the answer asks and send it again
		throw apiErrorFromResponse(
			context.getNode(),
			{ ...response, body: redactValue(parseBody(response.body), secrets) as IN8nHttpFullResponse['body'] },
			subjectOf(context),
			unrenewed ? { unrenewed401: true } : { throttleWaitMs: wait ?? 0 },
		);
	}
	return { response, secrets };
}

/**
 * A postReceive that starts from the final answer (`finalRoutedAnswer`: redirects followed within
 * the Base URL's origin, the OAuth2 renewal, the 429 rule handed to the runner) instead of the
 * first one n8n hands every postReceive. Every postReceive of the action node is made with it (or
 * is `toItems`), so no answer is judged before its redirect is followed or refused.
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
 * postReceive of every operation: checks the final answer (`finalRoutedAnswer`; errors →
 * NodeApiError with the server's words), then turns the document's resource objects into items,
 * simplified when the "Simplify" option is on, each paired with the input item it came from. A Get
 * Many page's items carry what its document says about paging (`tagPage`).
 */
export async function toItems(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	received: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const { response, secrets } = await finalRoutedAnswer(this, received);
	const isList = runningOperationOf(this).endpoint.operation === 'getAll';
	const document = checkedDocument(this, response, subjectOf(this), secrets);
	const simplify = this.getNodeParameter('simple', true) as boolean;
	let jsonItems: IDataObject[];
	try {
		if (Array.isArray(document.data) !== isList) {
			throw new TypeError(
				isList ? '"data" is not a list of resource objects' : '"data" is a list, not one resource object',
			);
		}
		jsonItems = documentToItems(document, simplify);
	} catch (error) {
		throw new NodeApiError(
			this.getNode(),
			{ httpCode: String(response.statusCode) },
			{
				message: notJsonApiMessage(document),
				description: (error as Error).message,
			},
		);
	}
	const item = this.getItemIndex();
	const items = jsonItems.map((json) => ({ json, pairedItem: { item } }));
	return isList ? tagPage(items, document) : items;
}
