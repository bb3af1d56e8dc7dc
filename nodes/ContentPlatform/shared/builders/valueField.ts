/**
 * The n8n field type and default of a table value type (`ValueType`).
 */
import type { INodeProperties } from 'n8n-workflow';

import type { ValueType } from '../tables/registry';

/** The n8n field type and default for a table value type; `date` is a date picker. */
export function valueField(type: ValueType): Pick<INodeProperties, 'type' | 'default'> {
	switch (type) {
		case 'boolean':
			return { type: 'boolean', default: false };
		case 'number':
			return { type: 'number', default: 0 };
		case 'date':
			return { type: 'dateTime', default: '' };
		default:
			return { type: 'string', default: '' };
	}
}
