/**
 * Contact's by-email operations, what they share: Contact → Create or Update (`upsert.ts`), Grant
 * Offers by Email (both find or create) and Revoke Offers by Email (find only); each operation's
 * own hooks are in its file. The rules (docs/operations.md "Find or create"):
 *
 * - the email is trimmed; it must look like an email address (refused before any request);
 * - a contact matches when its email equals the typed one without regard to case, on the chosen
 *   site only (`GET /v1/contacts?filter[site_id]=<site>&filter[email_contains]=<email>`, every page,
 *   exact comparison done here: "contains" also finds `xann@…` for `ann@…`); a contact with the
 *   email on another site is not a match (emails are unique per site on the platform);
 * - several matches (legacy data holding one email twice in different case): the oldest
 *   (`created_at`, then the lower numeric ID) is used;
 * - items and executions in this n8n process that name the same person (API, site, email) take
 *   turns (`withPerson`, below): n8n runs a declarative node's items concurrently, and
 *   overlapping executions (two webhook deliveries for one new lead) run at once; without turns
 *   both would find nothing and both create. The contact found or created by an earlier holder is
 *   reused without another lookup;
 * - a create the API refuses because the site already has a contact with the email (422 "has
 *   already been taken" on `/data/attributes/email`: another process created it after the lookup)
 *   is answered by looking the contact up again and updating it (granting to it) instead; once,
 *   and only for that refusal: every other 422 fails the item as before.
 *
 * What each item did (`ContactOutcome`: the contact, created or found) is set by its preSend or its
 * own request and read by its postReceive through the item's run (`itemRunOf`, transport/request.ts);
 * Create or Update and Revoke hand the request runner their own request on the request options
 * (`withOwnRequest`).
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiAnswerOf } from '../../../api/errors';
import { cleanId, locatorId } from '../../../api/ids';
import type { ResourceObject } from '../../../api/jsonapi';
import { MAX_PAGE_SIZE } from '../../../api/tables/registry';
import { apiList } from '../../../api/transport/apiRequest';
import { itemRunOf, type ContactOutcome } from '../../routing/request';
import { checkedDocument } from '../../../api/transport/answer';

/*
 * The per-person lock of the operations that find a contact by email: taken and released in one
 * function, `withPerson`.
 *
 * A person is the API (the credential's API root), the site and the email (trimmed, lower case).
 * The lock is module-level: every execution of the node in this n8n process shares it, so items of
 * one execution and overlapping executions (two webhook deliveries for one new lead) that name the
 * same person take turns. Another process (a queue-mode worker) has its own; see README "Find or
 * create" for what that leaves open.
 */

/** What the holders of one person's busy spell share: the contact found or created (its ID). */
export type Known = { contactId?: string };

/** One person's turn-taking: the tail of the queue, how many hold or wait, what they share. */
interface Person {
	/** Settles when the last holder or waiter so far is done. */
	tail: Promise<void>;
	/** Holders and waiters: the entry is removed when the last of them is done. */
	count: number;
	/** Shared by the holders of one busy spell. */
	known: Known;
}

/** The people with a holder or waiters now (no entry for anyone else, so the map stays bounded). */
const people = new Map<string, Person>();

/** The key of a person: API root, site ID, email (trimmed, lower case). */
export function personKey(apiRoot: string, siteId: string, email: string): string {
	return [apiRoot, siteId, email.trim().toLowerCase()].join('\u0000');
}

/**
 * Runs `work` holding the person's lock: after every earlier holder or waiter for `key` is done,
 * and before any later one starts. Takes and releases the lock here, whatever `work` does: its
 * result or error is passed on, and the person's entry is removed when nobody holds or waits.
 * `work` gets what the holders of one busy spell share (`known.contactId`: the contact an earlier
 * holder found or created, so a later one need not look it up again).
 */
