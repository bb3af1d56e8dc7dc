import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';
import { create } from './create';
import { update } from './update';
import { deleteRecord } from './delete';
import { getTags } from './getTags';
import { addTags } from './addTags';
import { removeTags } from './removeTags';
import { replaceTags } from './replaceTags';
import { getOffers } from './getOffers';
import { grantOffers } from './grantOffers';
import { revokeOffers } from './revokeOffers';
import { replaceOffers } from './replaceOffers';
import { upsert } from './upsert';
import { grantOffersByEmail } from './grantOffersByEmail';

/**
 * The Contact resource: its operations, one file each.
 */
export const contactDescription = resourceDescription('contact', [
	getAll,
	get,
	create,
	upsert,
	update,
	deleteRecord,
	getTags,
	addTags,
	removeTags,
	replaceTags,
	getOffers,
	grantOffers,
	grantOffersByEmail,
	revokeOffers,
	replaceOffers,
]);
