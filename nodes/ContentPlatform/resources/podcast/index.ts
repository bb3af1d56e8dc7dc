import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';

/** The Podcast resource: its operations, one file each. */
export const podcastDescription = resourceDescription('podcast', [getAll, get]);