export async function withPerson<T>(key: string, work: (known: Known) => Promise<T>): Promise<T> {
	const person = people.get(key) ?? { tail: Promise.resolve(), count: 0, known: {} };
	people.set(key, person);
	const previous = person.tail;
	let done!: () => void;
	const mine = new Promise<void>((resolve) => (done = resolve));
	person.tail = previous.then(async () => await mine);
	person.count++;
	try {
		await previous;
		return await work(person.known);
	} finally {
		done();
		person.count--;
		if (person.count === 0 && people.get(key) === person) people.delete(key);
	}
}

/** How many people have a holder or waiters now (0 when every lock was released). */
export function peopleHeld(): number {
	return people.size;
}

/** How many list pages a lookup reads at most (100 contacts each) before it gives up. */
const MAX_LOOKUP_PAGES = 20;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The site and email of the item, checked; throws NodeOperationError naming the field. */
function personOf(context: IExecuteSingleFunctions): { siteId: string; email: string } {
	const siteId = locatorId(context, 'siteId');
	const itemIndex = context.getItemIndex();
	if (siteId === '') {
		throw new NodeOperationError(context.getNode(), '"Site" is empty: pick the site the contact belongs to', {
			itemIndex,
		});
	}
	const email = cleanId(context.getNodeParameter('email', ''));
	if (email === '') {
		throw new NodeOperationError(context.getNode(), '"Email" is empty: enter the email address of the contact', {
			itemIndex,
		});
	}
	if (!EMAIL.test(email)) {
		throw new NodeOperationError(context.getNode(), `"Email": "${email}" is not an email address`, { itemIndex });
	}
	return { siteId, email };
}

/** Oldest first: `created_at`, then the numeric ID. */
function olderFirst(a: ResourceObject, b: ResourceObject): number {
	const at = (r: ResourceObject) => Date.parse(String(r.attributes?.created_at ?? '')) || 0;
	return at(a) - at(b) || Number(a.id) - Number(b.id) || String(a.id).localeCompare(String(b.id));
}

/**
 * The contact of the site whose email equals `email` without regard to case (the oldest of
 * several), or undefined. Reads every page of the "contains" search; stops after
 * `MAX_LOOKUP_PAGES` with an error rather than guess.
 */
export async function findContactByEmail(
	context: IExecuteSingleFunctions,
	siteId: string,
	email: string,
): Promise<ResourceObject | undefined> {
	const wanted = email.toLowerCase();
	const { records, complete } = await apiList(
		context,
		'/contacts',
		{ 'filter[site_id]': siteId, 'filter[email_contains]': email },
		MAX_LOOKUP_PAGES,
		{ context: `looking up the contact with email ${email}` },
	);
	if (!complete) {
		throw new NodeOperationError(
			context.getNode(),
			`More than ${MAX_LOOKUP_PAGES * MAX_PAGE_SIZE} contacts of the site contain "${email}": the lookup stopped without a decision`,
			{ itemIndex: context.getItemIndex() },
		);
	}
	const matches = records.filter(
		(record) =>
			String(record.attributes?.email ?? '')
				.trim()
				.toLowerCase() === wanted,
	);
	return matches.sort(olderFirst)[0];
}

/** "has already been taken" (Rails' uniqueness words) and close variants. */
const TAKEN = /\balready (?:been )?taken\b/i;

/**
 * Whether an error is the API refusing a contact create because the site already has a contact
 * with the email: a 422 (spec: `errors_unprocessable`, JSON:API error objects) whose every error
 * says "has already been taken", either at `source.pointer` `/data/attributes/email` or, without
 * a pointer, naming the email in its detail. Any other 422 (an invalid email, another field) is not.
 */
export function isEmailTaken(error: unknown): boolean {
	const answer = apiAnswerOf(error);
	if (answer?.status !== 422 || answer.errors.length === 0) return false;
	return answer.errors.every((entry) => {
		const words = `${entry.title ?? ''} ${entry.detail ?? ''}`;
		if (!TAKEN.test(words)) return false;
		const pointer = entry.source?.pointer;
		return pointer === undefined ? /e-?mail/i.test(words) : pointer === '/data/attributes/email';
	});
}

