/**
 * The webhook trigger's answer to one delivery (`webhook()`): checks the body (`delivery.ts`),
 * recognises a repeat (`repeats.ts`, in the memory shared by overlapping deliveries, `memory.ts`), confirms
 * the record with the API when asked (`confirm.ts`), emits one item, and answers the sender:
 *
 * | Case | Answer | Emitted, remembered |
 * |---|---|---|
 * | body not a delivery of the event | 400 `{error}` | no |
 * | a repeat (delivery or record remembered) | 200 `{status}` | no |
 * | the same delivery or record being confirmed right now | 503, `Retry-After` | no |
 * | confirmed (or no confirmation asked) | 200 `{"status": "received"}` | yes |
 * | still unknown to the API after the re-reads | 503, `Retry-After` | no: a later delivery is judged again |
 * | the confirming read failed (5xx, 429, timeout, a redirect to another origin) | 503, `Retry-After` | no |
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { includeSwitchName } from '../api/properties/words';
import { CONFIRM_TIMING, confirmRecord } from './confirm';
import { deliveryItem, parseDelivery, type Delivery } from './delivery';
import { deliveryKey, isRecentDelivery, recordEmittedAt, rememberDelivery, rememberRecord } from './repeats';
import { confirmsByDefault, type HookEvent } from './hookEvents';
import { claim, copyToStaticData, mergeStaticData, ownMemory, release, repairStaticData, sharedMemory } from './memory';

/** The ID of the records in the platform's sample deliveries (`GET /v1/hooks/<event>_sample`). */
export const SAMPLE_RECORD_ID = '0';

/**
 * What the item of a sample delivery received while the editor listens for a test event says
 * (field `sample_not_confirmed`) when Confirm With API (or an Include switch) is on: the sample
 * was emitted without reading it from the API, which has no record "0".
 */
export const SAMPLE_NOT_CONFIRMED =
	'A sample delivery (record ID "0") received while listening for a test event: not confirmed with the API, which has no such record. Real deliveries are confirmed, and a record the API cannot confirm is not emitted (the sender is answered 503, to deliver it again later).';

/** Answers the delivery with a status, a small JSON body and extra headers; nothing is emitted. */
function reply(
	context: IWebhookFunctions,
	status: number,
	body: IDataObject,
	headers: Record<string, string> = {},
): IWebhookResponseData {
	const response = context.getResponseObject();
	response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
	response.end(JSON.stringify(body));
	return { noWebhookResponse: true };
}

/** A 503 asking the sender to deliver again after `CONFIRM_TIMING.retryAfterSeconds`. */
function tryAgainLater(context: IWebhookFunctions, error: string): IWebhookResponseData {
	return reply(context, 503, { error }, { 'Retry-After': String(CONFIRM_TIMING.retryAfterSeconds) });
}

