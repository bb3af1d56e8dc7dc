/**
 * Contact → Get Many with the Custom Fields by Title option: an operation with an option of its
 * own (docs/development.md, "The operation-file rule").
 */
import { operationOf } from '../../shared/builders/operation';
import { getManyOperation } from '../../shared/builders/read';
import { withCustomFieldTitlesOption } from '../../shared/customFields';

/** Contact → Get Many: Return All / Limit, the filters, sort and fields of the table row (shared/tables/resources/contact.ts); Options → Custom Fields by Title. */
export const getAll = withCustomFieldTitlesOption(getManyOperation(operationOf('contact', 'getAll')));
