/**
 * The Contact Note resource's table (type `contact_notes`): its attributes, relationships and
 * endpoints with their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { SITE_FILTER } from '../filters';
import type { ResourceTable } from '../types';

/**
 * Contact Note (type `contact_notes`): create (seed spec `POST /v1/contact_notes`), then list, get,
 * update and delete (supplement section 1).
 */
export const contactNoteTable: ResourceTable<'contactNote', 'contact_notes'> = {
	value: 'contactNote',
	displayName: 'Contact Note',
	hint: 'Notes on a contact. Needs the contact ID (Contact → Get Many).',
	type: 'contact_notes',
	/** Spec "Resources and fields". */
	attributes: { body: 'string', created_at: 'timestamp', updated_at: 'timestamp' },
	relationships: ['contact'],
	search: { label: ['body'] },
	endpoints: [
		{
			operation: 'create',
			method: 'POST',
			path: '/contact_notes',
			purpose: 'Create a contact note',
			hint: 'Needs the contact ID (Contact → Get Many) and the text.',
			query: {},
		},
		// Supplement
		{
			operation: 'getAll',
			method: 'GET',
			path: '/contact_notes',
			purpose: 'List contact notes (newest first unless sorted)',
			hint: "Filter by Contact ID for one contact's notes.",
			query: {
				sort: ['created_at', 'updated_at'],
				page: true,
				filters: [SITE_FILTER, { name: 'contact_id', type: 'string', description: 'Notes of this contact' }],
			},
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/contact_notes/{id}',
			purpose: 'Contact note details',
			hint: 'Note ID from Contact Note → Get Many.',
			query: { include: ['contact'], fields: 'contact_notes' },
		},
		{
			operation: 'update',
			method: 'PATCH',
			path: '/contact_notes/{id}',
			purpose: 'Update a contact note',
			hint: 'Replaces the text. Note ID from Contact Note → Get Many.',
			query: {},
		},
		{
			operation: 'delete',
			method: 'DELETE',
			path: '/contact_notes/{id}',
			purpose: 'Delete a contact note',
			hint: 'Note ID from Contact Note → Get Many.',
			query: {},
			destructive: 'Deletes the note for good.',
		},
	],
};
