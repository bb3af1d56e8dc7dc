import { resourceDescription } from '../../shared/builders';

import { create } from './create';

/** The Contact Note resource: its operations, one file each. */
export const contactNoteDescription = resourceDescription('contactNote', [create]);
