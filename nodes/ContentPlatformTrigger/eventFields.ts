/**
 * The polling trigger's fields that each event brings (`TRIGGER_EVENTS`, events.ts): the notice
 * under the event, the Filters of its list (text fields built from the tables' filter rows) and
 * its include switch. The node file puts them after the Event option, in this order.
 */
import type { INodeProperties } from 'n8n-workflow';

import { filtersField, textFilterField } from '../api/properties/fields';
import { fieldLabel, includeSwitchName } from '../api/properties/words';
import { TRIGGER_EVENTS } from './events';

/** The "Filters" of each event that has some: its list's filters as text fields, in the table's order. */
export function filterProperties(): INodeProperties[] {
	return TRIGGER_EVENTS.filter((event) => event.filters.length).map((event) =>
		filtersField({ show: { event: [event.value] } }, event.filters.map(textFilterField)),
	);
}

/**
 * The include switch of each event that has one (`TriggerEvent.include`; New Transaction:
 * "Include Purchases"), off by default: each emitted record is read back with the related records.
 */
export function includeProperties(): INodeProperties[] {
	return TRIGGER_EVENTS.filter((event) => event.include).map((event) => {
		const noun = event.resource.displayName.toLowerCase();
		const related = fieldLabel(event.include!);
		return {
			displayName: `Include ${related}`,
			name: includeSwitchName(event.include!),
			type: 'boolean',
			default: false,
			displayOptions: { show: { event: [event.value] } },
			description: `Whether to read each new ${noun} back with its ${related.toLowerCase()} (one more request per ${noun} emitted). A ${noun} that covers several (a bundled charge) is still one item; with Simplify on, they are under "${event.include}".`,
		};
	});
}

/** The notice under the event for the events that have one (`TriggerEvent.notice`). */
export function noticeProperties(): INodeProperties[] {
	return TRIGGER_EVENTS.filter((event) => event.notice).map((event) => ({
		displayName: event.notice!,
		name: 'notice',
		type: 'notice',
		default: '',
		displayOptions: { show: { event: [event.value] } },
	}));
}
