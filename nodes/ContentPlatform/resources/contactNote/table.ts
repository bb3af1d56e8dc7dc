/**
 * The Contact Note resource's table (type `contact_notes`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import { SITE_FILTER, str } from '../../shared/tables/values';
import type { ResourceTable } from '../../shared/tables/types';

/**
 * Contact Note (type `contact_notes`): create (seed spec `POST /v1/contact_notes`), then list, get,
 * update and delete (supplement section 1).
 */
export const contactNoteTable: ResourceTable<'contactNote'> = {
	value: 'contactNote',
	displayName: 'Contact Note',
	hint: 'Notes written on a contact (a text body, newest first). Needs a contact ID from Contact → Get Many or a trigger.',
	type: 'contact_notes',
	relationships: ['contact'],
	search: { label: ['body'] },
	endpoints: [
		{
			operation: 'create',
			method: 'POST',
			path: '/contact_notes',
			purpose: 'Create a contact note',
			hint: 'Adds a note to one contact: needs the contact ID (Contact → Get Many with Search, or Contact → Create or Update) and the note text. Returns the note.',
			query: {},
		},
		// Supplement
		{
			operation: 'getAll',
			method: 'GET',
			path: '/contact_notes',
			purpose: 'List contact notes (newest first unless sorted)',
			hint: "Lists notes; filter by Contact ID to get one contact's notes. Returns one item per note (ID, body, created time).",
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
			hint: 'Returns one note by its ID (from Contact Note → Get Many); Include Related can add the contact.',
			query: { include: ['contact'], fields: 'contact_notes' },
		},
		{
			operation: 'update',
			method: 'PATCH',
			path: '/contact_notes/{id}',
			purpose: 'Update a contact note',
			hint: 'Replaces the text of one note by its ID (from Contact Note → Get Many). Returns the note.',
			query: {},
		},
		{
			operation: 'delete',
			method: 'DELETE',
			path: '/contact_notes/{id}',
			purpose: 'Delete a contact note',
			hint: 'Deletes one note by its ID for good. Returns the ID with deleted true.',
			query: {},
			destructive: 'Deletes the note for good.',
		},
	],
};
