import { resourceDescription } from '../../shared/builders';

import { getAll } from './getAll';
import { get } from './get';
import { create } from './create';
import { deleteRecord } from './delete';
import { getSample } from './getSample';

/**
 * The Hook resource (supplement section 5): list, inspect, create and delete the account's hooks
 * (those of other tools too), and the six sample deliveries. The webhook trigger manages its own.
 */
export const hookDescription = resourceDescription('hook', [getAll, get, create, deleteRecord, getSample]);
