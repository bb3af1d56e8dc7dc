/**
 * The queue of find or create (findOrCreate.ts): items of one execution that name the same person
 * (execution, site, email) run one after the other. Its own module, without imports, so that the
 * request runner (transport.ts) can release an item's place without importing findOrCreate.ts.
 */

/** The tail of each person's queue (key → promise that settles when the last holder releases). */
const queues = new Map<string, Promise<void>>();
/** The contact ID found or created for a person, while its queue is busy. */
export const knownContacts = new Map<string, string>();
/** The release of the queue place an item's request holds (by the item's routing context). */
export const releases = new WeakMap<object, () => void>();

/**
 * Waits for the person's earlier items, then holds the person's place until `release` (idempotent)
 * is called. The queue entry and the remembered contact are dropped when the last holder releases.
 */
export async function acquire(key: string): Promise<() => void> {
	const previous = queues.get(key) ?? Promise.resolve();
	let open!: () => void;
	const mine = new Promise<void>((resolve) => (open = resolve));
	const tail = previous.then(() => mine);
	queues.set(key, tail);
	await previous;
	let released = false;
	return () => {
		if (released) return;
		released = true;
		open();
		if (queues.get(key) === tail) {
			queues.delete(key);
			knownContacts.delete(key);
		}
	};
}

/**
 * Releases the queue place an item's request holds, if any (called by the request runner when the
 * request is over, whatever its outcome). `context` may be the pagination context n8n derives from
 * the item's context (`Object.create`), so its prototype is looked at too.
 */
export function releaseItem(context: object): void {
	const own = releases.get(context) ?? releases.get(Object.getPrototypeOf(context) as object);
	own?.();
}
