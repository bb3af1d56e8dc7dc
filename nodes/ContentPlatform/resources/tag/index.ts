import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';

/** The Tag resource: its operations, one file each. */
export const tagDescription = resourceDescription('tag', [getAll, get]);
