import { resourceDescription } from '../../shared/builders';

import { get } from './get';
import { getAll } from './getAll';

/**
 * The Course resource: its operations, one file each.
 * Default operation `get` as before the resource got a list (saved workflows keep theirs).
 */
export const courseDescription = resourceDescription('course', [get, getAll], 'get');
