import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';
import { getProducts } from './getProducts';

/** The Offer resource: its operations, one file each. */
export const offerDescription = resourceDescription('offer', [getAll, get, getProducts]);
