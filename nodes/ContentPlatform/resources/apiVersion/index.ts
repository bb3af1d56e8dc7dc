import { resourceDescription } from '../../shared/builders/resource';

import { healthCheck } from './healthCheck';

/** The API Version resource (supplement 9.5): the health check. */
export const apiVersionDescription = resourceDescription('apiVersion', [healthCheck]);
