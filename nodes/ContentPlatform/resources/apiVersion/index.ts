/**
 * The API Version resource's operations and fields, built from its table (`./table.ts`); the node
 * takes them from `resources/index.ts`.
 */
import { resourceDescription } from '../../shared/builders/resource';

import { healthCheck } from './healthCheck';

/** The API Version resource (supplement 9.5): the health check. */
export const apiVersionDescription = resourceDescription('apiVersion', [healthCheck]);
