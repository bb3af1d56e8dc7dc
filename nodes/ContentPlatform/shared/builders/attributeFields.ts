/**
 * Write fields from the attribute tables (`shared/tables/attributes.ts`): a resource type's
 * attributes as the fields of a write body (`data.attributes.<name>`).
 */
import type { INodeProperties } from 'n8n-workflow';

import { ATTRIBUTES, type ResourceType, type ValueType } from '../tables/registry';
import { byDisplayName, fieldLabel, sentence } from './text';
import { valueField } from './valueField';

/** A label inside a sentence: "External User ID" → "external user ID". */
function inSentence(label: string): string {
	return label
		.split(' ')
		.map((word) => (/^[A-Z]{2,}s?$/.test(word) ? word : word.toLowerCase()))
		.join(' ');
}

/** The description of a write field: booleans start with "Whether" (n8n's rule for boolean fields). */
function attributeDescription(name: string, valueType: ValueType, owner: string): string {
	const custom = /^custom_(\d+)$/.exec(name);
	if (custom) return `Custom field ${custom[1]} of ${owner}`;
	if (valueType === 'boolean') return `Whether ${owner} is ${inSentence(fieldLabel(name))}`;
	return `${sentence(inSentence(fieldLabel(name)))} of ${owner}`;
}

/**
 * The attributes of a resource type as fields of a write body, each sent as
 * `data.attributes.<name>`; timestamps (set by the API) are left out.
 * @param owner Whose attributes they are, in words, for the descriptions (for example "the contact").
 */
export function attributeFields(
	type: ResourceType,
	owner: string,
	exclude: ValueType[] = ['timestamp'],
): INodeProperties[] {
	return Object.entries(ATTRIBUTES[type] as Record<string, ValueType>)
		.filter(([, valueType]) => !exclude.includes(valueType))
		.map(([name, valueType]) => ({
			displayName: fieldLabel(name),
			name,
			...valueField(valueType),
			description: attributeDescription(name, valueType, owner),
			...(name === 'email' ? { placeholder: 'e.g. nathan@example.com' } : {}),
			routing: { send: { type: 'body' as const, property: `data.attributes.${name}` } },
		}))
		.sort(byDisplayName);
}
