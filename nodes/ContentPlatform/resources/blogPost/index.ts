import { resourceDescription } from '../../shared/builders';

import { get } from './get';
import { getAll } from './getAll';

/**
 * The Blog Post resource: its operations, one file each.
 * Default operation `get` as before the resource got a list (saved workflows keep theirs).
 */
export const blogPostDescription = resourceDescription('blogPost', [get, getAll], 'get');
