/* eslint-disable @n8n/community-nodes/no-restricted-imports -- declaration of a test-only sandbox module */
import type { IncomingMessage } from 'node:http';

import type { Sandbox } from './index';

/** One counted request's arrival, end or abort (the client closed the connection first). */
export interface ConcurrencyEvent {
	/** Date.now() of the event. */
	at: number;
	kind: 'start' | 'end' | 'abort';
	/** The request's path and query as sent. */
	url: string;
	/** The answer's status (0 at start). */
	status: number;
	/** Counted requests in flight after the event. */
	inFlight: number;
}

/** What `meterConcurrency` measures; `reset()` starts over (max = requests in flight now). */
export interface ConcurrencyMeter {
	inFlight: number;
	max: number;
	aborted: number;
	events: ConcurrencyEvent[];
	reset(): void;
}

/** Counts the sandbox's requests in flight (those `counts` selects; default all). */
export function meterConcurrency(sandbox: Sandbox, counts?: (req: IncomingMessage) => boolean): ConcurrencyMeter;