/** The delivered body: n8n's parsed JSON, or the raw body parsed here when n8n did not parse it. */
function bodyOf(context: IWebhookFunctions): unknown {
	const body = context.getBodyData() as unknown;
	if (typeof body === 'object' && body !== null && Object.keys(body).length > 0) return body;
	const raw = (context.getRequestObject() as { rawBody?: unknown }).rawBody;
	const text = typeof raw === 'string' ? raw : raw instanceof Buffer ? raw.toString('utf8') : '';
	if (text.trim() === '') return body;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

/**
 * Reads the delivered record back when Confirm With API or the event's Include switch asks for it
 * and puts the API's copy (and its included records) into the delivery.
 * @returns the answer to send when the record cannot be emitted (503), else undefined.
 */
async function confirmInto(
	context: IWebhookFunctions,
	event: HookEvent,
	delivery: Delivery,
	include: string | undefined,
): Promise<IWebhookResponseData | undefined> {
	const confirmed = await confirmRecord(context, event.primaryType, delivery.primary.id, include);
	if (confirmed.outcome === 'failed') {
		const what = include ? `read the record with its ${include} from` : 'confirm the record with';
		return tryAgainLater(context, `Could not ${what} the API: ${confirmed.error.message}`);
	}
	if (confirmed.outcome === 'unknown') {
		return tryAgainLater(
			context,
			`The API has no ${event.primaryType} record with ID "${delivery.primary.id}" (read ${confirmed.reads === 1 ? 'once' : `${confirmed.reads} times`}): not emitted; deliver it again later, a record the API can then read is emitted once`,
		);
	}
	delivery.primary = { ...confirmed.record, id: String(confirmed.record.id) };
	// The included records join the payload's others (a record in both: the API's copy).
	const fetched = new Set(confirmed.included.map((other) => `${other.type}/${other.id}`));
	delivery.others = [
		...delivery.others.filter((other) => !fetched.has(`${other.type}/${other.id}`)),
		...confirmed.included.map((other) => ({ ...other, id: String(other.id) })),
	];
	return undefined;
}

/** Turns one delivery for `event` into an item, or answers why not (see the module comment). */
export async function receiveDelivery(context: IWebhookFunctions, event: HookEvent): Promise<IWebhookResponseData> {
	const body = bodyOf(context);
	const delivery = parseDelivery(body, event);
	if (typeof delivery === 'string') return reply(context, 400, { error: delivery });

	const staticData = context.getWorkflowStaticData('node');
	// A sample delivery posted to the test URL while the editor listens: emitted without the read
	// (the API has no record "0"), the item says so. The production URL confirms every record.
	const test = context.getMode() === 'manual';
	const sample = test && delivery.primary.id === SAMPLE_RECORD_ID;
	const memory = test ? ownMemory() : sharedMemory(context.getWorkflow().id ?? '', context.getNode().id);
	mergeStaticData(memory, staticData);
	repairStaticData(memory, staticData);
	const key = deliveryKey(delivery, (body as IDataObject).payload);
	const recordKey = event.oncePerRecord && !sample ? `${event.value}/${delivery.primary.id}` : undefined;
	if (isRecentDelivery(memory.data, key)) return reply(context, 200, { status: 'duplicate delivery, not emitted' });
	const now = Date.now();
	const emittedAt = recordKey ? recordEmittedAt(memory.data, event.value, delivery.primary.id, now) : undefined;
	if (emittedAt !== undefined) {
		return reply(context, 200, {
			status: `${event.primaryType} record "${delivery.primary.id}" was already emitted at ${new Date(emittedAt).toISOString()}, not emitted again`,
		});
	}
	const keys = recordKey ? [key, recordKey] : [key];
	if (!claim(memory, keys)) {
		return tryAgainLater(
			context,
			`A delivery of ${event.primaryType} record "${delivery.primary.id}" is being handled right now: deliver it again later`,
		);
	}
	try {
		const include =
			event.include && (context.getNodeParameter(includeSwitchName(event.include), false) as boolean)
				? event.include
				: undefined;
		const confirm = context.getNodeParameter(
			'confirm',
			confirmsByDefault(event, context.getNode().typeVersion),
		) as boolean;
		if ((confirm || include) && !sample) {
			const refused = await confirmInto(context, event, delivery, include);
			if (refused) return refused;
		}
		// Only an emitted delivery is remembered: a delivery answered 503 is judged again when it comes back.
		rememberDelivery(memory.data, key);
		if (recordKey) rememberRecord(memory.data, event.value, delivery.primary.id, now);
		copyToStaticData(memory, staticData);
		const simplify = context.getNodeParameter('simple', true) as boolean;
		// The node answers itself before n8n starts the execution: n8n saves the static data (the
		// delivery just remembered) when the answer is sent, and starting the execution first would
		// clear its "changed" mark (measured in n8n 2.41: with n8n's own answer, repeats were emitted).
		const answered = reply(context, 200, { status: 'received' });
		const item = deliveryItem(delivery, simplify);
		if (sample && (confirm || include)) item.sample_not_confirmed = SAMPLE_NOT_CONFIRMED;
		return { ...answered, workflowData: [[{ json: item }]] };
	} finally {
		release(memory, keys);
	}
}
