import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';

/** The Website Page resource (supplement section 9): its operations, one file each. */
export const websitePageDescription = resourceDescription('websitePage', [getAll, get]);
