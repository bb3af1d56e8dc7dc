/**
 * An answer of the API checked (`checkedDocument`): its body as data (`parseBody`), then its
 * JSON:API document, or the server's `errors[]` words as a NodeApiError (api/errors.ts), the
 * credential's secrets redacted from whatever the server echoes.
 */
import type { IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { AnyContext } from './credentials';
import { apiErrorFromResponse, notJsonApiMessage, type ErrorSubject } from '../errors';
import type { JsonApiDocument } from '../jsonapi';
import { redactValue } from '../redaction';

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
