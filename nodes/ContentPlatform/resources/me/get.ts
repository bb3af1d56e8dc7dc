import { operationOf, operationOption, type OperationDescription } from '../../shared/builders';

/** Me → Get (supplement `GET /v1/me`): the user the credential belongs to (name, email, initials, role level). */
export const get: OperationDescription = { option: operationOption(operationOf('me', 'get')), properties: [] };
