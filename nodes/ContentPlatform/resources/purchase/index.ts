import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';
import { deactivate } from './deactivate';
import { reactivate } from './reactivate';
import { cancelSubscription } from './cancelSubscription';

/** The Purchase resource: its operations, one file each. */
export const purchaseDescription = resourceDescription('purchase', [
	getAll,
	get,
	deactivate,
	reactivate,
	cancelSubscription,
]);
