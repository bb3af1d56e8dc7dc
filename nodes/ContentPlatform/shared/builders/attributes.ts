import type { INodeProperties } from 'n8n-workflow';

import { ATTRIBUTES, type ResourceType, type ValueType } from '../spec';
import { byName, titleCase } from './text';
import { valueField } from './valueField';

/**
 * The attributes of a resource type as fields of a write body, each sent as
 * `data.attributes.<name>`; timestamps (set by the API) are left out.
 */
export function attributeFields(type: ResourceType, exclude: ValueType[] = ['timestamp']): INodeProperties[] {
	return Object.entries(ATTRIBUTES[type] as Record<string, ValueType>)
		.filter(([, valueType]) => !exclude.includes(valueType))
		.map(([name, valueType]) => ({
			displayName: titleCase(name),
			name,
			...valueField(valueType),
			...(name === 'email' ? { placeholder: 'name@email.com' } : {}),
			routing: { send: { type: 'body' as const, property: `data.attributes.${name}` } },
		}))
		.sort(byName);
}
