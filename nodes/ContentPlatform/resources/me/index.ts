/**
 * The Me resource's operations and fields, built from its table (`./table.ts`); the node
 * takes them from `resources/index.ts`.
 */
import { operationOf, operationOption } from '../../shared/builders/operation';
import { resourceDescription } from '../../shared/builders/resource';

/**
 * The Me resource (the current user; table row: `./table.ts`). Me → Get (`GET /v1/me`) is its
 * operation option alone, without fields: the user the credential belongs to (name, email,
 * initials, role level).
 */
export const meDescription = resourceDescription('me', [
	{ option: operationOption(operationOf('me', 'get')), properties: [] },
]);
