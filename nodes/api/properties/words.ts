/**
 * The words the user sees made from the tables' names, in n8n's forms: labels (`titleCase`,
 * `fieldLabel`: "ID", "URL", title case), a noun's article and plural, sentence case, and the
 * order of options and fields by those words (`byName`, `byDisplayName`), as n8n's lint rules expect.
 */

/** Words written in capitals in labels (n8n writes "ID", never "Id"). */
const CAPITALIZED: Record<string, string> = { Id: 'ID', Ids: 'IDs', Url: 'URL', Zip: 'ZIP' };

/** Short words kept in lower case inside a title. */
const SMALL_WORDS = new Set(['and', 'or', 'of', 'in', 'to']);

/** `address_line_1` → `Address Line 1`; `item_id` → `Item ID`; `checkout_url` → `Checkout URL`. */
export function titleCase(name: string): string {
	return name
		.split(/[_.]/)
		.filter(Boolean)
		.map((word, index, words) =>
			index > 0 && index < words.length - 1 && SMALL_WORDS.has(word)
				? word
				: word.charAt(0).toUpperCase() + word.slice(1),
		)
		.map((word) => CAPITALIZED[word] ?? word)
		.join(' ');
}

/**
 * The label of a spec name (a filter, attribute, sort key or include) in plain words: the API's
 * operator suffixes become words or disappear (`title_eq` → "Title", `title_cont` → "Title
 * Contains", `fulfilled_at_null` → "Not Fulfilled", `created_in_last` → "Created in Last (Days)",
 * `offers_per` → "Offers Per Page"), nested includes read naturally (`lessons.media` → "Media of
 * Lessons"), everything else is `titleCase`.
 */
export function fieldLabel(name: string): string {
	const nested = /^([a-z_]+)\.([a-z_]+)$/.exec(name);
	if (nested) return `${titleCase(nested[2])} of ${titleCase(nested[1])}`;
	const notSet = /^([a-z_]+)_at_null$/.exec(name);
	if (notSet) return `Not ${titleCase(notSet[1])}`;
	const inLast = /^([a-z_]+)_in_last$/.exec(name);
	if (inLast) return `${titleCase(inLast[1])} in Last (Days)`;
	return titleCase(
		name
			.replace(/_eq$/, '')
			.replace(/_cont$/, '_contains')
			.replace(/_per$/, '_per_page'),
	);
}

/** "a" or "an" before a word. */
export function article(word: string): string {
	return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** The plural of a resource name: `order item` → `order items`, `category` → `categories`. */
export function plural(noun: string): string {
	if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
	if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
	return `${noun}s`;
}

/** First letter in capitals (sentence case of a lower-case phrase). */
export function sentence(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Sorts the options of an `options`/`multiOptions` field by their `name` (what the user sees), as n8n's lint rules expect. */
export function byName<T extends { name: string }>(a: T, b: T): number {
	return a.name.localeCompare(b.name);
}

/** Sorts the fields of a collection by their `displayName`, as n8n's lint rules expect. */
export function byDisplayName<T extends { displayName: string }>(a: T, b: T): number {
	return a.displayName.localeCompare(b.displayName);
}

/**
 * The name of a trigger's switch that reads each emitted record back with one relationship
 * included (`include=<name>`): `includePurchases` for `purchases`. Both triggers use it.
 */
export function includeSwitchName(include: string): string {
	return `include${fieldLabel(include).replace(/ /g, '')}`;
}
