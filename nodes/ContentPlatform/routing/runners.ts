/**
 * The operations the node's request runner (`runRequest`, request.ts) runs itself instead of
 * handing n8n's routing their one request (`ownRunOf`): every Get Many (its pages, pages.ts; for
 * contacts with the Custom Fields by Title added to the list's items) and the by-email operations of
 * Contact (the lookup under the email's lock, then their request, resources/contact/*.run.ts). Each
 * run gets the request as n8n's routing built it and returns the item's items.
 */
import type { DeclarativeRestApiSettings, IExecutePaginationFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationContext } from '../../api/tables/registry';
import { withCustomFieldTitles } from '../customFields';
import { runGrantOffersByEmail } from '../resources/contact/grantOffersByEmail.run';
import { runRevokeOffersByEmail } from '../resources/contact/revokeOffersByEmail.run';
import { runCreateOrUpdate } from '../resources/contact/upsert.run';
import { readGetMany } from './pages';

/** An operation's own run: given the item's context and the routing's request as built, the item's items. */
export type OwnRun = (
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/** Contact → Get Many: the list's items, then their custom fields by title when the option is on (customFields.ts). */
async function readContacts(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	return await withCustomFieldTitles.call(context, await readGetMany(context, requestData));
}

/** The own runs by `<resource value>.<operation>`, besides every other Get Many's (`readGetMany`). */
const OWN_RUNS: Readonly<Record<string, OwnRun>> = {
	'contact.getAll': readContacts,
	'contact.upsert': runCreateOrUpdate,
	'contact.grantOffersByEmail': runGrantOffersByEmail,
	'contact.revokeOffersByEmail': runRevokeOffersByEmail,
};

/**
 * The run of the operation being run (`runningOperationOf`), or undefined when n8n's routing sends
 * its one request (`sendRequest`, request.ts).
 */
export function ownRunOf({ resource, endpoint }: OperationContext): OwnRun | undefined {
	return (
		OWN_RUNS[`${resource.value}.${endpoint.operation}`] ?? (endpoint.operation === 'getAll' ? readGetMany : undefined)
	);
}
