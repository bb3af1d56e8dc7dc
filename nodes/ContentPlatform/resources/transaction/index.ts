import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';

/** The Transaction resource: its operations, one file each. */
export const transactionDescription = resourceDescription('transaction', [getAll, get]);