/** Throws the cancellation error when the execution was stopped while the item waited for its turn. */
function stopIfCancelled(context: IExecuteSingleFunctions): void {
	if (context.getExecutionCancelSignal?.()?.aborted) {
		throw new NodeOperationError(context.getNode(), 'The execution was cancelled: no further request is sent');
	}
}

/**
 * The contact looked up again after the API refused a create with "has already been taken"
 * (`isEmailTaken`): another process created it after this item's lookup. Rethrows the refusal
 * when the error is another one, or when the lookup still finds nobody.
 */
export async function takenContact(
	context: IExecuteSingleFunctions,
	error: unknown,
	siteId: string,
	email: string,
): Promise<string> {
	if (!isEmailTaken(error)) throw error;
	const found = await findContactByEmail(context, siteId, email);
	if (found === undefined) throw error;
	return String(found.id);
}

/**
 * The item's person, from its Site and Email (`personOf`: checked here, before any request, so a
 * bad value fails the preSend), and `withContact`, which runs `work` under the person's lock
 * (`withPerson`, keyed on the request's API root, `personKey`): after checking that the execution
 * was not cancelled, `work` gets the contact an earlier holder of the busy spell found or created,
 * else the one looked up by email (`findContactByEmail`; undefined when the site has none), and what
 * the spell shares (`known`). The lock is held until `work` settles.
 */
export function personLockOf(context: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const { siteId, email } = personOf(context);
	const key = personKey(String(requestOptions.baseURL ?? ''), siteId, email);
	const withContact = async <T>(work: (contactId: string | undefined, known: Known) => Promise<T>): Promise<T> =>
		await withPerson(key, async (known) => {
			stopIfCancelled(context);
			return await work(known.contactId ?? (await findContactByEmail(context, siteId, email))?.id, known);
		});
	return { siteId, email, withContact };
}

/**
 * The item of Grant or Revoke Offers by Email: with Simplify one item
 * `{ id, type: 'contacts', email, offers_ids, <flag> }` (the contact and its offers after the
 * change; `<flag>` is `created` for Grant, `found` for Revoke), without it the document as it came
 * with `contact_id` and the flag added.
 */
export function byEmailItems(
	context: IExecuteSingleFunctions,
	document: IDataObject,
	outcome: ContactOutcome,
	flag: 'created' | 'found',
): INodeExecutionData[] {
	const pairedItem = { item: context.getItemIndex() };
	const value = outcome[flag];
	if (!(context.getNodeParameter('simple', true) as boolean)) {
		return [{ json: { ...document, contact_id: outcome.contactId ?? null, [flag]: value }, pairedItem }];
	}
	const data = Array.isArray(document.data) ? (document.data as IDataObject[]) : [];
	return [
		{
			json: {
				id: outcome.contactId ?? null,
				type: 'contacts',
				email: cleanId(context.getNodeParameter('email', '')),
				offers_ids: data.map((identifier) => String(identifier.id)),
				[flag]: value,
			},
			pairedItem,
		},
	];
}

/**
 * What the postReceive of Grant or Revoke Offers by Email makes of the answer (the contact's offers
 * after the change), once checked: the item (`byEmailItems`) with the flag `flag`, from what the
 * item's preSend or own request did (`ContactOutcome` on the item's run; a contact found when none
 * was recorded).
 */
export function answeredByEmailItems(
	context: IExecuteSingleFunctions,
	{ response, secrets }: { response: IN8nHttpFullResponse; secrets: string[] },
	flag: 'created' | 'found',
): INodeExecutionData[] {
	const document = checkedDocument(context, response, { resourceName: 'contact' }, secrets);
	const outcome = itemRunOf(context).contact ?? { created: false, found: true };
	return byEmailItems(context, document as IDataObject, outcome, flag);
}

/** n8n's signature of a postReceive function (the function form of `PostReceiveAction`, n8n-workflow). */
export type PostReceiveFunction = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;
