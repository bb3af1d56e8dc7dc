import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';

/** The Customer resource: its operations, one file each. */
export const customerDescription = resourceDescription('customer', [getAll, get]);
