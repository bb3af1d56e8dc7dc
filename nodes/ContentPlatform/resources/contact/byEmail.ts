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
 * - items and executions in this n8n process that name the same email (API, site, email) take
 *   turns under that email's lock (`withEmailLock`, below): n8n runs a declarative node's items concurrently, and
 *   overlapping executions (two webhook deliveries for one new lead) run at once; without turns
 *   both would find nothing and both create. The contact found or created by an earlier holder is
 *   reused without another lookup;
 * - a create the API refuses because the site already has a contact with the email (422 "has
 *   already been taken" on `/data/attributes/email`: another process created it after the lookup)
 *   is answered by looking the contact up again and updating it (granting to it) instead; once,
 *   and only for that refusal: every other 422 fails the item as before.
 *
 * Each of the three is run by the node's request runner as its own run (`*.run.ts` beside this
 * file, listed in routing/runners.ts): the lookup under the lock, then the request as n8n's routing
 * built it, sent through the one door (`requestAsBuilt`), and the item made of its answer.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiAnswerOf } from '../../../api/errors';
import { cleanId, locatorId } from '../../../api/ids';
import type { ResourceObject } from '../../../api/jsonapi';
import { MAX_PAGE_SIZE } from '../../../api/tables/registry';
import { apiList } from '../../../api/transport/apiRequest';

/** What a by-email operation did: the contact, whether it was created, whether one was found. */
export interface ByEmailContact {
	created: boolean;
	found: boolean;
	contactId?: string;
}

/*
 * The email lock of the operations that find a contact by email: taken and released in one
 * function, `withEmailLock`.
 *
 * An email lock is keyed by the API (the credential's API root), the site and the email (trimmed,
 * lower case). The locks are module-level: every execution of the node in this n8n process shares
 * them, so items of one execution and overlapping executions (two webhook deliveries for one new
 * lead) that name the same email take turns. Another process (a queue-mode worker) has its own; see
 * README "Find or create" for what that leaves open.
 */

/** What the holders of one email's lock share while it is held or awaited: the contact found or created (its ID). */
export type FoundContact = { contactId?: string };

/** One email's lock: the tail of the queue, how many hold or wait, what they share. */
interface EmailLock {
	/** Settles when the last holder or waiter so far is done. */
	tail: Promise<void>;
	/** Holders and waiters: the entry is removed when the last of them is done. */
	count: number;
	/** Shared by the holders while the lock is held or awaited. */
	found: FoundContact;
}

/** The email locks with a holder or waiters now (no entry for any other email, so the map stays bounded). */
const emailLocks = new Map<string, EmailLock>();

/** The key of an email lock: API root, site ID, email (trimmed, lower case). */
export function emailLockKey(apiRoot: string, siteId: string, email: string): string {
	return [apiRoot, siteId, email.trim().toLowerCase()].join('\u0000');
}

/**
 * Runs `work` holding the email's lock: after every earlier holder or waiter for `key` is done,
 * and before any later one starts. Takes and releases the lock here, whatever `work` does: its
 * result or error is passed on, and the lock's entry is removed when nobody holds or waits.
 * `work` gets what the holders share while the lock is held or awaited (`found.contactId`: the
 * contact an earlier holder found or created, so a later one need not look it up again).
 */
export async function withEmailLock<T>(key: string, work: (found: FoundContact) => Promise<T>): Promise<T> {
	const lock = emailLocks.get(key) ?? { tail: Promise.resolve(), count: 0, found: {} };
	emailLocks.set(key, lock);
	const previous = lock.tail;
	let done!: () => void;
	const mine = new Promise<void>((resolve) => (done = resolve));
	lock.tail = previous.then(async () => await mine);
	lock.count++;
	try {
		await previous;
		return await work(lock.found);
	} finally {
		done();
		lock.count--;
		if (lock.count === 0 && emailLocks.get(key) === lock) emailLocks.delete(key);
	}
}

/** How many email locks have a holder or waiters now (0 when every lock was released). */
export function emailLocksHeld(): number {
	return emailLocks.size;
}

/** How many list pages a lookup reads at most (100 contacts each) before it gives up. */
const MAX_LOOKUP_PAGES = 20;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The site and email of the item, checked; throws NodeOperationError naming the field. */
function siteAndEmailOf(context: IExecuteSingleFunctions): { siteId: string; email: string } {
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
 * The item's email lock, from its Site and Email (`siteAndEmailOf`: checked here, before any
 * request, so a bad value fails the item first), and `withContact`, which runs `work` under that
 * lock (`withEmailLock`, keyed on the request's API root, `emailLockKey`): after checking that the
 * execution was not cancelled, `work` gets the contact an earlier holder found or created, else
 * the one looked up by email (`findContactByEmail`; undefined when the site has none), and what the
 * holders share (`found`). The lock is held until `work` settles.
 */
export function emailLockOf(context: IExecuteSingleFunctions, requestOptions: { baseURL?: string }) {
	const { siteId, email } = siteAndEmailOf(context);
	const key = emailLockKey(String(requestOptions.baseURL ?? ''), siteId, email);
	const withContact = async <T>(work: (contactId: string | undefined, found: FoundContact) => Promise<T>): Promise<T> =>
		await withEmailLock(key, async (found) => {
			stopIfCancelled(context);
			return await work(found.contactId ?? (await findContactByEmail(context, siteId, email))?.id, found);
		});
	return { siteId, email, withContact };
}

/**
 * The item of Grant or Revoke Offers by Email, made of `document` (the contact's offers after the
 * change): with Simplify one item `{ id, type: 'contacts', email, offers_ids, <flag> }` (`<flag>`
 * is `created` for Grant, `found` for Revoke), without it the document as it came with
 * `contact_id` and the flag added.
 */
export function byEmailItems(
	context: IExecuteSingleFunctions,
	document: IDataObject,
	outcome: ByEmailContact,
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
