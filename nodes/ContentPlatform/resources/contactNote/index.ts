import { resourceDescription } from '../../shared/builders';

import { create } from './create';
import { getAll } from './getAll';
import { get } from './get';
import { update } from './update';
import { deleteRecord } from './delete';

/**
 * The Contact Note resource: its operations, one file each.
 * Default operation `create` as before the resource got a list (saved workflows keep theirs).
 */
export const contactNoteDescription = resourceDescription(
	'contactNote',
	[create, getAll, get, update, deleteRecord],
	'create',
);
