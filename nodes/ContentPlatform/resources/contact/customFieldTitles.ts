/**
 * The "Custom Fields by Title" option of Contact → Get and Get Many (`withCustomFieldTitlesOption`):
 * the option in the operation's Options collection and, for Get, `withCustomFieldTitles`
 * (customFields.ts) after its postReceive; Get Many's run adds the titles itself (routing/runners.ts).
 */
import type { INodeProperties } from 'n8n-workflow';

import type { OperationDescription } from '../../builders/operation';
import { withCustomFieldTitles } from '../../customFields';

/** The "Custom Fields by Title" option of contact reads (Options collection). */
const CUSTOM_FIELD_TITLES_OPTION: INodeProperties = {
	displayName: 'Custom Fields by Title',
	name: 'customFieldTitles',
	type: 'boolean',
	default: false,
	description:
		"Whether each contact also gets custom_fields: the site's custom fields by their titles with the contact's values (Simplify only; one more request per site)",
};

/**
 * A contact read (Get, Get Many) whose items can carry the custom fields by title: the option in
 * its "Options" collection and, when the operation has postReceives (Get), `withCustomFieldTitles`
 * after them.
 */
export function withCustomFieldTitlesOption(operation: OperationDescription): OperationDescription {
	const output = operation.option.routing?.output;
	return {
		option: output?.postReceive
			? {
					...operation.option,
					routing: {
						...operation.option.routing,
						output: { postReceive: [...output.postReceive, withCustomFieldTitles] },
					},
				}
			: operation.option,
		properties: operation.properties.map((property) =>
			property.name === 'options' && property.type === 'collection'
				? {
						...property,
						options: [...(property.options as INodeProperties[]), CUSTOM_FIELD_TITLES_OPTION].sort((a, b) =>
							a.displayName.localeCompare(b.displayName),
						),
					}
				: property,
		),
	};
}
