/**
 * Contact → Get Many with the Custom Fields by Title option: an operation with an option of its
 * own (docs/development.md, "The operation-file rule").
 */
import { operationOf } from '../../builders/operation';
import { getManyOperation } from '../../builders/read';
import { withCustomFieldTitlesOption } from './customFieldTitles';

/** Contact → Get Many: Return All / Limit, the filters, sort and fields of the table row (api/tables/resources/contact.ts); Options → Custom Fields by Title. */
export const getAll = withCustomFieldTitlesOption(getManyOperation(operationOf('contact', 'getAll')));
