/**
 * The guards of destructive operations (table rows with `destructive`), two preSends their option
 * runs before any request: `refuseRetryOnFail`, never sent twice by n8n; `refuseModelChosenValues`,
 * when used as an AI tool. In the tool node
 * (`contentPlatformTool`, n8n's tool twin of this node) the user fixes the resource and the
 * operation; a model only fills the fields written with `$fromAI()`. For a destructive operation
 * (table rows with `destructive`: Delete, Revoke Offers (also by Email), Replace Offers/Tags, Remove
 * Tags, Deactivate, Cancel Subscription) a `$fromAI()` field means the model picks which records are
 * changed for good, so it is refused unless the user switched on `ALLOW_MODEL_VALUES` on that
 * node; so is a field of a tool node that reads the tool's input item (`$json`, `$input`), which
 * holds the model's arguments. Fixed IDs, and expressions that read other nodes (`$('Webhook')…`),
 * are not affected; outside a tool node `$json` is the previous node's item, as always.
 */
import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Name of the switch that lets a model fill a destructive operation's fields. */
export const ALLOW_MODEL_VALUES = 'allowModelValues';

/** `$fromAI(` in any spelling n8n accepts (`$fromAI`, `$fromai`, …), inside an expression. */
const FROM_AI = /\$fromai\s*\(/i;

/**
 * The tool's own input item (`$json`, `$input`): in a tool node it holds the model's arguments
 * (n8n 2.x runs the tool on an item that merges the agent's input item with the tool call's
 * arguments, n8n-core `requests-response.ts`), so a model can set any key read from it.
 */
const TOOL_INPUT = /\$json\b|\$input\b/;

/**
 * The top-level parameters of a node whose value holds an expression (a string starting with
 * `=`) that a model fills: one that calls `$fromAI()` and, when `inTool`, one that reads the
 * tool's input item (`$json`, `$input`); anywhere inside (resource locators, collections, lists).
 * @param parameters The node's raw (unevaluated) parameters, as `getNode().parameters` gives them.
 * @param inTool Whether the node runs as an AI tool (its type is n8n's tool twin, `…Tool`).
 * @returns The parameter names, in the node's order.
 */
export function parametersFromModel(parameters: INodeParameters, inTool = false): string[] {
	const fromModel = (value: unknown): boolean => {
		if (typeof value === 'string')
			return value.startsWith('=') && (FROM_AI.test(value) || (inTool && TOOL_INPUT.test(value)));
		if (Array.isArray(value)) return value.some(fromModel);
		if (value && typeof value === 'object') return Object.values(value).some(fromModel);
		return false;
	};
	return Object.keys(parameters).filter((name) => name !== 'toolDescription' && fromModel(parameters[name]));
}

/**
 * preSend of every destructive operation: refuses, before any request, when a field of the node
 * uses `$fromAI()`, or in a tool node reads the tool's input item (`$json`, `$input`), so that a
 * model chose the value, and the user has not switched on "Allow Model-Chosen Values". The error tells the model (it receives the message as
 * the tool's result) and the user what to change.
 * @throws NodeOperationError naming the fields that use `$fromAI()`
 */
export async function refuseModelChosenValues(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const node = this.getNode();
	const fromModel = parametersFromModel(node.parameters, node.type.endsWith('Tool'));
	if (fromModel.length === 0 || this.getNodeParameter(ALLOW_MODEL_VALUES, false) === true) return requestOptions;
	throw new NodeOperationError(
		node,
		`Refused: this operation cannot be undone, and its ${fromModel.join(', ')} would come from the model ($fromAI() or the tool's input). Nothing was changed.`,
		{
			itemIndex: this.getItemIndex(),
			description:
				'Type the IDs into the tool node, or switch on "Allow Model-Chosen Values" in the tool node to let the model choose them.',
		},
	);
}

/**
 * preSend of every destructive operation (table rows with `destructive`): refuses to run when the
 * node's "Retry On Fail" setting is on, so that n8n never sends a destructive request twice (a
 * request that timed out may have been carried out). The package itself never sends a write again (the 429 rule, throttle.ts).
 */
export async function refuseRetryOnFail(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	if (this.getNode().retryOnFail) {
		throw new NodeOperationError(
			this.getNode(),
			'"Retry On Fail" is on: this operation cannot be undone and is never retried. Turn off Settings → Retry On Fail for this node.',
			{ itemIndex: this.getItemIndex() },
		);
	}
	return requestOptions;
}
