import { resourceDescription } from '../../shared/builders';

import { get } from './get';
import { submit } from './submit';

/** The Form resource: its operations, one file each. */
export const formDescription = resourceDescription('form', [get, submit]);
