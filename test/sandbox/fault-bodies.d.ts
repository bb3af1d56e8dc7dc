import type { RecordedRequest } from './index';

/** A `failNext` body that echoes the request's Authorization header and token. */
export function echoAuthorization(
	format?: 'jsonapi' | 'json' | 'text' | 'html',
): (request: RecordedRequest) => string | object;

/** A `failNext` body serving an endless list of new orders, `links.next` always set. */
export function endlessOrders(size?: number): (request: RecordedRequest) => object;
