'use strict';
/**
 * The account behind the sandbox's tokens:
 *
 * - `GET /v1/me`: the user the token belongs to (platform-api-supplement.md section 4:
 *   `{data: {id, type, attributes: {initials, name, email, role_level}}}`, all strings, no links;
 *   the `type` is unstated there, `users` here);
 * - the multi-site rule of the spec ("Shared filters": `filter[site_id]` is required when the
 *   account has more than one site): with `multiSite` on, `GET /v1/contacts` and
 *   `GET /v1/customers` without `filter[site_id]` answer 400 Bad Request, as such an account's API does.
 *
 * `createAccount(options)` makes the account state (kept on the sandbox as `sandbox.account`, whose
 * `multiSite` tests may switch at any time); `answer(account, recorded)` is called for every
 * authorized `/v1` request before routing and returns a response, or undefined to let the
 * request through.
 */

const JSON_API = 'application/vnd.api+json';

/** The lists the spec's multi-site rule applies to (the shared filter table's endpoints). */
const SITE_SCOPED_LISTS = new Set(['/v1/contacts', '/v1/customers']);

/**
 * @param {{ multiSite?: boolean, user?: object }} [options]
 * @returns {{ multiSite: boolean, user: { id: string, initials: string, name: string, email: string, role_level: string } }}
 */
function createAccount(options = {}) {
	return {
		multiSite: options.multiSite === true,
		user: {
			id: '1',
			initials: 'AO',
			name: 'Avery Owner',
			email: 'owner@example.com',
			role_level: 'OWNER',
			...(options.user || {}),
		},
	};
}

function badRequest(detail, parameter) {
	return {
		status: 400,
		contentType: JSON_API,
		body: { errors: [{ status: '400', title: 'Bad Request', detail, source: { parameter } }] },
	};
}

/**
 * The account's answer to an authorized request, or undefined when routing should answer it.
 * @param {ReturnType<typeof createAccount>} account
 * @param {{ method: string, rawPath: string, query: Record<string, string> }} recorded
 */
function answer(account, recorded) {
	if (recorded.rawPath === '/v1/me') {
		if (recorded.method !== 'GET') return undefined;
		const { id, ...attributes } = account.user;
		return { status: 200, contentType: JSON_API, body: { data: { id, type: 'users', attributes } } };
	}
	if (account.multiSite && recorded.method === 'GET' && SITE_SCOPED_LISTS.has(recorded.rawPath)) {
		const siteId = recorded.query['filter[site_id]'];
		if (siteId === undefined || siteId === '') {
			return badRequest('filter[site_id] is required: this account has more than one site', 'filter[site_id]');
		}
	}
	return undefined;
}

module.exports = { createAccount, answer };
