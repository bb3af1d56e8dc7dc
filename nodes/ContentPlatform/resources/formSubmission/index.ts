import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';

/** The Form Submission resource: its operations, one file each. */
export const formSubmissionDescription = resourceDescription('formSubmission', [getAll, get]);
