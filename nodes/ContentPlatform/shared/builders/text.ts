/** Words shown to the user, derived from the spec's names. */

/** `address_line_1` → `Address Line 1`; `is_hidden` → `Is Hidden`. */
export function titleCase(name: string): string {
	return name
		.split(/[_.]/)
		.filter(Boolean)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');
}

/** "a" or "an" before a resource name. */
export function article(word: string): string {
	return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** Sorts n8n options and fields by their `name`, as n8n's lint rules expect. */
export function byName<T extends { name: string }>(a: T, b: T): number {
	return a.name.localeCompare(b.name);
}
