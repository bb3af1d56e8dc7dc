/**
 * The record IDs a user types: read (`cleanId`, `locatorId`) and refused before any request when
 * they cannot name a record (`requireId`, a preSend).
 */
import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

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
