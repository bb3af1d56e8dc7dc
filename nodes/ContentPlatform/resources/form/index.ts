import { resourceDescription } from '../../shared/builders';

import { get } from './get';
import { submit } from './submit';
import { getAll } from './getAll';

/**
 * The Form resource: its operations, one file each.
 * Default operation `get` as before the resource got a list (saved workflows keep theirs).
 */
export const formDescription = resourceDescription('form', [get, submit, getAll], 'get');
