import { resourceDescription } from '../../shared/builders';

import { get } from './get';

/** The Me resource (the current user): its operation. */
export const meDescription = resourceDescription('me', [get]);
