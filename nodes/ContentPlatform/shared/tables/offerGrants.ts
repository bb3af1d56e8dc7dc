/**
 * The offer-grant endpoint rows contacts and customers share (supplement section 2), written once
 * for both tables.
 */
import type { EndpointRow } from './types';

/**
 * The four offer-grant endpoints of a contact or a customer (supplement section 2: get, grant,
 * revoke, replace `/v1/<owner>/{id}/relationships/offers`; the welcome email on contacts only).
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
