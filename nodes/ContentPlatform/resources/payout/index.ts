import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';

/** The Payout resource (supplement 9.4, the platform's payments payouts): its operations, one file each. */
export const payoutDescription = resourceDescription('payout', [getAll, get]);
