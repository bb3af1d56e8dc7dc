import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';

/** The Landing Page resource (supplement section 9): its operations, one file each. */
export const landingPageDescription = resourceDescription('landingPage', [getAll, get]);
