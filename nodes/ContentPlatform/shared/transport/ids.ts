import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ErrorSubject } from '../errors';
import { resourceByValue } from '../tables/registry';

/**
 * User-typed IDs: how a record ID is read from a field or resource locator (trimmed, extracted
 * from a URL), refused before any request when it cannot be a record's ID, and named in errors.
 * Encoding into the path is the resource locator's routing (`builders/resourceLocator.ts`).
 */

/** Trimmed string form of a user-typed value (resource locator values may arrive as numbers). */
export function cleanId(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'object') return '';
	return String(value).trim();
}

/**
 * The ID a resource locator holds, as it goes into the path before encoding: extracted from the
 * URL in "By URL" mode (and percent-decoded there), trimmed in every mode; '' when empty.
 */
export function locatorId(context: IExecuteSingleFunctions, parameter: string): string {
	const id = cleanId(context.getNodeParameter(parameter, undefined, { extractValue: true }));
	const raw = context.getNodeParameter(parameter, undefined) as { mode?: string } | string | undefined;
	if (typeof raw === 'object' && raw?.mode === 'url') {
		try {
			return decodeURIComponent(id);
		} catch {
			return id;
		}
	}
	return id;
}

/**
 * A preSend that refuses an empty ID, or an ID of `.` or `..` (path steps), before any request.
 * @param parameter The resource locator's name, for example `orderId`.
 * @param label The field's name as the user sees it, for example "Order".
 */
export function requireId(parameter: string, label: string) {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const raw = this.getNodeParameter(parameter, undefined) as { mode?: string } | string | undefined;
		if (typeof raw === 'object' && raw?.mode === 'url') {
			const extracted = cleanId(this.getNodeParameter(parameter, undefined, { extractValue: true }));
			try {
				decodeURIComponent(extracted);
			} catch {
				throw new NodeOperationError(
					this.getNode(),
					`"${label}": the ID "${extracted}" in the URL has a malformed % escape: copy the URL again, or enter the ID By ID`,
					{ itemIndex: this.getItemIndex() },
				);
			}
		}
		const id = locatorId(this, parameter);
		if (id === '') {
			throw new NodeOperationError(this.getNode(), `"${label}" is empty: enter the ID of the record`, {
				itemIndex: this.getItemIndex(),
			});
		}
		if (id === '.' || id === '..') {
			// URL parsers resolve these as path steps even when percent-encoded: refuse them.
			throw new NodeOperationError(this.getNode(), `"${label}" cannot be "${id}": enter the ID of the record`, {
				itemIndex: this.getItemIndex(),
			});
		}
		return requestOptions;
	};
}

/**
 * What the request of the current item is about, to name it in error messages: the resource's
 * name and, when the operation's path has an ID, the ID the user gave; what a 422 means for this
 * endpoint when its table row says (`refusal`).
 */
export function subjectOf(context: IExecuteSingleFunctions): ErrorSubject {
	const resource = resourceByValue(context.getNodeParameter('resource') as string);
	const operation = context.getNodeParameter('operation') as string;
	const subject: ErrorSubject = { resourceName: resource.displayName.toLowerCase() };
	const endpoint = resource.endpoints.find((e) => e.operation === operation);
	if (endpoint?.path.includes('{id}') && !endpoint.byEmail) {
		subject.id = locatorId(context, `${resource.value}Id`);
	}
	if (endpoint?.refusal) subject.refusal = endpoint.refusal;
	// The field that sends filter[site_id], in the editor's words (named when the API requires it).
	if (endpoint?.query.site === 'required') subject.siteField = 'Site';
	else if (endpoint?.query.filters?.some((filter) => filter.name === 'site_id'))
		subject.siteField = 'Filters → Site ID';
	return subject;
}
