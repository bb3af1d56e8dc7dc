/**
 * The Contact resource's table (type `contacts`): its relationships and endpoints with their query
 * parameters, from which its fields are derived; listed in `RESOURCES` (shared/tables/registry.ts).
 */
import { offerGrants } from '../../shared/tables/offerGrants';
import { PERSON_FILTERS } from '../../shared/tables/filters';
import type { ResourceTable } from '../../shared/tables/types';

/**
 * Contact (type `contacts`): list, get and update (seed spec), then create, delete, tags and offer
 * grants (supplement sections 1-2), and the operations that find the contact by email.
 */
export const contactTable: ResourceTable<'contact'> = {
	value: 'contact',
	displayName: 'Contact',
	type: 'contacts',
	relationships: ['customer', 'offers', 'site', 'tags'],
	search: { filter: 'search', label: ['name', 'email'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/contacts',
			purpose: 'List contacts',
			query: { sort: ['name', 'email', 'created_at'], page: true, fields: 'contacts', filters: PERSON_FILTERS },
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/contacts/{id}',
			purpose: 'Contact details',
			query: { include: ['offers', 'tags', 'customer'], fields: 'contacts' },
		},
		{ operation: 'update', method: 'PATCH', path: '/contacts/{id}', purpose: 'Update a contact', query: {} },
		// Supplement
		{ operation: 'create', method: 'POST', path: '/contacts', purpose: 'Create a contact', query: {} },
		{
			operation: 'delete',
			method: 'DELETE',
			path: '/contacts/{id}',
			purpose: 'Delete a contact',
			query: {},
			destructive:
				"Deletes the contact for good (the API refuses while it has active subscriptions or payment plans paid through the platform's own payments: cancel them first with Purchase → Cancel Subscription).",
			// Release 1.1.0: 422 "contact has active … subscriptions" (document, DELETE /v1/contacts/{id}, around line 2027).
			refusal:
				"The API refuses to delete this contact: it has active subscriptions or payment plans paid through the platform's own payments. Cancel each first with Purchase → Cancel Subscription (the contact's purchases: Purchase → Get Many, filtered by its customer), then delete the contact",
		},
		{
			operation: 'getTags',
			method: 'GET',
			path: '/contacts/{id}/relationships/tags',
			purpose: "The contact's tags",
			query: {},
			relationship: { name: 'tags', type: 'contact_tags' },
		},
		{
			operation: 'addTags',
			method: 'POST',
			path: '/contacts/{id}/relationships/tags',
			purpose: 'Add tags to the contact',
			query: {},
			relationship: { name: 'tags', type: 'contact_tags' },
		},
		{
			operation: 'removeTags',
			method: 'DELETE',
			path: '/contacts/{id}/relationships/tags',
			purpose: 'Remove tags from the contact',
			query: {},
			relationship: { name: 'tags', type: 'contact_tags' },
			destructive: 'Removes the listed tags from the contact.',
		},
		{
			operation: 'replaceTags',
			method: 'PATCH',
			path: '/contacts/{id}/relationships/tags',
			purpose: "Replace the contact's tags",
			query: {},
			relationship: { name: 'tags', type: 'contact_tags' },
			destructive: "Makes the listed tags the contact's only tags: every other tag is removed from the contact.",
		},
		...offerGrants('contacts'),
		// Found by email (docs/operations.md "Find or create"): the contact is looked up by email first.
		{
			operation: 'upsert',
			method: 'POST',
			path: '/contacts',
			purpose: 'Create a contact, or update the one with this email on the site',
			query: {},
			byEmail: 'findOrCreate',
		},
		{
			operation: 'grantOffersByEmail',
			method: 'POST',
			path: '/contacts/{id}/relationships/offers',
			purpose: 'Grant offers to the contact with this email on the site, created when new',
			query: {},
			relationship: { name: 'offers', type: 'offers', welcomeEmail: true },
			byEmail: 'findOrCreate',
		},
		{
			operation: 'revokeOffersByEmail',
			method: 'DELETE',
			path: '/contacts/{id}/relationships/offers',
			purpose: 'Revoke offers from the contact with this email on the site (never creates one)',
			query: {},
			relationship: { name: 'offers', type: 'offers' },
			destructive:
				'Removes the access of the contact with this email to the listed offers (purchased or granted) and deactivates their product memberships.',
			byEmail: 'find',
		},
	],
};
