import { resourceDescription } from '../../shared/builders';

import { get } from './get';

/** The Course resource: its operations, one file each. */
export const courseDescription = resourceDescription('course', [get]);
