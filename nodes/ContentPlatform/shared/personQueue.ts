/**
 * The per-person lock of the operations that find a contact by email (findOrCreate.ts): Contact →
 * Create or Update, Grant Offers by Email and Revoke Offers by Email; taken and released in one
 * function, `withPerson`.
 *
 * A person is the API (the credential's API root), the site and the email (trimmed, lower case).
 * The lock is module-level: every execution of the node in this n8n process shares it, so items of
 * one execution and overlapping executions (two webhook deliveries for one new lead) that name the
 * same person take turns. Another process (a queue-mode worker) has its own; see README "Find or
 * create" for what that leaves open.
 */

/** One person's turn-taking: the tail of the queue, how many hold or wait, what they share. */
interface Person {
	/** Settles when the last holder or waiter so far is done. */
	tail: Promise<void>;
	/** Holders and waiters: the entry is removed when the last of them is done. */
	count: number;
	/** Shared by the holders of one busy spell: the contact found or created (its ID). */
	known: { contactId?: string };
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
export async function withPerson<T>(key: string, work: (known: { contactId?: string }) => Promise<T>): Promise<T> {
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
