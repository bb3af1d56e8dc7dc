/**
 * Contact Note → Update: an operation with fields of its own (docs/development.md, "The operation-file rule").
 */
import { jsonApiWrite, type OperationDescription, operationOf, operationOption } from '../../builders/operation';
import { updateTargetLocator } from '../../../api/properties/locators';
import { noteBodyField } from './body';

const op = operationOf('contactNote', 'update');

/**
 * Contact Note → Update (supplement `PATCH /v1/contact_notes/{id}`): the note (also sent as
 * `data.id`) and its new body; the note's contact cannot be changed.
 */
export const update: OperationDescription = {
	option: operationOption(op, jsonApiWrite(op.resource.type)),
	properties: [updateTargetLocator(op), noteBodyField(op, 'The new content of the note')],
};
