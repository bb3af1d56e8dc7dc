import { resourceDescription } from '../../shared/builders';

import { get } from './get';

/** The Blog Post resource: its operations, one file each. */
export const blogPostDescription = resourceDescription('blogPost', [get]);
