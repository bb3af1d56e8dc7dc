import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';
import { update } from './update';

/** The Contact resource: its operations, one file each. */
export const contactDescription = resourceDescription('contact', [getAll, get, update]);
