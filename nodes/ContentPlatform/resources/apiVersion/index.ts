/**
 * The API Version resource's operations and fields, built from its table (`api/tables/resources/apiVersion.ts`); the node
 * takes them from `ContentPlatform.node.ts`.
 */
import { resourceDescription } from '../../builders/operation';
import { healthCheck } from './healthCheck';

/** The API Version resource (supplement 9.5): the health check. */
export const apiVersionDescription = resourceDescription('apiVersion', [healthCheck]);
