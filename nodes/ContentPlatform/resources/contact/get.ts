/**
 * Contact → Get with the Custom Fields by Title option: an operation with an option of its own
 * (docs/development.md, "The operation-file rule").
 */
import { operationOf } from '../../builders/operation';
import { getOperation } from '../../builders/read';
import { withCustomFieldTitlesOption } from './customFieldTitles';

/** Contact → Get: the record by ID, with the includes and fields of the table row (api/tables/resources/contact.ts); Options → Custom Fields by Title. */
export const get = withCustomFieldTitlesOption(getOperation(operationOf('contact', 'get')));
