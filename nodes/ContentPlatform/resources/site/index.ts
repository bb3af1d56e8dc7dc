import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';

/** The Site resource: its operations, one file each. */
export const siteDescription = resourceDescription('site', [getAll, get]);
