/**
 * An error answer of the API as the user sees it: a non-2xx answer becomes a NodeApiError worded
 * by status from the server's JSON:API `errors[]` words (`apiErrorFromResponse`), naming what the
 * request was about (`subjectOf`) and carrying what the API answered (`apiAnswerOf`).
 * (Spec "Errors": bodies and codes are not shown; JSON:API `errors[]` is assumed and any other
 * body is reported by status and its first characters.)
 */
import type { IDataObject, IN8nHttpFullResponse, INode, JsonObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { headerValue, retryAfterText } from './headers';
import { locatorId } from './ids';
import type { JsonApiDocument, JsonApiError } from './jsonapi';
import { runningOperationOf } from './tables/registry';

/** How much of a non-JSON error body is quoted in a message (characters). */
const BODY_EXCERPT_LENGTH = 200;

/** What the failing request was about, to name it in 404 messages. */
export interface ErrorSubject {
	/** Human name of the resource, for example "order". */
	resourceName?: string;
	/** The ID the user asked for. */
	id?: string;
	/** Extra words naming the request, for example "page 3". */
	context?: string;
	/**
	 * The field that sends `filter[site_id]`, in the editor's words ("Filters → Site ID", "Site"),
	 * named when the API says the site filter is required (accounts with several sites).
	 */
	siteField?: string;
	/** What a 422 of this request means and what to do (the endpoint's `refusal`), instead of "Invalid fields". */
	refusal?: string;
}

/** Whether the API's errors say that `filter[site_id]` is missing (the multi-site rule). */
function siteFilterMissing(errors: JsonApiError[]): boolean {
	return errors.some(
		(error) =>
			error.source?.parameter === 'filter[site_id]' ||
			/filter\[site_id\][^.]*required/i.test(`${error.title ?? ''} ${error.detail ?? ''}`),
	);
}

function errorsOf(body: unknown): JsonApiError[] {
	if (typeof body === 'object' && body !== null && Array.isArray((body as JsonApiDocument).errors)) {
		return (body as JsonApiDocument).errors!.filter((e) => typeof e === 'object' && e !== null);
	}
	return [];
}

function describeError(error: JsonApiError): string {
	const words = [error.title, error.detail].filter((w): w is string => typeof w === 'string' && w !== '');
	const unique = words.length === 2 && words[0] === words[1] ? [words[0]] : words;
	let text = unique.join(': ');
	const where = error.source?.pointer ?? error.source?.parameter;
	if (where) text += ` (at ${where})`;
	return text || 'No details given';
}

function bodyExcerpt(body: unknown): string {
	if (body === undefined || body === null || body === '') return 'an empty body';
	const text = typeof body === 'string' ? body : JSON.stringify(body);
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length > BODY_EXCERPT_LENGTH ? `${flat.slice(0, BODY_EXCERPT_LENGTH)}…` : flat;
}

/**
 * What the API answered, carried on the NodeApiError `apiErrorFromResponse` made of it (see
 * `apiAnswerOf`): the HTTP status and the JSON:API `errors[]` (the credential's secrets already
 * redacted).
 */
export interface ApiAnswer {
	status: number;
	errors: JsonApiError[];
}

/**
 * A NodeApiError made by `apiErrorFromResponse`, with what the API answered in the open: its own
 * typed field `apiAnswer` (enumerable, seen when the error is inspected or logged). n8n persists an
 * error through its `toJSON`, which keeps message, description and context, not this field; a
 * subclass would not do, as n8n-core tells a NodeApiError by its `name`, which follows the class.
 */
export type ApiAnswerError = NodeApiError & { apiAnswer: ApiAnswer };

/**
 * The answer an error was made of by `apiErrorFromResponse` (its `apiAnswer`, see `ApiAnswer`), or
 * undefined for any other error. Lets a caller react to one particular refusal (find or create:
 * the email "has already been taken") without reading n8n's error internals.
 */
export function apiAnswerOf(error: unknown): ApiAnswer | undefined {
	if (typeof error !== 'object' || error === null || !('apiAnswer' in error)) return undefined;
	const answer = (error as Partial<ApiAnswerError>).apiAnswer;
	return typeof answer?.status === 'number' ? answer : undefined;
}

/**
 * Builds the NodeApiError for an HTTP error answer.
 *
 * Message by status: 401 → check the credential; 403 → missing permission; 404 → no <resource>
 * with ID …; 422 → the endpoint's refusal (`subject.refusal`) when it has one, else the invalid fields; 429 → rate limited (with Retry-After when sent);
 * other statuses → the first JSON:API error, else the status and the first part of the body.
 * The description holds every JSON:API error (title, detail, source pointer).
 * Never includes request headers, so the token cannot leak.
 */
export function apiErrorFromResponse(
	node: INode,
	response: Pick<IN8nHttpFullResponse, 'statusCode' | 'body' | 'headers'>,
	subject: ErrorSubject = {},
): ApiAnswerError {
	const status = response.statusCode;
	const errors = errorsOf(response.body);
	const first = errors[0] ? describeError(errors[0]) : undefined;
	const where = subject.context ? ` (${subject.context})` : '';
	let message: string;
	switch (status) {
		case 401:
			message = `Authentication failed: check the credential's access token and base URL${first ? ` — ${first}` : ''}`;
			break;
		case 403:
			message = `Permission denied: the access token may not do this${first ? ` — ${first}` : ''}`;
			break;
		case 404:
			message =
				subject.id !== undefined
					? `No ${subject.resourceName ?? 'record'} with ID "${subject.id}"${first ? ` — ${first}` : ''}`
					: `Not found${first ? ` — ${first}` : ''}`;
			break;
		case 422:
			message = subject.refusal
				? `${subject.refusal}${first ? ` — ${first}` : ''}`
				: `Invalid fields: ${errors.length ? errors.map(describeError).join('; ') : bodyExcerpt(response.body)}`;
			break;
		case 429: {
			const retryAfter = retryAfterText(headerValue(response.headers as IDataObject, 'retry-after'));
			message = `Rate limited by the Content Platform API${retryAfter ? `: retry after ${retryAfter}` : ''}${first ? ` — ${first}` : ''}`;
			break;
		}
		case 300:
		case 301:
		case 302:
		case 303:
		case 307:
		case 308:
			message = `The Content Platform API answered ${status} (a redirect)${headerValue(response.headers as IDataObject, 'location') ? '' : ' without a Location'}`;
			break;
		default:
			message = first
				? `The Content Platform API answered ${status}: ${first}`
				: `The Content Platform API answered ${status} with ${bodyExcerpt(response.body)}`;
	}
	message += where;
	let description = errors.length
		? errors.map(describeError).join('\n')
		: `HTTP ${status}: ${bodyExcerpt(response.body)}`;
	if (status < 500 && siteFilterMissing(errors)) {
		const field = subject.siteField ?? 'Filters → Site ID';
		message += `. Set ${field}: this account has several sites`;
		description += `\nSet "${field}" to the site to read from (the account has more than one site, so the API needs it).`;
	}
	const errorResponse: JsonObject = {
		httpCode: String(status),
		errors: errors as unknown as JsonObject[],
	};
	const apiAnswer: ApiAnswer = { status, errors };
	return Object.assign(new NodeApiError(node, errorResponse, { message, description, httpCode: String(status) }), {
		apiAnswer,
	});
}

/** The message for a 2xx answer whose body is not a JSON:API document. */
export function notJsonApiMessage(body: unknown): string {
	return `The Content Platform API answered with something that is not a JSON:API document: ${bodyExcerpt(body)}`;
}

/**
 * The same failure, its message followed by `(<context>)`, for example the page of a Return All
 * that failed. A NodeApiError or NodeOperationError is kept (HTTP code, description) with the
 * context appended to its message; anything else becomes a NodeApiError.
 */
export function withContext(node: INode, error: unknown, context: string): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.message = `${error.message} (${context})`;
		return error;
	}
	const message = `${error instanceof Error ? error.message : String(error)} (${context})`;
	return new NodeApiError(node, (error ?? {}) as JsonObject, { message });
}

/**
 * What the request of the current item is about, to name it in error messages: the resource's
 * name and, when the operation's path has an ID, the ID the user gave; what a 422 means for this
 * endpoint when its table row says (`refusal`).
 */
export function subjectOf(context: IExecuteSingleFunctions): ErrorSubject {
	const { resource, endpoint } = runningOperationOf(context);
	const subject: ErrorSubject = { resourceName: resource.displayName.toLowerCase() };
	if (endpoint.path.includes('{id}') && !endpoint.byEmail) {
		subject.id = locatorId(context, `${resource.value}Id`);
	}
	if (endpoint.refusal) subject.refusal = endpoint.refusal;
	// The field that sends filter[site_id], in the editor's words (named when the API requires it).
	if (endpoint.query.site === 'required') subject.siteField = 'Site';
	else if (endpoint.query.filters?.some((filter) => filter.name === 'site_id')) subject.siteField = 'Filters → Site ID';
	return subject;
}
