/**
 * What a destructive operation (a table row with `destructive`) shows above its fields: the notice
 * of what it does and that it cannot be undone (`destructiveNotice`) and, in the AI tool node, the
 * "Allow Model-Chosen Values" switch its guard reads (`allowModelValuesProperty`, guards.ts).
 */
import type { INodeProperties } from 'n8n-workflow';

import { destructiveDescription, showOnlyFor, type OperationContext } from './operation';
import { ALLOW_MODEL_VALUES } from './guards';

/**
 * The notice shown above the fields of a destructive operation (what it does, that it cannot be
 * undone) and, in the AI tool node, the "Allow Model-Chosen Values" switch (`guards.ts`); none
 * for the others.
 */
export function destructiveNotice(op: OperationContext): INodeProperties[] {
	if (!op.endpoint.destructive) return [];
	return [
		{
			displayName: destructiveDescription(op),
			name: 'destructiveNotice',
			type: 'notice',
			default: '',
			displayOptions: showOnlyFor(op),
		},
		allowModelValuesProperty(op),
	];
}

/**
 * The switch shown on a destructive operation when the node is an AI tool (n8n's `@tool`
 * display condition), off by default.
 */
export function allowModelValuesProperty(op: OperationContext): INodeProperties {
	const show = showOnlyFor(op)!.show!;
	return {
		displayName: 'Allow Model-Chosen Values',
		name: ALLOW_MODEL_VALUES,
		type: 'boolean',
		default: false,
		description:
			'Whether a model may fill the fields of this operation with $fromAI(), which lets it choose the records that are changed for good. Off: the tool refuses to run while a field uses $fromAI().',
		displayOptions: { show: { ...show, '@tool': [true] } },
	};
}
