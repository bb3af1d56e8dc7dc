import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isResourceObject, type ResourceObject } from './jsonapi';
import { MAX_PAGE_SIZE } from './spec';
import { acquire, knownContacts, releases } from './personQueue';
import { apiList, apiRequest, checkedDocument, cleanId, locatorId } from './transport';

/**
 * Find or create (issue 24): Contact → Create or Update (`upsert`) and Contact → Grant Offers by
 * Email. The rules (docs/operations.md "Find or create"):
 *
 * - the email is trimmed; it must look like an email address (refused before any request);
 * - a contact matches when its email equals the typed one without regard to case, on the chosen
 *   site only (`GET /v1/contacts?filter[site_id]=<site>&filter[email_contains]=<email>`, every page,
 *   exact comparison done here: "contains" also finds `xann@…` for `ann@…`); a contact with the
 *   email on another site is not a match (emails are unique per site on the platform);
 * - several matches (legacy data holding one email twice in different case): the oldest
 *   (`created_at`, then the lower numeric ID) is used;
 * - items of one execution that name the same person (site + email) run one after the other:
 *   n8n runs a declarative node's items concurrently, and without this two items for one new
 *   email would both find nothing and both create. The contact found or created by an earlier
 *   item is reused without another lookup. So one execution never creates two contacts for one
 *   email, and a re-run finds what the first run created.
 */

/** How many list pages a lookup reads at most (100 contacts each) before it gives up. */
const MAX_LOOKUP_PAGES = 20;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The key of a person within one execution: execution, site, email (trimmed, lower case). */
function personKey(context: IExecuteSingleFunctions, siteId: string, email: string): string {
	return [context.getExecutionId?.() ?? '', siteId, email.toLowerCase()].join('\u0000');
}

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

/**
 * The start of every find-or-create item: the site and email checked, the person's place in the
 * queue taken (after the person's earlier items of this execution), and the contact found then
 * (remembered from an earlier item, else looked up). A failed lookup gives the place up at once.
 */
async function queuedLookup(context: IExecuteSingleFunctions) {
	const { siteId, email } = personOf(context);
	const key = personKey(context, siteId, email);
	const release = await acquire(key);
	let found = false;
	try {
		const contactId = knownContacts.get(key) ?? (await findContactByEmail(context, siteId, email))?.id;
		found = true;
		return { siteId, email, key, release, contactId: contactId === undefined ? undefined : String(contactId) };
	} finally {
		if (!found) release();
	}
}

/** What a find-or-create item did: the contact and whether it was created. */
interface Outcome {
	created: boolean;
	contactId?: string;
	key: string;
}
const outcomes = new WeakMap<object, Outcome>();

/**
 * preSend of Contact → Create or Update (runs after the body is built from the fields): waits for
 * the person's earlier items, looks the contact up, and turns the request into the update
 * (`PATCH /v1/contacts/{id}` with `data.id`, the attributes without the email, no site) when one
 * was found; otherwise the create (`POST /v1/contacts`) goes out as built. The person's place is
 * held until the request is over (`releaseItem`), so a later item for the same email sees the
 * contact this one created.
 */
export async function createOrUpdateContact(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const { key, release, contactId } = await queuedLookup(this);
	// Held until the request is over: the request runner releases it (transport/paging.ts).
	releases.set(this, release);
	if (contactId === undefined) {
		outcomes.set(this, { created: true, key });
		return requestOptions;
	}
	const body = (requestOptions.body ?? {}) as IDataObject;
	const data = (body.data ?? {}) as IDataObject;
	// The email found the contact; the stored address keeps its case.
	const attributes = { ...((data.attributes ?? {}) as IDataObject) };
	delete attributes.email;
	requestOptions.method = 'PATCH';
	requestOptions.url = `/contacts/${encodeURIComponent(contactId)}`;
	requestOptions.body = { data: { id: contactId, type: 'contacts', attributes } };
	outcomes.set(this, { created: false, contactId, key });
	return requestOptions;
}

/**
 * postReceive of Contact → Create or Update (after the items are built): adds `created`
 * (true: the request created the contact; false: it updated the one found) and remembers the
 * contact for the person's later items of this execution.
 */
export async function markCreated(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const outcome = outcomes.get(this);
	if (!outcome) return items;
	const id = items[0]?.json.id;
	if (id !== undefined && id !== null) knownContacts.set(outcome.key, String(id));
	return items.map((item) => ({ ...item, json: { ...item.json, created: outcome.created } }));
}

/**
 * preSend of Contact → Grant Offers by Email (after the offers body is built): finds the contact
 * by email (rules above) or creates it (`POST /v1/contacts` with the email, the site and the
 * "Additional Fields"), then points the request at `POST /v1/contacts/{id}/relationships/offers`.
 */
export async function resolveGrantContact(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const { siteId, email, key, release, contactId: found } = await queuedLookup(this);
	try {
		let contactId = found;
		let created = false;
		if (contactId === undefined) {
			const additional = (this.getNodeParameter('additionalFields', {}) ?? {}) as IDataObject;
			const document = await apiRequest(
				this,
				'POST',
				'/contacts',
				{},
				{ context: `creating the contact with email ${email}` },
				{
					data: {
						type: 'contacts',
						attributes: { ...additional, email },
						relationships: { site: { data: { type: 'sites', id: siteId } } },
					},
				},
			);
			const contact = document.data;
			if (!isResourceObject(contact)) {
				throw new NodeOperationError(this.getNode(), 'The API answered the new contact without its ID', {
					itemIndex: this.getItemIndex(),
				});
			}
			contactId = String(contact.id);
			created = true;
		}
		knownContacts.set(key, String(contactId));
		outcomes.set(this, { created, contactId: String(contactId), key });
		requestOptions.url = `/contacts/${encodeURIComponent(String(contactId))}/relationships/offers`;
		return requestOptions;
	} finally {
		release();
	}
}

/** The contact a Grant Offers by Email item granted to, and whether it was created. */
export function grantOutcome(context: object): { contactId?: string; created: boolean } | undefined {
	return outcomes.get(context) ?? outcomes.get(Object.getPrototypeOf(context) as object);
}

/**
 * postReceive of Contact → Grant Offers by Email: checks the answer (the contact's offers after
 * the grant); with Simplify one item `{ id, type, email, offers_ids, created }` (the contact),
 * without it the document as it came with `created` and `contact_id` added.
 */
export async function grantByEmailItem(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const document = checkedDocument(this, response, { resourceName: 'contact' });
	const outcome = outcomes.get(this);
	const data = Array.isArray(document.data) ? document.data : [];
	const pairedItem = { item: this.getItemIndex() };
	const created = outcome?.created ?? false;
	if (!(this.getNodeParameter('simple', true) as boolean)) {
		return [{ json: { ...(document as IDataObject), contact_id: outcome?.contactId ?? null, created }, pairedItem }];
	}
	return [
		{
			json: {
				id: outcome?.contactId ?? null,
				type: 'contacts',
				email: cleanId(this.getNodeParameter('email', '')),
				offers_ids: data.map((identifier) => String(identifier.id)),
				created,
			},
			pairedItem,
		},
	];
}
