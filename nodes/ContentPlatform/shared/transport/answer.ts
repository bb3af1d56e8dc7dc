import type { IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiErrorFromResponse, notJsonApiMessage, redactError, redactValue, type ErrorSubject } from '../errors';
import type { JsonApiDocument } from '../jsonapi';
import { credentialContext, credentialTypeOf, type AnyContext } from './credential';

/**
 * Answers and failures as the user sees them: an answer checked into a JSON:API document (or the
 * server's `errors[]` words as a NodeApiError, see `shared/errors.ts`), and a failed request as a
 * timeout in seconds, a cancellation, or the error with the credential's secrets redacted.
 */

/** A response body as data: a Buffer or JSON text parsed, '' as undefined, other text kept as is. */
export function parseBody(body: unknown): unknown {
	if (typeof body !== 'string') {
		if (body instanceof Buffer) return parseBody(body.toString('utf8'));
		return body;
	}
	if (body.trim() === '') return undefined;
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}

/**
 * Checks one HTTP answer and returns its JSON:API document.
 * Throws the NodeApiError of `apiErrorFromResponse` for statuses ≥ 400 and a NodeApiError when a
 * 2xx body is not a JSON:API document (empty, HTML, truncated JSON, `data` missing).
 */
export function checkedDocument(
	context: AnyContext,
	response: Pick<IN8nHttpFullResponse, 'statusCode' | 'body' | 'headers'>,
	subject: ErrorSubject = {},
	secrets: string[] = [],
): JsonApiDocument {
	const body = parseBody(response.body);
	if (response.statusCode >= 300 || typeof body !== 'object' || body === null || !('data' in body)) {
		// Whatever the server echoes (the Authorization header, the token), it is redacted first.
		const shown = redactValue(body, secrets);
		if (response.statusCode >= 300) {
			throw apiErrorFromResponse(
				context.getNode(),
				{ ...response, body: shown as IN8nHttpFullResponse['body'] },
				subject,
			);
		}
		throw new NodeApiError(
			context.getNode(),
			{ httpCode: String(response.statusCode) },
			{ message: notJsonApiMessage(shown), httpCode: String(response.statusCode) },
		);
	}
	return body as JsonApiDocument;
}

/**
 * An error of a request, as the user sees it: a timeout says how long the API was given, and the
 * credential's secrets are redacted from the message, description and details.
 * @param credentialType The request's credential type, when the caller has decided it already.
 */
export async function friendlyError(
	context: AnyContext,
	error: unknown,
	options: { timeout?: number },
	credentialType: string = credentialTypeOf(context),
): Promise<unknown> {
	let secrets: string[] = [];
	try {
		secrets = (await credentialContext(context, credentialType)).secrets;
	} catch {
		// The Base URL error itself holds no secret.
	}
	const failure = error as { message?: string; code?: string; cause?: { code?: string; message?: string } };
	const timedOut =
		[failure?.code, failure?.cause?.code].some((code) => code === 'ECONNABORTED' || code === 'ETIMEDOUT') ||
		/^timeout of \d+ms exceeded$/.test(failure?.cause?.message ?? failure?.message ?? '');
	if ([failure?.code, failure?.cause?.code].includes('ERR_CANCELED')) {
		return new NodeOperationError(context.getNode(), 'The execution was cancelled: no further request is sent');
	}
	if (timedOut && options.timeout) {
		const seconds = Math.round(options.timeout / 100) / 10;
		const timeoutError = new NodeApiError(context.getNode(), { httpCode: 'timeout' } as never, {
			message: `The Content Platform API did not answer within ${seconds} s`,
			description:
				'The request was abandoned after the node\'s Timeout. Raise "Timeout" in the node\'s Request Settings if the API is just slow, or try again later.',
		});
		return redactError(timeoutError, secrets);
	}
	return redactError(error, secrets);
}
