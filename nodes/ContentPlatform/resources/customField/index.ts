import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';

/** The Custom Field resource (supplement section 9): its operations, one file each. */
export const customFieldDescription = resourceDescription('customField', [getAll, get]);
