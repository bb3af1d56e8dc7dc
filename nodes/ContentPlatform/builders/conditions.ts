/**
 * The "Conditions" of a Get Many whose endpoint allows `filter[<attribute>_<operator>]` in prose
 * (table row `query.conditions`, the purchases' list): attribute / operator / value rows, and the
 * preSend that writes them into the query (`conditionsQuery`), refusing two on the same attribute
 * and operator.
 */
import type { INodeProperties, IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { showOnlyFor } from '../../api/properties/display';
import type { OperationContext } from '../../api/tables/registry';
import { byName, titleCase } from '../../api/properties/words';

/** Words for the generic filter operators of the purchases prose (`filter[<attribute>_<operator>]`). */
const OPERATOR_NAMES: Record<string, string> = {
	eq: 'Equals',
	not_eq: 'Does Not Equal',
	cont: 'Contains',
	not_cont: 'Does Not Contain',
	gt: 'Greater Than',
	gte: 'Greater Than or Equal',
	lt: 'Less Than',
	lte: 'Less Than or Equal',
	start: 'Starts With',
	end: 'Ends With',
};

/**
 * preSend of "Conditions": writes each condition as `filter[<attribute>_<operator>]=<value>` and
 * refuses two conditions on the same attribute and operator (the query can hold only one).
 */
async function conditionsQuery(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const conditions = (this.getNodeParameter('conditions.condition', []) as IDataObject[]) ?? [];
	const qs = (requestOptions.qs ?? {}) as IDataObject;
	for (const { attribute, operator, value } of conditions) {
		const key = `filter[${String(attribute)}_${String(operator)}]`;
		if (key in qs) {
			throw new NodeOperationError(
				this.getNode(),
				`Two conditions use "${titleCase(String(attribute))} ${OPERATOR_NAMES[String(operator)]}": keep one`,
				{
					itemIndex: this.getItemIndex(),
				},
			);
		}
		qs[key] = String(value ?? '');
	}
	requestOptions.qs = qs;
	return requestOptions;
}

/**
 * "Conditions" of a Get Many whose endpoint allows `filter[<attribute>_<operator>]` in prose
 * (table row `query.conditions`): any number of attribute / operator / value rows (none when the
 * endpoint has no such filters).
 */
export function conditionsCollection(op: OperationContext): INodeProperties[] {
	const conditions = op.endpoint.query.conditions;
	if (!conditions) return [];
	return [
		{
			displayName: 'Conditions',
			name: 'conditions',
			type: 'fixedCollection',
			placeholder: 'Add Condition',
			typeOptions: { multipleValues: true },
			default: {},
			displayOptions: showOnlyFor(op),
			description: 'Further filters: an attribute compared with a value (all conditions must hold)',
			options: [
				{
					displayName: 'Condition',
					name: 'condition',
					values: [
						{
							displayName: 'Attribute',
							name: 'attribute',
							type: 'options',
							// A literal (n8n's lint reads defaults literally); every conditions table has created_at.
							default: 'created_at',
							description: 'The attribute to compare',
							options: conditions.attributes.map((name) => ({ name: titleCase(name), value: name })).sort(byName),
						},
						{
							displayName: 'Operator',
							name: 'operator',
							type: 'options',
							default: 'eq',
							description: 'How the attribute is compared with the value',
							options: conditions.operators
								.map((value) => ({ name: OPERATOR_NAMES[value] ?? titleCase(value), value }))
								.sort(byName),
						},
						{
							displayName: 'Value',
							name: 'value',
							type: 'string',
							default: '',
							description: 'Dates as ISO 8601 (for example 2026-11-01), amounts in cents, yes/no as true or false',
						},
					],
				},
			],
			routing: { send: { preSend: [conditionsQuery] } },
		},
	];
}
