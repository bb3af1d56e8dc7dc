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
	hint: 'People on the platform: leads and members, found by email or search. Use Create or Update to add or change a person by email; use Customer for people who paid.',
	type: 'contacts',
	relationships: ['customer', 'offers', 'site', 'tags'],
	search: { filter: 'search', label: ['name', 'email'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/contacts',
			purpose: 'List contacts',
			hint: 'Lists contacts, one item each (ID, name, email). Filters → Search finds by name or email; on accounts with several sites set Filters → Site ID. Use it to find the contact ID other operations need.',
			query: { sort: ['name', 'email', 'created_at'], page: true, fields: 'contacts', filters: PERSON_FILTERS },
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/contacts/{id}',
			purpose: 'Contact details',
			hint: 'Returns one contact by its ID (from Contact → Get Many or a trigger item); Include Related adds its offers, tags and customer.',
			query: { include: ['offers', 'tags', 'customer'], fields: 'contacts' },
		},
		{
			operation: 'update',
			method: 'PATCH',
			path: '/contacts/{id}',
			purpose: 'Update a contact',
			hint: 'Changes fields of one contact by its ID. To change a contact known only by email, use Create or Update instead.',
			query: {},
		},
		// Supplement
		{
			operation: 'create',
			method: 'POST',
			path: '/contacts',
			purpose: 'Create a contact',
			hint: 'Creates a contact on a site (Site ID and Email required); fails when the email exists. Prefer Create or Update for data from forms or other apps.',
			query: {},
		},
		{
			operation: 'delete',
			method: 'DELETE',
			path: '/contacts/{id}',
			purpose: 'Delete a contact',
			hint: 'Deletes one contact by ID for good; refused while it has active subscriptions (cancel them with Purchase → Cancel Subscription first).',
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
			hint: "Returns one item with the contact's tag IDs (tag names: Tag → Get Many).",
			query: {},
			relationship: { name: 'tags', type: 'contact_tags' },
		},
		{
			operation: 'addTags',
			method: 'POST',
			path: '/contacts/{id}/relationships/tags',
			purpose: 'Add tags to the contact',
			hint: 'Adds tags to one contact by its ID and keeps its other tags; tag IDs come from Tag → Get Many. Returns the tag IDs after the change.',
			query: {},
			relationship: { name: 'tags', type: 'contact_tags' },
		},
		{
			operation: 'removeTags',
			method: 'DELETE',
			path: '/contacts/{id}/relationships/tags',
			purpose: 'Remove tags from the contact',
			hint: 'Removes the listed tags from one contact, keeping the others; tag IDs from Contact → Get Tags or Tag → Get Many.',
			query: {},
			relationship: { name: 'tags', type: 'contact_tags' },
			destructive: 'Removes the listed tags from the contact.',
		},
		{
			operation: 'replaceTags',
			method: 'PATCH',
			path: '/contacts/{id}/relationships/tags',
			purpose: "Replace the contact's tags",
			hint: "Makes the listed tags the contact's only tags (all others removed). Use Add Tags to keep existing ones.",
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
			hint: 'Best way to add or update a person from another app or form: finds the contact by email on the site (Site ID and Email required), updates it or creates it. The item says whether it was created.',
			query: {},
			byEmail: 'findOrCreate',
		},
		{
			operation: 'grantOffersByEmail',
			method: 'POST',
			path: '/contacts/{id}/relationships/offers',
			purpose: 'Grant offers to the contact with this email on the site, created when new',
			hint: 'Grants offers to the person with this email on the site, creating the contact when new; needs no contact ID, only Site ID, Email and offer IDs (Offer → Get Many). Typical after a payment in another app.',
			query: {},
			relationship: { name: 'offers', type: 'offers', welcomeEmail: true },
			byEmail: 'findOrCreate',
		},
		{
			operation: 'revokeOffersByEmail',
			method: 'DELETE',
			path: '/contacts/{id}/relationships/offers',
			purpose: 'Revoke offers from the contact with this email on the site (never creates one)',
			hint: 'Revokes offers from the person with this email on the site; needs no contact ID and never creates a contact (the item says found false when none has the email).',
			query: {},
			relationship: { name: 'offers', type: 'offers' },
			destructive:
				'Removes the access of the contact with this email to the listed offers (purchased or granted) and deactivates their product memberships.',
			byEmail: 'find',
		},
	],
};
