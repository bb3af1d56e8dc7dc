/**
 * Request plumbing shared by the action node's routing, its list searches and the triggers. HTTP
 * always goes through n8n's helpers with the selected credential. One module per concern:
 *
 * - `credential.ts`: the credential type the "Authentication" option selects (decided once per
 *   request), its API root and secrets, the HTTP error statuses left to the package, the one
 *   renewal after an OAuth2 401 that n8n 1.x hands back.
 * - `redirects.ts`: redirects followed by the package, within the Base URL's origin only.
 * - `request.ts`: request shaping: the routing's preSend (`prepareRequest`) and postReceive
 *   (`toItems`), the requests outside routing (`apiRequest`), timeouts.
 * - `paging.ts`: the node's request runner (`paginate`): Get Many page after page, each page
 *   checked so that every loop over pages ends; `pageWindow.ts` the pages in flight at once.
 * - `throttle.ts`: the one rule for answers asking to slow down (429): a read is sent once more
 *   after its `Retry-After` (at most 60 s), a write never.
 * - `answer.ts`: an answer checked into a JSON:API document, a failure worded for the user.
 * - `ids.ts`: user-typed record IDs: read, refused before any request, named in errors.
 *
 * A node request flows: routing → `prepareRequest` → n8n sends it → `toItems` (redirects, renewal,
 * `checkedDocument`, items) → back in `paginate` (next page or done). Import from this index
 * outside the folder; the modules import each other directly.
 */
export { apiRoot } from '../baseUrl';
export { checkedDocument, parseBody } from './answer';
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
export { documentHasMore, paginate } from './paging';
export { followRedirects } from './redirects';
export { answerWithThrottleRule } from './throttle';
export {
	apiList,
	apiRequest,
	DEFAULT_TIMEOUT_SECONDS,
	JSON_API_MEDIA_TYPE,
	prepareRequest,
	refuseRetryOnFail,
	requestTimeoutMs,
	toItems,
} from './request';
