/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- benchmark worker */
/**
 * Trigger part of the bench (issue 6): idle poll (requests, time), a burst of 1,000 new orders
 * (requests, time), cursor (static data) size in bytes after 10,000 records.
 *
 * It runs only when the polling trigger exists (nodes/ContentPlatformTrigger, compiled into
 * .bench-tmp by bench/run.js); until then the job answers `{ status: 'pending' }` and the
 * results table says so.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The trigger job as bench/main.ts sends it. */
export interface TriggerJob {
	kind: 'trigger';
	burst: number;
	cursorRecords: number;
}

/** What the trigger part reports. */
export type TriggerResult =
	| { status: 'pending'; reason: string }
	| {
			status: 'measured';
			idle: { requests: number; ms: number };
			burst: { records: number; requests: number; ms: number; items: number };
			cursor: { records: number; bytes: number; json: string };
	  };

/** Where the compiled trigger node would be (next to the compiled action node). */
export const TRIGGER_MODULE = path.resolve(__dirname, '../nodes/ContentPlatformTrigger/ContentPlatformTrigger.node.js');

/** Runs the trigger measurements, or reports them pending when the trigger node is not there. */
export async function benchTrigger(job: TriggerJob): Promise<TriggerResult> {
	if (!fs.existsSync(TRIGGER_MODULE)) {
		return {
			status: 'pending',
			reason: `nodes/ContentPlatformTrigger does not exist yet (another engineer is writing it); to measure: idle poll, a burst of ${job.burst} new orders, cursor size after ${job.cursorRecords} records`,
		};
	}
	return { status: 'pending', reason: 'the trigger node exists, but the bench does not drive it yet' };
}
