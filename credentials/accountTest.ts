/**
 * The credential Test both credentials declare (`accountTest`): the token's own user,
 * `GET /v1/me` (platform-api-supplement.md section 4), which every account answers, with one site
 * or several, and the rules n8n judges its answer by.
 */
import type { ICredentialTestRequest } from 'n8n-workflow';

import { baseUrlExpression } from '../nodes/api/transport/baseUrl';

/** A credential's own words for the two refusals of its token. */
export interface RefusalWords {
	/** The message of a 401: the token (or the client behind it) was refused. */
	refused401: string;
	/** The message of a 403: the token was accepted but may not read its own user. */
	refused403: string;
}

/**
 * The account test: `GET /v1/me` at the Base URL's API root (normalised by n8n with
 * `baseUrlExpression`, api/transport/baseUrl.ts; the access token credential's `authenticate` then
 * applies the whole Base URL rule). It passes only when the API itself answered: a 401 or 403 says
 * what to fix (`words`), a redirect is not followed and fails (the token goes nowhere else), and a
 * 200 must be the account document, a JSON:API `data` object with a `type` and an `id`. n8n's tester
 * (cli `CredentialsTester.runRequestTest`, 1.x and 2.x) reads `responseCode` rules on an HTTP error
 * and `responseSuccessBody` rules on a success, where a rule fails the test when the value at `key`
 * (lodash `get`) equals `value`.
 * @returns The credential's `test`.
 */
export function accountTest(words: RefusalWords): ICredentialTestRequest {
	return {
		request: {
			baseURL: baseUrlExpression('/v1'),
			url: '/me',
			headers: { Accept: 'application/vnd.api+json' },
			disableFollowRedirect: true,
		},
		// n8n types `rules` as one kind or the other; its tester reads each rule by its `type`.
		rules: [
			{ type: 'responseCode', properties: { value: 401, message: words.refused401 } },
			{ type: 'responseCode', properties: { value: 403, message: words.refused403 } },
			...[301, 302, 303, 307, 308].map((value) => ({
				type: 'responseCode' as const,
				properties: {
					value,
					message: `The Base URL answered GET /v1/me with a redirect (${value}), not with your account: the test does not follow redirects, so a proxy or a wrong address (http:// for https://, another host or path) is in the way. Enter the address the API itself answers at`,
				},
			})),
			...[undefined, null].map((value) => ({
				type: 'responseSuccessBody',
				properties: {
					key: 'data',
					value,
					message:
						'The Base URL answered GET /v1/me with 200 but not with a JSON:API document (no "data"): something other than the Content Platform API answered, such as a login page of a proxy or a web site. Check the Base URL',
				},
			})),
			...(['type', 'id'] as const).flatMap((member) =>
				[undefined, null, ''].map((value) => ({
					type: 'responseSuccessBody',
					properties: {
						key: `data.${member}`,
						value,
						message: `The Base URL answered GET /v1/me with 200 but the document has no record ${member === 'type' ? 'type' : 'ID'} (data.${member}): it is not the account document of the Content Platform API. Check the Base URL`,
					},
				})),
			),
		] as unknown as ICredentialTestRequest['rules'],
	};
}
