/**
 * Contact → Revoke Offers by Email's description: Revoke Offers with the contact found by email
 * first, never created; its run is revokeOffersByEmail.run.ts (the lookup and lock in byEmail.ts;
 * docs/development.md, "The operation-file rule").
 */
import { operationOf, runByRunner, type OperationDescription } from '../../builders/operation';
import { relationshipOperation } from '../../builders/relationship';
import { siteLocator } from '../../../api/properties/locators';
import { emailField } from './create';

const op = operationOf('contact', 'revokeOffersByEmail');
const revoke = relationshipOperation(op);

/**
 * Contact → Revoke Offers by Email (docs/operations.md): Revoke Offers for the contact with this
 * email on the site, found as Grant Offers by Email finds it (trimmed, any case, the oldest of
 * several) but never created: `DELETE /v1/contacts/{id}/relationships/offers` when found, no
 * request after the lookup when not. Destructive like Revoke Offers (its table row): the notice,
 * refused with "Retry On Fail" and with model-chosen values unless allowed. The item is the
 * contact's offers after the revoke with `found: true`, or `found: false`.
 */
export const revokeOffersByEmail: OperationDescription = {
	option: runByRunner(revoke.option),
	properties: [
		...revoke.properties.filter((property) => property.type === 'notice' || property.name === 'allowModelValues'),
		siteLocator(op, 'The site of the contact (a contact with the email on another site is not used)', false),
		emailField(
			op,
			'The email of the contact to revoke the offers from (matched without regard to case); no contact is created',
		),
		...revoke.properties.filter(
			(property) => property.type !== 'notice' && property.name !== 'allowModelValues' && property.name !== 'contactId',
		),
	],
};
