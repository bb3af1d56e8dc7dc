import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';
import { getOffers } from './getOffers';
import { grantOffers } from './grantOffers';
import { revokeOffers } from './revokeOffers';
import { replaceOffers } from './replaceOffers';

/**
 * The Customer resource: its operations, one file each.
 */
export const customerDescription = resourceDescription('customer', [
	getAll,
	get,
	getOffers,
	grantOffers,
	revokeOffers,
	replaceOffers,
]);
