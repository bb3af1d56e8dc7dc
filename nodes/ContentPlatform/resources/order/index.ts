import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';

/** The Order resource: its operations, one file each. */
export const orderDescription = resourceDescription('order', [getAll, get]);
