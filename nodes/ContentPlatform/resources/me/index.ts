/**
 * The Me resource's operations and fields, built from its table (`api/tables/resources/me.ts`); the node
 * takes them from `ContentPlatform.node.ts`.
 */
import { operationOf, operationOption, resourceDescription } from '../../builders/operation';

/**
 * The Me resource (the current user; table row: `api/tables/resources/me.ts`). Me → Get (`GET /v1/me`) is its
 * operation option alone, without fields: the user the credential belongs to (name, email,
 * initials, role level).
 */
export const meDescription = resourceDescription('me', [
	{ option: operationOption(operationOf('me', 'get')), properties: [] },
]);
