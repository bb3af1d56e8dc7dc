import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';

/** The Order Item resource: its operations, one file each. */
export const orderItemDescription = resourceDescription('orderItem', [getAll, get]);
