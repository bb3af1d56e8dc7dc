/**
 * The request path shared by the action node's routing, its list searches and the triggers. HTTP
 * always goes through n8n's helpers with the selected credential. Import from this index outside
 * the folder; the modules import each other directly. One module per job:
 *
 * - `request.ts`: the routing's hooks in the order n8n calls them: preSend `prepareRequest`, the
 *   request runner `paginate` (one request, or Get Many's pages), postReceive `toItems`; the one
 *   store between n8n's calls (`ItemRun`); the requests outside routing (`apiRequest`, `apiList`).
 * - `pages.ts`: Get Many's pages: which page is sent when (up to "Parallel Page Requests" at once),
 *   each page checked so that every loop over pages ends.
 * - `credential.ts`: the credential type the "Authentication" option selects (decided once per
 *   request), its API root and secrets, the HTTP error statuses left to the package, the one
 *   renewal after an OAuth2 401 that n8n 1.x hands back.
 * - `answer.ts`: an answer until it is the user's: redirects followed within the Base URL's origin
 *   only; the one rule for answers asking to slow down (429: a read is sent once more after its
 *   `Retry-After`, at most 60 s, a write never); the answer checked into a JSON:API document; a
 *   failure worded for the user.
 * - `ids.ts`: user-typed record IDs: read, refused before any request, named in errors.
 */
export { apiRoot } from '../baseUrl';
export {
	answerWithThrottleRule,
	checkedDocument,
	MAX_THROTTLE_RETRIES,
	MAX_THROTTLE_WAIT_MS,
	parseBody,
} from './answer';
export {
	CREDENTIALS,
	credentialContext,
	credentialTypeOf,
	statusErrorPolicy,
	type AnyContext,
	type AuthenticationMethod,
	type RequestContext,
} from './credential';
export { cleanId, locatorId, requireId, subjectOf } from './ids';
export { documentHasMore } from '../jsonapi';
export { DEFAULT_PARALLEL_PAGES, MAX_PARALLEL_PAGES } from './pages';
export {
	apiList,
	apiRequest,
	DEFAULT_TIMEOUT_SECONDS,
	itemRunOf,
	JSON_API_MEDIA_TYPE,
	paginate,
	prepareRequest,
	refuseRetryOnFail,
	requestRunnerRouting,
	requestTimeoutMs,
	toItems,
	withOwnRequest,
	type ContactOutcome,
	type ItemRun,
	type OwnRequest,
} from './request';
