/**
 * The Contact resource's table (type `contacts`): its attributes, relationships and endpoints with
 * their query parameters, from which its fields are derived; listed in `RESOURCES`
 * (api/tables/registry.ts).
 */
import { PERSON_FILTERS } from '../filters';
import type { AttributeTable, EndpointRow, ResourceTable } from '../types';

/**
 * A person's address as the contact's attributes give it (spec "Resources and fields"), which a
 * form submission carries too (`form_submissions`' attributes, formSubmission.ts).
 */
export const PERSON_ATTRIBUTES_ADDRESS: AttributeTable = {
	address_line_1: 'string',
	address_line_2: 'string',
	address_city: 'string',
	address_state: 'string',
	address_country: 'string',
	address_zip: 'string',
};

/**
 * The four offer-grant endpoints of a contact or a customer (supplement section 2: get, grant,
 * revoke, replace `/v1/<owner>/{id}/relationships/offers`; the welcome email on contacts only),
 * written once for both tables: here, and imported by the customer's (customer.ts).
 */
export function offerGrants<Owner extends 'contacts' | 'customers'>(owner: Owner): EndpointRow<Owner>[] {
	const path = `/${owner}/{id}/relationships/offers`;
	const noun = owner === 'contacts' ? 'contact' : 'customer';
	/** Contacts also have the by-email operations: the hints of Grant and Revoke Offers point to them. */
	const byEmail = (operation: string) =>
		owner === 'contacts' ? ` When only the email is known, use ${operation} by Email.` : '';
	/** What the four rows share after their path: no query, the `offers` relationship. */
	const offers: Pick<EndpointRow<Owner>, 'query' | 'relationship'> = {
		query: {},
		relationship: { name: 'offers', type: 'offers' },
	};
	return [
		{
			operation: 'getOffers',
			method: 'GET',
			path,
			purpose: `Offers granted to the ${noun}`,
			hint: 'Returns the offer IDs.',
			...offers,
		},
		{
			operation: 'grantOffers',
			method: 'POST',
			path,
			purpose: `Grant offers to the ${noun}`,
			hint: `Offer IDs from Offer → Get Many.${byEmail('Grant Offers')}`,
			query: {},
			relationship: { name: 'offers', type: 'offers', welcomeEmail: owner === 'contacts' },
		},
		{
			operation: 'revokeOffers',
			method: 'DELETE',
			path,
			purpose: `Revoke offers from the ${noun}`,
			hint: `Also deactivates the products they gave.${byEmail('Revoke Offers')}`,
			...offers,
			destructive: `Removes the ${noun}'s access to the listed offers (purchased or granted) and deactivates their product memberships.`,
		},
		{
			operation: 'replaceOffers',
			method: 'PATCH',
			path,
			purpose: `Replace the ${noun}'s offers`,
			hint: 'Revokes every offer not listed; to add, use Grant Offers.',
			...offers,
			destructive: `Makes the listed offers the ${noun}'s only offers: every other active offer is revoked.`,
		},
	];
}

/**
 * Contact (type `contacts`): list, get and update (seed spec), then create, delete, tags and offer
 * grants (supplement sections 1-2), and the operations that find the contact by email.
 */
export const contactTable: ResourceTable<'contact', 'contacts'> = {
	value: 'contact',
	displayName: 'Contact',
	hint: 'People: leads and members, found by email. Customer is for people who paid.',
	type: 'contacts',
	/** Spec "Resources and fields" (supplement section 0 "CA" is the same set). */
	attributes: {
		name: 'string',
		email: 'string',
		phone_number: 'string',
		business_number: 'string',
		subscribed: 'boolean',
		...PERSON_ATTRIBUTES_ADDRESS,
		external_user_id: 'string',
		custom_1: 'string',
		custom_2: 'string',
		custom_3: 'string',
		created_at: 'timestamp',
		updated_at: 'timestamp',
	},
	relationships: ['customer', 'offers', 'site', 'tags'],
	search: { filter: 'search', label: ['name', 'email'] },
	endpoints: [
		{
			operation: 'getAll',
			method: 'GET',
			path: '/contacts',
			purpose: 'List contacts',
			hint: 'Finds contact IDs: Filters → Search by name or email. Multi-site accounts: set Site ID.',
			query: { sort: ['name', 'email', 'created_at'], page: true, fields: 'contacts', filters: PERSON_FILTERS },
		},
		{
			operation: 'get',
			method: 'GET',
			path: '/contacts/{id}',
			purpose: 'Contact details',
			hint: 'Contact ID from Get Many or a trigger; Include Related adds offers, tags, customer.',
			query: { include: ['offers', 'tags', 'customer'], fields: 'contacts' },
		},
		{
			operation: 'update',
			method: 'PATCH',
			path: '/contacts/{id}',
			purpose: 'Update a contact',
			hint: 'Needs the contact ID; known only by email: use Create or Update.',
			query: {},
		},
		// Supplement
		{
			operation: 'create',
			method: 'POST',
			path: '/contacts',
			purpose: 'Create a contact',
			hint: 'Fails when the email exists; prefer Create or Update.',
			query: {},
		},
		{
			operation: 'delete',
			method: 'DELETE',
			path: '/contacts/{id}',
			purpose: 'Delete a contact',
			hint: 'Refused while it has active subscriptions (Purchase → Cancel Subscription).',
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
			hint: 'Returns the tag IDs (names: Tag → Get Many).',
			query: {},
			relationship: { name: 'tags', type: 'contact_tags' },
		},
		{
			operation: 'addTags',
			method: 'POST',
			path: '/contacts/{id}/relationships/tags',
			purpose: 'Add tags to the contact',
			hint: 'Keeps other tags. Tag IDs from Tag → Get Many.',
			query: {},
			relationship: { name: 'tags', type: 'contact_tags' },
		},
		{
			operation: 'removeTags',
			method: 'DELETE',
			path: '/contacts/{id}/relationships/tags',
			purpose: 'Remove tags from the contact',
			hint: 'Removes only the listed tags.',
			query: {},
			relationship: { name: 'tags', type: 'contact_tags' },
			destructive: 'Removes the listed tags from the contact.',
		},
		{
			operation: 'replaceTags',
			method: 'PATCH',
			path: '/contacts/{id}/relationships/tags',
			purpose: "Replace the contact's tags",
			hint: 'Removes every tag not listed; to add, use Add Tags.',
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
			hint: 'Add or update a person by email (Site ID + Email); the item says created true or false.',
			query: {},
			byEmail: 'findOrCreate',
		},
		{
			operation: 'grantOffersByEmail',
			method: 'POST',
			path: '/contacts/{id}/relationships/offers',
			purpose: 'Grant offers to the contact with this email on the site, created when new',
			hint: 'Access after a sale: by email, no contact ID; creates the contact when new. Offer IDs from Offer → Get Many.',
			query: {},
			relationship: { name: 'offers', type: 'offers', welcomeEmail: true },
			byEmail: 'findOrCreate',
		},
		{
			operation: 'revokeOffersByEmail',
			method: 'DELETE',
			path: '/contacts/{id}/relationships/offers',
			purpose: 'Revoke offers from the contact with this email on the site (never creates one)',
			hint: 'By email, no contact ID; never creates a contact (found false when none).',
			query: {},
			relationship: { name: 'offers', type: 'offers' },
			destructive:
				'Removes the access of the contact with this email to the listed offers (purchased or granted) and deactivates their product memberships.',
			byEmail: 'find',
		},
	],
};
