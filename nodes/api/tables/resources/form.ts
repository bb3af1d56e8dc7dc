/**
 * The Form resource's table (type `forms`): its attributes, relationships and endpoints with their
 * query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { SITE_FILTER, titleContains } from '../filters';
import type { ResourceTable } from '../types';

/** Form (type `forms`): get and submit (seed spec), then the list and its search (supplement section 4). */
export const formTable: ResourceTable<'form', 'forms'> = {
	value: 'form',
	displayName: 'Form',
	hint: 'Opt-in and lead forms; Submit sends a submission.',
	type: 'forms',
	/** Spec "Resources and fields". */
	attributes: {
		title: 'string',
		default: 'boolean',
		webhook_url: 'object',
		url: 'string',
		created_at: 'timestamp',
		updated_at: 'timestamp',
	},
	relationships: ['site', 'offer', 'fields'],
	search: { filter: 'title_cont', label: ['title'] },
	endpoints: [
		{
			operation: 'get',
			method: 'GET',
			path: '/forms/{id}',
			purpose: 'Form details',
			hint: 'Include Related: Fields shows what Submit takes.',
			query: { include: ['fields', 'site', 'offer', 'contact_tags'], fields: 'forms' },
		},
		{
			operation: 'submit',
			method: 'POST',
			path: '/forms/{id}/submit',
			purpose: 'Submit a form',
			hint: 'Submits as a visitor would. Form ID from Form → Get Many.',
			query: {},
		},
		// Supplement
		{
			operation: 'getAll',
			method: 'GET',
			path: '/forms',
			purpose: 'List forms',
			hint: 'Filters → Title Contains finds a form.',
			query: { sort: ['title'], page: true, fields: 'forms', filters: [SITE_FILTER, titleContains] },
		},
	],
};
