/**
 * The Contact Note resource's table (type `contact_notes`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import { SITE_FILTER, str } from '../../shared/tables/filters';
import type { ResourceTable } from '../../shared/tables/types';

/**
 * Contact Note (type `contact_notes`): create (seed spec `POST /v1/contact_notes`), then list, get,
 * update and delete (supplement section 1).
 */
export const contactNoteTable: ResourceTable<'contactNote'> = {
	value: 'contactNote',
	displayName: 'Contact Note',
	type: 'contact_notes',
	relationships: ['contact'],
	search: { label: ['body'] },
	endpoints: [
		{ operation: 'create', method: 'POST', path: '/contact_notes', purpose: 'Create a contact note', query: {} },
		// Supplement
		{
			operation: 'getAll',
			method: 'GET',
			path: '/contact_notes',
			purpose: 'List contact notes (newest first unless sorted)',
			query: {
				sort: ['created_at', 'updated_at'],
				page: true,
				filters: [SITE_FILTER, str('contact_id', 'Notes of this contact')],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/contact_notes/{id}',
			purpose: 'Contact note details',
			query: { include: ['contact'], fields: 'contact_notes' },
		},
		{
			operation: 'update',
			method: 'PATCH',
			path: '/contact_notes/{id}',
			purpose: 'Update a contact note',
			query: {},
		},
		{
			operation: 'delete',
			method: 'DELETE',
			path: '/contact_notes/{id}',
			purpose: 'Delete a contact note',
			query: {},
			destructive: 'Deletes the note for good.',
		},
	],
};
