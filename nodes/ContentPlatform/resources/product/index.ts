import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';

/** The Product resource: its operations, one file each. */
export const productDescription = resourceDescription('product', [getAll, get]);
